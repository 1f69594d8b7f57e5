"""Correcting the latest published declaration: the referee reopens it with a reason, the duel
goes back to the state stored before it, a post may be voided and referee decisions applied, and the
declaration is resolved again from that state with the SAME derived dice (rolls come from the seed and
the roll's place, which a correction never changes), so `verify_dice` still passes.

The published version is kept as a DeclarationRevision (shown struck through with the reason); the
corrected declaration takes its place in the thread. Refused, with a French message, when it is not the
duel's latest declaration, when the window it opened already has posts (or the sweep filled it), when a
sanction changed the duel since, and for a finished duel more than 48 h after its end or when the
correction would bring it back to life (its dice seed is public once it ends).
"""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from audit.models import AuditAction
from audit.services import audit_record
from duels.events import DeclarationCorrected, PostReopened, ResultReopened, emit
from duels.models import (
    Declaration,
    DeclarationRevision,
    DeclarationStatus,
    Duel,
    DuelStatus,
    Phase,
    Post,
    SlotStatus,
    Window,
    WindowState,
)
from duels.permissions import require_duel_referee
from duels.selectors.house_rules import posting_delay, rules_of
from duels.services import rules
from duels.services.common import duel_lock
from duels.services.declarations import declaration_compute, declaration_publish
from duels.services.errors import DuelError

FINISHED_CORRECTION_DELAY = dt.timedelta(hours=48)
VOID_PASS, VOID_REPOST = "pass", "repost"


def latest_published(duel: Duel) -> Declaration | None:
    return (
        Declaration.objects.filter(window__duel=duel, status=DeclarationStatus.PUBLISHED)
        .order_by("-window__turn", "-window__phase", "-pk").first()  # "defence" sorts after "action"
    )


def correction_refusal(
    *, duel: Duel, declaration: Declaration, now: dt.datetime, timeline: list[Window] | None = None
) -> DuelError | None:
    """Why this declaration cannot be corrected now (the page hides the form and says so), or None.
    `timeline`: the duel's windows already loaded with their declaration and posts (the pages'
    `duel_timeline`), read instead of querying again."""
    if not declaration.is_published:
        return DuelError("declaration-not-published")
    if declaration.state_before is None:
        return DuelError("declaration-not-correctable")
    if timeline is not None:
        published = [w.published_declaration for w in timeline if w.published_declaration is not None]
        latest = published[-1] if published else None
        following = next((w for w in timeline if w.opened_by_id == declaration.pk), None)
        following_has_posts = following is not None and bool(following.posts.all())
    else:
        latest = latest_published(duel)
        following = Window.objects.filter(opened_by=declaration).first()
        following_has_posts = following is not None and following.posts.exists()
    if latest is None or latest.pk != declaration.pk:
        return DuelError("not-latest-declaration")
    if duel.status == DuelStatus.CANCELLED:
        return DuelError("duel-already-over")
    if duel.status == DuelStatus.FINISHED:
        if duel.finished_at is None or now > duel.finished_at + FINISHED_CORRECTION_DELAY:
            return DuelError("correction-too-late")
        if duel.state != declaration.state_after:
            return DuelError("declaration-changed-since")
        return None
    if following is None:
        return DuelError("declaration-changed-since")
    if following_has_posts or following.state != WindowState.OPEN:
        return DuelError("next-window-has-posts")
    if duel.state != declaration.state_after:
        return DuelError("declaration-changed-since")  # a sanction (fault, forfeit) came after it
    return None


