"""Events: what a declaration reports, structured for the pages and with a French sentence each.

`text` is what the referee's declaration shows (and what `replay` prints); the other fields let the
pages render or translate an event without parsing the sentence. `msgid` + `params` are the same
sentence as a message id (French, marked with `gettext_noop` for the catalogue) and its values: the
delivery layer (duels/pages/event_text.py) translates them into the reader's language. A param may itself be
a phrase ({"msgid", "params"}), translated the same way (one format and renderer: common/messages.py,
which imports no Django: the engine stays pure).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from common.messages import phrase, render

from .house_rules import RULEBOOK


def gettext_noop(message: str) -> str:
    """Marks a message id for the catalogue (xgettext knows this name); the engine never translates."""
    return message


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    actor: str | None = None
    target: str | None = None
    spell: str | None = None
    roll: int | None = None
    outcome: str | None = None
    numbers: dict = field(default_factory=dict)
    msgid: str = ""
    params: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "actor": self.actor, "target": self.target, "spell": self.spell,
               "roll": self.roll, "outcome": self.outcome, "numbers": dict(self.numbers), "text": self.text}
        if self.msgid:
            out |= {"msgid": self.msgid, "params": dict(self.params)}
        return out


def _said(kind: str, msgid: str, params: dict, **fields) -> Event:
    return Event(kind, render({"msgid": msgid, "params": params}), msgid=msgid, params=params, **fields)


def _zone_phrase(pos: int) -> dict:
    if pos in (0, 12):
        return phrase(gettext_noop("hors de l'estrade (%(pos)s)"), pos=pos)
    return phrase(gettext_noop("zone %(pos)s"), pos=pos)


VOID_PHRASES = {
    "cost": gettext_noop("PF insuffisants pour en payer le coût"),
    "stunned": gettext_noop("étourdi"),
    "disarmed": gettext_noop("désarmé"),
    "bound": gettext_noop("entravé"),
    "pushed-off": gettext_noop("tombé de l'estrade plus tôt dans la phase"),
    "knocked-out": gettext_noop("hors combat"),
    "dodge-pf": gettext_noop("moins de 2 PF pour esquiver"),
    "zone-held": gettext_noop("la zone choisie est occupée par un adversaire"),
}
STATUS_PHRASES = {"stun": gettext_noop("étourdi·e"), "disarm": gettext_noop("désarmé·e"),
                  "bind": gettext_noop("entravé·e")}


def passed(actor: str) -> Event:
    return _said("pass", gettext_noop("%(actor)s passe."), {"actor": actor}, actor=actor)


def nothing(actor: str) -> Event:
    return _said("nothing", gettext_noop("%(actor)s ne fait rien."), {"actor": actor}, actor=actor)


def moved(actor: str, start: int, end: int, wanted: int, cost: int) -> Event:
    params = {"actor": actor, "start": _zone_phrase(start), "end": end, "pf": cost}
    if end != wanted:
        params["stop"] = end + (1 if wanted > end else -1)  # the zone that blocked
    if start in (0, 12):  # a climb goes straight to the chosen zone (RULES.md "Off the stage")
        msgid = (gettext_noop("%(actor)s remonte sur l'estrade, directement en zone %(end)s (%(pf)s PF).")
                 if end == wanted else gettext_noop(
                     "%(actor)s remonte sur l'estrade, directement en zone %(end)s (%(pf)s PF), bloqué avant la "
                     "zone %(stop)s."))
    elif end == wanted:
        msgid = gettext_noop("%(actor)s se déplace de la %(start)s à la zone %(end)s (%(pf)s PF).")
    else:
        msgid = gettext_noop("%(actor)s se déplace de la %(start)s à la zone %(end)s (%(pf)s PF), bloqué avant "
                             "la zone %(stop)s.")
    kind = "climb" if start in (0, 12) else "move"
    return _said(kind, msgid, params, actor=actor, outcome="blocked" if end != wanted else "moved",
                 numbers={"from": start, "to": end, "wanted": wanted, "pf": cost})


def voided(actor: str, what: str, reason: str, spell: str | None = None, *, pf: int | None = None) -> Event:
    """`pf`: for "dodge-pf", the dodge cost of the duel's house rules (the rulebook's 2 by default)."""
    msgid = {
        "move": gettext_noop("Déplacement de %(actor)s annulé : %(reason)s."),
        "climb": gettext_noop("Retour sur l'estrade de %(actor)s annulée : %(reason)s."),
        "cast": gettext_noop("Sort %(spell)s de %(actor)s annulé : %(reason)s.") if spell
        else gettext_noop("Sort de %(actor)s annulé : %(reason)s."),
        "dodge": gettext_noop("Esquive de %(actor)s annulée : %(reason)s."),
    }[what]
    if reason == "dodge-pf" and pf not in (None, RULEBOOK.dodge_pf):
        why = phrase(gettext_noop("moins de %(pf)s PF pour esquiver"), pf=pf)
    else:
        why = phrase(VOID_PHRASES[reason])  # the rulebook's wording, as stored events have it
    params = {"actor": actor, "reason": why, **({"spell": spell} if spell else {})}
    return _said("voided", msgid, params, actor=actor, spell=spell, outcome=reason, numbers={"step": what})


def cast(actor: str, spell_name: str, slug: str, aim: str | None, bet: str | None, roll: int | None,
         outcome: str, numbers: dict) -> Event:
    """`outcome`: success, pending (success on a dodgeable hit), failure, out-of-range,
    target-gone, zone-occupied."""
    verdict = {
        "success": phrase(gettext_noop("réussi.")),
        "pending": phrase(gettext_noop("réussi, %(aim)s doit se défendre."), aim=aim),
        "failure": phrase(gettext_noop("raté.")),
        "out-of-range": phrase(gettext_noop("hors de portée (distance %(distance)s, portée %(range)s)."),
                               distance=numbers.get("distance"), range=numbers.get("range")),
        "target-gone": phrase(gettext_noop("la cible n'est plus là, le sort se perd.")),
        "zone-occupied": phrase(gettext_noop("la zone est occupée, l'invocation échoue.")),
    }[outcome]
    params = {"actor": actor, "spell": spell_name,
              "on": phrase(gettext_noop(" sur %(aim)s"), aim=aim) if aim else "",
              "paid": _paid(numbers),
              "dice": phrase(gettext_noop(", pari %(bet)s, dé %(roll)s"), bet=bet, roll=roll) if bet else "",
              "verdict": verdict}
    return _said("cast", gettext_noop("%(actor)s lance %(spell)s%(on)s (%(paid)s%(dice)s) : %(verdict)s"), params,
                 actor=actor, target=aim, spell=slug, roll=roll, outcome=outcome, numbers=numbers)


def _paid(numbers: dict) -> dict:
    pm, pf = numbers.get("pm_paid"), numbers.get("pf_paid")
    if pm and pf:
        return phrase(gettext_noop("%(pm)s PM + %(pf)s PF"), pm=pm, pf=pf)
    if pm:
        return phrase(gettext_noop("%(pm)s PM"), pm=pm)
    if pf:
        return phrase(gettext_noop("%(pf)s PF"), pf=pf)
    return phrase(gettext_noop("gratuit"))


def hit_lands(caster: str, target: str, spell_name: str, slug: str) -> Event:
    return _said("hit", gettext_noop("%(spell)s de %(caster)s touche %(target)s."),
                 {"spell": spell_name, "caster": caster, "target": target}, actor=caster, target=target, spell=slug)


def hit_dodged(caster: str, target: str, spell_name: str, slug: str) -> Event:
    return _said("hit-dodged", gettext_noop("%(target)s évite %(spell)s de %(caster)s."),
                 {"spell": spell_name, "caster": caster, "target": target}, actor=caster, target=target,
                 spell=slug, outcome="dodged")


def dodge(actor: str, bet: str, roll: int | None, success: bool, pf: int = RULEBOOK.dodge_pf) -> Event:
    """`pf`: the dodge cost paid (the house's `dodge_pf`); the rulebook's 2 keeps its own wording."""
    params = {"actor": actor, "bet": bet, "roll": roll}
    if pf == RULEBOOK.dodge_pf:
        msgid = (gettext_noop("%(actor)s esquive (pari %(bet)s, dé %(roll)s, 2 PF) : réussie.") if success
                 else gettext_noop("%(actor)s esquive (pari %(bet)s, dé %(roll)s, 2 PF) : ratée."))
    else:
        msgid = (gettext_noop("%(actor)s esquive (pari %(bet)s, dé %(roll)s, %(pf)s PF) : réussie.") if success
                 else gettext_noop("%(actor)s esquive (pari %(bet)s, dé %(roll)s, %(pf)s PF) : ratée."))
        params["pf"] = pf
    return _said("dodge", msgid, params, actor=actor,
                 roll=roll, outcome="success" if success else "failure", numbers={"bet": bet, "pf": pf})


def absorbed(target: str, source: str, what: str | None) -> Event:
    msgid = (gettext_noop("Le bouclier de %(target)s absorbe %(what)s de %(source)s.") if what
             else gettext_noop("Le bouclier de %(target)s absorbe l'attaque de %(source)s."))
    params = {"target": target, "source": source, **({"what": what} if what else {})}
    return _said("absorbed", msgid, params, actor=source, target=target, outcome="absorbed")


def points(target: str, key: str, amount: int, source: str | None) -> Event:
    msgid = {
        "damage": gettext_noop("%(target)s perd %(amount)s PF."),
        "drain": gettext_noop("%(target)s perd %(amount)s PM."),
        "heal": gettext_noop("%(target)s récupère %(amount)s PF."),
        "restore": gettext_noop("%(target)s récupère %(amount)s PM."),
    }[key]
    return _said(key, msgid, {"target": target, "amount": amount}, actor=source, target=target,
                 numbers={key: amount})


def displaced(target: str, key: str, start: int, end: int, source: str | None) -> Event:
    if end in (0, 12):  # pushed past zone 1 or 11: off the stage (the fall event follows)
        msgid = gettext_noop("%(target)s est repoussé·e de la %(start)s hors de l'estrade.")
    elif key == "push":
        msgid = gettext_noop("%(target)s est repoussé·e de la %(start)s à la %(end)s.")
    else:
        msgid = gettext_noop("%(target)s est attiré·e de la %(start)s à la %(end)s.")
    return _said(key, msgid, {"target": target, "start": _zone_phrase(start), "end": _zone_phrase(end)},
                 actor=source, target=target, numbers={"from": start, "to": end})


def fell(target: str, pos: int, pf: int = RULEBOOK.fall_pf) -> Event:
    """`pf`: the PF lost (the house's `fall_pf`, or what was left); the rulebook's 1 keeps its wording."""
    params = {"target": target, "pos": pos}
    if pf == RULEBOOK.fall_pf:
        msgid = gettext_noop("%(target)s tombe de l'estrade et perd 1 PF.")
    elif pf == 0:
        msgid = gettext_noop("%(target)s tombe de l'estrade.")
    else:
        msgid = gettext_noop("%(target)s tombe de l'estrade et perd %(pf)s PF.")
        params["pf"] = pf
    return _said("fall", msgid, params, target=target, numbers={"pos": pos, "pf": pf})


def status(target: str, key: str, already: bool, source: str | None) -> Event:
    msgid = (gettext_noop("%(target)s est déjà %(word)s.") if already
             else gettext_noop("%(target)s est %(word)s : sa prochaine action en pâtira."))
    return _said(key, msgid, {"target": target, "word": phrase(STATUS_PHRASES[key])}, actor=source, target=target,
                 outcome="unchanged" if already else "applied")


def shielded(target: str, charges: int, source: str | None) -> Event:
    msgid = (gettext_noop("%(target)s est protégé·e par un bouclier (%(charges)s charges).") if charges > 1
             else gettext_noop("%(target)s est protégé·e par un bouclier (%(charges)s charge)."))
    return _said("shield", msgid, {"target": target, "charges": charges}, actor=source, target=target,
                 numbers={"charges": charges})


def summoned(owner: str, creature_id: str, name: str, pos: int) -> Event:
    return _said("summon", gettext_noop("%(owner)s invoque %(name)s (%(creature)s) en zone %(pos)s."),
                 {"owner": owner, "name": name, "creature": creature_id, "pos": pos}, actor=owner,
                 target=creature_id, numbers={"pos": pos})


def creature_strikes(creature_id: str, name: str, target: str, damage: int) -> Event:
    return _said("creature-strike", gettext_noop("%(name)s (%(creature)s) frappe %(target)s."),
                 {"name": name, "creature": creature_id, "target": target}, actor=creature_id,
                 target=target, numbers={"damage": damage})


def creature_hurt(creature_id: str, name: str, amount: int, pf: int) -> Event:
    return _said("damage", gettext_noop("%(name)s (%(creature)s) perd %(amount)s PF."),
                 {"name": name, "creature": creature_id, "amount": amount}, target=creature_id,
                 numbers={"damage": amount, "pf": pf})


def creature_vanishes(creature_id: str, name: str, why: str) -> Event:
    msgid = (gettext_noop("%(name)s (%(creature)s) est détruit.") if why == "destroyed"
             else gettext_noop("%(name)s (%(creature)s) disparaît."))
    return _said("creature-vanish", msgid, {"name": name, "creature": creature_id}, target=creature_id, outcome=why)


def knocked_out(target: str) -> Event:
    return _said("knockout", gettext_noop("%(target)s tombe à 0 PF : hors combat."), {"target": target},
                 target=target)


def forfeited(target: str) -> Event:
    return _said("forfeit", gettext_noop("%(target)s abandonne le duel."), {"target": target}, target=target)


def disqualified(target: str) -> Event:
    return _said("disqualified", gettext_noop("%(target)s est disqualifié·e."), {"target": target}, target=target)


def penalty(target: str, amount: int) -> Event:
    return _said("penalty", gettext_noop("Pénalité de l'arbitre : %(target)s perd %(amount)s PF."),
                 {"target": target, "amount": amount}, target=target, numbers={"pf": amount})


def duel_won(team: int) -> Event:
    return _said("win", gettext_noop("L'équipe %(team)s remporte le duel."), {"team": team}, outcome="win",
                 numbers={"team": team})


def duel_drawn() -> Event:
    return _said("draw", gettext_noop("Égalité : le duel se termine sans vainqueur."), {}, outcome="draw")


# --- Referee decisions ("sauf indication contraire de l'arbitre", RULES.md §4.1.1; engine/adjustments.py) ---
# One sentence per direction and resource: a translator sees whole sentences, never "gagne"/"perd" pieces.
ADJUSTED_POINTS = {
    ("pf", True): gettext_noop("Décision de l'arbitre : %(target)s gagne %(amount)s PF (%(before)s → %(after)s). "
                               "Motif : %(reason)s"),
    ("pf", False): gettext_noop("Décision de l'arbitre : %(target)s perd %(amount)s PF (%(before)s → %(after)s). "
                                "Motif : %(reason)s"),
    ("pm", True): gettext_noop("Décision de l'arbitre : %(target)s gagne %(amount)s PM (%(before)s → %(after)s). "
                               "Motif : %(reason)s"),
    ("pm", False): gettext_noop("Décision de l'arbitre : %(target)s perd %(amount)s PM (%(before)s → %(after)s). "
                                "Motif : %(reason)s"),
}


def adjusted_points(target: str, key: str, before: int, after: int, reason: str) -> Event:
    """`key`: "pf" or "pm". The reason is the referee's own words: a param, never translated."""
    change = after - before
    params = {"target": target, "amount": abs(change), "before": before, "after": after, "reason": reason}
    return _said("adjusted", ADJUSTED_POINTS[(key, change >= 0)], params, target=target, outcome=key,
                 numbers={"key": key, "from": before, "to": after, "reason": reason})


def adjusted_position(target: str, before: int, after: int, reason: str) -> Event:
    params = {"target": target, "start": _zone_phrase(before), "end": _zone_phrase(after), "reason": reason}
    if after in (0, 12):
        msgid = gettext_noop("Décision de l'arbitre : %(target)s passe de la %(start)s à l'extérieur de l'estrade. "
                             "Motif : %(reason)s")
    elif before in (0, 12):
        msgid = gettext_noop("Décision de l'arbitre : %(target)s remonte sur l'estrade, en %(end)s. Motif : %(reason)s")
    else:
        msgid = gettext_noop("Décision de l'arbitre : %(target)s passe de la %(start)s à la %(end)s. Motif : %(reason)s")
    return _said("adjusted", msgid, params, target=target, outcome="pos",
                 numbers={"key": "pos", "from": before, "to": after, "reason": reason})


def adjusted_status(target: str, status_key: str, reason: str) -> Event:
    params = {"target": target, "status": phrase(STATUS_PHRASES[status_key]), "reason": reason}
    return _said("adjusted", gettext_noop("Décision de l'arbitre : %(target)s n'est plus %(status)s. "
                                          "Motif : %(reason)s"), params, target=target, outcome="status",
                 numbers={"key": "status", "status": status_key, "reason": reason})
