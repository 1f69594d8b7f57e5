"""Reads for the bridge: a duel's items in thread order with what is already on the forum, the live
panel's data, and the members whose invitation has not gone out by private message yet."""
from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Duellist, Invitation
from clubs.scoping import current_club_or_none
from duels import selectors as duel_selectors
from duels.engine import DuelState
from duels.export import bbcode
from duels.models import Duel, Participant, SlotStatus, WindowState
from duels.pages import presenters
from duels.permissions import is_duel_referee
from forum import addresses
from forum.models import DuelTopic, ItemKind, PmBatch, PmDelivery, Publication


@dataclass
class ForumItem:
    """One thing of the duel that belongs in its topic, in the thread's order."""

    kind: str
    object_id: int
    label: str
    bbcode: str
    author_user_id: int | None  # a post's author (may publish it); None: the referee's
    anchor: str
    publication: Publication | None = None

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.object_id}"


def is_enabled() -> bool:
    """The served club has its forum's address (Club.forum_url) and proved the forum is its own
    (clubs/opening.py): the bridge works in that club."""
    club = current_club_or_none()
    return bool(addresses.forum_url()) and club is not None and club.is_verified


def topic_of(duel: Duel) -> DuelTopic | None:
    return DuelTopic.objects.filter(duel=duel).first()


def duel_url(duel: Duel) -> str:
    return settings.SITE_URL.rstrip("/") + reverse("duels:duel", args=[duel.pk])


def stage_url(duel: Duel) -> str:
    return settings.SITE_URL.rstrip("/") + reverse("duels:stage_png", args=[duel.pk])


def participants_of(duel: Duel) -> list[Participant]:
    return list(duel.participants.select_related("duellist").order_by("team", "pk"))


def start_bbcode(duel: Duel, participants: list[Participant]) -> str:
    teams = {1: [], 2: []}
    for p in participants:
        teams.setdefault(p.team, []).append(bbcode.bbcode_text(p.duellist.forum_name))
    lines = [
        f"[b]{_('Signal de départ')}[/b]",
        "",
        _("%(one)s contre %(two)s : que le duel commence !") % {
            "one": " & ".join(teams[1]), "two": " & ".join(teams[2])},
        "",
        f"[url={duel_url(duel)}]{_('Suivre et jouer le duel sur Estrade')}[/url]",
    ]
    return bbcode.bbcode_safe("\n".join(lines))


def opening_subject(duel: Duel, participants: list[Participant]) -> str:
    names = {1: [], 2: []}
    for p in participants:
        names.setdefault(p.team, []).append(p.duellist.forum_name)
    subject = _("Duel n°%(n)s : %(one)s contre %(two)s") % {
        "n": duel.pk, "one": " & ".join(names[1]), "two": " & ".join(names[2])}
    return subject[:120]


def opening_bbcode(duel: Duel, participants: list[Participant]) -> str:
    """The topic's first message: duellists, years, kind, the stage image, the link to the duel."""
    lines = [f"[b]{_('Duel n°%(n)s') % {'n': duel.pk}}[/b] — {duel.get_format_display()} · {duel.get_kind_display()}", ""]
    for p in participants:
        lines.append("[*]" + _("%(name)s (équipe %(team)s, %(year)se année)") % {
            "name": bbcode.bbcode_text(p.duellist.forum_name), "team": p.team, "year": p.year})
    lines = [*lines[:2], "[list]", *lines[2:], "[/list]", "", f"[img]{stage_url(duel)}[/img]", "",
             f"[url={duel_url(duel)}]{_('Le duel sur Estrade')}[/url]"]
    if duel.referee_id:
        lines.insert(1, _("Arbitre : %(name)s") % {"name": bbcode.bbcode_text(duel.referee.get_username())})
    return bbcode.bbcode_safe("\n".join(lines))


