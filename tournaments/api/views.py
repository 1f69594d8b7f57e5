"""Tournaments API (read-only, public like the pages): the club's tournaments, one tournament with its
entrants, its rounds with their matches (each match's duel, sides, result), and its standings (the
bracket's placements, the groups' or the Swiss table). A draft is shown to the club's staff only; an
unknown tournament is `{"code": "not_found", …}` (404)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from common.pagination import PageSizePagination
from config.api import IsStaffOrReadOnly
from tournaments.pages import state
from tournaments.pages.listing import tournaments_listed


class TournamentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    format = serializers.CharField()
    team_format = serializers.CharField()
    duel_kind = serializers.CharField()
    status = serializers.CharField()
    status_label = serializers.CharField(source="get_status_display")
    draw_rule = serializers.CharField()
    third_place = serializers.BooleanField()
    group_count = serializers.IntegerField(allow_null=True)
    qualifiers_per_group = serializers.IntegerField(allow_null=True)
    swiss_rounds = serializers.IntegerField(allow_null=True)
    round_days = serializers.IntegerField()
    entrant_count = serializers.IntegerField()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class EntrantSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.SerializerMethodField()
    forum_ids = serializers.SerializerMethodField()
    seed = serializers.IntegerField(allow_null=True)
    checked_in = serializers.SerializerMethodField()
    withdrawn = serializers.SerializerMethodField()

    def get_name(self, entrant) -> str:
        return state.entrant_label(entrant)

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_forum_ids(self, entrant):
        return [d.forum_id for d in entrant.duellists]

    def get_checked_in(self, entrant) -> bool:
        return entrant.checked_in_at is not None

    def get_withdrawn(self, entrant) -> bool:
        return entrant.withdrawn_at is not None


class TournamentDetailSerializer(TournamentSerializer):
    description = serializers.CharField()
    forum_topic_url = serializers.CharField()
    entrants = EntrantSerializer(many=True, source="entrants_loaded")


class MatchSerializer(serializers.Serializer):
    group = serializers.IntegerField()
    bracket_round = serializers.IntegerField()
    slot = serializers.IntegerField()
    replay = serializers.IntegerField()
    side_a = serializers.IntegerField(source="side_a_id")
    side_b = serializers.IntegerField(source="side_b_id", allow_null=True)
    duel = serializers.IntegerField(source="duel_id", allow_null=True)
    outcome = serializers.CharField()
    how = serializers.CharField()
    pf_left = serializers.SerializerMethodField()
    faults = serializers.SerializerMethodField()
    decided_at = serializers.DateTimeField(allow_null=True)
    stale = serializers.BooleanField()

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_pf_left(self, match):
        return [match.pf_left_a, match.pf_left_b]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_faults(self, match):
        return [match.faults_a, match.faults_b]


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    stage = serializers.CharField()
    drawn_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    completed_at = serializers.DateTimeField(allow_null=True)
    matches = MatchSerializer(many=True, source="matches_loaded")


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    entrant = serializers.IntegerField()
    seed = serializers.IntegerField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    points = serializers.IntegerField()
    pf_left = serializers.IntegerField()
    faults = serializers.IntegerField()
    buchholz = serializers.IntegerField(allow_null=True)


class PlacementSerializer(serializers.Serializer):
    entrant = serializers.IntegerField()
    place = serializers.IntegerField()
    shared_to = serializers.IntegerField()


class GroupSerializer(serializers.Serializer):
    group = serializers.IntegerField()
    standings = StandingSerializer(many=True)


class StandingsSerializer(serializers.Serializer):
    champion = serializers.IntegerField(allow_null=True)
    placements = PlacementSerializer(many=True)
    groups = GroupSerializer(many=True)
    swiss = StandingSerializer(many=True, allow_null=True)


def _tournament(request, slug: str):
    tournament = tournaments_listed(request.user).filter(slug=slug).first()
    if tournament is None:
        raise NotFound()
    return tournament


class TournamentListView(generics.ListAPIView):
    """The club's tournaments, newest first (drafts: the club's staff only)."""

    permission_classes = [IsStaffOrReadOnly]
    serializer_class = TournamentSerializer
    pagination_class = PageSizePagination

    def get_queryset(self):
        return tournaments_listed(self.request.user)


class TournamentDetailView(APIView):
    """One tournament and its entrants (ids as the rounds and standings name them)."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses=TournamentDetailSerializer)
    def get(self, request, slug: str):
        tournament = _tournament(request, slug)
        tournament.entrants_loaded = state.load_entrants(tournament)
        return Response(TournamentDetailSerializer(tournament).data)


class TournamentRoundsView(APIView):
    """The tournament's rounds, first first, each with its matches (side b null: a bye)."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses=RoundSerializer(many=True))
    def get(self, request, slug: str):
        loaded = state.load(_tournament(request, slug))
        for round_ in loaded.rounds:
            round_.matches_loaded = [m for m in loaded.matches if m.round_id == round_.pk]
        return Response(RoundSerializer(loaded.rounds, many=True).data)


class TournamentStandingsView(APIView):
    """Where everyone stands: the bracket's champion and placements known so far, each group's table,
    the Swiss table (tie-breaks as on the tournament page)."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses=StandingsSerializer)
    def get(self, request, slug: str):
        found = state.progress(state.load(_tournament(request, slug)))
        bracket = found.bracket
        return Response(StandingsSerializer({
            "champion": bracket.champion if bracket else None,
            "placements": bracket.placements() if bracket else [],
            "groups": [{"group": n, "standings": rows} for n, rows in found.groups],
            "swiss": found.swiss,
        }).data)
