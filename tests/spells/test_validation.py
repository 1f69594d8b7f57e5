"""spells.validation: every rule of the catalog vocabulary, with its field and French message."""
import pytest

from spells.catalog_format import validate_catalog_data
from spells.validation import validate_spell_data

TYPES = {"malefices", "defense"}


def problems(spell, **kwargs):
    return validate_spell_data(spell, magic_types=TYPES, **kwargs)


def test_a_valid_spell_has_no_problem(bolt):
    assert problems(bolt) == {}


def test_optional_keys_may_be_left_out():
    spell = {"slug": "mini", "name": "Mini", "level": 1, "range": 0, "target": "self", "effect": {"heal": 1}}
    assert problems(spell) == {}


@pytest.mark.parametrize("level", [0, 9, -1, "3", 2.5, None, True])
def test_level_is_1_to_8(bolt, level):
    bolt["level"] = level
    bolt.pop("modulations")
    assert problems(bolt)["level"][0].startswith("« level » doit être un entier de 1 à 8 (reçu :")


def test_level_message_shows_the_value(bolt):
    bolt["level"] = 9
    bolt.pop("modulations")
    assert problems(bolt) == {"level": ["« level » doit être un entier de 1 à 8 (reçu : 9)."]}


def test_required_keys(bolt):
    for key in ("slug", "name", "level", "range", "target", "effect"):
        bolt.pop(key)
    found = problems(bolt)
    for key in ("slug", "name", "level", "range", "target", "effect"):
        assert f"« {key} » est obligatoire." in found[key]


def test_unknown_key_is_named(bolt):
    bolt["modulation"] = []
    assert problems(bolt) == {"modulation": [
        "« modulation » : clé inconnue (clés permises : slug, name, incantation, description, level, range, "
        "type, tags, target, radius, effect, bonus, modulations)."
    ]}


@pytest.mark.parametrize("slug", ["Bolt", "bo lt", "", "é", 3, "-bolt"])
def test_slug_format(bolt, slug):
    bolt["slug"] = slug
    assert "« slug » doit être un identifiant en minuscules" in problems(bolt)["slug"][0]


def test_slug_must_be_unique(bolt):
    assert problems(bolt, taken_slugs={"bolt"}) == {
        "slug": ["« slug » : l'identifiant « bolt » est déjà utilisé par un autre sort."]
    }


def test_name_is_not_empty(bolt):
    bolt["name"] = "  "
    assert problems(bolt) == {"name": ["« name » doit être un texte non vide (reçu : \"  \")."]}


@pytest.mark.parametrize(("value", "message"), [
    (-1, "« range » doit être positif ou nul (reçu : -1)."),
    ("5", "« range » doit être un nombre entier (reçu : \"5\")."),
])
def test_range_is_a_non_negative_integer(bolt, value, message):
    bolt["range"] = value
    assert problems(bolt) == {"range": [message]}


def test_unknown_magic_type(bolt):
    bolt["type"] = "divination"
    assert problems(bolt) == {"type": ["« type » : type de magie inconnu « divination »."]}


def test_magic_type_is_not_checked_without_a_list(bolt):
    bolt["type"] = "divination"
    assert validate_spell_data(bolt) == {}


def test_unknown_tag_and_duplicate_tag(bolt):
    bolt["tags"] = ["AUTO", "RAPIDE", "AUTO"]
    assert problems(bolt)["tags"] == [
        "« tags » : étiquette inconnue \"RAPIDE\" (étiquettes permises : AUTO, SOIN, ZONE, INVOCATION, DEFENCE).",
        "« tags » : « AUTO » est en double.",
    ]


def test_unknown_target(bolt):
    bolt["target"] = "everyone"
    assert problems(bolt) == {"target": [
        "« target » doit être l'une des cibles opponent, self, ally, zone (reçu : \"everyone\")."
    ]}


@pytest.mark.parametrize("tag", ["ZONE", "INVOCATION"])
def test_zone_and_invocation_spells_target_a_zone(bolt, tag):
    bolt["tags"] = [tag]
    if tag == "INVOCATION":
        bolt.update(effect={"summon": {"name": "serpent", "pf": 3, "damage": 1, "range": 1, "turns": 2}})
        bolt.pop("bonus"), bolt.pop("modulations")
    assert problems(bolt)["target"] == [
        f"« target » doit être « zone » pour un sort {tag} (reçu : « opponent »)."
    ]


