"""Forms of the duel pages: they parse what the player typed into the services' arguments.
Shape only: every rule is checked by the services and the engine."""
from __future__ import annotations

import datetime as dt
import re

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.models import YEAR_CHOICES, Duellist
from duels.models import DuelFormat, DuelKind, FaultKind
from duels.pages.action_options import parse_variant_key
from duels.services.errors import DuelError


class RegistrationForm(forms.Form):
    kind = forms.ChoiceField(label=_("Type de duel"), choices=DuelKind.choices, widget=forms.RadioSelect,
                             initial=DuelKind.NON_RP)
    format = forms.ChoiceField(label=_("Format"), choices=DuelFormat.choices, widget=forms.RadioSelect,
                               initial=DuelFormat.ONE_V_ONE)
    year = forms.TypedChoiceField(
        label=_("Année de combat (duel non-RP)"), choices=YEAR_CHOICES, coerce=int, required=False,
        help_text=_("En duel RP, vous combattez à votre année RP ; en non-RP, au plus à votre année devoir."),
    )
    named_opponent = forms.CharField(
        label=_("Adversaire choisi (pseudo forum, facultatif)"), required=False, max_length=100,
        help_text=_("Laissez vide pour être apparié avec un autre duelliste inscrit."),
    )
    named_partner = forms.CharField(
        label=_("Partenaire choisi en 2 contre 2 (pseudo forum, facultatif)"), required=False, max_length=100,
    )

    def _duellist(self, field: str) -> Duellist | None:
        name = (self.cleaned_data.get(field) or "").strip()
        if not name:
            return None
        found = Duellist.objects.filter(forum_name__iexact=name).first()
        if found is None:
            raise forms.ValidationError(_("Aucun membre du forum ne porte le pseudo « %(name)s ».") % {"name": name})
        return found

    def clean_named_opponent(self):
        return self._duellist("named_opponent")

    def clean_named_partner(self):
        return self._duellist("named_partner")


