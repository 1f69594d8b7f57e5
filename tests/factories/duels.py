"""Factories for duels: referees, magic types, registrations, and a small spell list for duel_start."""
import factory

from duels.models import Duel, DuelFormat, DuelKind, Registration
from spells.models import MagicType
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import make_referee

__all__ = ["DuellistFactory", "DuelFactory", "RefereeFactory", "RegistrationFactory", "magic_type", "TEST_SPELLS"]


def magic_type(slug: str) -> MagicType:
    return MagicType.objects.get_or_create(slug=slug, defaults={"name": slug.capitalize()})[0]


class RefereeFactory(UserFactory):
    class Meta:
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"arbitre{n}")

    @factory.post_generation
    def referee_role(self, create, extracted, **kwargs):
        if create:
            make_referee(self)  # in the club being served


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    duellist = factory.SubFactory(DuellistFactory)
    kind = DuelKind.NON_RP
    format = DuelFormat.ONE_V_ONE
    year = 3


class DuelFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Duel

    kind = DuelKind.NON_RP
    format = DuelFormat.ONE_V_ONE


# A tiny catalog (RULES.md §7 dicts) for started duels: tests never depend on the real catalog.
TEST_SPELLS = [
    {"slug": "bolt", "name": "Éclair", "level": 1, "range": 11, "type": "malefices", "tags": [],
     "target": "opponent", "effect": {"damage": 5}, "bonus": {"damage": 8}},
    {"slug": "fireball", "name": "Boule de feu", "level": 2, "range": 11, "type": None, "tags": [],
     "target": "opponent", "effect": {"damage": 6}},
    {"slug": "spark", "name": "Étincelle", "level": 1, "range": 11, "type": None, "tags": [],
     "target": "opponent", "effect": {"damage": 2}},
    {"slug": "coup", "name": "Coup fatal", "level": 1, "range": 11, "type": None, "tags": [],
     "target": "opponent", "effect": {"damage": 20}},
    {"slug": "coup2", "name": "Second coup", "level": 1, "range": 11, "type": None, "tags": [],
     "target": "opponent", "effect": {"damage": 20}},
    {"slug": "heal", "name": "Soin", "level": 1, "range": 0, "type": "soins", "tags": ["SOIN"],
     "target": "self", "effect": {"heal": 2}},
]
