"""Duels API (read-only): the list with filters, and one duel turn by turn.

The dice seed is secret until the duel is finished: only its SHA-256 is shown before (once started).
Posts of the window still collecting posts are not shown (only who has posted); draft declarations
never are (they are the referee's until published).
"""
from __future__ import annotations

import datetime as dt

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from common.pagination import IdsFirstPagination
from config.api import IsStaffOrReadOnly
from duels import selectors
from duels.api.club import HouseRulesSerializer, house_rules_json
from duels.models import Duel, DuelFormat, DuelKind, DuelStatus, Participant, WindowState
from duels.selectors import spectators
from duels.selectors.house_rules import rules_of


def _result(participant: Participant):
    try:
        return participant.result
    except Participant.result.RelatedObjectDoesNotExist:
        return None


class ParticipantSerializer(serializers.Serializer):
    forum_id = serializers.IntegerField(source="duellist.forum_id")
    forum_name = serializers.CharField(source="duellist.forum_name")
    engine_id = serializers.CharField(help_text=gettext_lazy("Identifiant du duelliste dans l'état et les dés."))
    team = serializers.IntegerField()
    year = serializers.IntegerField()
    magic_types = serializers.ListField(child=serializers.CharField())
    disqualified = serializers.BooleanField()
    forfeited = serializers.BooleanField()
    outcome = serializers.SerializerMethodField(help_text=gettext_lazy("win, loss, draw, disqualified ; null avant la fin."))

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_outcome(self, participant):
        result = _result(participant)
        return result.outcome if result else None


class DuelSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    format = serializers.CharField()
    status = serializers.CharField()
    status_label = serializers.CharField(source="get_status_display")
    turn = serializers.IntegerField()
    referee = serializers.CharField(source="referee.username", allow_null=True, default=None)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    winner_team = serializers.IntegerField(allow_null=True)
    is_draw = serializers.BooleanField()
    seed_sha256 = serializers.SerializerMethodField(help_text=gettext_lazy("Empreinte de la graine, dès le début."))
    participants = ParticipantSerializer(many=True)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_seed_sha256(self, duel):
        return duel.seed_sha256 or None


class PostSerializer(serializers.Serializer):
    order = serializers.IntegerField()
    by = serializers.CharField(source="participant.engine_id")
    forum_name = serializers.CharField(source="participant.duellist.forum_name")
    automatic = serializers.BooleanField()
    submitted_at = serializers.DateTimeField()
    rp_text = serializers.CharField()
    steps = serializers.JSONField()


class DeclarationSerializer(serializers.Serializer):
    kind = serializers.CharField()
    published_at = serializers.DateTimeField()
    text = serializers.CharField()
    referee_comment = serializers.CharField()
    rolls = serializers.JSONField(help_text=gettext_lazy("Chaque dé : par qui, pour quoi, le pari, le résultat, ce qu'il a décidé."))
    events = serializers.JSONField()
    state_after = serializers.JSONField(help_text=gettext_lazy("L'estrade après la déclaration."))
    outcome = serializers.JSONField()


class WindowSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    phase = serializers.CharField()
    state = serializers.CharField()
    opened_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    posted = serializers.SerializerMethodField(help_text=gettext_lazy("Qui a déjà posté (identifiants moteur)."))
    posts = serializers.SerializerMethodField(help_text=gettext_lazy("Vide tant que la phase recueille les messages."))
    declaration = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_posted(self, window):
        return [post.participant.engine_id for post in window.posts.all()]

    @extend_schema_field(PostSerializer(many=True))
    def get_posts(self, window):
        if window.state == WindowState.OPEN:
            return []
        return PostSerializer(window.posts.all(), many=True).data

    @extend_schema_field(DeclarationSerializer(allow_null=True))
    def get_declaration(self, window):
        declaration = getattr(window, "declaration", None)
        if declaration is None or not declaration.is_published:
            return None
        return DeclarationSerializer(declaration).data


class DuelDetailSerializer(DuelSerializer):
    seed = serializers.CharField(source="revealed_seed", allow_null=True,
                                 help_text=gettext_lazy("La graine des dés, révélée à la fin du duel seulement."))
    state = serializers.JSONField(help_text=gettext_lazy("L'état public du duel (dernière déclaration publiée)."))
    windows = WindowSerializer(many=True, source="timeline")
    house_rules = serializers.SerializerMethodField(help_text=gettext_lazy(
        "Les règles maison du duel (§8) : figées au signal de départ, celles du club avant."))

    @extend_schema_field(HouseRulesSerializer)
    def get_house_rules(self, duel):
        return house_rules_json(rules_of(duel))


