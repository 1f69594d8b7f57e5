"""Spells and magic types API (read-only): the catalog in the RULES.md §7 vocabulary."""
from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers

from common.pagination import PageSizePagination
from config.api import IsStaffOrReadOnly
from spells import selectors
from spells.models import TAG_FIELDS, MagicType, Spell


class MagicTypeSerializer(serializers.ModelSerializer):
    class Meta:
        model = MagicType
        fields = ["slug", "name", "description"]


class SpellSerializer(serializers.Serializer):
    """A spell as a catalog entry (§7 keys), with its modulations."""

    slug = serializers.CharField()
    name = serializers.CharField()
    incantation = serializers.CharField()
    description = serializers.CharField()
    level = serializers.IntegerField(help_text=gettext_lazy("Année d'accès et coût en PM."))
    range = serializers.IntegerField()
    type = serializers.CharField(allow_null=True, help_text=gettext_lazy("Type de magie (slug) ; null : aucun."))
    tags = serializers.ListField(child=serializers.CharField())
    target = serializers.CharField()
    radius = serializers.IntegerField(required=False)
    effect = serializers.JSONField()
    bonus = serializers.JSONField(required=False)
    modulations = serializers.JSONField(required=False)

    def to_representation(self, spell: Spell):
        return spell.to_catalog_dict()


class SpellFilterSerializer(serializers.Serializer):
    level = serializers.IntegerField(min_value=1, max_value=8, required=False)
    magic_type = serializers.SlugField(required=False)
    tag = serializers.ChoiceField(choices=sorted(TAG_FIELDS), required=False)


class SpellListView(generics.ListAPIView):
    """The catalog by level then name; filters `level`, `magic_type` (slug), `tag` (§7)."""

    permission_classes = [IsStaffOrReadOnly]
    serializer_class = SpellSerializer
    pagination_class = PageSizePagination

    @extend_schema(parameters=[
        OpenApiParameter("level", OpenApiTypes.INT), OpenApiParameter("magic_type", OpenApiTypes.STR),
        OpenApiParameter("tag", OpenApiTypes.STR, enum=sorted(TAG_FIELDS)),
    ])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        filters = SpellFilterSerializer(data=self.request.query_params)
        filters.is_valid(raise_exception=True)
        return selectors.spell_list(**filters.validated_data).prefetch_related("modulations")


class SpellDetailView(generics.RetrieveAPIView):
    permission_classes = [IsStaffOrReadOnly]
    serializer_class = SpellSerializer
    lookup_field = "slug"

    def get_queryset(self):  # per request: the catalogue of the club being served
        return Spell.objects.offered().select_related("magic_type").prefetch_related("modulations")


class MagicTypeListView(generics.ListAPIView):
    permission_classes = [IsStaffOrReadOnly]
    serializer_class = MagicTypeSerializer
    queryset = MagicType.objects.order_by("name", "pk")


class MagicTypeDetailView(generics.RetrieveAPIView):
    permission_classes = [IsStaffOrReadOnly]
    serializer_class = MagicTypeSerializer
    queryset = MagicType.objects.all()
    lookup_field = "slug"
