"""Sign-up, check-in and withdrawal: the club's eligibility applies, a pair enters together, a duellist
enters once; refusals are French and store nothing."""
import datetime as dt

import pytest
from django.utils import timezone

from tests.factories.duels import DuellistFactory, UserFactory
from tests.support.tournament_play import staff_member
from tournaments.errors import TournamentRefused
from tournaments.models import Entrant
from tournaments.services import (
    entrant_check_in,
    entrant_register,
    entrant_withdraw,
    tournament_checkin_open,
    tournament_create,
    tournament_draw,
    tournament_signup_open,
)

pytestmark = pytest.mark.django_db


def _open(**options):
    staff = staff_member()
    tournament = tournament_create(by=staff, name="Coupe", slug="coupe", **options)
    tournament_signup_open(tournament=tournament, by=staff)
    return tournament, staff


def _refused(call, **kwargs) -> TournamentRefused:
    before = Entrant.objects.count()
    with pytest.raises(TournamentRefused) as refused:
        call(**kwargs)
    assert Entrant.objects.count() == before
    return refused.value


def test_a_member_enters_their_own_duellist_at_their_year():
    tournament, _staff = _open(combat_year=4)
    duellist = DuellistFactory(homework_year=5)
    entrant = entrant_register(tournament=tournament, duellist=duellist, by=duellist.user)
    assert entrant.year == 4 and entrant.partner is None


def test_the_year_rule_each_ones_own_year_or_the_rp_year():
    staff = staff_member()
    own = tournament_create(by=staff, name="Libre", slug="libre")
    rp = tournament_create(by=staff, name="RP", slug="rp", duel_kind="rp")
    for tournament in (own, rp):
        tournament_signup_open(tournament=tournament, by=staff)
    duellist = DuellistFactory(homework_year=6, rp_year=2)
    assert entrant_register(tournament=own, duellist=duellist, by=duellist.user).year == 6
    assert entrant_register(tournament=rp, duellist=duellist, by=duellist.user).year == 2
    outside = DuellistFactory(rp_year=None)
    refusal = _refused(entrant_register, tournament=rp, duellist=outside, by=outside.user)
    assert refusal.code == "not-in-chronology" and "chronologie" in refusal.message


def test_refusals_are_french_and_store_nothing():
    tournament, staff = _open(combat_year=6)
    duellist = DuellistFactory(homework_year=5)
    refusal = _refused(entrant_register, tournament=tournament, duellist=duellist, by=duellist.user)
    assert refusal.code == "year-above-homework" and "année 6" in refusal.message
    stranger = UserFactory()
    refusal = _refused(entrant_register, tournament=tournament, duellist=DuellistFactory(homework_year=7),
                       by=stranger)
    assert refusal.code == "not-your-duellist" and refusal.status == 403
    newcomer = DuellistFactory(homework_year=7, forum_post_count=0)
    refusal = _refused(entrant_register, tournament=tournament, duellist=newcomer, by=newcomer.user)
    assert refusal.code == "not-eligible" and "messages" in refusal.message
    able = DuellistFactory(homework_year=7)
    refusal = _refused(entrant_register, tournament=tournament, duellist=able, by=able.user,
                       partner=DuellistFactory(homework_year=7))
    assert refusal.code == "partner-only-2v2"
    entrant_register(tournament=tournament, duellist=able, by=staff)  # staff may enter anyone
    refusal = _refused(entrant_register, tournament=tournament, duellist=able, by=able.user)
    assert refusal.code == "already-entered" and able.forum_name in refusal.message


def test_a_pair_enters_together_and_neither_may_enter_again():
    tournament, _staff = _open(team_format="2v2")
    first, second, third = (DuellistFactory() for _ in range(3))
    refusal = _refused(entrant_register, tournament=tournament, duellist=first, by=first.user)
    assert refusal.code == "partner-required" and "partenaire" in refusal.message
    refusal = _refused(entrant_register, tournament=tournament, duellist=first, partner=first, by=first.user)
    assert refusal.code == "partner-self"
    pair = entrant_register(tournament=tournament, duellist=first, partner=second, by=first.user)
    assert pair.partner == second and pair.partner_year == second.homework_year
    refusal = _refused(entrant_register, tournament=tournament, duellist=third, partner=second, by=third.user)
    assert refusal.code == "already-entered" and second.forum_name in refusal.message
    refusal = _refused(entrant_register, tournament=tournament, duellist=second, partner=third, by=second.user)
    assert refusal.code == "already-entered"
    unable = DuellistFactory(forum_post_count=0)
    refusal = _refused(entrant_register, tournament=tournament, duellist=third, partner=unable, by=third.user)
    assert refusal.code == "not-eligible" and unable.forum_name in refusal.message


def test_check_in_is_the_entrants_own_during_check_in_then_the_draw_leaves_out_the_absent():
    tournament, staff = _open()
    entrants = [entrant_register(tournament=tournament, duellist=d, by=d.user)
                for d in (DuellistFactory() for _ in range(4))]
    refusal = _refused(entrant_check_in, entrant=entrants[0], by=entrants[0].duellist.user)
    assert refusal.code == "checkin-closed"
    tournament_checkin_open(tournament=tournament, by=staff, closes_at=timezone.now() + dt.timedelta(days=1))
    refusal = _refused(entrant_register, tournament=tournament, duellist=DuellistFactory(), by=staff)
    assert refusal.code == "signup-closed"
    refusal = _refused(entrant_check_in, entrant=entrants[0], by=entrants[1].duellist.user)
    assert refusal.code == "not-your-entry" and refusal.status == 403
    entrant_check_in(entrant=entrants[0], by=entrants[0].duellist.user)
    refusal = _refused(tournament_draw, tournament=tournament, by=staff)
    assert refusal.code == "too-few-entrants" and "au moins 2 participants" in refusal.message
    assert not tournament.rounds.exists()
    entrant_check_in(entrant=entrants[1], by=entrants[1].duellist.user)
    entrant_withdraw(entrant=entrants[3], by=entrants[3].duellist.user)
    refusal = _refused(entrant_withdraw, entrant=entrants[3], by=staff)
    assert refusal.code == "already-withdrawn"
    entrant_check_in(entrant=entrants[2], by=staff)
    tournament_draw(tournament=tournament, by=staff)
    seeds = dict(Entrant.objects.values_list("pk", "seed"))
    assert sorted(seeds[e.pk] for e in entrants[:3]) == [1, 2, 3] and seeds[entrants[3].pk] is None
    late = _refused(entrant_check_in, entrant=entrants[3], by=staff)
    assert late.code == "already-withdrawn"
