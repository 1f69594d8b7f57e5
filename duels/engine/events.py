"""Events: what a declaration reports, structured for the pages and with a French sentence each.

`text` is what the referee's declaration shows (and what `replay` prints); the other fields let the
pages render or translate an event without parsing the sentence.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# Why a step was voided at resolution (RULES.md §4.1 "Voided at resolution").
VOID_REASONS = {
    "cost": "PF insuffisants pour en payer le coût",
    "stunned": "étourdi",
    "disarmed": "désarmé",
    "bound": "entravé",
    "pushed-off": "tombé de l'estrade plus tôt dans la phase",
    "knocked-out": "hors combat",
    "dodge-pf": "moins de 2 PF pour esquiver",
    "zone-held": "la zone choisie est occupée par un adversaire",
}
STATUS_WORDS = {"stun": "étourdi", "disarm": "désarmé", "bind": "entravé"}


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

    def to_dict(self) -> dict:
        return {"kind": self.kind, "actor": self.actor, "target": self.target, "spell": self.spell,
                "roll": self.roll, "outcome": self.outcome, "numbers": dict(self.numbers), "text": self.text}


def _zone(pos: int) -> str:
    if pos in (0, 12):
        return f"hors de l'estrade ({pos})"
    return f"zone {pos}"


def passed(actor: str) -> Event:
    return Event("pass", f"{actor} passe.", actor=actor)


def nothing(actor: str) -> Event:
    return Event("nothing", f"{actor} ne fait rien.", actor=actor)


def moved(actor: str, start: int, end: int, wanted: int, cost: int) -> Event:
    verb = "remonte sur l'estrade" if start in (0, 12) else "se déplace"
    text = f"{actor} {verb} de la {_zone(start)} à la zone {end} ({cost} PF)."
    if end != wanted:
        text = text[:-1] + f", bloqué avant la zone {end + (1 if wanted > end else -1)}."
    kind = "climb" if start in (0, 12) else "move"
    return Event(kind, text, actor=actor, outcome="blocked" if end != wanted else "moved",
                 numbers={"from": start, "to": end, "wanted": wanted, "pf": cost})


def voided(actor: str, what: str, reason: str, spell: str | None = None) -> Event:
    label = {"move": "Déplacement", "climb": "Retour sur l'estrade", "cast": f"Sort {spell}" if spell else "Sort", "dodge": "Esquive"}[what]
    cancelled = "annulé" if what in ("move", "cast") else "annulée"
    return Event("voided", f"{label} de {actor} {cancelled} : {VOID_REASONS[reason]}.", actor=actor,
                 spell=spell, outcome=reason, numbers={"step": what})


def cast(actor: str, spell_name: str, slug: str, aim: str | None, bet: str | None, roll: int | None,
         outcome: str, numbers: dict) -> Event:
    """`outcome`: success, pending (success on a dodgeable hit), failure, out-of-range,
    target-gone, zone-occupied."""
    on = f" sur {aim}" if aim else ""
    paid = _paid(numbers)
    dice = f", pari {bet}, dé {roll}" if bet else ""
    verdict = {
        "success": "réussi.",
        "pending": f"réussi, {aim} doit se défendre.",
        "failure": "raté.",
        "out-of-range": f"hors de portée (distance {numbers.get('distance')}, portée {numbers.get('range')}).",
        "target-gone": "la cible n'est plus là, le sort se perd.",
        "zone-occupied": "la zone est occupée, l'invocation échoue.",
    }[outcome]
    return Event("cast", f"{actor} lance {spell_name}{on} ({paid}{dice}) : {verdict}", actor=actor,
                 target=aim, spell=slug, roll=roll, outcome=outcome, numbers=numbers)


def _paid(numbers: dict) -> str:
    parts = []
    if numbers.get("pm_paid"):
        parts.append(f"{numbers['pm_paid']} PM")
    if numbers.get("pf_paid"):
        parts.append(f"{numbers['pf_paid']} PF")
    return " + ".join(parts) if parts else "gratuit"


def hit_lands(caster: str, target: str, spell_name: str, slug: str) -> Event:
    return Event("hit", f"{spell_name} de {caster} touche {target}.", actor=caster, target=target, spell=slug)


def hit_dodged(caster: str, target: str, spell_name: str, slug: str) -> Event:
    return Event("hit-dodged", f"{target} évite {spell_name} de {caster}.", actor=caster, target=target,
                 spell=slug, outcome="dodged")


def dodge(actor: str, bet: str, roll: int | None, success: bool) -> Event:
    verdict = "réussie" if success else "ratée"
    return Event("dodge", f"{actor} esquive (pari {bet}, dé {roll}, 2 PF) : {verdict}.", actor=actor,
                 roll=roll, outcome="success" if success else "failure", numbers={"bet": bet, "pf": 2})


def absorbed(target: str, source: str, what: str | None) -> Event:
    of = f" {what} de {source}" if what else f" l'attaque de {source}"
    return Event("absorbed", f"Le bouclier de {target} absorbe{of}.", actor=source, target=target,
                 outcome="absorbed")


def points(target: str, key: str, amount: int, source: str | None) -> Event:
    text = {
        "damage": f"{target} perd {amount} PF.",
        "drain": f"{target} perd {amount} PM.",
        "heal": f"{target} récupère {amount} PF.",
        "restore": f"{target} récupère {amount} PM.",
    }[key]
    return Event(key, text, actor=source, target=target, numbers={key: amount})


def displaced(target: str, key: str, start: int, end: int, source: str | None) -> Event:
    verb = "repoussé" if key == "push" else "attiré"
    return Event(key, f"{target} est {verb} de la {_zone(start)} à la {_zone(end)}.", actor=source,
                 target=target, numbers={"from": start, "to": end})


def fell(target: str, pos: int) -> Event:
    return Event("fall", f"{target} tombe de l'estrade ({pos}) et perd 1 PF.", target=target,
                 numbers={"pos": pos, "pf": 1})


def status(target: str, key: str, already: bool, source: str | None) -> Event:
    word = STATUS_WORDS[key]
    text = f"{target} est déjà {word}." if already else f"{target} est {word} : sa prochaine action en pâtira."
    return Event(key, text, actor=source, target=target, outcome="unchanged" if already else "applied")


def shielded(target: str, charges: int, source: str | None) -> Event:
    plural = "s" if charges > 1 else ""
    return Event("shield", f"{target} est protégé par un bouclier ({charges} charge{plural}).", actor=source,
                 target=target, numbers={"charges": charges})


def summoned(owner: str, creature_id: str, name: str, pos: int) -> Event:
    return Event("summon", f"{owner} invoque {name} ({creature_id}) en zone {pos}.", actor=owner,
                 target=creature_id, numbers={"pos": pos})


def creature_strikes(creature_id: str, name: str, target: str, damage: int) -> Event:
    return Event("creature-strike", f"{name} ({creature_id}) frappe {target}.", actor=creature_id,
                 target=target, numbers={"damage": damage})


def creature_hurt(creature_id: str, name: str, amount: int, pf: int) -> Event:
    return Event("damage", f"{name} ({creature_id}) perd {amount} PF.", target=creature_id,
                 numbers={"damage": amount, "pf": pf})


def creature_vanishes(creature_id: str, name: str, why: str) -> Event:
    reason = "est détruit" if why == "destroyed" else "disparaît"
    return Event("creature-vanish", f"{name} ({creature_id}) {reason}.", target=creature_id, outcome=why)


def knocked_out(target: str) -> Event:
    return Event("knockout", f"{target} tombe à 0 PF : hors combat.", target=target)


def forfeited(target: str) -> Event:
    return Event("forfeit", f"{target} abandonne le duel.", target=target)


def disqualified(target: str) -> Event:
    return Event("disqualified", f"{target} est disqualifié.", target=target)


def penalty(target: str, amount: int) -> Event:
    return Event("penalty", f"Pénalité de l'arbitre : {target} perd {amount} PF.", target=target,
                 numbers={"pf": amount})


def duel_won(team: int) -> Event:
    return Event("win", f"L'équipe {team} remporte le duel.", outcome="win", numbers={"team": team})


def duel_drawn() -> Event:
    return Event("draw", "Égalité : le duel se termine sans vainqueur.", outcome="draw")


# --- Referee decisions ("sauf indication contraire de l'arbitre", RULES.md §4.1.1; engine/adjustments.py) ---
ADJUSTED_STATUS_WORDS = {"stun": "étourdi", "disarm": "désarmé", "bind": "entravé"}


def adjusted_points(target: str, key: str, before: int, after: int, reason: str) -> Event:
    """`key`: "pf" or "pm"."""
    change = after - before
    verb = "gagne" if change >= 0 else "perd"
    text = (f"Décision de l'arbitre : {target} {verb} {abs(change)} {key.upper()} "
            f"({before} → {after}). Motif : {reason}")
    return Event("adjusted", text, target=target, outcome=key,
                 numbers={"key": key, "from": before, "to": after, "reason": reason})


def adjusted_position(target: str, before: int, after: int, reason: str) -> Event:
    text = f"Décision de l'arbitre : {target} passe de la {_zone(before)} à la {_zone(after)}. Motif : {reason}"
    return Event("adjusted", text, target=target, outcome="pos",
                 numbers={"key": "pos", "from": before, "to": after, "reason": reason})


def adjusted_status(target: str, status_key: str, reason: str) -> Event:
    text = (f"Décision de l'arbitre : {target} n'est plus {ADJUSTED_STATUS_WORDS[status_key]}. "
            f"Motif : {reason}")
    return Event("adjusted", text, target=target, outcome="status",
                 numbers={"key": "status", "status": status_key, "reason": reason})
