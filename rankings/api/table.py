"""Rankings API: the champions table as JSON (paginated), BBCode and an HTML snippet.

Reads are public (no token). The table's responses are cached until the table's revision changes,
carry an ETag (`If-None-Match` gets a 304) and `Cache-Control: public, max-age=60` (see
CachedTableView). Uncached, a JSON page is one statement: the page, the scope's size and the season
named by its slug (see `selectors.RankingTable`). Seasons and duellists: `rankings.api.records`.

`?format=` is the duel-format filter, not DRF's renderer override: REST_FRAMEWORK sets
URL_FORMAT_OVERRIDE to None for the whole API.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import renderers, serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.scoping import current_club
from common.cache import cached
from common.pagination import PageSizePagination
from config.api import IsStaffOrReadOnly
from duels.models import DuelFormat, DuelKind
from rankings import selectors
from rankings.export.bbcode import ranking_bbcode, scope_title
from rankings.models import ALL_FORMATS, ALL_KINDS, ALL_YEARS

CACHE_SECONDS = 60
TIE_BREAK = gettext_lazy(
    "Ordre : plus de points (victoires), puis moins de duels, puis le score atteint le plus tôt, "
    "puis le profil de duelliste le plus ancien."
)


class OneRenderer(DefaultContentNegotiation):
    """The forum's scripts get the one format the endpoint has, whatever their Accept header says
    (DRF's documented "ignore the client" negotiation). Request bodies are DRF's business as
    everywhere (its parser choice): a POST is then refused as DRF refuses it (403, 405), in JSON."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class BBCodeRenderer(renderers.BaseRenderer):
    media_type = "text/plain"
    format = "bbcode"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return (data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)).encode("utf-8")


class SnippetRenderer(BBCodeRenderer):
    media_type = "text/html"
    format = "html"


class CachedTableView(APIView):
    """A view of the champions table, served from the cache while the table's revision holds.

    Key: the club, its table's revision token, the query string, the language, the host. The ETag is the key's
    digest, so `If-None-Match` is answered (304) before anything else; `Cache-Control: public,
    max-age=60`. Only 200 responses are cached; bad filters raise (400) as usual."""

    permission_classes = [IsStaffOrReadOnly]
    content_negotiation_class = OneRenderer

    def body(self, request) -> str | bytes:
        raise NotImplementedError

    def finalize_response(self, request, response, *args, **kwargs):
        if isinstance(response, Response) and response.status_code >= 400:  # errors are JSON everywhere
            request.accepted_renderer, request.accepted_media_type = renderers.JSONRenderer(), "application/json"
        return super().finalize_response(request, response, *args, **kwargs)

    def get(self, request):
        club = current_club()  # two clubs' tables may share a revision token (none yet: "")
        key = "|".join((  # the release too: a deploy that changes the output changes the ETag
            "rankings", settings.RELEASE, f"{club.pk}:{club.slug}", type(self).__name__, selectors.table_revision(),
            get_language() or "",
            request.scheme, request.get_host(), urlencode(sorted(request.query_params.lists()), doseq=True),
        ))
        etag = f'"{hashlib.md5(key.encode(), usedforsecurity=False).hexdigest()}"'
        if etag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
        else:
            def build() -> bytes:
                body = self.body(request)
                return body.encode("utf-8") if isinstance(body, str) else body

            body = cached("rankings-api", (etag,), build, CACHE_SECONDS * 10)
            renderer = self.renderer_classes[0]
            response = HttpResponse(body, content_type=f"{renderer.media_type}; charset=utf-8")
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=CACHE_SECONDS)
        patch_vary_headers(response, ("Accept-Language",))
        return response