class DuelFilterSerializer(serializers.Serializer):
    status = serializers.MultipleChoiceField(choices=DuelStatus.choices, required=False)
    duellist = serializers.IntegerField(min_value=1, required=False, help_text=gettext_lazy("Identifiant forum."))
    kind = serializers.ChoiceField(choices=DuelKind.choices, required=False)
    format = serializers.ChoiceField(choices=DuelFormat.choices, required=False)
    created_after = serializers.DateField(required=False)
    created_before = serializers.DateField(required=False)
    finished_after = serializers.DateField(required=False)
    finished_before = serializers.DateField(required=False)


def _day_start(day: dt.date, *, days_later: int = 0) -> dt.datetime | None:
    """Midnight (forum time) starting `day` + `days_later`, in UTC; None past either end of the calendar
    (0001-01-01 in Paris is still year 0 in UTC; the day after 9999-12-31 does not exist): such a bound
    excludes nothing."""
    try:
        start = dt.datetime.combine(day + dt.timedelta(days=days_later), dt.time.min,
                                    tzinfo=timezone.get_current_timezone())
        return start.astimezone(dt.UTC)
    except OverflowError:
        return None


def duels_filtered(filters: dict):
    """Dates are days in the forum's time zone, both included."""
    duels = Duel.objects.order_by("-created_at", "-pk")
    if filters.get("status"):
        duels = duels.filter(status__in=sorted(filters["status"]))
    if "duellist" in filters:
        duels = duels.filter(participants__duellist__forum_id=filters["duellist"])
    for name in ("kind", "format"):
        if name in filters:
            duels = duels.filter(**{name: filters[name]})
    for column in ("created_at", "finished_at"):
        prefix = column.split("_")[0]
        if f"{prefix}_after" in filters:
            start = _day_start(filters[f"{prefix}_after"])
            duels = duels.filter(**({f"{column}__gte": start} if start else {f"{column}__isnull": False}))
        if f"{prefix}_before" in filters:
            end = _day_start(filters[f"{prefix}_before"], days_later=1)
            duels = duels.filter(**({f"{column}__lt": end} if end else {f"{column}__isnull": False}))
    return duels.select_related("referee").prefetch_related(
        Prefetch("participants", queryset=Participant.objects.select_related("duellist", "result").order_by("team", "pk"))
    )


FILTER_PARAMETERS = [
    OpenApiParameter("status", OpenApiTypes.STR, enum=DuelStatus.values, many=True, explode=True),
    OpenApiParameter("duellist", OpenApiTypes.INT, description="Identifiant forum d'un duelliste."),
    OpenApiParameter("kind", OpenApiTypes.STR, enum=DuelKind.values),
    OpenApiParameter("format", OpenApiTypes.STR, enum=DuelFormat.values),
    *(OpenApiParameter(name, OpenApiTypes.DATE, description="Jour inclus (heure de Paris).")
      for name in ("created_after", "created_before", "finished_after", "finished_before")),
]


class DuelListView(generics.ListAPIView):
    """Duels, newest first. `status` may be repeated (`?status=finished&status=action`). Without an
    account, as on the site: the duels started (running or finished) only."""

    permission_classes = [IsStaffOrReadOnly]
    serializer_class = DuelSerializer
    pagination_class = IdsFirstPagination

    @extend_schema(parameters=FILTER_PARAMETERS)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        filters = DuelFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        duels = spectators.duels_viewable_by(self.request.user, duels_filtered(filters.validated_data))
        return duels.defer("spells", "state", "seed")  # not in the list


class DuelDetailView(APIView):
    """One duel: participants, every window (turn, phase) with its posts and published declaration
    (dice, events, stage after), the seed's SHA-256 and, once finished, the seed itself. Without an
    account, as on the site: a duel not started yet or cancelled is not found."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses=DuelDetailSerializer)
    def get(self, request, pk: int):
        duel = spectators.duels_viewable_by(request.user, duels_filtered({})).filter(pk=pk).first()
        if duel is None:
            raise NotFound()
        duel.timeline = list(selectors.duel_timeline(duel))
        return Response(DuelDetailSerializer(duel).data)