def test_zone_target_needs_zone_or_invocation(bolt):
    bolt["target"] = "zone"
    assert problems(bolt) == {"target": ["« target » ne peut être « zone » que pour un sort ZONE ou INVOCATION."]}


def test_radius_only_for_zone_spells(bolt):
    bolt["radius"] = 1
    assert problems(bolt) == {"radius": ["« radius » n'est permis que pour un sort ZONE."]}
    bolt.update(tags=["ZONE"], target="zone")
    assert problems(bolt) == {}
    bolt["radius"] = -2
    assert problems(bolt) == {"radius": ["« radius » doit être positif ou nul (reçu : -2)."]}


def test_defence_spells_are_cast_on_self(bolt):
    bolt.update(tags=["AUTO", "DEFENCE"], effect={"shield": {"charges": 1, "team": False}})
    bolt.pop("bonus"), bolt.pop("modulations")
    assert problems(bolt) == {"target": [
        "« target » doit être « self » pour un sort DEFENCE : il se lance sur soi en phase de défense "
        "(reçu : « opponent »)."
    ]}
    bolt["target"] = "self"
    assert problems(bolt) == {}


def test_summon_needs_invocation(bolt):
    bolt["effect"] = {"summon": {"name": "serpent", "pf": 3, "damage": 1, "range": 1, "turns": 2}}
    assert problems(bolt) == {"effect": ["« effect.summon » n'est permis que pour un sort INVOCATION."]}


def test_invocation_needs_summon(bolt):
    bolt.update(tags=["INVOCATION"], target="zone")
    bolt.pop("modulations")
    found = problems(bolt)
    assert found["effect"] == ["« effect » : un sort INVOCATION doit invoquer une créature (effet « summon »)."]
    assert found["bonus"] == ["« bonus » : un sort INVOCATION doit invoquer une créature (effet « summon »)."]


def test_unknown_effect_key(bolt):
    bolt["effect"] = {"damage": 2, "fire": 3}
    assert problems(bolt) == {"effect": [
        "« effect.fire » : effet inconnu (effets permis : damage, drain, heal, restore, push, pull, stun, "
        "disarm, bind, shield, summon)."
    ]}


@pytest.mark.parametrize("key", ["damage", "drain", "heal", "restore", "push", "pull"])
def test_amounts_are_non_negative_integers(bolt, key):
    bolt["effect"] = {key: -1}
    assert problems(bolt) == {"effect": [f"« effect.{key} » doit être positif ou nul (reçu : -1)."]}
    bolt["effect"] = {key: True}
    assert problems(bolt) == {"effect": [f"« effect.{key} » doit être un nombre entier (reçu : true)."]}


@pytest.mark.parametrize("key", ["stun", "disarm", "bind"])
def test_statuses_are_booleans(bolt, key):
    bolt["effect"] = {key: 1}
    assert problems(bolt) == {"effect": [f"« effect.{key} » doit valoir true ou false (reçu : 1)."]}


def test_effect_must_be_a_non_empty_object(bolt):
    bolt["effect"] = {}
    assert problems(bolt) == {"effect": ["« effect » ne peut pas être vide : indiquez au moins un effet."]}
    bolt["effect"] = [2]
    assert problems(bolt)["effect"][0].startswith("« effect » doit être un objet d'effets")


def test_shield_shape(bolt):
    bolt["effect"] = {"shield": {"charges": 0, "team": "yes", "size": 2}}
    assert problems(bolt)["effect"] == [
        "« effect.shield.size » : clé inconnue (clés permises : charges, team).",
        "« effect.shield.charges » doit valoir au moins 1 (reçu : 0).",
        "« effect.shield.team » doit valoir true ou false (reçu : \"yes\").",
    ]
    bolt["effect"] = {"shield": 1}
    assert problems(bolt)["effect"] == ["« effect.shield » doit être un objet {charges, team} (reçu : 1)."]


def test_summon_shape(bolt):
    bolt.update(tags=["INVOCATION"], target="zone", bonus=None, modulations=[])
    bolt["effect"] = {"summon": {"name": "", "pf": 0, "damage": -1, "turns": 0}}
    assert problems(bolt)["effect"] == [
        "« effect.summon.range » est obligatoire.",
        "« effect.summon.name » doit être un nom non vide (reçu : \"\").",
        "« effect.summon.pf » doit valoir au moins 1 (reçu : 0).",
        "« effect.summon.damage » doit être positif ou nul (reçu : -1).",
        "« effect.summon.turns » doit valoir au moins 1 (reçu : 0).",
    ]