class ScopeSerializer(serializers.Serializer):
    """Filters of the table; each wrong one is a 400 naming it."""

    season = serializers.SlugField(required=False, help_text=gettext_lazy("Identifiant d'une saison (vide : tous les temps)."))
    kind = serializers.ChoiceField(choices=DuelKind.choices, required=False)
    format = serializers.ChoiceField(choices=DuelFormat.choices, required=False)
    year = serializers.IntegerField(min_value=1, max_value=8, required=False, help_text=gettext_lazy("8 : adulte."))

    def validate_season(self, value):
        season = selectors.season_by_slug(value)
        if season is None:
            raise serializers.ValidationError(_("Saison inconnue."))
        return season

    def scope(self) -> selectors.Scope:
        data = self.validated_data
        return selectors.Scope(
            season=data.get("season"), kind=data.get("kind", ALL_KINDS), format=data.get("format", ALL_FORMATS),
            year=data.get("year", ALL_YEARS),
        )


_KINDS, _FORMATS = frozenset(DuelKind.values), frozenset(DuelFormat.values)
_YEARS = {str(year): year for year in range(1, 9)}
_SLUG = re.compile(r"[-a-zA-Z0-9_]+\Z")


def scope_from(request) -> selectors.Scope:
    """The scope the query string asks for. Well-formed filters are read directly, without a query (a
    season is named by its slug: the page's statement finds it); anything else goes through
    ScopeSerializer, which raises the usual 400 naming each wrong field."""
    params = request.query_params
    kind = params.get("kind", ALL_KINDS)
    format = params.get("format", ALL_FORMATS)
    year = _YEARS.get(params["year"]) if "year" in params else ALL_YEARS
    slug = params.get("season")
    if (("kind" in params and kind not in _KINDS) or ("format" in params and format not in _FORMATS)
            or year is None or (slug is not None and not _SLUG.match(slug))):
        filters = ScopeSerializer(data={k: v for k, v in params.items() if k in ScopeSerializer._declared_fields})
        filters.is_valid(raise_exception=True)
        return filters.scope()
    return selectors.Scope(kind=kind, format=format, year=year, season_slug=slug)


def season_known(scope: selectors.Scope) -> selectors.Scope:
    """The scope with its Season (the BBCode and HTML titles name it); 400 for an unknown slug."""
    if scope.season is not None or scope.season_slug is None:
        return scope
    season = selectors.season_by_slug(scope.season_slug)
    if season is None:
        raise serializers.ValidationError({"season": [_("Saison inconnue.")]})
    return dataclasses.replace(scope, season=season)


def scope_representation(scope: selectors.Scope) -> dict:
    return {
        "season": scope.season.slug if scope.season else scope.season_slug, "kind": scope.kind or None,
        "format": scope.format or None, "year": scope.year or None,
    }


SCOPE_PARAMETERS = [
    OpenApiParameter("season", OpenApiTypes.STR, description="Identifiant (slug) d'une saison ; absent : tous les temps."),
    OpenApiParameter("kind", OpenApiTypes.STR, enum=DuelKind.values, description="Type de duel."),
    OpenApiParameter("format", OpenApiTypes.STR, enum=DuelFormat.values, description="Format du duel."),
    OpenApiParameter("year", OpenApiTypes.INT, description="Année de combat, 1 à 8 (8 : adulte)."),
]


class RankingLineSerializer(serializers.Serializer):
    """One line of the table (documentation of the JSON; lines are built by the selector)."""

    rank = serializers.IntegerField()
    forum_id = serializers.IntegerField()
    forum_name = serializers.CharField()
    character_name = serializers.CharField()
    points = serializers.IntegerField(help_text=gettext_lazy("Points de champion (1 par victoire)."))
    duels = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    disqualifications = serializers.IntegerField()
    win_rate = serializers.FloatField(help_text=gettext_lazy("Victoires / duels, de 0 à 1."))
    purse = serializers.IntegerField(help_text=gettext_lazy("Gallions gagnés."))
    chocogrenouilles = serializers.IntegerField()
    reached_at = serializers.DateTimeField(help_text=gettext_lazy("Quand le score actuel a été atteint (départage)."))


PAGINATED_RANKING = inline_serializer("PaginatedRankingList", fields={
    "count": serializers.IntegerField(),
    "next": serializers.URLField(allow_null=True),
    "previous": serializers.URLField(allow_null=True),
    "scope": inline_serializer("RankingScope", fields={
        "season": serializers.CharField(allow_null=True), "kind": serializers.CharField(allow_null=True),
        "format": serializers.CharField(allow_null=True), "year": serializers.IntegerField(allow_null=True),
    }),
    "tie_break": serializers.CharField(),
    "results": RankingLineSerializer(many=True),
})


