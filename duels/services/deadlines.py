"""The deadline sweep (DESIGN.md "Deadlines"; healthchecks' sendalerts pattern).

Expiry is per window: a window is due at `Window.due_at`, the latest deadline among the duellists it
still awaits (48 h after the referee post, later for a granted exemption; recomputed on every post
and exemption). So a window expires only once every missing poster is late, and then each of them at
once gets an absence fault and an automatic post. A duellist past their own deadline can no longer
post meanwhile (post_submit checks each duellist's deadline), so the outcome is the same as expiring
slots one by one; only the time the fault is written differs.

At the very instant of a deadline a post is still on time and the window is already due: the duel row
lock taken by both post_submit and the sweep, and the sweep's conditional update, decide which wins.

The sweep is set-based: one statement claims a batch of due windows and their duels
(`SELECT … FOR UPDATE SKIP LOCKED`: a duel locked by a post, a referee or another sweep is left to the
next run, so concurrent sweeps share the work and never wait on each other), the engine counts the
absences in memory, then one statement per table writes the whole batch (slots, automatic posts,
participants, faults, duels) and one after-commit job stores the notices. A batch that fails is
rolled back and replayed window by window, so one bad window never blocks the others.

The sweep serves every club at once (DESIGN.md "Clubs"): the claim and the batch's writes run under
`scopes_disabled()` (one statement for all clubs: the cost grows with the windows due, not with the
clubs), and whatever speaks to people — a fault's wording in the club's time zone, a finished duel, the
notices and announcements with their links — runs inside `activate_club` of the window's club.
"""
from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from clubs.scoping import activate_club, scopes_disabled
from duels.events import WindowsExpired, emit
from duels.models import (
    Duel,
    DuelStatus,
    Fault,
    FaultKind,
    Participant,
    Phase,
    Post,
    SlotStatus,
    Window,
    WindowSlot,
    WindowState,
)
from duels.services import rules
from duels.services.finish import duel_finish
from duels.services.sanctions import absence_count

logger = logging.getLogger(__name__)


@dataclass
class SweepReport:
    expired_windows: list[int] = field(default_factory=list)
    absences: list[tuple[int, str]] = field(default_factory=list)  # (duel id, engine id)
    disqualified: list[tuple[int, str]] = field(default_factory=list)
    finished_duels: list[int] = field(default_factory=list)
    failed_windows: list[int] = field(default_factory=list)

    def merge(self, other: SweepReport) -> None:
        for name in ("expired_windows", "absences", "disqualified", "finished_duels"):
            getattr(self, name).extend(getattr(other, name))

    def describe(self) -> str:
        """One line for logs and commands: what this run did."""
        if not (self.expired_windows or self.failed_windows):
            return "no window due"
        parts = [f"{len(self.expired_windows)} window(s) expired {self.expired_windows}"]
        if self.absences:
            parts.append("absence faults: " + ", ".join(f"duel {d} {who}" for d, who in self.absences))
        if self.disqualified:
            parts.append("disqualified: " + ", ".join(f"duel {d} {who}" for d, who in self.disqualified))
        if self.finished_duels:
            parts.append(f"duels finished {self.finished_duels}")
        if self.failed_windows:
            parts.append(f"FAILED (left open, retried next run) {self.failed_windows}")
        return "; ".join(parts)


def automatic_steps(phase: str) -> list[dict]:
    """What a missing post counts as (§6): a pass in the action phase, "do nothing" in defence."""
    return [] if phase == Phase.ACTION else [{"nothing": True}]


BATCH = 200  # windows per transaction: one claim statement, one write per table


