"""Zone options of the action form: who stands in each zone, seen by the caster, and the
teammates a ZONE spell would hit there too. Presentation only: reach and validity come from the engine."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from duels.engine import DuelState


def occupants_by_zone(state: DuelState, engine_id: str, names: dict[str, str]) -> dict[int, list[dict]]:
    """Who stands in each zone, seen by the duellist `engine_id`: "me", "ally" (teammates and their
    creatures) or "enemy". Duellists out of the duel are left out (zone spells pass them by)."""
    me = state.duellist(engine_id)
    zones: dict[int, list[dict]] = {}
    for d in state.duellists:
        if d.out:
            continue
        relation = "me" if d.id == me.id else ("ally" if d.team == me.team else "enemy")
        zones.setdefault(d.pos, []).append({"name": names.get(d.id, d.id), "relation": relation, "creature": False})
    for c in state.creatures:
        relation = "ally" if c.team == me.team else "enemy"
        zones.setdefault(c.pos, []).append({"name": c.name, "relation": relation, "creature": True})
    return zones


RELATION_LABELS = {
    ("me", False): gettext_lazy("vous"), ("ally", False): gettext_lazy("coéquipier·e"),
    ("enemy", False): gettext_lazy("adversaire"), ("ally", True): gettext_lazy("créature alliée"),
    ("enemy", True): gettext_lazy("créature adverse"),
}


def _who(people: list[dict]) -> str:
    return ", ".join(f"{p['name']} ({RELATION_LABELS[p['relation'], p['creature']]})" for p in people)


def zone_target(t: dict, spell: dict, occupants: dict[int, list[dict]]) -> dict:
    """A zone option: who stands there, and the teammates a ZONE spell would hit there too (the
    engine hits everyone in zone ± radius but the caster, teammates included; RULES.md §7)."""
    zone, radius = t["zone"], spell["radius"] or 0
    here = [p for p in occupants.get(zone, []) if p["relation"] != "me"]  # the caster may move: duel.js
    friends = [p for z in range(zone - radius, zone + radius + 1) for p in occupants.get(z, [])
               if p["relation"] == "ally"]
    label = _("Zone %(z)s") % {"z": zone}
    mine = any(p["relation"] == "me" for p in occupants.get(zone, []))
    label += " — " + (_who(here) if here else (_("votre zone (personne d'autre)") if mine else _("vide")))
    return {"value": zone, "label": label, "distance": t["distance"], "in_reach": t["in_reach"] and t["free"],
            "free": t["free"], "pos": zone, "others_there": bool(here),
            "friendly_fire": _("touche aussi %(names)s") % {"names": ", ".join(p["name"] for p in friends)}
            if friends and spell["target"] == "zone" and t["free"] else ""}
