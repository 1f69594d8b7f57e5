"""Staff edit the catalog in the admin: spells with their modulations inline, validation shown."""
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from spells.models import Spell
from tests.factories.spells import MagicTypeFactory, ModulationFactory, SpellFactory

pytestmark = pytest.mark.django_db


def form_data(**changes):
    data = {
        "name": "Éclair", "slug": "eclair", "incantation": "Fulgur", "description": "",
        "level": "2", "range": "5", "magic_type": "", "target": "opponent", "radius": "",
        "effect": '{"damage": 2}', "bonus": "",
        "modulations-TOTAL_FORMS": "0", "modulations-INITIAL_FORMS": "0",
        "modulations-MIN_NUM_FORMS": "0", "modulations-MAX_NUM_FORMS": "1000",
    }
    data.update(changes)
    return data


def test_admin_pages_load(admin_client):
    spell = SpellFactory()
    ModulationFactory(spell=spell)
    for url in (reverse("admin:spells_spell_changelist"), reverse("admin:spells_spell_add"),
                reverse("admin:spells_spell_change", args=[spell.pk]), reverse("admin:spells_magictype_changelist"),
                reverse("admin:spells_magictype_change", args=[MagicTypeFactory().pk])):
        assert admin_client.get(url).status_code == 200, url
    assert admin_client.get(reverse("admin:spells_spell_changelist"), {"tag_zone__exact": "1"}).status_code == 200


def test_add_a_spell_with_a_modulation(admin_client):
    response = admin_client.post(reverse("admin:spells_spell_add"), form_data(**{
        "tag_zone": "on", "target": "zone", "radius": "1",
        "modulations-TOTAL_FORMS": "1", "modulations-0-level": "4", "modulations-0-effect": '{"damage": 4}',
        "modulations-0-bonus": "",
    }))
    assert response.status_code == 302, response.content.decode()
    spell = Spell.objects.get(slug="eclair")
    assert spell.tags == ["ZONE"] and spell.radius == 1 and spell.effect == {"damage": 2}
    assert [(m.level, m.effect, m.bonus) for m in spell.modulations.all()] == [(4, {"damage": 4}, None)]


def test_validation_messages_are_shown_next_to_their_fields(admin_client):
    response = admin_client.post(reverse("admin:spells_spell_add"), form_data(**{
        "tag_defence": "on", "radius": "2", "effect": '{"damage": -1, "fire": 1}', "bonus": '{"damage": 3}',
        "modulations-TOTAL_FORMS": "1", "modulations-0-level": "2", "modulations-0-effect": '{"damage": 4}',
    }))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert errors["target"] == ["« target » doit être « self » pour un sort DEFENCE : il se lance sur soi en phase "
                                "de défense (reçu : « opponent »)."]
    assert errors["radius"] == ["« radius » n'est permis que pour un sort ZONE."]
    assert errors["effect"] == [
        "« effect.damage » doit être positif ou nul (reçu : -1).",
        "« effect.fire » : effet inconnu (effets permis : damage, drain, heal, restore, push, pull, stun, disarm, "
        "bind, shield, summon).",
    ]
    assert errors["bonus"][0].startswith("« bonus » : un sort sans type de magie ne peut pas avoir d'effet bonus")
    inline_errors = response.context["inline_admin_formsets"][0].formset.errors
    assert inline_errors[0]["level"] == [
        "« level » doit être un entier supérieur au niveau du sort (2) et au plus 8 (reçu : 2)."
    ]
    assert "« target » doit être « self » pour un sort DEFENCE" in response.content.decode()
    assert not Spell.objects.exists()


def test_raising_the_level_checks_the_saved_modulations(admin_client):
    spell = SpellFactory(level=2)
    modulation = ModulationFactory(spell=spell, level=3)
    url = reverse("admin:spells_spell_change", args=[spell.pk])
    data = form_data(slug=spell.slug, name=spell.name, level="4", **{
        "modulations-TOTAL_FORMS": "1", "modulations-INITIAL_FORMS": "1", "modulations-0-id": str(modulation.pk),
        "modulations-0-spell": str(spell.pk), "modulations-0-level": "3", "modulations-0-effect": '{"damage": 3}',
    })
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert response.context["inline_admin_formsets"][0].formset.errors[0]["level"][0].startswith(
        "« level » doit être un entier supérieur au niveau du sort (4)"
    )
    spell.refresh_from_db()
    assert spell.level == 2


def test_model_clean_maps_problems_to_fields():
    spell = Spell(slug="x", name="X", level=9, range=1, target="zone", effect={"summon": {"name": "rat"}},
                  tag_invocation=False)
    with pytest.raises(ValidationError) as raised:
        spell.full_clean()
    errors = raised.value.message_dict
    assert errors["level"] == ["« level » doit être un entier de 1 à 8 (reçu : 9)."]
    assert "« target » ne peut être « zone » que pour un sort ZONE ou INVOCATION." in errors["target"]
    assert "« effect.summon » n'est permis que pour un sort INVOCATION." in errors["effect"]


def test_magic_type_with_spells_cannot_be_deleted():
    from django.db.models import ProtectedError

    magic_type = MagicTypeFactory()
    SpellFactory(magic_type=magic_type)
    with pytest.raises(ProtectedError):
        magic_type.delete()
