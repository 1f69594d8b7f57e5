"""The club's description (read-only): who it is and the numbers of the rulebook it plays (RULES.md §8).

`house_rules.values` holds every knob with the club's value (the rulebook's where the club changed
nothing); `house_rules.changed` only the knobs that differ, as the club's staff set them. Running duels
keep the rules they started with (`GET /duels/<id>/`, `house_rules`).
"""
from __future__ import annotations

from dataclasses import fields

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.scoping import current_club
from duels.engine.house_rules import HouseRules
from duels.selectors.house_rules import club_rules


def house_rules_values(rules: HouseRules) -> dict:
    """Every knob of `rules` in JSON form (`points` as {"1": [PF, PM], …})."""
    values = {f.name: getattr(rules, f.name) for f in fields(rules)}
    values["points"] = {str(year): list(pair) for year, pair in rules.points.items()}
    return values


def house_rules_json(rules: HouseRules) -> dict:
    return {"values": house_rules_values(rules), "changed": rules.to_dict()}


class HouseRulesSerializer(serializers.Serializer):
    values = serializers.DictField(help_text=gettext_lazy("Chaque règle du §8 avec la valeur du club."))
    changed = serializers.DictField(help_text=gettext_lazy("Les seules règles que le club a changées ({} : le "
                                                           "règlement d'origine)."))


class ClubSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    forum_url = serializers.CharField()
    language = serializers.CharField()
    time_zone = serializers.CharField()
    house_rules = HouseRulesSerializer()


class ClubView(APIView):
    """The club of the address: its name, forum, language, time zone and house rules."""

    @extend_schema(responses=ClubSerializer)
    def get(self, request):
        club = current_club()
        return Response(ClubSerializer({
            "slug": club.slug, "name": club.name, "forum_url": club.forum_url, "language": club.language,
            "time_zone": club.time_zone, "house_rules": house_rules_json(club_rules(club)),
        }).data)
