"""The public catalog pages: /sorts/ (filters, HTMX partial) and /sorts/<slug>/."""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse, reverse_lazy

from tests.factories.spells import MagicTypeFactory, ModulationFactory, SpellFactory
from tests.support.clubs import club_cache_warmed, club_path

pytestmark = pytest.mark.django_db
CATALOG = reverse_lazy("spells:catalog")  # in the test's club


def main_text(response) -> str:
    """The visible text of the page's main content, whitespace collapsed."""
    html = response.content.decode()
    main = html[html.find("<main"):html.find("</main>")] if "<main" in html else html
    return " ".join(re.sub(r"<[^>]+>", " ", main).split()).replace("&#x27;", "'")


def names(response) -> list[str]:
    prefix = re.escape(club_path("/sorts/"))
    return re.findall(rf'<h3><a href="{prefix}[^/]+/">([^<]+)</a></h3>', response.content.decode())


@pytest.fixture
def catalog():
    malefices = MagicTypeFactory(slug="malefices", name="Maléfices")
    defense = MagicTypeFactory(slug="defense", name="Défense")
    return {
        "furoncles": SpellFactory(slug="furoncles", name="Furoncles", level=1, magic_type=malefices),
        "protego": SpellFactory(slug="protego", name="Protego", level=1, magic_type=defense, range=0,
                                tags=["AUTO", "DEFENCE"], target="self",
                                effect={"shield": {"charges": 1, "team": False}}),
        "incendio": SpellFactory(slug="incendio", name="Incendio", level=3, magic_type=malefices, tags=["ZONE"],
                                 target="zone", radius=1, effect={"damage": 3}),
        "flipendo": SpellFactory(slug="flipendo", name="Flipendo", level=3, effect={"push": 3}),
    }


def test_catalog_lists_every_spell_in_french(client, catalog):
    response = client.get(CATALOG)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="fr">' in html and "css/spells.css" in html
    assert names(response) == ["Furoncles", "Protego", "Flipendo", "Incendio"]  # by level, then name
    page = main_text(response)
    assert "Catalogue des sorts" in page and "4 sorts" in page
    assert "Sort de zone, rayon 1. Inflige 3 PF." in page
    assert "Repousse la cible de 3 zones." in page


def test_filter_form_is_htmx_and_works_without_javascript(client, catalog):
    html = client.get(CATALOG).content.decode()
    form = re.search(r"<form[^>]*spell-filters[^>]*>", html).group(0)
    for attribute in ('method="get"', f'action="{CATALOG}"', f'hx-get="{CATALOG}"', 'hx-target="#resultats"',
                      'hx-push-url="true"'):
        assert attribute in form
    for field, label in (("level", "Niveau"), ("type", "Type de magie"), ("tag", "Étiquette")):
        assert f'<label for="id_{field}">{label}' in html
    assert '<button type="submit">Filtrer</button>' in html


@pytest.mark.parametrize(("query", "expected"), [
    ({"level": "3"}, ["Flipendo", "Incendio"]),
    ({"type": "malefices"}, ["Furoncles", "Incendio"]),
    ({"tag": "ZONE"}, ["Incendio"]),
    ({"tag": "DEFENCE", "level": "1"}, ["Protego"]),
    ({"level": "1", "type": "malefices", "tag": ""}, ["Furoncles"]),
    ({"level": "8"}, []),
])
def test_filters(client, catalog, query, expected):
    response = client.get(CATALOG, query)
    assert names(response) == expected
    if not expected:
        assert "Aucun sort ne correspond à ces filtres." in main_text(response)


def test_invalid_filters_are_reported_and_ignored(client, catalog):
    response = client.get(CATALOG, {"level": "99", "type": "divination", "tag": "ZONE"})
    assert response.status_code == 200
    assert names(response) == ["Incendio"]
    assert "Sélectionnez un choix valide" in response.content.decode()


