"""Reads of the staff's sign-up queue: the pending requests a page at a time, and the members without an
account found by name (never the whole list: a forum has thousands of them)."""
from __future__ import annotations

from django.db.models import Q, QuerySet
from django.db.models.functions import Lower

from accounts.models import ApiToken, Duellist, SignupRequest

SIGNUPS_PER_PAGE = 25
MEMBERS_FOUND = 20  # the queue's member search shows at most this many names


def pending_signups() -> QuerySet[SignupRequest]:
    return SignupRequest.objects.filter(status=SignupRequest.Status.PENDING).order_by("created_at", "pk")


def unlinked_members() -> QuerySet[Duellist]:
    return Duellist.objects.filter(user__isnull=True).only("id", "forum_name", "forum_id")


def members_named_like(signups: list[SignupRequest]) -> dict[int, Duellist]:
    """Signup pk → the member without an account whose forum name is the request's (case aside): one
    query for the page's requests."""
    names = {signup.forum_name.strip().casefold() for signup in signups}
    if not names:
        return {}
    found = {member.forum_name.casefold(): member for member in
             unlinked_members().annotate(lowered=Lower("forum_name")).filter(lowered__in=names)}
    return {signup.pk: found.get(signup.forum_name.strip().casefold()) for signup in signups}


def members_matching(query: str) -> list[Duellist]:
    """At most MEMBERS_FOUND members without an account whose forum name contains `query` (or whose forum
    id it is), by name."""
    query = query.strip()
    if not query:
        return []
    wanted = Q(forum_name__icontains=query)
    if query.isdigit() and len(query) <= 9:
        wanted |= Q(forum_id=int(query))
    members = unlinked_members().filter(wanted)
    return list(members.order_by("forum_name")[:MEMBERS_FOUND])


def unlinked_member_named(name: str) -> Duellist | None:
    """The member without an account called exactly `name` (case aside), if any."""
    name = name.strip()
    if not name:
        return None
    return unlinked_members().filter(forum_name__iexact=name).first()


def club_api_tokens() -> QuerySet[ApiToken]:
    """The club's API tokens, newest first, with their holder (one query)."""
    return (ApiToken.objects.select_related("user").only("id", "key", "created", "last_used", "user__username")
            .order_by("-created", "-pk"))
