"""Forms of the referee's power tools: correction with decisions, deadline extension,
reopening a missed post, handover. They only parse; the services decide."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

DECISION_ROWS = 3
DECISION_KINDS = [
    ("", _("— aucune —")),
    ("pf", _("PF (+ ou −)")),
    ("pm", _("PM (+ ou −)")),
    ("pos", _("Position (zone 0 à 12)")),
    ("status", _("Retirer un statut")),
]
STATUSES = [("", "—"), ("stun", _("étourdi")), ("disarm", _("désarmé")), ("bind", _("entravé"))]


class CorrectionForm(forms.Form):
    reason = forms.CharField(label=_("Motif de la correction"), max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 2}))
    void_post = forms.TypedChoiceField(label=_("Annuler un message (facultatif)"), required=False, coerce=int,
                                       empty_value=None)
    void_mode = forms.ChoiceField(
        label=_("Le message annulé devient"), required=False, initial="pass", widget=forms.RadioSelect,
    )  # its choices name the duel's deadline: set in __init__

    def __init__(self, *args, posts=(), duellists=(), repost_hours: int = 48, **kwargs):
        """`repost_hours`: the duel's deadline after a referee post (§8 `deadline_hours`), the repost's."""
        super().__init__(*args, **kwargs)
        self.fields["void_mode"].choices = [
            ("pass", _("une passe (ou « ne rien faire » en défense)")),
            ("repost", _("un nouveau message à poster sous %(hours)s h") % {"hours": repost_hours}),
        ]
        self.fields["void_post"].choices = [("", _("— aucun —"))] + [(p.pk, label) for p, label in posts]
        targets = [("", "—")] + [(engine_id, name) for engine_id, name in duellists]
        for index in range(DECISION_ROWS):
            self.fields[f"d{index}_target"] = forms.ChoiceField(label=_("Duelliste"), choices=targets, required=False)
            self.fields[f"d{index}_kind"] = forms.ChoiceField(label=_("Décision"), choices=DECISION_KINDS,
                                                              required=False)
            self.fields[f"d{index}_value"] = forms.IntegerField(label=_("Valeur"), required=False,
                                                                min_value=-100, max_value=100)
            self.fields[f"d{index}_status"] = forms.ChoiceField(label=_("Statut"), choices=STATUSES, required=False)
            self.fields[f"d{index}_reason"] = forms.CharField(label=_("Motif de la décision"), required=False,
                                                              max_length=500)

    def clean(self):
        """A decision needs its reason (shown in the declaration): the missing one is marked by its field."""
        data = super().clean()
        for index in range(DECISION_ROWS):
            if data.get(f"d{index}_kind") and not (data.get(f"d{index}_reason") or "").strip():
                self.add_error(f"d{index}_reason", _("Donnez le motif de cette décision : il est affiché dans la déclaration."))
        return data

    def decision_rows(self):
        """The bound fields of each decision row, for the template."""
        return [[self[f"d{i}_{name}"] for name in ("target", "kind", "value", "status", "reason")]
                for i in range(DECISION_ROWS)]

    def adjustments(self) -> list[dict]:
        """The filled decision rows as engine adjustments (the engine checks them against the state)."""
        data, result = self.cleaned_data, []
        for index in range(DECISION_ROWS):
            kind = data.get(f"d{index}_kind")
            if not kind:
                continue
            adjustment = {"target": data.get(f"d{index}_target"), "kind": kind,
                          "reason": data.get(f"d{index}_reason") or ""}
            value = data.get(f"d{index}_value")
            if kind in ("pf", "pm"):
                adjustment["delta"] = value
            elif kind == "pos":
                adjustment["zone"] = value
            else:
                adjustment["status"] = data.get(f"d{index}_status")
            result.append(adjustment)
        return result


class DeadlineExtendForm(forms.Form):
    deadline = forms.DateTimeField(label=_("Nouvelle date limite pour tous"),
                                   widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    reason = forms.CharField(label=_("Motif (panne du site…)"), max_length=2000)


class ReopenForm(forms.Form):
    participant = forms.TypedChoiceField(label=_("Duelliste absent"), coerce=int)
    reason = forms.CharField(label=_("Motif"), max_length=2000)

    def __init__(self, *args, absent=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["participant"].choices = [(p.pk, p.duellist.forum_name) for p in absent]


class HandoverForm(forms.Form):
    referee = forms.TypedChoiceField(label=_("Nouvel arbitre"), coerce=int, required=False, empty_value=None)
    reason = forms.CharField(label=_("Motif"), max_length=2000, required=False)

    def __init__(self, *args, referees=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["referee"].choices = [("", "—")] + [(u.pk, u.get_username()) for u in referees]
