"""catalog_load / catalog_export: whole-file validation, upsert by slug, idempotence, round trip."""
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from spells.catalog_format import DEFAULT_CATALOG_PATH
from spells.models import MagicType, Modulation, Spell
from tests.factories.spells import MagicTypeFactory, SpellFactory

pytestmark = pytest.mark.django_db


def load(path=None) -> str:
    out = StringIO()
    args = ["--file", str(path)] if path else []
    call_command("catalog_load", *args, stdout=out, stderr=StringIO())
    return out.getvalue().strip()


def write(tmp_path, data, name="catalogue.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def small_catalog(bolt):
    return {
        "magic_types": [{"slug": "malefices", "name": "Maléfices", "description": "Pour blesser."}],
        "spells": [
            bolt,
            {"slug": "bouclier", "name": "Bouclier", "level": 1, "range": 0, "type": None,
             "tags": ["AUTO", "DEFENCE"], "target": "self", "effect": {"shield": {"charges": 1, "team": False}}},
            {"slug": "souffle", "name": "Souffle", "level": 3, "range": 4, "type": "malefices", "tags": ["ZONE"],
             "target": "zone", "radius": 1, "effect": {"push": 2}},
        ],
    }


def test_load_a_good_file(tmp_path, small_catalog):
    assert load(write(tmp_path, small_catalog)) == (
        "Sorts : 3 créé(s), 0 mis à jour, 0 inchangé(s) ; types de magie : 1 créé(s), 0 mis à jour, 0 inchangé(s)."
    )
    bolt = Spell.objects.get(slug="bolt")
    assert (bolt.name, bolt.incantation, bolt.level, bolt.magic_type.slug) == ("Éclair", "Fulgur", 2, "malefices")
    assert bolt.effect == {"damage": 2} and bolt.bonus == {"damage": 3}
    assert [(m.level, m.effect, m.bonus) for m in bolt.modulations.all()] == [(4, {"damage": 4}, {"damage": 5})]
    shield = Spell.objects.get(slug="bouclier")
    assert shield.tags == ["AUTO", "DEFENCE"] and shield.magic_type is None and shield.radius is None
    assert Spell.objects.get(slug="souffle").radius == 1


def test_second_load_changes_nothing(tmp_path, small_catalog):
    path = write(tmp_path, small_catalog)
    load(path)
    assert load(path) == (
        "Sorts : 0 créé(s), 0 mis à jour, 3 inchangé(s) ; types de magie : 0 créé(s), 0 mis à jour, 1 inchangé(s)."
    )


def test_load_updates_by_slug_and_replaces_modulations(tmp_path, small_catalog):
    load(write(tmp_path, small_catalog))
    bolt_id = Spell.objects.get(slug="bolt").pk
    small_catalog["spells"][0]["effect"] = {"damage": 3}
    small_catalog["spells"][0]["modulations"] = [{"level": 5, "effect": {"damage": 6}}]
    small_catalog["magic_types"][0]["name"] = "Maléfices offensifs"
    assert load(write(tmp_path, small_catalog)) == (
        "Sorts : 0 créé(s), 1 mis à jour, 2 inchangé(s) ; types de magie : 0 créé(s), 1 mis à jour, 0 inchangé(s)."
    )
    bolt = Spell.objects.get(slug="bolt")
    assert bolt.pk == bolt_id and bolt.effect == {"damage": 3}
    assert list(Modulation.objects.filter(spell=bolt).values_list("level", flat=True)) == [5]
    assert MagicType.objects.get(slug="malefices").name == "Maléfices offensifs"


def test_spells_missing_from_the_file_are_kept(tmp_path, small_catalog):
    SpellFactory(slug="ancien")
    load(write(tmp_path, small_catalog))
    assert Spell.objects.filter(slug="ancien").exists()


def test_a_bad_file_is_refused_whole_with_every_problem(tmp_path, small_catalog):
    small_catalog["spells"][0]["level"] = 9
    small_catalog["spells"][1]["target"] = "opponent"
    small_catalog["spells"][2]["type"] = "divination"
    small_catalog["spells"].append(dict(small_catalog["spells"][1], target="self"))
    err = StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("catalog_load", "--file", str(write(tmp_path, small_catalog)), stdout=StringIO(), stderr=err)
    assert "Catalogue refusé : 5 problème(s)" in str(raised.value)
    assert "rien n'a été écrit" in str(raised.value)
    assert err.getvalue().splitlines() == [
        "- bolt : « level » doit être un entier de 1 à 8 (reçu : 9).",
        "- bolt : « modulations[0].level » doit être un entier supérieur au niveau du sort (9) et au plus 8 "
        "(reçu : 4).",
        "- bouclier : « target » doit être « self » pour un sort DEFENCE : il se lance sur soi en phase de "
        "défense (reçu : « opponent »).",
        "- souffle : « type » : type de magie inconnu « divination ».",
        "- bouclier : « slug » : l'identifiant « bouclier » est déjà utilisé par un autre sort.",
    ]
    assert not Spell.objects.exists() and not MagicType.objects.exists()


def test_a_bad_file_leaves_the_database_as_it_was(tmp_path, small_catalog):
    load(write(tmp_path, small_catalog))
    small_catalog["spells"][0]["effect"] = {"damage": 5}
    small_catalog["spells"][2]["effect"] = {"damage": -5}
    with pytest.raises(CommandError):
        load(write(tmp_path, small_catalog))
    assert Spell.objects.get(slug="bolt").effect == {"damage": 2}


def test_invalid_json_is_reported(tmp_path):
    path = tmp_path / "cassé.json"
    path.write_text('{"spells": [', encoding="utf-8")
    with pytest.raises(CommandError, match=r"n'est pas un JSON valide \(ligne 1"):
        load(path)
    with pytest.raises(CommandError, match="Impossible de lire"):
        load(tmp_path / "absent.json")


def test_spells_may_use_a_type_already_in_the_database(tmp_path, bolt):
    MagicTypeFactory(slug="malefices", name="Maléfices")
    load(write(tmp_path, {"spells": [bolt]}))
    assert Spell.objects.get(slug="bolt").magic_type.name == "Maléfices"


def test_export_to_stdout_then_load_changes_nothing(tmp_path, small_catalog):
    load(write(tmp_path, small_catalog))
    out = StringIO()
    call_command("catalog_export", stdout=out)
    exported = json.loads(out.getvalue())
    assert [s["slug"] for s in exported["spells"]] == ["bouclier", "bolt", "souffle"]  # by level, then slug
    assert exported["spells"][1] == {
        "slug": "bolt", "name": "Éclair", "incantation": "Fulgur", "description": "Un éclair.", "level": 2,
        "range": 5, "type": "malefices", "tags": [], "target": "opponent", "effect": {"damage": 2},
        "bonus": {"damage": 3}, "modulations": [{"level": 4, "effect": {"damage": 4}, "bonus": {"damage": 5}}],
    }
    path = write(tmp_path, exported, "export.json")
    assert load(path).startswith("Sorts : 0 créé(s), 0 mis à jour, 3 inchangé(s) ; types de magie : 0 créé(s), "
                                 "0 mis à jour, 1 inchangé(s)")


def test_export_to_a_file(tmp_path, small_catalog):
    load(write(tmp_path, small_catalog))
    target = tmp_path / "sortie.json"
    out = StringIO()
    call_command("catalog_export", "--file", str(target), stdout=out)
    assert "3 sort(s) et 1 type(s) de magie exportés" in out.getvalue()
    assert len(json.loads(target.read_text(encoding="utf-8"))["spells"]) == 3


def test_the_default_catalog_round_trips_to_the_same_text(tmp_path):
    """migrate + catalog_load gives the shipped catalog; exporting it writes the shipped file back."""
    shipped = json.loads(DEFAULT_CATALOG_PATH.read_text(encoding="utf-8"))
    assert load() == (
        f"Sorts : {len(shipped['spells'])} créé(s), 0 mis à jour, 0 inchangé(s) ; "
        f"types de magie : {len(shipped['magic_types'])} créé(s), 0 mis à jour, 0 inchangé(s)."
    )
    target = tmp_path / "default.json"
    call_command("catalog_export", "--file", str(target), stdout=StringIO())
    assert target.read_text(encoding="utf-8") == DEFAULT_CATALOG_PATH.read_text(encoding="utf-8")
