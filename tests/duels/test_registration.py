"""registration_create: every refusal gives its French reason (RULES.md §1.1, §1.2, §2.1)."""
import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from duels.models import Participant, Registration, RegistrationStatus
from duels.selectors.wand_rest import wand_rest_remaining
from duels.services import DuelError, registration_create, registration_withdraw
from tests.factories.duels import DuelFactory, DuellistFactory, RegistrationFactory, UserFactory
from tests.support.duels import finished_duel, refusal

pytestmark = pytest.mark.django_db


def test_an_eligible_duellist_registers_non_rp_at_a_year_up_to_their_homework_year():
    duellist = DuellistFactory(homework_year=5)
    registration = registration_create(duellist=duellist, kind="non_rp", format="1v1", year=5)
    assert registration.status == RegistrationStatus.WAITING and registration.year == 5


def test_rp_duellists_fight_at_their_rp_year_whatever_year_they_ask():
    duellist = DuellistFactory(rp_year=4, homework_year=2)
    assert registration_create(duellist=duellist, kind="rp", format="1v1", year=7).year == 4


def test_not_eligible_gives_the_account_reasons():
    young = DuellistFactory(forum_joined_on=dt.date.today(), forum_post_count=10)
    error = refusal(duellist=young, year=3)
    assert error.code == "not-eligible"
    assert "un mois" in error.message and "50 messages" in error.message


@pytest.mark.parametrize(
    ("kwargs", "code", "words"),
    [
        ({"year": 6}, "year-above-homework", "année devoir"),
        ({"year": None}, "year-required", "année"),
        ({"year": 9}, "invalid-year", "entre 1 et 8"),
        ({"year": 3, "kind": "duel"}, "invalid-kind", "Type de duel"),
        ({"year": 3, "format": "3v3"}, "invalid-format", "Format"),
    ],
)
def test_year_kind_and_format_refusals(kwargs, code, words):
    error = refusal(duellist=DuellistFactory(homework_year=5), **kwargs)
    assert error.code == code and words in error.message


def test_rp_duel_needs_a_character_in_the_chronology():
    error = refusal(duellist=DuellistFactory(rp_year=None), kind="rp")
    assert error.code == "not-in-chronology" and "chronologie" in error.message


def test_named_people_refusals():
    me, other = DuellistFactory(), DuellistFactory()
    assert refusal(duellist=me, year=3, named_opponent=me).code == "named-self"
    assert refusal(duellist=me, year=3, named_partner=other).code == "partner-only-2v2"
    assert refusal(duellist=me, year=3, format="2v2", named_partner=other, named_opponent=other).code == (
        "partner-is-opponent"
    )
    error = refusal(duellist=me, year=3, format="2v2", named_opponent=other)
    assert error.code == "opponent-needs-partner" and "partenaire" in error.message


def test_one_waiting_registration_per_duellist_enforced_by_the_service_and_the_database():
    duellist = DuellistFactory()
    registration_create(duellist=duellist, kind="non_rp", format="1v1", year=3)
    assert refusal(duellist=duellist, year=2).code == "already-registered"
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(duellist=duellist, kind="non_rp", format="2v2", year=3)


def test_no_registration_while_in_a_duel():
    duellist = DuellistFactory()
    duel = DuelFactory()
    Participant.objects.create(duel=duel, duellist=duellist, engine_id="x", team=1, year=3)
    error = refusal(duellist=duellist, year=3)
    assert error.code == "already-in-duel" and "en cours" in error.message


def test_wand_rest_needs_four_other_duels_ended_after_yours():
    duellist = DuellistFactory()
    base = dt.datetime(2026, 5, 1, 12, tzinfo=dt.UTC)
    finished_duel(DuellistFactory(), at=base - dt.timedelta(days=1))  # ended before: does not count
    finished_duel(duellist, at=base)
    assert wand_rest_remaining(duellist=duellist) == 4
    for day in range(1, 4):
        finished_duel(DuellistFactory(), at=base + dt.timedelta(days=day))
    error = refusal(duellist=duellist, year=3)
    assert error.code == "wand-rest" and "encore 1 duel" in error.message
    finished_duel(DuellistFactory(), at=base + dt.timedelta(days=5))
    assert registration_create(duellist=duellist, kind="non_rp", format="1v1", year=3)


def test_withdraw_only_your_own_waiting_registration():
    registration = RegistrationFactory()
    with pytest.raises(DuelError) as caught:
        registration_withdraw(registration=registration, user=UserFactory())
    assert caught.value.code == "not-your-registration"
    registration_withdraw(registration=registration, user=registration.duellist.user)
    with pytest.raises(DuelError) as caught:
        registration_withdraw(registration=registration, user=registration.duellist.user)
    assert caught.value.code == "registration-not-waiting"