class MagicTypesForm(forms.Form):
    """Years 1–5 name one type: a radio choice (two cannot be ticked); years 6–8 name two: checkboxes,
    exactly two. A refused choice comes back as ticked, with the error by the field."""

    types = forms.MultipleChoiceField(label=_("Types de magie"), widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, choices, needed: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.needed = needed
        if needed == 1:
            self.fields["types"] = forms.ChoiceField(label=_("Type de magie"), widget=forms.RadioSelect,
                                                     error_messages={"required": _("Choisissez un type de magie.")})
        self.fields["types"].choices = choices
        self.fields["types"].help_text = (
            _("Choisissez exactement 1 type de magie.") if needed == 1 else _("Choisissez exactement 2 types de magie.")
        )

    def clean_types(self):
        value = self.cleaned_data["types"]
        chosen = [value] if isinstance(value, str) else list(value)
        if hasattr(self.data, "getlist"):  # a radio sends one value: a forged second one is not dropped silently
            chosen = [v for v in self.data.getlist(self.add_prefix("types")) if v] or chosen
        if len(chosen) != self.needed:
            message = (_("Un seul type de magie à votre année (vous en avez choisi %(ticked)d).") if self.needed == 1
                       else _("Choisissez exactement 2 types de magie (vous en avez coché %(ticked)d)."))
            raise forms.ValidationError(message % {"ticked": len(chosen)})
        return chosen


class FormInputError(DuelError):
    """A field of the action or defence form that is present but malformed: refused (422, the page
    again), never read as "no move / no spell / do nothing" (only the explicit choice is a pass)."""

    def __init__(self, field: str, value):
        super().__init__("invalid-input", _("Champ « %(field)s » mal formé (%(value)s) : rien n'a été publié.")
                         % {"field": field, "value": str(value)[:40]})
        self.field = field


ZONE_VALUE = re.compile(r"[0-9]{1,2}")  # plain digits only: no sign, no 1e3, no 0x5, no blanks
DODGE_VALUE = re.compile(r"dodge-([0-9]{1,6})")
VARIANT_KEY = re.compile(r"[-\w]+__[0-9]{1,2}__[01]", re.ASCII)  # slug__modulation__overlevel
NO_BET = "none"  # the "sans pari" radio of AUTO/SOIN spells


def _present(data, field: str) -> str | None:
    """The field's raw value, or None when the form did not send it or sent it empty (no choice)."""
    value = data.get(field)
    if value is None or value == "":
        return None
    return value


def _zone(data, field: str) -> int | None:
    value = _present(data, field)
    if value is None:
        return None
    if not ZONE_VALUE.fullmatch(value):
        raise FormInputError(field, value)
    return int(value)


def cast_step(data, key: str, field: str = "cast") -> dict:
    """The cast chosen in the form: the variant key names the spell, modulation and overlevel; the
    variant's own fields (bet-KEY, target-KEY, zone-KEY) carry the rest. The spell itself (unknown
    slug, level, target, bet) is the engine's to judge."""
    parsed = parse_variant_key(key) if VARIANT_KEY.fullmatch(key) else None
    if parsed is None or not parsed[0]:
        raise FormInputError(field, key)
    slug, modulation, overlevel = parsed
    step: dict = {"cast": slug}
    target = _present(data, f"target-{key}")
    zone = _zone(data, f"zone-{key}")
    bet = _present(data, f"bet-{key}")
    if target is not None:
        step["target"] = target
    if zone is not None:
        step["zone"] = zone
    if bet is not None and bet != NO_BET:
        step["bet"] = bet
    if modulation:
        step["modulation"] = modulation
    if overlevel:
        step["overlevel"] = True
    return step


def action_steps(data) -> list[dict]:
    """Action phase: [move before] [cast] [move after], in the order written; a post without a cast
    has at most one move (the engine refuses more; the page only offers one). Raises FormInputError."""
    before = _zone(data, "move_before")
    after = _zone(data, "move_after")
    key = _present(data, "cast")
    cast = cast_step(data, key) if key is not None else None
    steps: list[dict] = []
    if before is not None:
        steps.append({"move": before})
    if cast:
        steps.append(cast)
    if after is not None:
        steps.append({"move": after})  # two moves without a cast: the engine says why not
    return steps


def defence_steps(data) -> list[dict]:
    """Defence phase: "nothing" (also when the form sent no choice), "dodge-BET" or "cast:KEY".
    Raises FormInputError for anything else."""
    choice = _present(data, "defence")
    if choice is None or choice == "nothing":
        return [{"nothing": True}]
    dodge = DODGE_VALUE.fullmatch(choice)
    if dodge:
        return [{"dodge": dodge.group(1)}]
    if choice.startswith("cast:"):
        return [cast_step(data, choice.removeprefix("cast:"), field="defence")]
    raise FormInputError("defence", choice)


def _days(count: int) -> str:
    return ngettext("%(count)d jour", "%(count)d jours", count) % {"count": count}


class ExemptionForm(forms.Form):
    """§1.4's exemption, in the duel's house rules (§8): at most `max_days` after the referee's post,
    `per_duel` per duellist, the normal deadline being `deadline_hours`. The days offered are the last
    three up to the maximum that are later than the normal deadline (the rulebook: 3, 4 or 5 days)."""

    reason = forms.CharField(label=_("Motif de la demande"), widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)
    days = forms.TypedChoiceField(label=_("Délai souhaité après le message de l'arbitre"), coerce=int)

    def __init__(self, *args, max_days: int = 5, per_duel: int = 1, deadline_hours: int = 48, **kwargs):
        super().__init__(*args, **kwargs)
        first = min(max_days, max(deadline_hours // 24 + 1, max_days - 2))
        choices = [(n, _days(n)) for n in range(first, max_days + 1)]
        choices[-1] = (max_days, gettext("%(days)s (le maximum)") % {"days": _days(max_days)})
        field = self.fields["days"]
        field.choices, field.initial = choices, max_days
        field.help_text = ngettext(
            "Le délai normal est de %(hours)s h ; une dispense, une seule par duel, va jusqu'à %(days)s.",
            "Le délai normal est de %(hours)s h ; jusqu'à %(count)d dispenses par duel, chacune jusqu'à %(days)s.",
            per_duel) % {"hours": deadline_hours, "count": per_duel, "days": _days(max_days)}

    def wished_deadline(self, opened_at: dt.datetime) -> dt.datetime:
        return opened_at + dt.timedelta(days=self.cleaned_data["days"])


class FaultForm(forms.Form):
    participant = forms.TypedChoiceField(label=_("Duelliste"), coerce=int)
    # Absence faults come only from a missed window (the sweep, or « Relever les absences »).
    kind = forms.ChoiceField(choices=[(FaultKind.OTHER, FaultKind.OTHER.label)], initial=FaultKind.OTHER,
                             widget=forms.HiddenInput,
                             error_messages={"invalid_choice": _("Seules les fautes autres que l'absence se relèvent ici.")})
    note = forms.CharField(label=_("Note"), required=False, widget=forms.Textarea(attrs={"rows": 2}), max_length=2000,
                           help_text=_("Ce que le duelliste a fait (obligatoire)."))
    pf_penalty = forms.IntegerField(label=_("Pénalité en PF"), min_value=0, max_value=50, initial=0)

    def __init__(self, *args, duellists: list[tuple[int, str]], **kwargs):
        """`duellists`: (participant pk, forum name) of the duel's duellists."""
        super().__init__(*args, **kwargs)
        self.fields["participant"].choices = list(duellists)


class PublishForm(forms.Form):
    comment = forms.CharField(label=_("Commentaire de l'arbitre (facultatif)"), required=False,
                              widget=forms.Textarea(attrs={"rows": 3}), max_length=5000)
