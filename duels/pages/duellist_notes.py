"""What a page notes beside a duellist's name: their statuses, their shield, out of the duel and how."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

STATUS_LABELS = {
    "stunned": gettext_lazy("étourdi"), "disarmed": gettext_lazy("désarmé"), "bound": gettext_lazy("entravé"),
}
OUT_LABELS = {
    "knocked-out": gettext_lazy("hors combat"), "forfeited": gettext_lazy("abandon"),
    "disqualified": gettext_lazy("disqualifié"),
}


def duellist_notes(duellist, *, shield: bool = False) -> list[str]:
    """The engine duellist's notes in the active language (with `shield`, its remaining shield too)."""
    notes = [str(label) for key, label in STATUS_LABELS.items() if getattr(duellist, key)]
    if shield and duellist.shield:
        notes.append(_("bouclier (%(n)d)") % {"n": duellist.shield})
    if duellist.out:
        notes.append(str(OUT_LABELS.get(duellist.status, duellist.status)))
    return notes