def test_htmx_request_gets_only_the_results(client, catalog):
    response = client.get(CATALOG, {"level": "3"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="resultats"')
    assert "<html" not in html and "<form" not in html
    assert names(response) == ["Flipendo", "Incendio"] and "2 sorts" in main_text(response)
    assert "HX-Request" in response["Vary"]


def test_htmx_history_restore_gets_the_full_page(client, catalog):
    response = client.get(CATALOG, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in response.content.decode()


def test_catalog_query_count_does_not_grow_with_the_catalog(client):
    club_cache_warmed()

    def queries_for(count: int) -> int:
        for _ in range(count):
            ModulationFactory(spell=SpellFactory(magic_type=MagicTypeFactory()))
        with CaptureQueriesContext(connection) as captured:
            assert client.get(CATALOG).status_code == 200
        return len(captured)

    assert queries_for(5) == queries_for(35) <= 3


def test_catalog_max_queries(client, django_assert_max_num_queries):
    for _ in range(40):
        SpellFactory(magic_type=MagicTypeFactory())
    club_cache_warmed()
    with django_assert_max_num_queries(3):
        client.get(CATALOG, {"tag": "", "level": "1"})


def test_spell_page_says_what_it_does(client, catalog):
    spell = catalog["incendio"]
    spell.bonus = {"damage": 4, "push": 1}
    spell.save()
    ModulationFactory(spell=spell, level=5, effect={"damage": 5}, bonus={"damage": 6})
    response = client.get(reverse("spells:detail", args=["incendio"]))
    assert response.status_code == 200
    page = main_text(response)
    for expected in (
        "Incendio", "Inflige 3 PF.", "Sort de zone, rayon 1.", "Ne peut pas être esquivé.",
        "Niveau 3 (accessible dès : 3e année)", "Coût 3 PM", "Portée P=5 (5 zones)", "Cible Une zone de l'estrade",
        "Type de magie Maléfices", "ZONE Zone : touche tous ceux qui sont dans la zone visée",
        "Effet bonus Pour un lanceur qui a choisi le type Maléfices et parie 1-2-3 ou 4-5-6 : Inflige 4 PF. "
        "Repousse chaque cible de 1 zone.",
        "Lancer ordinaire 3 PM 1-2-3 ou 4-5-6 1 chance sur 2 (50 %) effet normal",
        "Lanceur du type Maléfices 3 PM 1-2-3-4 ou 3-4-5-6 2 chances sur 3 (67 %) effet normal "
        "1-2-3 ou 4-5-6 1 chance sur 2 (50 %) effet bonus",
        "Tentative de niveau supérieur (en 2e année, une fois par duel) 3 PM 1-2 ou 3-4 ou 5-6 1 chance sur 3 (33 %)",
        "membre du club Prodigium en duel RP 3 PM 1-2-3 ou 4-5-6 1 chance sur 2 (50 %) effet normal",
        "Modulations", "5 (5e année) 5 PM Inflige 5 PF. Inflige 6 PF.",
    ):
        assert expected in page, expected


def test_spell_page_of_an_auto_spell(client, catalog):
    page = main_text(client.get(reverse("spells:detail", args=["protego"])))
    assert "Protège le lanceur : 1 charge de bouclier jusqu'à la fin du tour." in page
    assert "Cible Soi-même" in page and "DEFENCE Défense : peut aussi être lancé en phase de défense." in page
    assert "Lancer ordinaire 1 PM aucun pari réussite assurée (100 %) effet normal" in page
    assert "Modulations" not in page and "Effet bonus" not in page


def test_spell_page_of_a_dodgeable_typeless_spell(client, catalog):
    page = main_text(client.get(reverse("spells:detail", args=["flipendo"])))
    assert "Repousse la cible de 3 zones." in page
    assert "L'adversaire touché peut tenter d'esquiver (2 PF, pari 1-2-3 ou 4-5-6)." in page
    assert "Type de magie Aucun (pas d'effet bonus)" in page
    assert "Lancer (sort sans type de magie) 3 PM" in page and "Lanceur du type" not in page


def test_spell_page_of_a_summon_and_a_heal(client):
    SpellFactory(slug="serpensortia", name="Serpensortia", level=2, range=3, tags=["INVOCATION"], target="zone",
                 effect={"summon": {"name": "serpent", "pf": 3, "damage": 1, "range": 1, "turns": 2}})
    SpellFactory(slug="episkey", name="Episkey", level=2, range=2, tags=["SOIN"], target="ally",
                 effect={"heal": 2})
    assert "Invoque un serpent (3 PF, 1 dégât, portée 1, 2 tours)." in main_text(
        client.get(reverse("spells:detail", args=["serpensortia"])))
    page = main_text(client.get(reverse("spells:detail", args=["episkey"])))
    assert "Rend 2 PF à la cible." in page and "Coût Aucun PM (sort de soin)" in page
    assert "Cible Soi-même ou un coéquipier" in page
    # An overlevel attempt at a SOIN spell is a normal cast: it costs PM and needs a bet (§4.1).
    assert "Tentative de niveau supérieur (en 1re année, une fois par duel) 2 PM 1-2 ou 3-4 ou 5-6" in page


def test_spell_page_query_count(client, catalog, django_assert_max_num_queries):
    ModulationFactory(spell=catalog["incendio"], level=5)
    ModulationFactory(spell=catalog["incendio"], level=6)
    club_cache_warmed()
    with django_assert_max_num_queries(2):
        client.get(reverse("spells:detail", args=["incendio"]))


def test_unknown_spell_is_404(client):
    assert client.get(reverse("spells:detail", args=["avada-kedavra"])).status_code == 404


def test_default_catalog_pages_render(client):
    from spells.catalog_format import DEFAULT_CATALOG_PATH, read_catalog_file
    from spells.services import catalog_load

    catalog_load(data=read_catalog_file(DEFAULT_CATALOG_PATH))
    response = client.get(CATALOG)
    assert len(names(response)) == len(read_catalog_file(DEFAULT_CATALOG_PATH)["spells"])
    for slug in ("expelliarmus", "protego-duo", "serpensortia", "sectumsempra", "vulnera-sanentur", "bombarda"):
        assert client.get(reverse("spells:detail", args=[slug])).status_code == 200
    assert "Sort de zone, rayon 1" in main_text(client.get(reverse("spells:detail", args=["bombarda"])))