def window_expire_overdue(*, now: dt.datetime | None = None, window_id: int | None = None) -> SweepReport:
    """Expire every open window that is due (only window `window_id` when given: the eta task), batch by
    batch. A window is claimed under its duel's row lock and its state changes `open → expired` once:
    concurrent or repeated runs never process a window twice. A window whose processing fails is left
    open (retried on the next run) and reported."""
    now = now or timezone.now()
    report = SweepReport()
    failed: set[int] = set()
    only = [window_id] if window_id is not None else None
    while True:
        tried: list[int] = []
        try:
            with transaction.atomic():
                claimed = _expire_batch(now=now, only=only, skip=failed, tried=tried, report=report)
        except Exception:
            if not tried:
                raise  # the claim itself failed (database unreachable…): the task's retry handles it
            _replay_one_by_one(tried, now=now, report=report, failed=failed)
            claimed = len(tried)
        if only is not None or claimed < BATCH:
            return report


def _replay_one_by_one(window_ids: list[int], *, now: dt.datetime, report: SweepReport, failed: set[int]) -> None:
    """A batch failed as a whole: retry its windows one per transaction, reporting those that fail."""
    for window_id in window_ids:
        tried: list[int] = []
        try:
            with transaction.atomic():
                _expire_batch(now=now, only=[window_id], skip=failed, tried=tried, report=report)
        except Exception:
            logger.exception("Deadline sweep: window %s failed; it stays open for the next run.", window_id)
            report.failed_windows.append(window_id)
            failed.add(window_id)


@dataclass
class _Expiry:
    """One window's outcome, computed in memory before anything is written."""

    window: Window
    state: rules.DuelState
    absent: list[WindowSlot]
    posts: list[Post]
    faults: list[Fault]
    state_changed: bool  # False when the absences only counted (the stored state still holds)
    disqualified: list[str]  # engine ids disqualified by this expiry (their third absence)


def _expire_batch(
    *, now: dt.datetime, only: list[int] | None, skip: set[int], tried: list[int], report: SweepReport
) -> int:
    """Claim up to BATCH due windows of every club with their duels and expire them. Returns how many
    were claimed."""
    with scopes_disabled():  # what is due, in every club: one statement
        due = (
            Window.objects.select_for_update(skip_locked=True, of=("self", "duel")).select_related("duel", "club")
            .defer("duel__spells")  # the state is enough: the engine does not re-read the catalog here
            .filter(state=WindowState.OPEN, due_at__lte=now).exclude(pk__in=skip).order_by("due_at", "pk")
        )
        if only is not None:
            due = due.filter(pk__in=only)
        windows = list(due[:BATCH])
        tried.extend(w.pk for w in windows)
        if not windows:
            return 0
        absent: dict[int, list[WindowSlot]] = {w.pk: [] for w in windows}
        for slot in WindowSlot.objects.filter(window__in=windows, status=SlotStatus.WAITING).select_related(
            "participant"
        ).order_by("deadline", "pk"):
            absent[slot.window_id].append(slot)
        last_order = dict(
            Post.objects.filter(window__in=windows).order_by().values("window_id").annotate(last=Max("order"))
            .values_list("window_id", "last")
        )
    expiries = []
    for window in windows:
        try:
            with activate_club(window.club):  # the fault's wording: the club's time zone
                expiries.append(_expiry(window, absent[window.pk], last_order.get(window.pk, 0), now))
        except Exception:
            logger.exception("Deadline sweep: window %s failed; it stays open for the next run.", window.pk)
            report.failed_windows.append(window.pk)
            skip.add(window.pk)
    if expiries:
        _write(expiries, now=now, report=report)
    return len(windows)


def _expiry(window: Window, absent: list[WindowSlot], last_order: int, now: dt.datetime) -> _Expiry:
    state = loaded = rules.state_load(window.duel.state)
    posts, faults, disqualified = [], [], []
    for order, slot in enumerate(absent, start=last_order + 1):
        participant = slot.participant
        posts.append(Post(
            window=window, participant=participant, order=order, steps=automatic_steps(window.phase),
            automatic=True, submitted_at=now,
        ))
        was_disqualified = participant.disqualified
        state, events = absence_count(participant=participant, state=state, save=False, duel=window.duel)
        if participant.disqualified and not was_disqualified:
            disqualified.append(participant.engine_id)
        faults.append(Fault(
            participant=participant, kind=FaultKind.ABSENCE, window=window, created_at=now,
            note=" ".join(
                [f"Absence : aucun message avant le {timezone.localtime(slot.deadline):%d/%m/%Y %H:%M}."]
                + [e.text for e in events]
            ),
        ))
    return _Expiry(window=window, state=state, absent=absent, posts=posts, faults=faults,
                   state_changed=state is not loaded, disqualified=disqualified)


