"""Where things go on the stage (RULES.md §3.1, §4.1 Move, §7 push/pull). Pure position arithmetic;
paying PF and reporting are the callers' business."""
from __future__ import annotations

from .state import FIRST_ZONE, LAST_ZONE, OFF_STAGE_HIGH, OFF_STAGE_LOW, DuellistState, DuelState, on_stage


def blocking_zones(state: DuelState, mover: DuellistState) -> set[int]:
    """Zones holding an opponent still in the duel or an opposing creature: voluntary movement
    stops before them (§4.3). Teammates and own creatures never block."""
    zones = {d.pos for d in state.duellists if d.team != mover.team and not d.out and on_stage(d.pos)}
    zones.update(c.pos for c in state.creatures if c.team != mover.team)
    return zones


def walk(start: int, wanted: int, blocked: set[int]) -> int:
    """Where a voluntary move from `start` toward zone `wanted` ends: before the first blocked zone."""
    step = 1 if wanted > start else -1
    pos = start
    while pos != wanted:
        if pos + step in blocked:
            break
        pos += step
    return pos


def move_destination(state: DuelState, mover: DuellistState, wanted: int) -> tuple[int, int]:
    """(destination, PF cost) of a voluntary move on the stage: 1 PF (the house's `move_pf`) per zone
    actually crossed. A climb back from off the stage is not a walk: see `climb_destination`."""
    per_zone = state.house.move_pf
    if not on_stage(mover.pos):
        end = climb_destination(state, mover, wanted)
        return (mover.pos, 0) if end is None else (end, abs(end - mover.pos) * per_zone)
    end = walk(mover.pos, wanted, blocking_zones(state, mover))
    return end, abs(end - mover.pos) * per_zone


def climb_destination(state: DuelState, mover: DuellistState, wanted: int) -> int | None:
    """Climbing back from 0 or 12 goes straight onto "la zone de votre choix" (rulebook §5.3,
    RULES.md "Off the stage"): nothing on the way blocks it, it costs |position - zone| zones. None when
    the chosen zone itself holds an opponent or an opposing creature (the climb is void)."""
    return None if wanted in blocking_zones(state, mover) else wanted


def push_destination(target_pos: int, target_team: int, source_pos: int, distance: int) -> tuple[int, bool]:
    """(new position, fell off) for a push of `distance` zones away from the source. In the same
    zone the target goes toward its own side (team 1 down, team 2 up). Blocking is ignored."""
    if target_pos > source_pos:
        direction = 1
    elif target_pos < source_pos:
        direction = -1
    else:
        direction = -1 if target_team == 1 else 1
    pos = target_pos + direction * distance
    if pos < FIRST_ZONE:
        return OFF_STAGE_LOW, True
    if pos > LAST_ZONE:
        return OFF_STAGE_HIGH, True
    return pos, False


def pull_destination(target_pos: int, source_pos: int, distance: int) -> int:
    """A pull moves up to `distance` zones toward the source, stopping in the zone next to it;
    a target already there (or in the source's own zone) does not move."""
    if target_pos < source_pos:
        return min(target_pos + distance, max(target_pos, source_pos - 1))
    if target_pos > source_pos:
        return max(target_pos - distance, min(target_pos, source_pos + 1))
    return target_pos
