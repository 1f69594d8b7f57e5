"""Which tournaments a visitor sees: every tournament but the drafts (a draft is the staff's, shown to them)."""
from __future__ import annotations

from django.db.models import Count, Q, QuerySet

from clubs.roles import is_club_staff
from tournaments.models import Tournament, TournamentStatus


def tournaments_visible_to(user) -> QuerySet[Tournament]:
    tournaments = Tournament.objects.all()
    if not is_club_staff(user):
        tournaments = tournaments.exclude(status=TournamentStatus.DRAFT)
    return tournaments


def tournaments_listed(user) -> QuerySet[Tournament]:
    """The list page's tournaments with their count of entrants still in: one query."""
    return (tournaments_visible_to(user)
            .annotate(entrant_count=Count("entrants", filter=Q(entrants__withdrawn_at__isnull=True)))
            .order_by("-created_at", "-pk"))
