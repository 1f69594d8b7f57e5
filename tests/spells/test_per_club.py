"""Each club's catalogue: the default one until the club loads its own copy; one club's copy never shows in
another club — its pages, its API, the duels it starts — and a running duel keeps the catalogue it started with."""
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.scoping import activate_club
from duels.services import duel_start, magic_types_choose, referee_assign
from spells.catalog_format import DEFAULT_CATALOG_PATH, read_catalog_file
from spells.models import Modulation, Spell
from spells.selectors import catalogue_has_copy
from spells.services import catalogue_copy_for
from tests.factories.duels import RefereeFactory
from tests.support.clubs import club_cache_warmed, home_club, other_club
from tests.support.duels import matched_duel

pytestmark = pytest.mark.django_db


def load(*args) -> str:
    out = StringIO()
    call_command("catalog_load", *args, stdout=out, stderr=StringIO())
    return out.getvalue().strip()


@pytest.fixture
def default_catalogue():
    load()
    return read_catalog_file(DEFAULT_CATALOG_PATH)


@pytest.fixture
def stupefix_at_4(tmp_path, default_catalogue):
    """The shipped file with Stupéfix at level 4 (so costing 4 PM) instead of 3."""
    data = json.loads(json.dumps(default_catalogue))
    for spell in data["spells"]:
        if spell["slug"] == "stupefix":
            spell["level"] = 4
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def stupefix_level() -> int:
    return Spell.objects.get(slug="stupefix").level


def started_with_the_catalogue():
    """A duel of the active club started with no spells given: it freezes its club's catalogue."""
    duel = matched_duel()
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    for participant in duel.participants.select_related("duellist__user"):
        magic_types_choose(participant=participant, types=["malefices"], by=participant.duellist.user)
    return duel_start(duel=duel, by=referee)


def frozen_level(duel, slug="stupefix") -> int:
    return next(s["level"] for s in duel.spells if s["slug"] == slug)


def test_a_club_edits_its_copy_and_no_other_club_sees_it(client, stupefix_at_4):
    edited, untouched = other_club(), home_club()
    assert load("--club", edited.slug, "--file", str(stupefix_at_4)).startswith(
        "Sorts : 0 créé(s), 1 mis à jour,")
    with activate_club(edited):
        assert stupefix_level() == 4
        page = client.get(reverse("spells:detail", args=["stupefix"])).content.decode()
        assert "Coût</dt><dd>4 PM" in page
        assert frozen_level(started_with_the_catalogue()) == 4
        assert client.get(reverse("api-spell", args=["stupefix"])).json()["level"] == 4
    with activate_club(untouched):
        assert stupefix_level() == 3
        page = client.get(reverse("spells:detail", args=["stupefix"])).content.decode()
        assert "Coût</dt><dd>3 PM" in page
        catalogue = client.get(reverse("spells:catalog"), {"level": "4"}).content.decode()
        assert "Sortilège de Stupéfixion" not in catalogue
        assert frozen_level(started_with_the_catalogue()) == 3
        assert client.get(reverse("api-spell", args=["stupefix"])).json()["level"] == 3
    # the default rows are untouched: the edit lives in the club's own copy
    assert Spell.rows.get(slug="stupefix", club=None).level == 3
    assert Spell.rows.filter(club=edited).count() == Spell.rows.filter(club=None).count()


def test_a_running_duel_keeps_its_snapshot(stupefix_at_4):
    club = other_club()
    with activate_club(club):
        running = started_with_the_catalogue()
    load("--club", club.slug, "--file", str(stupefix_at_4))
    running.refresh_from_db()
    assert frozen_level(running) == 3
    with activate_club(club):
        assert frozen_level(started_with_the_catalogue()) == 4


def test_the_import_of_a_club_touches_only_that_club(tmp_path, default_catalogue, stupefix_at_4):
    a, b = other_club(), other_club("beauxbatons", "Beauxbâtons")
    load("--club", b.slug)  # b makes its copy (the default, unchanged)
    default_before = [s.to_catalog_dict() for s in Spell.rows.owned_by(None).prefetch_related("modulations")]
    b_before = [s.to_catalog_dict() for s in Spell.rows.owned_by(b).prefetch_related("modulations")]
    load("--club", a.slug, "--file", str(stupefix_at_4))
    assert [s.to_catalog_dict() for s in Spell.rows.owned_by(None).prefetch_related("modulations")] == default_before
    assert [s.to_catalog_dict() for s in Spell.rows.owned_by(b).prefetch_related("modulations")] == b_before
    assert not catalogue_has_copy(home_club())
    # the default catalogue's own import (no --club) reaches the clubs without a copy only
    data = json.loads(stupefix_at_4.read_text())
    for spell in data["spells"]:
        if spell["slug"] == "stupefix":
            spell["range"] = 7
    path = tmp_path / "default.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    load("--file", str(path))
    assert stupefix_level() == 4 and Spell.objects.get(slug="stupefix").range == 7  # the home club: the default
    with activate_club(b):
        assert (stupefix_level(), Spell.objects.get(slug="stupefix").range) == (3, 5)
    with activate_club(a):
        assert (stupefix_level(), Spell.objects.get(slug="stupefix").range) == (4, 5)


def test_the_copy_is_whole_idempotent_and_in_a_few_statements(default_catalogue, django_assert_max_num_queries):
    club = other_club()
    # lock, has-copy, spells, modulations, insert spells, insert modulations (+ savepoint and release),
    # whatever the size of the catalogue
    with django_assert_max_num_queries(8):
        assert catalogue_copy_for(club) is True
    assert catalogue_copy_for(club) is False
    with activate_club(club):
        mine = [s.to_catalog_dict() for s in Spell.objects.prefetch_related("modulations").order_by("slug")]
    default = [s.to_catalog_dict() for s in Spell.rows.owned_by(None).prefetch_related("modulations").order_by("slug")]
    assert mine == default and len(mine) == len(default_catalogue["spells"])
    assert Modulation.objects.filter(spell__club=club).count() == Modulation.objects.filter(spell__club=None).count()


