"""Referee assignment, magic types (RULES.md §2.5) and the start signal."""
import pytest

from duels.models import DuelKind, DuelStatus, Window
from duels.services import duel_start, magic_types_choose, referee_assign
from duels.services.dice import seed_fingerprint
from tests.factories.duels import TEST_SPELLS, RefereeFactory, UserFactory, magic_type
from tests.support.duels import code_of, matched_duel
from tests.support.permissions import staff_referee

pytestmark = pytest.mark.django_db


def participants(duel):
    return list(duel.participants.select_related("duellist__user").order_by("team", "pk"))


def test_a_referee_takes_a_duel_once_and_staff_may_reassign():
    duel = matched_duel()
    first, second = RefereeFactory(), RefereeFactory()
    assert code_of(referee_assign, duel=duel, referee=UserFactory(), by=UserFactory()) == "not-a-referee"
    assert code_of(referee_assign, duel=duel, referee=second, by=first) == "not-referee"
    referee_assign(duel=duel, referee=first, by=first)
    duel.refresh_from_db()
    assert duel.referee == first and duel.status == DuelStatus.SETUP
    assert code_of(referee_assign, duel=duel, referee=second, by=second) == "referee-already-assigned"
    staff = staff_referee()
    referee_assign(duel=duel, referee=second, by=staff)
    duel.refresh_from_db()
    assert duel.referee == second


def test_a_duellist_cannot_referee_their_own_duel():
    duel = matched_duel()
    player = participants(duel)[0].duellist.user
    player.is_staff = True
    player.save()
    assert code_of(referee_assign, duel=duel, referee=player, by=player) == "referee-is-duellist"


def test_magic_types_one_for_years_1_to_5_two_for_6_to_8():
    for slug in ("malefices", "soins"):
        magic_type(slug)
    duel = matched_duel(years=(6, 6))
    p = participants(duel)[0]
    user = p.duellist.user
    assert code_of(magic_types_choose, participant=p, types=["malefices"], by=user) == "wrong-type-count"
    assert code_of(magic_types_choose, participant=p, types=["soins", "soins"], by=user) == "duplicate-types"
    assert code_of(magic_types_choose, participant=p, types=["soins", "runes"], by=user) == "unknown-magic-type"
    assert code_of(magic_types_choose, participant=p, types=["soins", "malefices"], by=UserFactory()) == (
        "not-participant"
    )
    magic_types_choose(participant=p, types=["soins", "malefices"], by=user)
    p.refresh_from_db()
    assert p.magic_types == ["soins", "malefices"]


def test_rp_types_come_from_the_characters_registry():
    registered, other = magic_type("malefices"), magic_type("soins")
    duel = matched_duel(kind=DuelKind.RP)
    p = participants(duel)[0]
    p.duellist.magic_types.set([registered])
    error = code_of(magic_types_choose, participant=p, types=[other.slug], by=p.duellist.user)
    assert error == "type-not-registered"
    magic_types_choose(participant=p, types=["malefices"], by=p.duellist.user)


def test_the_duel_is_ready_with_a_referee_and_every_type_and_then_the_referee_starts_it():
    magic_type("malefices")
    duel = matched_duel()
    a, b = participants(duel)
    magic_types_choose(participant=a, types=["malefices"], by=a.duellist.user)
    magic_types_choose(participant=b, types=["malefices"], by=b.duellist.user)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.MATCHED  # still no referee
    referee = RefereeFactory()
    assert code_of(duel_start, duel=duel, by=referee, spells=TEST_SPELLS) == "not-referee"
    referee_assign(duel=duel, referee=referee, by=referee)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.READY
    assert code_of(duel_start, duel=duel, by=RefereeFactory(), spells=TEST_SPELLS) == "not-referee"
    duel = duel_start(duel=duel, by=referee, spells=TEST_SPELLS)
    assert duel.status == DuelStatus.ACTION and duel.turn == 1
    assert seed_fingerprint(duel.seed) == duel.seed_sha256 and duel.revealed_seed is None
    assert duel.spells == TEST_SPELLS and "spells" not in duel.state  # stored lean: the snapshot holds them
    assert {d["pos"] for d in duel.state["duellists"]} == {4, 8}
    window = Window.objects.get(duel=duel)
    assert window.phase == "action" and window.opened_by is None
    assert [s.deadline - window.opened_at for s in window.slots.all()] == [window.due_at - window.opened_at] * 2
    assert (window.due_at - window.opened_at).total_seconds() == 48 * 3600
    assert code_of(duel_start, duel=duel, by=referee, spells=TEST_SPELLS) == "duel-not-in-setup"
    assert code_of(magic_types_choose, participant=a, types=["malefices"], by=a.duellist.user) == "duel-not-in-setup"


def test_a_started_duel_keeps_its_catalog_snapshot_from_the_catalog_app(monkeypatch):
    magic_type("malefices")
    # the duel services read the catalog app's export (spells.snapshot.catalog_snapshot)
    monkeypatch.setattr("duels.services.setup.catalog_snapshot", lambda: [dict(TEST_SPELLS[0])])
    duel = matched_duel()
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    for p in participants(duel):
        magic_types_choose(participant=p, types=["malefices"], by=p.duellist.user)
    duel = duel_start(duel=duel, by=referee)
    assert [s["slug"] for s in duel.spells] == ["bolt"]
