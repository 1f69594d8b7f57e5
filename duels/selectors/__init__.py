"""Reads for the duel pages and API (HackSoftware style: services write, selectors read)."""
from __future__ import annotations

import hashlib
import json

from django.db.models import Count, Max, Prefetch, Q, QuerySet

from accounts.models import Duellist, User
from duels.models import (
    Declaration,
    DeclarationStatus,
    Duel,
    DuelStatus,
    Exemption,
    ExemptionStatus,
    Fault,
    Participant,
    Post,
    Registration,
    RegistrationStatus,
    Window,
    WindowSlot,
    WindowState,
)
from duels.permissions import referee_candidates, refereed_duels


def referee_queue() -> QuerySet[Duel]:
    """Duels waiting for a referee, oldest first."""
    return (
        Duel.objects.filter(status=DuelStatus.MATCHED, referee__isnull=True)
        .defer("spells", "state", "seed")
        .order_by("created_at", "pk")
        .prefetch_related("participants__duellist")
    )


def duels_refereed_by(user: User) -> QuerySet[Duel]:
    return Duel.objects.filter(referee=user).exclude(status__in=[DuelStatus.FINISHED, DuelStatus.CANCELLED])


def duels_awaiting_declaration(user: User) -> QuerySet[Duel]:
    return duels_refereed_by(user).filter(status__in=[DuelStatus.AWAITING_FIRST, DuelStatus.AWAITING_SECOND])


def registration_waiting(duellist: Duellist) -> Registration | None:
    return Registration.objects.filter(duellist=duellist, status=RegistrationStatus.WAITING).first()


def participant_for(duel: Duel, user: User) -> Participant | None:
    if not user.is_authenticated:
        return None
    return Participant.objects.filter(duel=duel, duellist__user=user).select_related("duellist").first()


def open_window(duel: Duel) -> Window | None:
    """The duel's open window with its slots (None between a window's close and the next declaration)."""
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


def duel_timeline_recent(duel: Duel, participants: list[Participant]) -> list[Window]:
    """`duel_timeline` for the last two turns only: the adjudication page shows the phase under review
    and checks whether the latest declaration (the only one that can be corrected, always of the
    current turn or the one before) can still be corrected. Flat in the number of turns. The posts'
    and slots' participants are the page's own `participants` (with their duellist), not joined again."""
    windows = list(
        Window.objects.filter(duel=duel, turn__gte=settled_turn(duel))
        .order_by("turn", "opened_at", "pk")
        .prefetch_related(Prefetch("posts", queryset=Post.objects.order_by("order")), "slots")
        .select_related("declaration")
    )
    for window in windows:
        with_participants([*window.posts.all(), *window.slots.all()], participants)
    return windows


def duel_windows_outline(duel: Duel, from_turn: int = 1) -> QuerySet[Window]:
    """Every window (of the turns from `from_turn` on) in order, light: its post count, its declaration
    without the heavy JSON (events, rolls, state after). What the duel page needs to lay out the thread
    and to key each phase's cached HTML; the content is read only for a phase not cached."""
    return (
        Window.objects.filter(duel=duel, turn__gte=from_turn)
        .order_by("turn", "opened_at", "pk")
        # one join and a GROUP BY (the window's key on PostgreSQL): far cheaper to build than two subqueries
        .annotate(post_count=Count("posts"), last_post_id=Max("posts__pk"))
        .select_related("declaration")
        .defer("declaration__events", "declaration__rolls", "declaration__state_after", "declaration__state_before",
               "declaration__adjustments", "declaration__text", "declaration__referee_comment")
    )


def declaration_draft(duel: Duel) -> Declaration | None:
    return (
        Declaration.objects.filter(window__duel=duel, status=DeclarationStatus.DRAFT)
        .select_related("window")
        .order_by("-window__turn", "-prepared_at")
        .first()
    )


def draft_in(timeline: list[Window]) -> Declaration | None:
    """declaration_draft, read from windows already loaded with their declaration (duel_timeline_recent:
    the phase under review, hence its draft, is always in the last two turns)."""
    for window in reversed(timeline):
        try:
            declaration = window.declaration
        except Window.declaration.RelatedObjectDoesNotExist:
            continue
        if declaration.status == DeclarationStatus.DRAFT:
            return declaration
    return None


# --- pages -------------------------------------------------------------------------------

def participations_of(user: User) -> QuerySet[Participant]:
    """The user's duels, newest first, with their duellists and open windows (slots, deadlines):
    the dashboard's list in a fixed number of queries."""
    open_windows = Window.objects.filter(state=WindowState.OPEN).prefetch_related(
        Prefetch("slots", queryset=WindowSlot.objects.select_related("participant__duellist"))
    )
    return (
        Participant.objects.filter(duellist__user=user)
        .select_related("duel__referee", "duellist")
        .defer("duel__spells", "duel__state", "duel__seed")  # kilobytes a duel the list never shows
        .prefetch_related(
            Prefetch("duel__participants", queryset=Participant.objects.select_related("duellist")),
            Prefetch("duel__windows", queryset=open_windows, to_attr="open_windows"),
        )
        .order_by("-duel__created_at", "-duel__pk")
    )


def _refereed(user: User) -> QuerySet[Duel]:
    """The referee's duels still under way, for lists: without the spell snapshot and engine state."""
    duels = Duel.objects.exclude(status__in=[DuelStatus.FINISHED, DuelStatus.CANCELLED]).defer("spells", "state", "seed")
    return refereed_duels(user, duels)


