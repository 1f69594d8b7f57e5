"""Reads for the duel pages and API (HackSoftware style: services write, selectors read)."""
from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from accounts.models import Duellist, User
from duels.models import (
    RUNNING,
    Declaration,
    DeclarationStatus,
    Duel,
    DuelStatus,
    Participant,
    Post,
    Registration,
    RegistrationStatus,
    Window,
    WindowSlot,
    WindowState,
)


def referee_queue() -> QuerySet[Duel]:
    """Duels waiting for a referee, oldest first."""
    return (
        Duel.objects.filter(status=DuelStatus.MATCHED, referee__isnull=True)
        .order_by("created_at", "pk")
        .prefetch_related("participants__duellist")
    )


def duels_refereed_by(user: User) -> QuerySet[Duel]:
    return Duel.objects.filter(referee=user).exclude(status__in=[DuelStatus.FINISHED, DuelStatus.CANCELLED])


def duels_awaiting_declaration(user: User) -> QuerySet[Duel]:
    return duels_refereed_by(user).filter(status__in=[DuelStatus.AWAITING_FIRST, DuelStatus.AWAITING_SECOND])


def duels_running() -> QuerySet[Duel]:
    return Duel.objects.filter(status__in=RUNNING)


def registration_waiting(duellist: Duellist) -> Registration | None:
    return Registration.objects.filter(duellist=duellist, status=RegistrationStatus.WAITING).first()


def participant_for(duel: Duel, user: User) -> Participant | None:
    if not user.is_authenticated:
        return None
    return Participant.objects.filter(duel=duel, duellist__user=user).select_related("duellist").first()


def window_open(duel: Duel) -> Window | None:
    return (
        Window.objects.filter(duel=duel, state=WindowState.OPEN)
        .prefetch_related("slots__participant__duellist")
        .first()
    )


def duel_timeline(duel: Duel) -> QuerySet[Window]:
    """Every window in order with its posts (posting order) and its declaration: the duel's history.
    Declarations are included published only; drafts are for the referee (see declaration_draft)."""
    return (
        Window.objects.filter(duel=duel)
        .order_by("turn", "opened_at", "pk")
        .prefetch_related(
            Prefetch("posts", queryset=Post.objects.select_related("participant__duellist").order_by("order")),
            Prefetch("slots", queryset=WindowSlot.objects.select_related("participant__duellist")),
        )
        .select_related("declaration")
    )


def declaration_draft(duel: Duel) -> Declaration | None:
    return (
        Declaration.objects.filter(window__duel=duel, status=DeclarationStatus.DRAFT)
        .select_related("window")
        .order_by("-window__turn", "-prepared_at")
        .first()
    )


def declarations_published(duel: Duel) -> QuerySet[Declaration]:
    return Declaration.objects.filter(window__duel=duel, status=DeclarationStatus.PUBLISHED).order_by(
        "window__turn", "published_at"
    )