def duel_items(duel: Duel) -> list[ForumItem]:
    """The start signal, then each phase's posts and its published declaration, with their publication."""
    participants = participants_of(duel)
    windows = list(duel_selectors.duel_timeline(duel))
    users = {p.pk: p.duellist.user_id for p in participants}
    items: list[ForumItem] = []
    for view, window in zip(presenters.thread(duel, windows, participants), windows, strict=True):
        if view.start_signal:
            items.append(ForumItem(ItemKind.START, duel.pk, _("Signal de départ"), start_bbcode(duel, participants),
                                   None, "thread-title"))
        for post, stored in zip(view.posts, window.posts.all(), strict=True):
            if post.voided:  # voided by the referee: shown « annulé » on Estrade, never published
                continue
            items.append(ForumItem(
                ItemKind.POST, post.id,
                _("Tour %(turn)s, %(phase)s : message de %(name)s") % {
                    "turn": view.turn, "phase": view.phase_label, "name": post.author},
                post.bbcode, users.get(stored.participant_id), f"message-{post.id}"))
        if view.declaration is not None:
            items.append(ForumItem(
                ItemKind.DECLARATION, view.declaration.id,
                _("Tour %(turn)s : %(kind)s") % {"turn": view.turn, "kind": view.declaration.kind},
                view.declaration.bbcode, None, f"declaration-{view.declaration.id}"))
    published = {(p.kind, p.object_id): p for p in Publication.objects.filter(duel=duel)}
    for item in items:
        item.publication = published.get((item.kind, item.object_id))
    return items


def may_publish(item: ForumItem, user, duel: Duel) -> bool:
    if not user.is_authenticated:
        return False
    return is_duel_referee(duel, user) or (item.kind == ItemKind.POST and item.author_user_id == user.pk)


def first_missing_before(items: list[ForumItem], item: ForumItem) -> ForumItem | None:
    """The earliest item before `item` not on the forum yet: the topic keeps the thread's order."""
    for other in items:
        if other.key == item.key:
            return None
        if other.publication is None:
            return other
    return None


def live_panel(topic: DuelTopic) -> dict:
    """What the forum topic's live panel shows: the stage image, PF/PM, whose turn it is and until when."""
    duel = topic.duel
    participants = participants_of(duel)
    names = presenters.names_by_engine_id(participants)
    state = DuelState.from_dict(duel.state, spells=duel.spells) if duel.state else presenters.preview_state(duel, participants)
    duellists = [{"name": names.get(d.id, d.id), "team": d.team, "pf": d.pf, "pf_max": d.start_pf,
                  "pm": d.pm, "pm_max": d.start_pm, "out": bool(d.out)} for d in state.duellists]
    expected = []
    window = duel.windows.filter(state=WindowState.OPEN).first()
    if window is not None:
        for slot in window.slots.filter(status=SlotStatus.WAITING).select_related("participant__duellist"):
            expected.append({"name": slot.participant.duellist.forum_name,
                             "until": timezone.localtime(slot.deadline).strftime("%d/%m/%Y %H:%M")})
    return {
        "duel": duel.pk, "turn": duel.turn, "status": duel.get_status_display(),
        "stage_image": f"{stage_url(duel)}?v={duel.turn}-{duel.status}",
        "duellists": duellists, "expected": expected, "url": duel_url(duel),
    }


def pending_invitation_members() -> list[Duellist]:
    """Members without an account whose invitation has not gone out by private message: no open link,
    or an open link no delivery sent. Members already waiting in an unfinished batch are left out."""
    now = timezone.now()
    open_links = Invitation.objects.filter(used_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now)
    sent = PmDelivery.objects.filter(sent_at__isnull=False, invitation__in=open_links).values("duellist_id")
    queued = PmDelivery.objects.filter(batch__kind=PmBatch.Kind.INVITATION, sent_at__isnull=True).values("duellist_id")
    return list(Duellist.objects.filter(user__isnull=True).exclude(pk__in=sent).exclude(pk__in=queued)
                .order_by("forum_name"))


def unfinished_batches(kind: str | None = None, duel: Duel | None = None):
    batches = PmBatch.objects.filter(deliveries__sent_at__isnull=True).distinct()
    if kind:
        batches = batches.filter(kind=kind)
    if duel is not None:
        batches = batches.filter(duel=duel)
    return batches.order_by("-created_at")


def batch_summary(batch: PmBatch) -> dict:
    deliveries = list(batch.deliveries.select_related("sent_by").order_by("position"))
    sent = [d for d in deliveries if d.sent_at]
    return {"batch": batch, "deliveries": deliveries, "sent": len(sent), "total": len(deliveries),
            "unsent": len(deliveries) - len(sent), "failed": [d for d in deliveries if not d.sent_at and d.error]}
