"""The period and ledger filters a visitor (or an API client) asks for, in the query string:
period=month|school_year|custom|all (none: the club's current cup), month=YYYY-MM, year=YYYY (the school
year starting that September), start/end=YYYY-MM-DD (custom, both days included); house (an id or a
name) and cause for the ledger. One form for the pages and the API: a bad value is a French message on
its field, never a 500."""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cup import periods, selectors
from cup.models import Cause, House
from cup.periods import Period

FIRST_YEAR, LAST_YEAR = 2000, 2100  # beyond, a date is a typo (and Python's dates end at 9999)
MONTH = re.compile(r"^(\d{4})-(\d{2})$")

PERIOD_CHOICES = [("", gettext_lazy("La coupe en cours")), ("month", gettext_lazy("Un mois")),
                  ("school_year", gettext_lazy("Une année scolaire")), ("custom", gettext_lazy("Des dates choisies")),
                  ("all", gettext_lazy("Depuis toujours"))]
CAUSE_CHOICES = [("", gettext_lazy("Toutes")), (Cause.DUEL, gettext_lazy("duel")),
                 (Cause.TOURNAMENT, gettext_lazy("tournoi")), (Cause.MANUAL, gettext_lazy("attribution")),
                 (Cause.CORRECTION, gettext_lazy("correction"))]


@dataclass(frozen=True)
class Chosen:
    """The period asked for (None: all time) and how the page names it."""
    period: Period | None
    label: str
    kind: str  # month, school_year, custom, all


def month_label(period: Period) -> str:
    return date_format(period.start, "F Y")  # « novembre 2026 »


def period_label(kind: str, period: Period | None) -> str:
    if period is None:
        return _("depuis toujours")
    if kind == "month":
        return month_label(period)
    if kind == "school_year":
        return f"{period.start.year}-{period.end.year}"  # « 2025-2026 »
    last = period.end - dt.timedelta(days=1)
    return _("du %(start)s au %(end)s") % {"start": date_format(period.start, "j F Y"),
                                           "end": date_format(last, "j F Y")}


def current(settings=None) -> Chosen:
    """The club's current cup (its settings' kind of period, today in its time zone)."""
    settings = settings or selectors.cup_settings()
    period = selectors.current_period(settings)
    kind = settings.period if settings.period != "custom" or (settings.starts_on and settings.ends_on) \
        else "school_year"
    return Chosen(period, period_label(kind, period), kind)


class PeriodForm(forms.Form):
    period = forms.ChoiceField(label=gettext_lazy("Période"), choices=PERIOD_CHOICES, required=False)
    month = forms.CharField(label=gettext_lazy("Mois"), required=False, max_length=7,
                            widget=forms.TextInput(attrs={"type": "month", "placeholder": "2026-11"}))
    year = forms.IntegerField(label=gettext_lazy("Année scolaire (rentrée)"), required=False,
                              min_value=FIRST_YEAR, max_value=LAST_YEAR, widget=forms.NumberInput(attrs={"placeholder": "2026"}))
    start = forms.DateField(label=gettext_lazy("Du"), required=False,
                            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    end = forms.DateField(label=gettext_lazy("Au"), required=False,
                          widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))

    def clean_month(self):
        value = self.cleaned_data.get("month") or ""
        if not value:
            return None
        found = MONTH.match(value)
        if not found or not 1 <= int(found[2]) <= 12 or not FIRST_YEAR <= int(found[1]) <= LAST_YEAR:
            raise forms.ValidationError(_("Un mois s'écrit AAAA-MM, par exemple 2026-11."), code="bad_month")
        return dt.date(int(found[1]), int(found[2]), 1)

    def _clean_day(self, name: str):
        day = self.cleaned_data.get(name)
        if day is not None and not FIRST_YEAR <= day.year <= LAST_YEAR:
            raise forms.ValidationError(_("Choisissez une date entre %(first)s et %(last)s.")
                                        % {"first": FIRST_YEAR, "last": LAST_YEAR}, code="bad_date")
        return day

    def clean_start(self):
        return self._clean_day("start")

    def clean_end(self):
        return self._clean_day("end")

    def clean(self):
        data = super().clean()
        if data.get("period") == "custom" and not self.errors:
            start, end = data.get("start"), data.get("end")
            if start is None or end is None:
                for name in ("start", "end"):
                    if data.get(name) is None:
                        self.add_error(name, forms.ValidationError(
                            _("Donnez le premier et le dernier jour de la période."), code="dates_missing"))
            elif end < start:
                self.add_error("end", forms.ValidationError(
                    _("Le dernier jour vient après le premier."), code="dates_reversed"))
        return data

    def chosen(self) -> Chosen:
        """The period asked for; the club's current cup when nothing (or something wrong) is asked."""
        data = self.cleaned_data if self.is_bound and self.is_valid() else {}
        kind = data.get("period") or ""
        today = selectors.club_today()
        if kind == "month":
            period = periods.month_of(data.get("month") or today)
        elif kind == "school_year":
            year = data.get("year")
            period = periods.school_year_of(dt.date(year, 9, 1) if year else today)
        elif kind == "custom":
            period = periods.custom(data["start"], data["end"])
        elif kind == "all":
            period = None
        else:
            return current()
        return Chosen(period, period_label(kind, period), kind)


class HouseField(forms.Field):
    """A house of the active club by its id or its name (case-insensitive)."""

    def to_python(self, value):
        value = (value or "").strip()
        if not value:
            return None
        if "\x00" in value or len(value) > 100:  # PostgreSQL refuses NUL in a text; no name is that long
            raise forms.ValidationError(_("Aucune maison de ce nom dans le club."), code="unknown_house")
        houses = House.objects.all()
        found = (houses.filter(pk=int(value)) if value.isascii() and value.isdigit() and len(value) < 10
                 else houses.filter(name__iexact=value)).first()
        if found is None:
            raise forms.ValidationError(_("Aucune maison de ce nom dans le club."), code="unknown_house")
        return found


class LedgerForm(PeriodForm):
    house = HouseField(label=gettext_lazy("Maison"), required=False, widget=forms.Select)
    cause = forms.ChoiceField(label=gettext_lazy("Origine"), choices=CAUSE_CHOICES, required=False)

    field_order = ["house", "cause", "period", "month", "year", "start", "end"]

    def __init__(self, *args, houses=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["house"].widget.choices = [("", _("Toutes"))] + [(h.pk, h.name) for h in houses]

    def filters(self) -> dict:
        data = self.cleaned_data if self.is_bound and self.is_valid() else {}
        return {"house": data.get("house"), "cause": data.get("cause") or ""}