MAX_PAGE_NUMBER = 2**31 // 200


class RankingPagination(PageSizePagination):

    def paginate_queryset(self, queryset: selectors.RankingTable, request, view=None):
        """As DRF's, the table's size and the page's lines read in one statement when the page asked
        for is a number (`?page=last` and bad pages: the size first)."""
        page_size = self.get_page_size(request)
        try:
            number = int(request.query_params.get(self.page_query_param) or 1)
        except ValueError:
            number = 0
        # A page beyond any table (the number would overflow the query's OFFSET): DRF's 404, unread.
        if page_size and 1 <= number <= MAX_PAGE_NUMBER:
            queryset.prefetch((number - 1) * page_size, number * page_size)
        if queryset.season_unknown():  # only asked when the statement found no line
            raise serializers.ValidationError({"season": [_("Saison inconnue.")]})
        return super().paginate_queryset(queryset, request, view)

    def paginated_data(self, data) -> dict:
        return {
            "count": self.page.paginator.count, "next": self.get_next_link(), "previous": self.get_previous_link(),
            "scope": self.scope, "tie_break": str(TIE_BREAK), "results": data,
        }

    def get_paginated_response(self, data):
        return Response(self.paginated_data(data))


class RankingListView(CachedTableView):
    """The champions table of a scope, in ranking order (see `tie_break`), 50 lines a page
    (`page_size` up to 200)."""

    renderer_classes = [renderers.JSONRenderer]
    pagination_class = RankingPagination

    def body(self, request) -> bytes:
        scope = scope_from(request)
        paginator = self.pagination_class()
        paginator.scope = scope_representation(scope)
        lines = paginator.paginate_queryset(selectors.RankingTable(scope), request, view=self)
        for line in lines:  # as DRF's encoder writes it, without a call back from the C encoder per line
            reached_at = line["reached_at"].isoformat()
            line["reached_at"] = reached_at[:-6] + "Z" if reached_at.endswith("+00:00") else reached_at
        return renderers.JSONRenderer().render(paginator.paginated_data(lines))

    @extend_schema(parameters=[*SCOPE_PARAMETERS,
                               OpenApiParameter("page", OpenApiTypes.INT),
                               OpenApiParameter("page_size", OpenApiTypes.INT, description="1 à 200 (50 par défaut).")],
                   responses=PAGINATED_RANKING)
    def get(self, request):
        return super().get(request)


def _limit(request) -> int:
    try:
        return min(max(int(request.query_params.get("limit", 20)), 1), 100)
    except ValueError:
        raise serializers.ValidationError({"limit": [_("Un nombre entier est attendu.")]}) from None


TEXT_PARAMETERS = [*SCOPE_PARAMETERS, OpenApiParameter("limit", OpenApiTypes.INT, description="Lignes (1 à 100, 20 par défaut).")]


class RankingBBCodeView(CachedTableView):
    """The first `limit` lines of the table as forum BBCode, ready to paste."""

    renderer_classes = [BBCodeRenderer]

    def body(self, request) -> str:
        scope = season_known(scope_from(request))
        return ranking_bbcode(selectors.ranking_page(scope, offset=0, limit=_limit(request)), title=scope_title(scope))

    @extend_schema(parameters=TEXT_PARAMETERS, responses={(200, "text/plain"): OpenApiTypes.STR})
    def get(self, request):
        return super().get(request)


class RankingHTMLView(CachedTableView):
    """The first `limit` lines of the table as an HTML snippet (a bare <table>), ready to paste."""

    renderer_classes = [SnippetRenderer]

    def body(self, request) -> str:
        scope = season_known(scope_from(request))
        lines = selectors.ranking_page(scope, offset=0, limit=_limit(request))
        return render_to_string("rankings/snippet.html", {"lines": lines, "title": scope_title(scope)})

    @extend_schema(parameters=TEXT_PARAMETERS, responses={(200, "text/html"): OpenApiTypes.STR})
    def get(self, request):
        return super().get(request)
