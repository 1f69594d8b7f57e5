"""Rankings API, seasons and duellists: the season list (staff write it through the control panel's audited
services; the season's table is built at once) and the duellists with their records. The champions table
itself: `rankings.api.table`."""
from __future__ import annotations

from contextlib import contextmanager

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Prefetch
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from common.pagination import PageSizePagination
from config.api import IsStaffOrReadOnly
from rankings import selectors
from rankings.models import ALL_FORMATS, ALL_KINDS, ALL_YEARS, Season, Standing
from rankings.services import seasons


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["slug", "name", "starts_on", "ends_on"]

    def validate(self, attrs):
        """The model's own rules (last day after the first, no overlap), as field errors."""
        current = {name: getattr(self.instance, name) for name in self.Meta.fields} if self.instance else {}
        season = Season(pk=self.instance.pk if self.instance else None, **{**current, **attrs})
        try:
            season.clean()
        except DjangoValidationError as error:
            raise serializers.ValidationError({("non_field_errors" if field == "__all__" else field): messages
                                           for field, messages in error.message_dict.items()}) from None
        return attrs


@contextmanager
def _refused_as_400():
    """The service's last checks (a name or identifier another season took meanwhile) as the API's 400."""
    try:
        yield
    except DjangoValidationError as error:
        raise serializers.ValidationError({("non_field_errors" if field == "__all__" else field): messages
                                           for field, messages in error.message_dict.items()}) from None


class SeasonListView(generics.ListCreateAPIView):
    """Seasons (date ranges, both days included). Staff create them; the season's table is built at once."""

    permission_classes = [IsStaffOrReadOnly]
    serializer_class = SeasonSerializer
    queryset = Season.objects.none()  # the model, for the schema; the rows come from get_queryset

    def get_queryset(self):
        return Season.objects.order_by("-starts_on", "pk")  # the club's seasons (read per request)

    def perform_create(self, serializer):
        with _refused_as_400():
            serializer.instance = seasons.season_create(by=self.request.user, **serializer.validated_data)


class SeasonDetailView(generics.RetrieveUpdateDestroyAPIView):
    permission_classes = [IsStaffOrReadOnly]
    serializer_class = SeasonSerializer
    queryset = Season.objects.none()
    lookup_field = "slug"

    def get_queryset(self):
        return Season.objects.all()

    def perform_update(self, serializer):
        season = serializer.instance
        values = {name: getattr(season, name) for name in seasons.FIELDS} | serializer.validated_data
        with _refused_as_400():
            seasons.season_change(by=self.request.user, season=season, **values)
        season.refresh_from_db()

    def perform_destroy(self, instance):
        seasons.season_remove(by=self.request.user, season=instance)


class RecordSerializer(serializers.ModelSerializer):
    """A duellist's line in one all-time scope (kind and format null: every kind, every format)."""

    kind = serializers.CharField(allow_null=True)
    format = serializers.CharField(allow_null=True)
    win_rate = serializers.FloatField()

    class Meta:
        model = Standing
        fields = ["kind", "format", "points", "duels", "wins", "draws", "losses", "disqualifications", "win_rate",
                  "purse", "chocogrenouilles"]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["kind"], data["format"] = data["kind"] or None, data["format"] or None
        data["win_rate"] = round(data["win_rate"], 3)
        return data


class DuellistSerializer(serializers.Serializer):
    forum_id = serializers.IntegerField()
    forum_name = serializers.CharField()
    character_name = serializers.CharField()
    rp_year = serializers.IntegerField(allow_null=True)
    record = serializers.SerializerMethodField(help_text=gettext_lazy("Bilan de tous les temps (null : aucun duel)."))

    @extend_schema_field(RecordSerializer(allow_null=True))
    def get_record(self, duellist):
        overall = getattr(duellist, "overall", None)
        return RecordSerializer(overall[0]).data if overall else None


class RecentDuelSerializer(serializers.Serializer):
    duel = serializers.IntegerField(source="duel_id")
    kind = serializers.CharField(source="duel.kind")
    format = serializers.CharField(source="duel.format")
    finished_at = serializers.DateTimeField(source="duel.finished_at")
    year = serializers.IntegerField()
    outcome = serializers.CharField()
    champion_points = serializers.IntegerField()
    purse = serializers.IntegerField()
    chocogrenouille = serializers.BooleanField()
    opponents = serializers.SerializerMethodField()
    partners = serializers.SerializerMethodField()

    def _team(self, result) -> int:
        return next(p.team for p in result.duel.participants.all() if p.duellist_id == result.duellist_id)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_opponents(self, result):
        team = self._team(result)
        return [p.duellist.forum_name for p in result.duel.participants.all() if p.team != team]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_partners(self, result):
        team = self._team(result)
        return [p.duellist.forum_name for p in result.duel.participants.all()
                if p.team == team and p.duellist_id != result.duellist_id]


class DuellistDetailSerializer(DuellistSerializer):
    records = serializers.SerializerMethodField(help_text=gettext_lazy("Bilans de tous les temps par type et format."))
    wand_rest_remaining = serializers.IntegerField(
        help_text=gettext_lazy("Duels (de n'importe qui) qui doivent encore se terminer avant de pouvoir s'inscrire.")
    )
    recent_duels = RecentDuelSerializer(many=True)

    @extend_schema_field(RecordSerializer(many=True))
    def get_records(self, duellist):
        return RecordSerializer(duellist.records, many=True).data


def overall_prefetch() -> Prefetch:
    return Prefetch(
        "standings", to_attr="overall",
        queryset=Standing.objects.filter(season__isnull=True, kind=ALL_KINDS, format=ALL_FORMATS, year=ALL_YEARS),
    )


class DuellistListView(generics.ListAPIView):
    """Duellists by forum name, with their all-time record. `search`: part of the forum name."""

    permission_classes = [IsStaffOrReadOnly]
    serializer_class = DuellistSerializer
    pagination_class = PageSizePagination

    @extend_schema(parameters=[OpenApiParameter("search", OpenApiTypes.STR)])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return selectors.duellists(search=self.request.query_params.get("search", "")).prefetch_related(
            overall_prefetch()
        )


class DuellistDetailView(APIView):
    """One duellist: all-time records, wand rest, the last 10 duels."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(responses=DuellistDetailSerializer)
    def get(self, request, forum_id: int):
        duellist = selectors.duellist_profile(forum_id=forum_id)
        if duellist is None:
            raise NotFound()
        return Response(DuellistDetailSerializer(duellist).data)
