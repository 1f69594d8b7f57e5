"""Reads for what anyone may see of a duel, logged in or not (spectator pages, the embed, the stage
pictures): running and finished duels only, published declarations only, never the seed before the
end (Duel.revealed_seed), never a draft."""
from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from clubs.roles import is_club_member
from duels.engine import DuelState
from duels.models import (
    RUNNING,
    Declaration,
    DeclarationStatus,
    Duel,
    DuelStatus,
    Participant,
    Window,
    WindowSlot,
    WindowState,
)
from duels.pages.presenters import preview_state

PUBLIC_STATUSES = (*RUNNING, DuelStatus.FINISHED)


def is_public(duel: Duel) -> bool:
    """Spectators follow a duel from its start signal to its end (not a pairing, not a cancelled duel)."""
    return duel.status in PUBLIC_STATUSES


def viewable_by(user, duel: Duel) -> bool:
    """Who may read a duel, on its page and in the API: anyone the public ones, the members of its club
    (the club being served) any of them. Another club's member or referee reads what a spectator reads."""
    return is_public(duel) or is_club_member(user)


def duels_viewable_by(user, duels: QuerySet[Duel]) -> QuerySet[Duel]:
    """`duels` narrowed to what `user` may read (viewable_by, as a filter)."""
    return duels if is_club_member(user) else duels.filter(status__in=PUBLIC_STATUSES)


def public_duel_get(*, pk: int) -> Duel | None:
    return Duel.objects.filter(pk=pk, status__in=PUBLIC_STATUSES).first()


def participants_of(duel: Duel) -> list[Participant]:
    return list(duel.participants.select_related("duellist").order_by("team", "pk"))


def duels_running_public() -> QuerySet[Duel]:
    """The running duels, oldest first, with their duellists and their open window's waiting slots
    (deadlines): the public list in a fixed number of queries."""
    return with_waiting(Duel.objects.filter(status__in=RUNNING).order_by("started_at", "pk"))


def with_waiting(duels: QuerySet[Duel]) -> QuerySet[Duel]:
    """`duels` with their duellists (`participants`, by team) and their open windows (`open_windows`) with
    each window's slots and deadlines: who is awaited, in three more queries whatever the number of duels."""
    open_windows = Window.objects.filter(state=WindowState.OPEN).prefetch_related(
        Prefetch("slots", queryset=WindowSlot.objects.select_related("participant__duellist").order_by("deadline", "pk"))
    )
    return duels.prefetch_related(
        Prefetch("participants", queryset=Participant.objects.select_related("duellist").order_by("team", "pk")),
        Prefetch("windows", queryset=open_windows, to_attr="open_windows"),
    )


def turn_last_declaration(duel: Duel, *, turn: int) -> Declaration | None:
    """The last published declaration of a turn (the stage "after turn n"), or None."""
    return (
        Declaration.objects.filter(window__duel=duel, window__turn=turn, status=DeclarationStatus.PUBLISHED)
        .select_related("window")
        .order_by("-published_at", "-pk")
        .first()
    )


def current_state(duel: Duel, participants: list[Participant]) -> DuelState:
    return DuelState.from_dict(duel.state, spells=duel.spells) if duel.state else preview_state(duel, participants)
