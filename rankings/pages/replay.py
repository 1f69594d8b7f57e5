"""A finished duel turn by turn, for the replay page: the stage after each published declaration,
the posts it resolved, every die with what it decided (re-derived from the revealed seed), the events.

Presentation only: the engine's stored states and rolls are shown as they are."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from duels.models import DeclarationStatus, Duel, Phase
from duels.pages.event_text import event_text
from duels.pages.teams import team_label
from duels.selectors import duel_timeline
from duels.selectors.rolls import rolls_that_happened
from duels.services.dice import roll_derive, seed_fingerprint

ZONES = range(0, 13)  # 0 and 12: fallen off the stage


def status_label(status: str) -> str:
    return {
        "active": _("en lice"), "knocked-out": _("hors combat"), "forfeited": _("abandon"),
        "disqualified": _("disqualifié"),
    }.get(status, status)


@dataclass
class Token:
    id: str
    name: str
    team: int
    pf: int | None = None
    pm: int | None = None
    status: str = "active"
    creature: bool = False

    @property
    def status_label(self) -> str:
        return status_label(self.status)


@dataclass
class Stage:
    zones: list[tuple[int, list[Token]]]
    duellists: list[Token]


@dataclass
class Step:
    turn: int
    phase: str
    phase_label: str
    declaration: object
    posts: list = field(default_factory=list)
    rolls: list[dict] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    stage: Stage | None = None


def stage_of(state: dict, names: dict[str, str]) -> Stage:
    tokens = []
    for d in state.get("duellists", []):
        tokens.append(Token(id=d["id"], name=names.get(d["id"], d["id"]), team=d.get("team", 0), pf=d.get("pf"),
                            pm=d.get("pm"), status=d.get("status", "active")))
    creatures = [
        Token(id=c["id"], name=c.get("name", c["id"]), team=c.get("team", 0), pf=c.get("pf"), creature=True)
        for c in state.get("creatures", [])
    ]
    positions = {d["id"]: d.get("pos") for d in state.get("duellists", [])}
    positions.update({c["id"]: c.get("pos") for c in state.get("creatures", [])})
    zones = [(zone, [t for t in (*tokens, *creatures) if positions.get(t.id) == zone]) for zone in ZONES]
    return Stage(zones=zones, duellists=tokens)


def _verdict(roll: dict) -> str:
    """What the die decided, in the reader's language (the stored `decided` is French)."""
    if roll.get("kind") == "dodge":
        return _("esquive réussie") if roll.get("success") else _("esquive ratée")
    return _("pari gagné") if roll.get("success") else _("pari perdu")


def duel_replay(duel: Duel) -> dict:
    """Everything the replay page shows. Call for finished duels only (the seed is revealed)."""
    names = {p.engine_id: p.duellist.forum_name for p in duel.participants.all()}
    team_names: dict[int, list[str]] = {}
    for p in sorted(duel.participants.all(), key=lambda p: p.pk):
        team_names.setdefault(p.team, []).append(p.duellist.forum_name)
    spell_names = {spell.get("slug"): spell.get("name") for spell in duel.spells or [] if isinstance(spell, dict)}
    seed = duel.revealed_seed
    steps = []
    for window in duel_timeline(duel):
        declaration = getattr(window, "declaration", None)
        if declaration is None or declaration.status != DeclarationStatus.PUBLISHED:
            continue
        rolls = []
        for roll in rolls_that_happened(declaration.rolls, declaration.events):
            derived = roll_derive(seed=seed, turn=window.turn, phase=window.phase, post_order=roll["post_order"],
                                  step_index=roll["step_index"]) if seed else None
            rolls.append({**roll, "name": names.get(roll.get("by"), roll.get("by")), "verified": derived == roll["roll"],
                          "decided": _verdict(roll),
                          "spell_name": spell_names.get(roll.get("spell"), roll.get("spell"))})
        steps.append(Step(
            turn=window.turn, phase=window.phase,
            phase_label=_("phase d'action") if window.phase == Phase.ACTION else _("phase de défense"),
            declaration=declaration, posts=list(window.posts.all()), rolls=rolls,
            events=[text for text in (event_text(e, spell_names=spell_names, team_names=team_names)
                                      for e in declaration.events) if text],  # in the reader's language
            stage=stage_of(declaration.state_after or {}, names),
        ))
    return {
        "steps": steps,
        "seed": seed,
        "seed_sha256": duel.seed_sha256,
        "seed_matches": bool(seed) and seed_fingerprint(seed) == duel.seed_sha256,
        "all_rolls_verified": all(r["verified"] for s in steps for r in s.rolls),
        "final_stage": stage_of(duel.state, names) if duel.state else None,
        "winners": team_label(team_names.get(duel.winner_team) or []),
    }
