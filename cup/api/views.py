"""House cup API (public reads, like the pages): a period's standings, and the ledger's entries with
filters. The club is the URL's (`/api/v1/clubs/<club>/cup/`, or `/api/v1/cup/` for the home club).

Query parameters (both endpoints): `period` = month | school_year | custom | all (absent: the club's
current cup), `month` = YYYY-MM, `year` = YYYY (the school year starting that September), `start` and
`end` = YYYY-MM-DD (custom, both days included); the ledger also takes `house` (an id or a name) and
`cause` (duel, tournament, manual, correction). A bad value is `{"code": "invalid", "message": …,
"errors": {field: [French messages]}}` (400)."""
from __future__ import annotations

import datetime as dt

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.pagination import PageSizePagination
from config.api import IsStaffOrReadOnly
from cup import selectors
from cup.models import Cause
from cup.pages.choice import LedgerForm, PeriodForm
from cup.pages.lines import author, describe
from cup.pages.standings import standings_lines
from duels.views.public import site_url

PERIOD_PARAMETERS = [
    OpenApiParameter("period", OpenApiTypes.STR, enum=["month", "school_year", "custom", "all"],
                     description="Période ; absente : la coupe en cours du club."),
    OpenApiParameter("month", OpenApiTypes.STR, description="Le mois (period=month), AAAA-MM."),
    OpenApiParameter("year", OpenApiTypes.INT,
                     description="L'année scolaire commençant en septembre de cette année (period=school_year)."),
    OpenApiParameter("start", OpenApiTypes.DATE, description="Premier jour (period=custom)."),
    OpenApiParameter("end", OpenApiTypes.DATE, description="Dernier jour, inclus (period=custom)."),
]


def _valid(form):
    if not form.is_valid():
        raise serializers.ValidationError({name: [str(m) for m in messages] for name, messages in form.errors.items()})
    return form


class CupPeriodSerializer(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField()
    start = serializers.DateField(allow_null=True)
    end = serializers.DateField(allow_null=True, help_text="Dernier jour inclus.")


def _period_data(chosen) -> dict:
    period = chosen.period
    return {"kind": chosen.kind, "label": chosen.label, "start": period.start if period else None,
            "end": period.end - dt.timedelta(days=1) if period else None}


class CupHouseSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="house.pk")
    name = serializers.CharField(source="house.name")
    colour = serializers.CharField(source="house.colour")
    crest = serializers.CharField(source="house.crest")
    total = serializers.IntegerField()
    rank = serializers.IntegerField()
    leader = serializers.BooleanField()


class CupStandingsSerializer(serializers.Serializer):
    period = CupPeriodSerializer()
    houses = CupHouseSerializer(many=True)


class CupStandingsView(APIView):
    """The houses' totals for the period (the ledger's sums), best first; ties share a rank; `leader`
    marks the best unless every house has it."""

    permission_classes = [IsStaffOrReadOnly]

    @extend_schema(parameters=PERIOD_PARAMETERS, responses=CupStandingsSerializer)
    def get(self, request):
        chosen = _valid(PeriodForm(request.query_params)).chosen()
        return Response(CupStandingsSerializer({"period": _period_data(chosen),
                                             "houses": standings_lines(chosen.period)}).data)


class CupEntryHouseSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class CupEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    house = CupEntryHouseSerializer()
    points = serializers.IntegerField()
    cause = serializers.ChoiceField(choices=Cause.choices)
    description = serializers.SerializerMethodField(help_text="Ce qui l'a causée, en mots.")
    url = serializers.SerializerMethodField(help_text="La page du duel ou du tournoi, s'il y en a une.")
    reason = serializers.CharField(help_text="Le motif écrit par le staff ou le préfet.")
    duel = serializers.IntegerField(source="duel_id", allow_null=True)
    tournament = serializers.SerializerMethodField()
    duellist = serializers.SerializerMethodField()
    outcome = serializers.CharField()
    reverses = serializers.IntegerField(source="reverses_id", allow_null=True)
    by = serializers.SerializerMethodField()
    occurred_at = serializers.DateTimeField(help_text="Le moment où les points comptent.")
    created_at = serializers.DateTimeField()

    def get_description(self, entry) -> str:
        return describe(entry).text

    def get_url(self, entry) -> str:
        path = describe(entry).url
        return site_url(path) if path else ""

    def get_tournament(self, entry) -> str | None:
        return entry.tournament.slug if entry.tournament_id and entry.tournament else None

    def get_duellist(self, entry) -> str | None:
        return entry.duellist.forum_name if entry.duellist_id and entry.duellist else None

    def get_by(self, entry) -> str:
        return author(entry)


@extend_schema(parameters=[
    *PERIOD_PARAMETERS,
    OpenApiParameter("house", OpenApiTypes.STR, description="Une maison du club : son identifiant ou son nom."),
    OpenApiParameter("cause", OpenApiTypes.STR, enum=Cause.values, description="L'origine des points."),
])
class CupLedgerView(generics.ListAPIView):
    """The ledger's entries of the period, newest first (by when they count), 50 a page."""

    permission_classes = [IsStaffOrReadOnly]
    serializer_class = CupEntrySerializer
    pagination_class = PageSizePagination

    def get_queryset(self):
        form = _valid(LedgerForm(self.request.query_params))
        filters = form.filters()
        return selectors.entries(period=form.chosen().period, house=filters["house"], cause=filters["cause"])
