import factory

from spells.models import MagicType, Modulation, Spell


class MagicTypeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MagicType
        django_get_or_create = ("slug",)

    slug = factory.Sequence(lambda n: f"type-{n}")
    name = factory.Sequence(lambda n: f"Type de magie {n}")
    description = ""


class SpellFactory(factory.django.DjangoModelFactory):
    """An ordinary level-1 attack: 2 PF at range 5, no type, no tags."""

    class Meta:
        model = Spell

    slug = factory.Sequence(lambda n: f"sort-{n}")
    name = factory.Sequence(lambda n: f"Sort {n}")
    incantation = factory.Sequence(lambda n: f"Incantatio {n}")
    level = 1
    range = 5
    magic_type = None
    target = "opponent"
    effect = factory.LazyFunction(lambda: {"damage": 2})
    bonus = None


class ModulationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Modulation

    spell = factory.SubFactory(SpellFactory)
    level = factory.LazyAttribute(lambda o: o.spell.level + 1)
    effect = factory.LazyFunction(lambda: {"damage": 3})
