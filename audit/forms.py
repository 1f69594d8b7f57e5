"""The filters of the club's journal (GET). A wrong value is reported on the form and ignored; dates that
cannot both hold (from after to) leave nothing to show."""
from __future__ import annotations

import datetime as dt

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The browser's date picker reads and writes ISO days whatever the language.
DAY = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class DuelNumberField(forms.IntegerField):
    """A duel's number as people write it: « 12 », « #12 » or « n° 12 »."""

    widget = forms.TextInput(attrs={"inputmode": "numeric"})

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip().removeprefix("#").removeprefix("n°").removeprefix("N°").strip()
        return super().to_python(value)


class JournalFilterForm(forms.Form):
    action = forms.ChoiceField(label=_("Action"), required=False)
    who = forms.CharField(label=_("Par (pseudo)"), required=False, max_length=150)
    since = forms.DateField(label=_("Du"), required=False, widget=DAY)
    until = forms.DateField(label=_("Au"), required=False, widget=DAY)
    duel = DuelNumberField(label=_("Duel n°"), required=False, min_value=1, max_value=2**31 - 1)

    def __init__(self, *args, actions: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["action"].choices = [("", _("Toutes"))] + actions
        self.impossible = False

    def clean(self):
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", _("La date de fin précède la date de début : aucune entrée entre les deux."))
            self.impossible = True
        return data

    def filters(self) -> dict | None:
        """The valid filters as `audit.selectors.club_journal` takes them (days in the club's time zone,
        the end day included); None when no entry can match. Call after is_valid()."""
        if self.impossible:
            return None
        data = getattr(self, "cleaned_data", {})
        return {
            "action": data.get("action") or "", "who": (data.get("who") or "").strip(),
            "since": _day_start(data.get("since")),
            "until": _day_start(data.get("until"), days_after=1),
            "duel": data.get("duel"),
        }


def _day_start(day: dt.date | None, *, days_after: int = 0) -> dt.datetime | None:
    """The start of `day` (plus `days_after`) in the current (the club's) time zone, in UTC; None for no day
    or a day at the calendar's edge (year 1, year 9999), which bounds nothing."""
    if day is None:
        return None
    try:
        start = dt.datetime.combine(day + dt.timedelta(days=days_after), dt.time.min)
        return timezone.make_aware(start).astimezone(dt.UTC)
    except OverflowError:
        return None
