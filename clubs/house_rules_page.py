"""The staff page of a club's house rules (RULES.md §8): a form with every knob, presets, a preview of
what changes, and the change saved with an audit entry. A change applies to duels started afterwards."""
from __future__ import annotations

from django import forms
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.models import AuditAction
from audit.services import audit_record
from duels.engine.house_rules import (
    INT_RANGES,
    PF_RANGE,
    PM_RANGE,
    RULEBOOK,
    YEARS,
    HouseRules,
    HouseRulesError,
)

LABELS = {
    "dodge_pf": gettext_lazy("Coût d'une esquive (PF)"), "move_pf": gettext_lazy("Coût d'un déplacement par zone (PF)"),
    "fall_pf": gettext_lazy("PF perdus en tombant de l'estrade"),
    "overlevel_per_duel": gettext_lazy("Sorts de niveau année + 1 par duel"),
    "repeat": gettext_lazy("Répétition d'un même sort"),
    "min_words": gettext_lazy("Mots RP minimum par message"), "deadline_hours": gettext_lazy("Délai après chaque déclaration (heures)"),
    "exemptions": gettext_lazy("Dispenses par duelliste et par duel"), "exemption_days": gettext_lazy("Durée d'une dispense (jours)"),
    "absences_to_disqualify": gettext_lazy("Absences qui disqualifient"),
    "wand_rest_duels": gettext_lazy("Repos de la baguette (duels à attendre)"),
    "eligibility_days": gettext_lazy("Ancienneté du compte forum (jours ; vide : un mois)"),
    "eligibility_posts": gettext_lazy("Messages sur le forum minimum"), "win_points": gettext_lazy("Points de champion par victoire"),
    "win_salary_days": gettext_lazy("Jours de salaire par victoire"), "draw_salary_days": gettext_lazy("Jours de salaire par match nul"),
    "chocogrenouille": gettext_lazy("Chocogrenouille au perdant"),
    "cup_win": gettext_lazy("Coupe des maisons : points par victoire"),
    "cup_draw": gettext_lazy("Coupe des maisons : points par match nul"),
    "cup_loss": gettext_lazy("Coupe des maisons : points par défaite"),
    "cup_tournament_win": gettext_lazy("Coupe des maisons : points pour le vainqueur d'un tournoi"),
}
REPEAT_CHOICES = [("consecutive", gettext_lazy("pas deux tours de suite")), ("duel", gettext_lazy("une fois par duel")),
                  ("free", gettext_lazy("sans limite"))]
PRESETS = {
    "rulebook": (gettext_lazy("Règlement d'origine"), {}),
    "short": (gettext_lazy("Duels courts"), {"deadline_hours": 24, "min_words": 50}),
    "no-repeat": (gettext_lazy("Sans répétition"), {"repeat": "duel"}),
}


def year_label(year: int) -> str:
    """« 1re année », « 2e année »… « adulte » (year 8)."""
    if year == 8:
        return _("adulte")
    return _("1re année") if year == 1 else _("%(year)de année") % {"year": year}


def _point_key(what: str, year: int) -> str:
    return f"{what}_{year}"


