"""GET /api/v1/spells/ and /api/v1/magic-types/ (read-only catalog)."""
import pytest

from tests.factories.spells import MagicTypeFactory, ModulationFactory, SpellFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    soins = MagicTypeFactory(slug="soins", name="Soins", description="Guérir.")
    heal = SpellFactory(slug="soin", name="Soin", level=2, range=0, magic_type=soins, target="self",
                        effect={"heal": 2}, tag_soin=True)
    bolt = SpellFactory(slug="eclair", name="Éclair", level=1)
    ModulationFactory(spell=bolt, level=3, effect={"damage": 4})
    return soins, heal, bolt


def test_spells_in_the_catalog_vocabulary_with_filters(anonymous, catalog):
    soins, heal, bolt = catalog
    body = anonymous.get("/api/v1/spells/").json()
    assert [s["slug"] for s in body["results"]] == ["eclair", "soin"]
    assert body["results"][0]["modulations"] == [{"level": 3, "effect": {"damage": 4}}]
    assert body["results"][1] == {**heal.to_catalog_dict(), "type": "soins"}
    assert [s["slug"] for s in anonymous.get("/api/v1/spells/?magic_type=soins").json()["results"]] == ["soin"]
    assert [s["slug"] for s in anonymous.get("/api/v1/spells/?level=1").json()["results"]] == ["eclair"]
    assert [s["slug"] for s in anonymous.get("/api/v1/spells/?tag=SOIN").json()["results"]] == ["soin"]
    assert anonymous.get("/api/v1/spells/soin/").json()["tags"] == ["SOIN"]
    assert anonymous.get("/api/v1/spells/inconnu/").status_code == 404


def test_bad_spell_filters_are_400_per_field(anonymous):
    response = anonymous.get("/api/v1/spells/?level=9&tag=FEU")
    assert response.status_code == 400 and set(response.json()["errors"]) == {"level", "tag"}


def test_magic_types(anonymous, catalog):
    assert anonymous.get("/api/v1/magic-types/").json()["results"] == [
        {"slug": "soins", "name": "Soins", "description": "Guérir."}]
    assert anonymous.get("/api/v1/magic-types/soins/").json()["name"] == "Soins"


def test_spell_queries_do_not_grow_with_the_catalog(anonymous, catalog, django_assert_max_num_queries):
    for n in range(30):
        ModulationFactory(spell=SpellFactory(slug=f"sort-x{n}"), level=4)
    with django_assert_max_num_queries(3):  # count, page (+ type), modulations
        assert anonymous.get("/api/v1/spells/?page_size=100").json()["count"] == 32