def test_bonus_needs_a_magic_type(bolt):
    bolt["type"] = None
    found = problems(bolt)
    assert found["bonus"] == [
        "« bonus » : un sort sans type de magie ne peut pas avoir d'effet bonus "
        "(seul un lanceur du type du sort peut l'obtenir)."
    ]
    assert found["modulations[0].bonus"][0].startswith("« modulations[0].bonus » : un sort sans type")


def test_bonus_may_be_null(bolt):
    bolt["bonus"] = None
    assert problems(bolt) == {}


@pytest.mark.parametrize(("level", "shown"), [(1, "1"), (2, "2"), (9, "9"), ("4", '"4"')])
def test_modulation_level_above_the_spell_and_at_most_8(bolt, level, shown):
    bolt["modulations"][0]["level"] = level
    assert problems(bolt) == {"modulations[0].level": [
        f"« modulations[0].level » doit être un entier supérieur au niveau du sort (2) et au plus 8 (reçu : {shown})."
    ]}


def test_two_modulations_of_one_level(bolt):
    bolt["modulations"].append({"level": 4, "effect": {"damage": 6}})
    assert problems(bolt) == {"modulations[1].level": [
        "« modulations[1].level » : il y a déjà une modulation de niveau 4."
    ]}


def test_modulation_effects_are_checked(bolt):
    bolt["modulations"] = [{"level": 3, "effect": {"damage": -1}, "cost": 3}, "x", {"level": 5}]
    assert problems(bolt) == {
        "modulations[0]": ["« modulations[0].cost » : clé inconnue (clés permises : level, effect, bonus)."],
        "modulations[0].effect": ["« modulations[0].effect.damage » doit être positif ou nul (reçu : -1)."],
        "modulations[1]": ["« modulations[1] » doit être un objet {level, effect, bonus} (reçu : \"x\")."],
        "modulations[2].effect": ["« modulations[2].effect » est obligatoire."],
    }


def test_every_problem_is_reported_at_once(bolt):
    bolt.update(level=0, range=-1, target="nowhere", effect={"damage": "2"}, radius=1)
    assert set(problems(bolt)) == {"level", "range", "target", "effect", "radius"}


def test_a_spell_must_be_an_object():
    assert validate_spell_data(["bolt"]) == {"spell": ["Un sort doit être un objet JSON (reçu : [\"bolt\"])."]}


def test_catalog_problems_are_prefixed_with_the_slug(bolt):
    twin = dict(bolt, level=12)
    data = {
        "magic_types": [{"slug": "malefices", "name": "Maléfices"}, {"slug": "malefices", "name": ""}],
        "spells": [bolt, twin, {"name": "Sans identifiant", "level": 1}],
        "extra": 1,
    }
    assert validate_catalog_data(data) == [
        "Clé inconnue « extra » en tête du catalogue (clés permises : _header, magic_types, spells).",
        "type de magie malefices : « slug » : l'identifiant « malefices » est en double.",
        "type de magie malefices : « name » doit être un texte non vide (reçu : \"\").",
        "bolt : « slug » : l'identifiant « bolt » est déjà utilisé par un autre sort.",
        "bolt : « level » doit être un entier de 1 à 8 (reçu : 12).",
        "bolt : « modulations[0].level » doit être un entier supérieur au niveau du sort (12) et au plus 8 "
        "(reçu : 4).",
        "sort n° 3 : « slug » est obligatoire.",
        "sort n° 3 : « range » est obligatoire.",
        "sort n° 3 : « target » est obligatoire.",
        "sort n° 3 : « effect » est obligatoire.",
    ]


def test_catalog_spells_may_use_types_already_in_the_database(bolt):
    data = {"spells": [bolt]}
    assert validate_catalog_data(data) == ["bolt : « type » : type de magie inconnu « malefices »."]
    assert validate_catalog_data(data, known_magic_types={"malefices"}) == []


def test_catalog_must_be_an_object_with_a_spell_list():
    assert validate_catalog_data([]) == [
        "Le catalogue doit être un objet JSON {\"magic_types\": [...], \"spells\": [...]}."
    ]
    assert validate_catalog_data({"spells": {}}) == ["« spells » doit être une liste de sorts (reçu : {})."]