def declarations_due_for(user: User) -> QuerySet[Duel]:
    """Duels of this referee (staff holding the permission: every duel they do not play in) waiting for a declaration, the longest waiting first."""
    return (
        _refereed(user)
        .filter(status__in=[DuelStatus.AWAITING_FIRST, DuelStatus.AWAITING_SECOND])
        .annotate(due_since=Max("windows__closed_at"))
        .order_by("due_since", "pk")
        .select_related("referee")
        .prefetch_related(Prefetch("participants", queryset=Participant.objects.select_related("duellist")))
    )


def duels_to_start_for(user: User) -> QuerySet[Duel]:
    """Duels this referee took that are not started yet (magic types still missing, or ready)."""
    return (
        _refereed(user)
        .filter(status__in=[DuelStatus.SETUP, DuelStatus.READY])
        .order_by("created_at", "pk")
        .prefetch_related(Prefetch("participants", queryset=Participant.objects.select_related("duellist")))
    )


def duels_running_for(user: User) -> QuerySet[Duel]:
    return (
        _refereed(user)
        .filter(status__in=[DuelStatus.ACTION, DuelStatus.DEFENCE])
        .order_by("created_at", "pk")
        .prefetch_related(Prefetch("participants", queryset=Participant.objects.select_related("duellist")))
    )


def exemptions_pending_for(user: User):
    qs = Exemption.objects.filter(status=ExemptionStatus.REQUESTED).select_related(
        "participant__duellist", "participant__duel", "window"
    ).defer("participant__duel__spells", "participant__duel__state", "participant__duel__seed")
    return qs.filter(participant__duel__in=refereed_duels(user, Duel.objects.all())).order_by("requested_at", "pk")


def exemptions_of_duel(participants: list[Participant]) -> list:
    """The exemption requests of these participants (the duel's, or one duellist's), oldest first, each
    with its participant from that list (with their duellist)."""
    rows = Exemption.objects.filter(participant__in=[p.pk for p in participants]).order_by("requested_at", "pk")
    return with_participants(rows, participants)


def faults_of_duel(participants: list[Participant]) -> list:
    """The faults of these participants (as exemptions_of_duel), with who recorded them."""
    rows = Fault.objects.filter(participant__in=[p.pk for p in participants]).select_related("recorded_by")
    return with_participants(rows, participants)


def open_phase_posts_and_slots(window: Window | None, participants: list[Participant]) -> tuple[list, list]:
    """The open phase's posts (posting order) and slots, each with its participant from the page's
    list: two plain statements (what the duel page and its poll show of the phase being played).
    `window`: from duel_windows_outline (its post_count spares the posts statement when there are none)."""
    if window is None:
        return [], []
    posts = window.posts.order_by("order") if window.post_count else []
    return with_participants(posts, participants), with_participants(window.slots.order_by("pk"), participants)


def with_participants(rows, participants: list[Participant]) -> list:
    """Rows of a participant's (posts, slots, faults, exemptions) with their participant taken from the
    page's own list rather than joined again."""
    by_pk = {p.pk: p for p in participants}
    rows = list(rows)
    for row in rows:
        row.participant = by_pk[row.participant_id]
    return rows


def registrations_waiting_count() -> dict[tuple[str, str], int]:
    rows = (
        Registration.objects.filter(status=RegistrationStatus.WAITING)
        .values("kind", "format").annotate(n=Count("pk"))
    )
    return {(r["kind"], r["format"]): r["n"] for r in rows}


def settled_turn(duel: Duel) -> int:
    """Phases of the turns before this one can no longer change: only the latest published declaration
    can be corrected, and it belongs to the current turn or the one before (the correction of a
    declaration, its voided posts and the phases it removes are all in those two turns). The pages read
    the last two turns; the settled phases before them are cached HTML (duels/pages/thread_fragments.py)."""
    return max(duel.turn - 1, 1)


def duel_version(duel: Duel, recent: list[Window] | None = None) -> str:
    """Changes whenever the duel page's live part would: a post, a declaration, a sanction, a new
    deadline. The HTMX poll sends the version it shows and gets 204 (nothing to swap) when equal.
    Read over the last two turns (the settled ones cannot change): flat in the number of turns.
    `recent`: that outline (duel_windows_outline from settled_turn) when the caller has read it."""
    if recent is not None:
        opened = [w.due_at for w in recent if w.state == WindowState.OPEN and w.due_at]
        row = {"last": recent[-1].pk if recent else 0, "due": max(opened, default=None),
               "posts": sum(w.post_count for w in recent),
               "declared": sum(1 for w in recent if w.published_declaration is not None)}
    else:
        row = Window.objects.filter(duel=duel, turn__gte=settled_turn(duel)).aggregate(
            last=Max("pk"), due=Max("due_at", filter=Q(state=WindowState.OPEN)), posts=Count("posts", distinct=True),
            declared=Count("declaration", filter=Q(declaration__status=DeclarationStatus.PUBLISHED), distinct=True),
        )
    due = int(row["due"].timestamp()) if row["due"] else 0
    state = duel.state or {}
    points = json.dumps([state.get(key) for key in ("duellists", "creatures", "pending")], sort_keys=True)
    parts = (duel.status, duel.turn, row["posts"], row["declared"], row["last"] or 0, due,
             hashlib.sha256(points.encode()).hexdigest()[:12])
    return ".".join(str(part) for part in parts)


def referees_and_staff() -> QuerySet[User]:
    """Who may referee a duel (the handover form's choices): the club's referees and staff."""
    return referee_candidates()
