"""Before the first turn: a referee takes the duel, duellists choose magic types, the referee starts."""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from audit.models import AuditAction
from audit.services import audit_record
from duels.events import DuelStarted, RefereeAssigned, emit
from duels.models import NOT_STARTED, Duel, DuelKind, DuelStatus, Participant, Phase
from duels.permissions import referees_any_duel, require_duel_referee, require_may_referee
from duels.selectors.house_rules import engine_rules, rules_of
from duels.services import dice, rules
from duels.services.common import duel_lock, window_create
from duels.services.errors import DuelError
from spells.models import MagicType
from spells.snapshot import catalog_snapshot


def _status_when_prepared(duel: Duel) -> str:
    """MATCHED until a referee takes the duel; then SETUP until every duellist chose types; then READY."""
    if duel.referee_id is None:
        return DuelStatus.MATCHED
    everyone_chose = all(len(p.magic_types) == p.types_needed for p in duel.participants.all())
    return DuelStatus.READY if everyone_chose else DuelStatus.SETUP


@transaction.atomic
def referee_assign(*, duel: Duel, referee: User, by: User) -> Duel:
    """A referee takes a duel from the queue (`by == referee`), or staff holding `duels.referee_any_duel`
    assign one (also to replace the referee of a duel not yet started). Never one of its duellists."""
    duel = duel_lock(duel)
    require_may_referee(duel, referee)
    if by != referee and not referees_any_duel(by):
        raise DuelError("not-referee")
    if duel.status not in NOT_STARTED:
        raise DuelError("duel-not-in-setup")
    if duel.referee_id is not None and not referees_any_duel(by):
        raise DuelError("referee-already-assigned")
    previous = duel.referee_id
    duel.referee = referee
    duel.status = _status_when_prepared(duel)
    duel.save(update_fields=["referee", "status"])
    audit_record(actor=by, action=AuditAction.DUEL_TAKE if by == referee and previous is None else AuditAction.REFEREE_ASSIGN,
                 duel=duel, data={"referee": referee.pk, "previous_referee": previous})
    emit(RefereeAssigned(duel=duel))  # the duellists learn who referees
    return duel


@transaction.atomic
def magic_types_choose(*, participant: Participant, types: list[str], by: User) -> Participant:
    """RULES.md §2.5: exactly 1 type (year 1–5) or 2 (year 6–8), different; RP duels choose among the
    character's registered types, non-RP duels among all the catalog's types. May be changed until the
    start signal."""
    duel = duel_lock(participant.duel)
    participant = Participant.objects.select_related("duellist").get(pk=participant.pk)
    if participant.duellist.user_id != by.pk:
        raise DuelError("not-participant")
    if duel.status not in NOT_STARTED:
        raise DuelError("duel-not-in-setup")
    slugs = [str(t) for t in types]
    if len(slugs) != participant.types_needed:
        raise DuelError("wrong-type-count", count=participant.types_needed)
    if len(set(slugs)) != len(slugs):
        raise DuelError("duplicate-types")
    if duel.kind == DuelKind.RP:
        allowed = set(participant.duellist.magic_types.values_list("slug", flat=True))
        for slug in slugs:
            if slug not in allowed:
                raise DuelError("type-not-registered", slug=slug)
    else:
        known = set(MagicType.objects.filter(slug__in=slugs).values_list("slug", flat=True))
        for slug in slugs:
            if slug not in known:
                raise DuelError("unknown-magic-type", slug=slug)
    participant.magic_types = slugs
    participant.save(update_fields=["magic_types"])
    duel.status = _status_when_prepared(duel)
    duel.save(update_fields=["status"])
    return participant


def _catalog_snapshot() -> list[dict]:
    return catalog_snapshot()


@transaction.atomic
def duel_start(*, duel: Duel, by: User, spells: list[dict] | None = None, now: dt.datetime | None = None) -> Duel:
    """The referee's start signal (first referee post): draw the dice seed (only its SHA-256 is shown
    until the end), freeze the spell catalog on the duel, build the engine state and open the first
    action window with 48 h deadlines (the house rules' `deadline_hours`), freeze the club's house rules. `spells` (RULES.md §7 dicts) defaults to the current catalog."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    require_duel_referee(duel, by)
    if duel.status != DuelStatus.READY:
        raise DuelError("not-ready" if duel.status in NOT_STARTED else "duel-not-in-setup")
    snapshot = list(spells) if spells is not None else _catalog_snapshot()
    # RULES.md §8: the club's house rules in force at the start signal are the duel's for good (as the
    # catalog): the engine's knobs travel in the state, the others are read from duel.house_rules.
    house = rules_of(duel)  # not frozen yet: the club's current rules
    participants = list(duel.participants.select_related("duellist").order_by("team", "pk"))
    for participant in participants:  # "Prodigium at start": the forum's value when the duel starts
        if participant.prodigium != participant.duellist.prodigium:
            participant.prodigium = participant.duellist.prodigium
            participant.save(update_fields=["prodigium"])
    state = rules.new_duel_state(
        format=duel.format,
        rp=duel.kind == DuelKind.RP,
        duellists=[
            {"id": p.engine_id, "team": p.team, "year": p.year, "types": list(p.magic_types), "prodigium": p.prodigium}
            for p in participants
        ],
        spells=[rules.spell_from_dict(s) for s in snapshot],
        house=engine_rules(house),  # the engine's knobs only: the others are not the engine's business
    )
    duel.house_rules = house.to_dict()
    duel.seed, duel.seed_sha256 = dice.seed_new()
    duel.spells = snapshot
    duel.state = rules.state_dump(state)
    duel.turn = state.turn
    duel.started_at = now
    duel.save(update_fields=["seed", "seed_sha256", "spells", "house_rules", "state", "turn", "started_at"])
    window = window_create(duel=duel, phase=Phase.ACTION, expected=rules.expected_posters(state), opened_by=None, now=now)
    emit(DuelStarted(duel=duel, window=window, now=now))  # webhooks: "à vous de poster", with mentions
    audit_record(actor=by, action=AuditAction.DUEL_START, duel=duel, data={"seed_sha256": duel.seed_sha256})
    return duel
