"""Referee declarations: the server rolls and resolves a draft; the referee publishes it."""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from audit.models import AuditAction
from audit.services import audit_record
from duels.events import DeclarationPublished, WindowOpened, emit
from duels.models import (
    Declaration,
    DeclarationKind,
    DeclarationStatus,
    Duel,
    DuelStatus,
    Phase,
    Post,
    Window,
)
from duels.permissions import require_duel_referee
from duels.services import dice, rules
from duels.services.common import duel_lock, state_fingerprint, window_open
from duels.services.errors import MESSAGES, DuelError
from duels.services.finish import duel_finish

AWAITING = {DuelStatus.AWAITING_FIRST: Phase.ACTION, DuelStatus.AWAITING_SECOND: Phase.DEFENCE}


def rolls_apply(*, seed: str, turn: int, phase: str, posts: list[Post]) -> tuple[list[dict], list[dict]]:
    """The posts as the engine wants them (posting order), each bet and dodge given its derived roll,
    and the list of rolls with what each decided."""
    engine_posts, rolls = [], []
    for post in posts:
        steps = []
        for index, step in enumerate(post.steps):
            step = dict(step)
            if rules.step_needs_roll(step):
                bet = step["dodge"] if "dodge" in step else step["bet"]
                roll = dice.roll_derive(seed=seed, turn=turn, phase=phase, post_order=post.order, step_index=index)
                step["roll"] = roll
                success = rules.bet_wins(bet, roll)
                rolls.append({
                    "post_order": post.order, "step_index": index, "by": post.participant.engine_id,
                    "kind": "dodge" if "dodge" in step else "bet", "spell": step.get("cast"), "bet": str(bet),
                    "roll": roll, "success": success, "decided": "pari gagné" if success else "pari perdu",
                })
            steps.append(step)
        engine_posts.append({"by": post.participant.engine_id, "steps": steps})
    return engine_posts, rolls


def _window_to_declare(duel: Duel) -> Window:
    phase = AWAITING.get(duel.status)
    if phase is None:
        raise DuelError("not-awaiting-declaration")
    return Window.objects.get(duel=duel, turn=duel.turn, phase=phase)


def declaration_compute(*, duel: Duel, window: Window, state_before: dict, adjustments: list[dict]) -> dict:
    """The draft's fields: the window's posts (less those a correction voided) with their derived dice,
    resolved from `state_before` with the referee's decisions. Same inputs, same draft: a correction
    re-runs this from the stored state before, with the same dice."""
    state = rules.state_load(state_before, duel.spells)
    voided = {entry["post"] for entry in window.voided_posts}
    posts = [p for p in window.posts.select_related("participant").order_by("order") if p.pk not in voided]
    engine_posts, rolls = rolls_apply(seed=duel.seed, turn=window.turn, phase=window.phase, posts=posts)
    resolve = rules.resolve_action_phase if window.phase == Phase.ACTION else rules.resolve_defence_phase
    try:
        result = rules.resolve_with_adjustments(state, engine_posts, adjustments, resolve)
    except ValueError as error:  # a decision the state no longer allows (adjustment_error's code)
        code = str(error)  # the code stays the engine's; a missing reason is told as a decision's
        message = MESSAGES["decision-reason-required"] if code == "reason-required" else None
        raise DuelError(code, message) from error
    events = [event.to_dict() for event in result.events]
    return {
        "kind": DeclarationKind.FIRST if window.phase == Phase.ACTION else DeclarationKind.SECOND,
        "rolls": rolls,
        "events": events,
        "text": "\n".join(event["text"] for event in events),
        "state_before": state_before,
        "state_after": rules.state_dump(result.state),
        "state_before_sha256": state_fingerprint(state_before),
        "adjustments": adjustments,
        "outcome": {**result.outcome.to_dict(), "defence_follows": result.defence_follows,
                    "expected_posters": list(result.expected_posters)},
    }


@transaction.atomic
def declaration_prepare(*, duel: Duel, by: User, now: dt.datetime | None = None) -> Declaration:
    """Roll the dice of the closed window, resolve it with the engine and store (or refresh) the draft:
    rolls with what each decided, events, French text, state after. Nothing is public until published."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    require_duel_referee(duel, by)
    window = _window_to_declare(duel)
    existing = Declaration.objects.select_for_update().filter(window=window).first()
    if existing is not None and existing.is_published:
        raise DuelError("declaration-published")
    adjustments = list(existing.adjustments) if existing is not None else []
    fields = declaration_compute(duel=duel, window=window, state_before=duel.state, adjustments=adjustments)
    fields["prepared_at"] = now
    declaration, _created = Declaration.objects.update_or_create(window=window, defaults=fields)
    return declaration


@transaction.atomic
def declaration_publish(
    *, declaration: Declaration, by: User, comment: str = "", now: dt.datetime | None = None
) -> Declaration:
    """Publish a draft (optionally with the referee's comment). Idempotent: publishing an already
    published declaration returns it unchanged. Publishing opens the defence window, or the next turn's
    action window, or finishes the duel (§3.3)."""
    now = now or timezone.now()
    duel = duel_lock(declaration.window.duel)
    declaration = Declaration.objects.select_for_update().select_related("window").get(pk=declaration.pk)
    require_duel_referee(duel, by)
    if declaration.is_published:
        return declaration
    if state_fingerprint(duel.state) != declaration.state_before_sha256 or AWAITING.get(duel.status) is None:
        raise DuelError("declaration-stale")
    declaration.status = DeclarationStatus.PUBLISHED
    declaration.published_at = now
    declaration.published_by = by
    declaration.referee_comment = comment or ""
    declaration.save(update_fields=["status", "published_at", "published_by", "referee_comment"])
    audit_record(actor=by, action=AuditAction.DECLARATION_PUBLISH, duel=duel, reason=comment or "",
                 data={"declaration": declaration.pk, "window": declaration.window_id, "turn": declaration.window.turn,
                       "phase": declaration.window.phase, "revision": declaration.revision})
    state = rules.state_load(declaration.state_after)
    if rules.outcome(state).finished:
        duel_finish(duel=duel, state=state, now=now)
        emit(DeclarationPublished(duel=duel, declaration=declaration, now=now))  # told with the result and rewards
        return declaration
    duel.state = declaration.state_after
    duel.turn = state.turn
    duel.save(update_fields=["state", "turn"])
    window = window_open(duel=duel, phase=state.phase, expected=rules.expected_posters(state), opened_by=declaration,
                         now=now)
    # The declaration told before the window it opens (the duellists read them in that order).
    emit(DeclarationPublished(duel=duel, declaration=declaration, next_window=window, now=now))
    emit(WindowOpened(duel=duel, window=window, now=now))
    return declaration