@transaction.atomic
def declaration_correct(
    *, declaration: Declaration, by: User, reason: str, void_post: Post | None = None, void_mode: str = VOID_PASS,
    adjustments: list[dict] | None = None, now: dt.datetime | None = None,
) -> Declaration:
    """Correct the duel's latest published declaration. With no void and no decision it republishes the
    same declaration (same state, same events). `void_mode`: "pass" (the voided post counts as a pass /
    "do nothing") or "repost" (its author gets a fresh 48 h window; the declaration waits as a draft).
    `adjustments`: referee decisions (duels.engine.adjustments), each with its reason."""
    now = now or timezone.now()
    duel = duel_lock(declaration.window.duel)
    declaration = Declaration.objects.select_for_update().select_related("window").get(pk=declaration.pk)
    window = Window.objects.select_for_update().get(pk=declaration.window_id)
    require_duel_referee(duel, by)
    reason = (reason or "").strip()
    if not reason:
        raise DuelError("correction-reason-required")
    refusal = correction_refusal(duel=duel, declaration=declaration, now=now)
    if refusal is not None:
        raise refusal
    was_finished = duel.status == DuelStatus.FINISHED
    void = _void_entry(window, void_post, void_mode, reason) if void_post is not None else None
    if void is not None and void["mode"] == VOID_REPOST and was_finished:
        raise DuelError("correction-revives-duel")
    decisions = [_clean_decision(a) for a in (adjustments or [])]
    if void is not None:
        window.voided_posts = [*window.voided_posts, void]
        window.save(update_fields=["voided_posts"])
    fields = declaration_compute(duel=duel, window=window, state_before=declaration.state_before,
                                 adjustments=[*declaration.adjustments, *decisions])
    if was_finished and not rules.outcome(rules.state_load(fields["state_after"], duel.spells)).finished:
        raise DuelError("correction-revives-duel")
    _keep_published_version(declaration, by=by, reason=reason, now=now)
    Window.objects.filter(opened_by=declaration).delete()  # empty (checked above): its slots go with it
    if was_finished:
        _unfinish(duel, corrected_state=fields["state_after"], now=now)
    duel.state = declaration.state_before
    duel.turn = window.turn
    duel.status = DuelStatus.AWAITING_FIRST if window.phase == Phase.ACTION else DuelStatus.AWAITING_SECOND
    duel.save(update_fields=["state", "turn", "status", "finished_at", "winner_team", "is_draw"])
    for name, value in fields.items():
        setattr(declaration, name, value)
    declaration.status = DeclarationStatus.DRAFT
    declaration.published_at = None
    declaration.published_by = None
    declaration.revision += 1
    declaration.prepared_at = now
    declaration.save()
    audit_record(actor=by, action=AuditAction.DECLARATION_CORRECT, duel=duel, reason=reason,
                 data={"declaration": declaration.pk, "revision": declaration.revision, "turn": window.turn,
                       "phase": window.phase, "void": void, "decisions": decisions})
    if void is not None:
        audit_record(actor=by, action=AuditAction.POST_VOID, duel=duel, reason=reason, data=void)
    for decision in decisions:
        audit_record(actor=by, action=AuditAction.DECISION, duel=duel, reason=decision["reason"],
                     data={"declaration": declaration.pk, **decision})
    emit(DeclarationCorrected(duel=duel, declaration=declaration, now=now))
    if void is not None and void["mode"] == VOID_REPOST:
        _reopen_for_repost(duel=duel, window=window, post_id=void["post"], now=now)
        return declaration
    return declaration_publish(declaration=declaration, by=by, comment=declaration.referee_comment, now=now)


def _void_entry(window: Window, post: Post, mode: str, reason: str) -> dict:
    post = Post.objects.select_related("participant").filter(pk=post.pk, window=window).first()
    if post is None:
        raise DuelError("post-not-in-window")
    if mode not in (VOID_PASS, VOID_REPOST):
        raise DuelError("invalid-void-mode")
    if any(entry["post"] == post.pk for entry in window.voided_posts):
        raise DuelError("post-already-voided")
    return {"post": post.pk, "by": post.participant.engine_id, "mode": mode, "reason": reason}


def _clean_decision(adjustment: dict) -> dict:
    """Keep only the known keys (the engine checks the values against the state)."""
    if not isinstance(adjustment, dict):
        raise DuelError("invalid-adjustment")
    keys = ("target", "kind", "delta", "zone", "status", "reason")
    cleaned = {key: adjustment[key] for key in keys if key in adjustment and adjustment[key] not in (None, "")}
    if isinstance(cleaned.get("reason"), str):
        cleaned["reason"] = cleaned["reason"].strip()
    return cleaned


def _keep_published_version(declaration: Declaration, *, by: User, reason: str, now: dt.datetime) -> None:
    DeclarationRevision.objects.create(
        declaration=declaration, number=declaration.revision + 1, text=declaration.text, rolls=declaration.rolls,
        events=declaration.events, state_after=declaration.state_after, outcome=declaration.outcome,
        adjustments=declaration.adjustments, referee_comment=declaration.referee_comment,
        published_at=declaration.published_at, published_by=declaration.published_by,
        reason=reason, corrected_at=now, corrected_by=by,
    )


def _unfinish(duel: Duel, *, corrected_state: dict, now: dt.datetime) -> None:
    """A finished duel goes back to awaiting this declaration; the republish finishes it again. When the
    result changes, `ResultReopened` withdraws the results recorded for it (rankings); the republish's
    `DuelFinished` records the corrected ones."""
    corrected = rules.outcome(rules.state_load(corrected_state, duel.spells))
    if corrected.winner != duel.winner_team or (corrected.winner is None) != duel.is_draw:
        emit(ResultReopened(duel=duel, now=now))
    duel.finished_at = None
    duel.winner_team = None
    duel.is_draw = False  # saved by the caller with the status (a constraint ties them together)


def _reopen_for_repost(*, duel: Duel, window: Window, post_id: int, now: dt.datetime) -> None:
    """The author of the voided post may post again in the same window, with a fresh 48 h deadline."""
    post = Post.objects.get(pk=post_id)
    slot = window.slots.select_for_update().get(participant_id=post.participant_id)
    slot.status = SlotStatus.WAITING
    slot.deadline = now + posting_delay(rules_of(duel))
    slot.reminded_24h_at = slot.reminded_6h_at = None
    slot.save(update_fields=["status", "deadline", "reminded_24h_at", "reminded_6h_at"])
    window.state = WindowState.OPEN
    window.closed_at = None
    window.due_at = slot.deadline
    window.save(update_fields=["state", "closed_at", "due_at"])
    duel.status = DuelStatus.ACTION if window.phase == Phase.ACTION else DuelStatus.DEFENCE
    duel.save(update_fields=["status"])
    emit(PostReopened(duel=duel, window=window, participant_id=post.participant_id, now=now))
