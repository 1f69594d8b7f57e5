"""Forms of the duel pages: they parse what the player typed into the services' arguments.
Shape only: every rule is checked by the services and the engine."""
from __future__ import annotations

import datetime as dt

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import YEAR_CHOICES, Duellist
from duels.models import DuelFormat, DuelKind, FaultKind
from duels.presenters import parse_variant_key


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
    types = forms.MultipleChoiceField(label=_("Types de magie"), widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, choices, needed: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["types"].choices = choices
        self.fields["types"].help_text = (
            _("Choisissez exactement 1 type de magie.") if needed == 1 else _("Choisissez exactement 2 types de magie.")
        )


def _zone(value) -> int | None:
    try:
        zone = int(value)
    except (TypeError, ValueError):
        return None
    return zone


def cast_step(data, key: str) -> dict | None:
    """The cast chosen in the form: the variant key names the spell, modulation and overlevel; the
    variant's own fields (bet-KEY, target-KEY, zone-KEY) carry the rest."""
    parsed = parse_variant_key(key)
    if parsed is None:
        return None
    slug, modulation, overlevel = parsed
    step: dict = {"cast": slug}
    target = (data.get(f"target-{key}") or "").strip()
    zone = _zone(data.get(f"zone-{key}"))
    bet = (data.get(f"bet-{key}") or "").strip()
    if target:
        step["target"] = target
    if zone is not None:
        step["zone"] = zone
    if bet and bet != "none":
        step["bet"] = bet
    if modulation:
        step["modulation"] = modulation
    if overlevel:
        step["overlevel"] = True
    return step


def action_steps(data) -> list[dict]:
    """Action phase: [move before] [cast] [move after], in the order written; a post without a cast
    has at most one move (the engine refuses more; the page only offers one)."""
    before = _zone(data.get("move_before"))
    after = _zone(data.get("move_after"))
    cast = cast_step(data, data.get("cast") or "")
    steps: list[dict] = []
    if before is not None:
        steps.append({"move": before})
    if cast:
        steps.append(cast)
    if after is not None:
        steps.append({"move": after})  # two moves without a cast: the engine says why not
    return steps


def defence_steps(data) -> list[dict]:
    choice = data.get("defence") or "nothing"
    if choice.startswith("dodge-"):
        return [{"dodge": choice.removeprefix("dodge-")}]
    if choice.startswith("cast:"):
        step = cast_step(data, choice.removeprefix("cast:"))
        return [step] if step else []
    return [{"nothing": True}]


class ExemptionForm(forms.Form):
    DAYS = [(3, _("3 jours")), (4, _("4 jours")), (5, _("5 jours (le maximum)"))]

    reason = forms.CharField(label=_("Motif de la demande"), widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)
    days = forms.TypedChoiceField(
        label=_("Délai souhaité après le message de l'arbitre"), choices=DAYS, coerce=int, initial=5,
        help_text=_("Le délai normal est de 48 h ; une dispense, une seule par duel, va jusqu'à 5 jours."),
    )

    def wished_deadline(self, opened_at: dt.datetime) -> dt.datetime:
        return opened_at + dt.timedelta(days=self.cleaned_data["days"])


class FaultForm(forms.Form):
    participant = forms.TypedChoiceField(label=_("Duelliste"), coerce=int)
    kind = forms.ChoiceField(label=_("Faute"), choices=FaultKind.choices, initial=FaultKind.OTHER)
    note = forms.CharField(label=_("Note"), required=False, widget=forms.Textarea(attrs={"rows": 2}), max_length=2000)
    pf_penalty = forms.IntegerField(label=_("Pénalité en PF"), min_value=0, max_value=50, initial=0)

    def __init__(self, *args, participants, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["participant"].choices = [(p.pk, p.duellist.forum_name) for p in participants]


class PublishForm(forms.Form):
    comment = forms.CharField(label=_("Commentaire de l'arbitre (facultatif)"), required=False,
                              widget=forms.Textarea(attrs={"rows": 3}), max_length=5000)
