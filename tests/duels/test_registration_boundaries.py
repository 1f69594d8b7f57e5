"""registration_create at the edges of its rules (RULES.md §1.2 years, §2.1 wand rest), found by
mutation testing."""
import datetime as dt

import pytest

from duels.models import DuelFormat, DuelKind, DuelStatus, Participant, RegistrationStatus
from duels.selectors.wand_rest import wand_rest_remaining
from duels.services import DuelError, registration_create, registration_withdraw
from tests.factories.duels import DuelFactory, DuellistFactory, RegistrationFactory, UserFactory
from tests.support.duels import finished_duel, refusal
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db
BASE = dt.datetime(2026, 5, 1, 12, tzinfo=dt.UTC)


@pytest.mark.parametrize(("year", "homework", "code"), [
    (0, 8, "invalid-year"), (1, 8, None), (8, 8, None), (9, 8, "invalid-year"),
    (5, 5, None), (6, 5, "year-above-homework"),
])
def test_a_non_rp_year_is_1_to_8_and_at_most_the_homework_year(year, homework, code):
    duellist = DuellistFactory(homework_year=homework)
    if code:
        assert refusal(duellist=duellist, year=year).code == code
    else:
        registration = registration_create(duellist=duellist, kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE,
                                           year=year)
        assert (registration.year, registration.status) == (year, RegistrationStatus.WAITING)


def test_an_rp_registration_fights_at_the_rp_year_even_above_the_homework_year():
    duellist = DuellistFactory(homework_year=2, rp_year=4)
    registration = registration_create(duellist=duellist, kind=DuelKind.RP, format=DuelFormat.TWO_V_TWO)
    assert (registration.year, registration.kind, registration.format) == (4, DuelKind.RP, DuelFormat.TWO_V_TWO)


def test_wand_rest_counts_duels_ended_in_the_same_instant_after_yours_by_creation_order():
    duellist = DuellistFactory()
    finished_duel(DuellistFactory(), at=BASE)  # same instant, created before: ended "before" it
    finished_duel(duellist, at=BASE)
    assert wand_rest_remaining(duellist=duellist) == 4
    finished_duel(DuellistFactory(), at=BASE)  # same instant, created after: counts
    assert wand_rest_remaining(duellist=duellist) == 3
    for minute in range(1, 4):
        finished_duel(DuellistFactory(), at=BASE + dt.timedelta(minutes=minute))
    assert wand_rest_remaining(duellist=duellist) == 0  # four ended: never negative, and free to register
    finished_duel(DuellistFactory(), at=BASE + dt.timedelta(minutes=9))
    assert wand_rest_remaining(duellist=duellist) == 0
    registration_create(duellist=duellist, kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=3)


def test_wand_rest_follows_the_duellists_last_duel_and_ignores_their_own():
    duellist = DuellistFactory()
    finished_duel(duellist, at=BASE)
    for day in range(1, 5):
        finished_duel(DuellistFactory(), at=BASE + dt.timedelta(days=day))
    assert wand_rest_remaining(duellist=duellist) == 0
    last = finished_duel(duellist, at=BASE + dt.timedelta(days=6))
    assert wand_rest_remaining(duellist=duellist) == 4
    other = finished_duel(DuellistFactory(), at=BASE + dt.timedelta(days=7))
    Participant.objects.create(duel=other, duellist=duellist, engine_id="again", team=2, year=3)
    # a later duel of their own is their new last duel
    assert wand_rest_remaining(duellist=duellist) == 4
    assert last.pk != other.pk
    error = refusal(duellist=duellist, year=3)
    assert error.code == "wand-rest"


def test_a_duellist_never_in_a_duel_has_no_wand_rest():
    assert wand_rest_remaining(duellist=DuellistFactory()) == 0


def test_staff_may_withdraw_a_players_registration():
    registration = RegistrationFactory()
    withdrawn = registration_withdraw(registration=registration, user=club_staff())
    assert withdrawn.status == RegistrationStatus.WITHDRAWN
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.WITHDRAWN


def test_a_2v2_may_name_an_opponent_with_a_partner():
    me, partner, opponent = DuellistFactory(), DuellistFactory(), DuellistFactory()
    registration = registration_create(duellist=me, kind=DuelKind.NON_RP, format=DuelFormat.TWO_V_TWO, year=3,
                                       named_opponent=opponent, named_partner=partner)
    assert (registration.named_opponent, registration.named_partner) == (opponent, partner)
    with pytest.raises(DuelError):
        registration_create(duellist=partner, kind=DuelKind.NON_RP, format=DuelFormat.TWO_V_TWO, year=3,
                            named_partner=partner)


def test_a_year_above_the_homework_year_is_refused_naming_the_homework_year():
    error = refusal(duellist=DuellistFactory(homework_year=5), year=6)
    assert error.message == ("En duel non-RP, l'année choisie ne peut pas dépasser votre année devoir "
                             "(5).")


def test_wand_rest_counts_from_the_duel_that_ended_last_not_the_one_created_last():
    duellist = DuellistFactory()
    ended_last = finished_duel(duellist, at=BASE + dt.timedelta(days=6))
    finished_duel(duellist, at=BASE)  # created after, ended before
    for day in range(1, 6):
        finished_duel(DuellistFactory(), at=BASE + dt.timedelta(days=day))
    assert wand_rest_remaining(duellist=duellist) == 4
    finished_duel(DuellistFactory(), at=ended_last.finished_at + dt.timedelta(minutes=1))
    assert wand_rest_remaining(duellist=duellist) == 3


def test_wand_rest_of_two_own_duels_ended_in_one_instant_counts_from_the_one_created_last():
    duellist = DuellistFactory()
    finished_duel(duellist, at=BASE)
    finished_duel(DuellistFactory(), at=BASE)  # between the two in creation order: before the last one
    finished_duel(duellist, at=BASE)
    assert wand_rest_remaining(duellist=duellist) == 4


def test_a_cancelled_duel_is_no_ended_duel_and_starts_no_wand_rest():
    duellist = DuellistFactory()
    cancelled = DuelFactory(status=DuelStatus.CANCELLED, cancelled_at=BASE, referee=UserFactory())
    Participant.objects.create(duel=cancelled, duellist=duellist, engine_id=duellist.forum_name, team=1, year=3)
    assert wand_rest_remaining(duellist=duellist) == 0
    registration_create(duellist=duellist, kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=3)