class HouseRulesForm(forms.Form):
    """Every §8 knob; each field shows the rulebook's value beside it (`rulebook_value`)."""

    def __init__(self, *args, current: HouseRules = RULEBOOK, **kwargs):
        super().__init__(*args, **kwargs)
        for year in YEARS:
            for what, index, (low, high) in (("pf", 0, PF_RANGE), ("pm", 1, PM_RANGE)):
                name = _point_key(what, year)
                self.fields[name] = self._int(f"{what.upper()} ({year_label(year)})", low, high)
                self.initial[name] = current.points[year][index]
                self.fields[name].rulebook_value = RULEBOOK.points[year][index]
        for key in ("dodge_pf", "move_pf", "fall_pf", "overlevel_per_duel", "min_words", "deadline_hours", "exemptions",
                    "exemption_days", "absences_to_disqualify", "wand_rest_duels", "eligibility_days",
                    "eligibility_posts", "win_points", "win_salary_days", "draw_salary_days", "cup_win", "cup_draw",
                    "cup_loss", "cup_tournament_win"):
            low, high = INT_RANGES[key]
            self.fields[key] = self._int(LABELS[key], low, high, required=key != "eligibility_days")
            self.initial[key] = getattr(current, key)
            self.fields[key].rulebook_value = getattr(RULEBOOK, key)
            self.fields[key].estrade_default = key.startswith("cup_")  # the rulebook has no house cup
        self.fields["repeat"] = forms.ChoiceField(label=LABELS["repeat"], choices=REPEAT_CHOICES)
        self.initial["repeat"] = current.repeat
        self.fields["repeat"].rulebook_value = dict(REPEAT_CHOICES)[RULEBOOK.repeat]
        self.fields["chocogrenouille"] = forms.BooleanField(label=LABELS["chocogrenouille"], required=False)
        self.initial["chocogrenouille"] = current.chocogrenouille
        self.fields["chocogrenouille"].rulebook_value = _("oui")

    @staticmethod
    def _int(label, low: int, high: int, required: bool = True) -> forms.IntegerField:
        message = _("Entre %(low)d et %(high)d.") % {"low": low, "high": high}
        return forms.IntegerField(label=label, min_value=low, max_value=high, required=required,
                                  error_messages={"min_value": message, "max_value": message,
                                                  "invalid": _("Un nombre entier, entre %(low)d et %(high)d.")
                                                  % {"low": low, "high": high}})

    def rules(self) -> HouseRules:
        """The house rules of the valid form (a range error is added to the form and re-raised)."""
        data = self.cleaned_data
        points = {year: (data[_point_key("pf", year)], data[_point_key("pm", year)]) for year in YEARS}
        values = {key: data[key] for key in self.fields if not key.startswith(("pf_", "pm_"))}
        try:
            return HouseRules(points=points, **values)
        except HouseRulesError as exc:
            self.add_error(None, _("Règle maison invalide (%(key)s) : %(message)s.") % {"key": exc.key, "message": exc.message})
            raise


def preset_rules(slug: str) -> HouseRules | None:
    preset = PRESETS.get(slug)
    return HouseRules.from_dict(preset[1]) if preset else None


def _shown(key: str, value) -> str:
    if key == "repeat":
        return str(dict(REPEAT_CHOICES)[value])
    if key == "chocogrenouille":
        return _("oui") if value else _("non")
    if key == "eligibility_days" and value is None:
        return _("un mois")
    return str(value)


def changes(before: HouseRules, after: HouseRules) -> list[str]:
    """What the new rules change, one line per knob (« PF en 1re année : 10 → 12 »)."""
    lines = []
    for year in YEARS:
        for what, index in (("PF", 0), ("PM", 1)):
            old, new = before.points[year][index], after.points[year][index]
            if old != new:
                lines.append(_("%(what)s en %(year)s : %(old)s → %(new)s")
                             % {"what": what, "year": year_label(year), "old": old, "new": new})
    for key, label in LABELS.items():
        old, new = getattr(before, key), getattr(after, key)
        if old != new:
            lines.append(f"{label} : {_shown(key, old)} → {_shown(key, new)}")
    return lines


@transaction.atomic
def house_rules_save(*, club, rules: HouseRules, by) -> list[str]:
    """Store the club's new house rules (duels already started keep theirs) and log the change."""
    before = HouseRules.from_dict(club.house_rules or {})
    changed = changes(before, rules)
    if not changed:
        return []
    club.house_rules = rules.to_dict()
    club.full_clean(exclude=["slug"])  # the slug's reserved-name check does not concern this change
    club.save(update_fields=["house_rules"])
    audit_record(actor=by, action=AuditAction.HOUSE_RULES, data={
        "club": club.slug, "before": before.to_dict(), "after": club.house_rules})
    return changed