def test_a_club_file_may_not_add_or_change_a_magic_type(tmp_path, default_catalogue):
    data = json.loads(json.dumps(default_catalogue))
    data["magic_types"][0]["name"] = "Autre nom"
    data["magic_types"].append({"slug": "runes", "name": "Runes", "description": ""})
    path = tmp_path / "types.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    errors = StringIO()
    with pytest.raises(CommandError, match="2 problème"):
        call_command("catalog_load", "--club", other_club().slug, "--file", str(path), stdout=StringIO(),
                     stderr=errors)
    assert "les types de magie sont ceux du site" in errors.getvalue()
    assert not catalogue_has_copy(other_club())  # nothing written, not even the copy


def test_an_unknown_club_is_refused_by_name():
    with pytest.raises(CommandError, match="Club inconnu : « poudlard »"):
        load("--club", "poudlard")


def test_the_export_of_a_club_is_the_catalogue_it_reads(stupefix_at_4):
    club = other_club()

    def exported(*args):
        out = StringIO()
        call_command("catalog_export", *args, stdout=out)
        return {s["slug"]: s for s in json.loads(out.getvalue())["spells"]}

    assert exported("--club", club.slug) == exported()  # no copy yet: the default
    load("--club", club.slug, "--file", str(stupefix_at_4))
    assert exported("--club", club.slug)["stupefix"]["level"] == 4
    assert exported()["stupefix"]["level"] == 3


def test_pages_of_a_club_with_a_copy_cost_the_same_queries(client, default_catalogue):
    club = other_club()
    catalogue_copy_for(club)
    with activate_club(club):
        club_cache_warmed(club)
        with CaptureQueriesContext(connection) as catalogue:
            assert client.get(reverse("spells:catalog")).status_code == 200
        with CaptureQueriesContext(connection) as detail:
            assert client.get(reverse("spells:detail", args=["stupefix"])).status_code == 200
    assert len(catalogue) <= 3 and len(detail) <= 2


def test_the_admin_lists_every_catalogue_and_checks_slugs_in_the_row_catalogue(admin_client, default_catalogue):
    from clubs.scoping import outside_clubs

    club = other_club()
    catalogue_copy_for(club)
    with outside_clubs():
        listing = admin_client.get(reverse("admin:spells_spell_changelist"), {"club__id__exact": club.pk})
        assert listing.context["cl"].result_count == len(default_catalogue["spells"])
        copy = Spell.rows.get(club=club, slug="stupefix")
        copy.slug = "protego"
        with pytest.raises(Exception, match="Ce catalogue a déjà un sort de cet identifiant"):
            copy.full_clean()
        copy.slug = "stupefix-bis"
        copy.full_clean()  # free in this catalogue


def test_the_spell_page_states_the_club_dodge_cost(client, default_catalogue):
    club = other_club()
    club.house_rules = {"dodge_pf": 3}
    club.save()
    detail = reverse("spells:detail", args=["stupefix"])
    assert "tenter d'esquiver (2 PF, pari 1-2-3 ou 4-5-6)." in client.get(detail).content.decode()
    with activate_club(club):
        detail = reverse("spells:detail", args=["stupefix"])
        assert "tenter d'esquiver (3 PF, pari 1-2-3 ou 4-5-6)." in client.get(detail).content.decode()
        client.cookies["django_language"] = "en"
        assert "can try to dodge (3 PF, bet 1-2-3 or 4-5-6)." in client.get(detail).content.decode()


def test_every_read_sees_one_row_per_slug_the_club_reads(default_catalogue, stupefix_at_4):
    """What other apps read by slug (the rankings' spell names) is the club's catalogue, never a mix."""
    club = other_club()
    load("--club", club.slug, "--file", str(stupefix_at_4))
    Spell.rows.filter(club=club, slug="stupefix").update(name="Stupéfix du club")
    for active, name in ((club, "Stupéfix du club"), (home_club(), "Sortilège de Stupéfixion")):
        with activate_club(active):
            slugs = list(Spell.objects.values_list("slug", flat=True))
            assert len(slugs) == len(set(slugs)) == len(default_catalogue["spells"])
            assert dict(Spell.objects.values_list("slug", "name"))["stupefix"] == name


@pytest.mark.parametrize("overlevels, french, english", [
    (0, None, None),
    (1, "Tentative de niveau supérieur (en 2e année, une fois par duel)", "(in Year 2, once per duel)"),
    (2, "Tentative de niveau supérieur (en 2e année, 2 fois par duel)", "(in Year 2, 2 times per duel)"),
])
def test_the_spell_page_states_the_club_overlevel_attempts(client, default_catalogue, overlevels, french, english):
    club = other_club()
    club.house_rules = {"overlevel_per_duel": overlevels} if overlevels != 1 else {}
    club.save()
    with activate_club(club):
        detail = reverse("spells:detail", args=["stupefix"])
        page = client.get(detail).content.decode()
        client.cookies["django_language"] = "en"
        page_en = client.get(detail).content.decode()
    if french is None:  # none allowed: no such line in the odds table
        assert "Tentative de niveau supérieur" not in page and "Higher-level attempt" not in page_en
    else:
        assert french in page and english in page_en
        assert "Tentative de niveau supérieur, membre du club Prodigium en duel RP" in page