def _write(expiries: list[_Expiry], *, now: dt.datetime, report: SweepReport) -> None:
    """The batch's writes: one statement per table for every club (the rows are named by key), then,
    club by club, the (rare) duels this expiry finished and the event (notices, announcements)."""
    ids = [e.window.pk for e in expiries]
    with scopes_disabled():
        claimed = Window.objects.filter(pk__in=ids, state=WindowState.OPEN).update(
            state=WindowState.EXPIRED, closed_at=now
        )
        if claimed != len(ids):  # only without row locks (SQLite): another sweep got there first
            raise RuntimeError(f"Deadline sweep: {len(ids) - claimed} window(s) of the batch already taken")
        slots = [slot for e in expiries for slot in e.absent]
        WindowSlot.objects.filter(pk__in=[s.pk for s in slots]).update(status=SlotStatus.ABSENT)
        Post.objects.bulk_create([post for e in expiries for post in e.posts])  # each takes its window's club
        # One slot per participant per window and one window per duel: each absent participant once here,
        # so the count the engine saw + 1 is the stored count + 1 (the duel rows are locked).
        Participant.objects.filter(pk__in=[s.participant_id for s in slots]).update(
            absence_faults=F("absence_faults") + 1)
        newly_out = [s.participant_id for s in slots if s.participant.disqualified]
        if newly_out:
            Participant.objects.filter(pk__in=newly_out).update(disqualified=True)
        Fault.objects.bulk_create([fault for e in expiries for fault in e.faults])  # the participant's club
    by_club: dict[int, list[_Expiry]] = {}
    for e in expiries:
        by_club.setdefault(e.window.club_id, []).append(e)
    awaiting: dict[str, list[int]] = {DuelStatus.AWAITING_FIRST: [], DuelStatus.AWAITING_SECOND: []}
    for club_expiries in by_club.values():
        with activate_club(club_expiries[0].window.club):
            for e in club_expiries:
                _duel_after_expiry(e, now=now, report=report, awaiting=awaiting)
    with scopes_disabled():
        for status, duel_ids in awaiting.items():
            if duel_ids:
                Duel.objects.filter(pk__in=duel_ids).update(status=status)
    for club_expiries in by_club.values():
        with activate_club(club_expiries[0].window.club):  # the notices' and announcements' links
            emit(WindowsExpired(window_ids=tuple(e.window.pk for e in club_expiries),
                                faults=tuple((e.window.duel, fault) for e in club_expiries for fault in e.faults),
                                now=now))  # the duellists and referees told; webhooks announce the absences


def _duel_after_expiry(e: _Expiry, *, now: dt.datetime, report: SweepReport, awaiting: dict[str, list[int]]) -> None:
    """Report the window; finish its duel if the absences ended it, else the declaration is due."""
    duel = e.window.duel
    report.expired_windows.append(e.window.pk)
    report.absences.extend((duel.pk, slot.participant.engine_id) for slot in e.absent)
    report.disqualified.extend((duel.pk, engine_id) for engine_id in e.disqualified)
    if e.state_changed and rules.outcome(e.state).finished:
        duel_finish(duel=duel, state=e.state, now=now)
        report.finished_duels.append(duel.pk)
        return
    # The declaration is due (what common.declaration_due stores).
    status = DuelStatus.AWAITING_FIRST if e.window.phase == Phase.ACTION else DuelStatus.AWAITING_SECOND
    if e.state_changed:  # a disqualification: the engine state moves too (rare)
        duel.state, duel.status = rules.state_dump(e.state), status
        duel.save(update_fields=["state", "status"])
    else:  # an absence alone leaves the engine state as it was: only the status changes
        awaiting[status].append(duel.pk)
