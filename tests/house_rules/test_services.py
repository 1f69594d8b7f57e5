"""RULES.md §8: every service reads its number from the duel's house rules (frozen at the start signal)
or, before a duel exists, from the club's current ones; each knob at both ends of its range."""
import datetime as dt

import pytest

from accounts.services.members import eligibility
from duels.models import Post, Window
from duels.selectors.wand_rest import wand_rest_remaining
from duels.services import DuelError, exemption_decide, exemption_request
from rankings.models import Result
from tests.factories.duels import DuellistFactory
from tests.support.clock import START
from tests.support.duels import finished_duel, miss_windows, post, started_duel
from tests.support.rankings import finished_duel as recorded_duel

pytestmark = pytest.mark.django_db


def house(club, **knobs):
    club.house_rules = knobs
    club.save()


@pytest.fixture
def at_start(time_machine):
    time_machine.move_to(START, tick=False)


def refused(call, **kwargs) -> DuelError:
    with pytest.raises(DuelError) as caught:
        call(**kwargs)
    return caught.value


class TestWords:
    def test_min_words_0_accepts_an_empty_rp_text(self, club, at_start):
        house(club, min_words=0)
        duel, _referee, (a, _b) = started_duel()
        post(duel, a, [], text="")
        assert Post.objects.filter(window__duel=duel).count() == 1

    def test_min_words_1000_refuses_999_words_and_says_1000(self, club, at_start):
        house(club, min_words=1000)
        duel, _referee, (a, _b) = started_duel()
        error = refused(post, duel=duel, participant=a, steps=[], text=" ".join(["mot"] * 999))
        assert error.code == "rp-too-short" and "1000" in error.message and "999" in error.message
        post(duel, a, [], text=" ".join(["mot"] * 1000))


class TestDeadline:
    @pytest.mark.parametrize("hours", [12, 336])
    def test_deadline_hours_sets_the_window_after_each_referee_post(self, club, at_start, hours):
        house(club, deadline_hours=hours)
        duel, _referee, (a, b) = started_duel(now=START)
        window = Window.objects.get(duel=duel)
        assert window.due_at == START + dt.timedelta(hours=hours)
        assert {s.deadline for s in window.slots.all()} == {START + dt.timedelta(hours=hours)}

    def test_the_rulebook_window_follows_the_posting_delay_setting(self, club, at_start, settings):
        settings.POSTING_DELAY_SECONDS = 600  # the stack test's short windows
        duel, _referee, _ab = started_duel(now=START)
        assert Window.objects.get(duel=duel).due_at == START + dt.timedelta(seconds=600)


class TestExemptions:
    def test_exemptions_0_refuses_any_request(self, club, at_start):
        house(club, exemptions=0)
        duel, _referee, (_a, b) = started_duel(now=START)
        error = refused(exemption_request, duel=duel, by=b.duellist.user, reason="Examens",
                        wished_deadline=START + dt.timedelta(days=3))
        assert error.code == "no-exemption" and "pas de dispense" in error.message

    def test_exemptions_3_allows_a_second_request_after_a_granted_one(self, club, at_start):
        house(club, exemptions=3)
        duel, referee, (_a, b) = started_duel(now=START)
        first = exemption_request(duel=duel, by=b.duellist.user, reason="Examens",
                                  wished_deadline=START + dt.timedelta(days=3))
        exemption_decide(exemption=first, by=referee, grant=True)
        second = exemption_request(duel=duel, by=b.duellist.user, reason="Encore",
                                   wished_deadline=START + dt.timedelta(days=4))
        assert second.pk != first.pk

    def test_the_rulebook_allows_one_exemption_only(self, club, at_start):
        duel, referee, (_a, b) = started_duel(now=START)
        first = exemption_request(duel=duel, by=b.duellist.user, reason="Examens",
                                  wished_deadline=START + dt.timedelta(days=3))
        exemption_decide(exemption=first, by=referee, grant=True)
        error = refused(exemption_request, duel=duel, by=b.duellist.user, reason="Encore",
                        wished_deadline=START + dt.timedelta(days=4))
        assert error.code == "exemption-already-used"

    def test_exemption_days_1_limits_the_new_deadline_to_one_day(self, club, at_start):
        house(club, exemption_days=1, deadline_hours=12)
        duel, _referee, (_a, b) = started_duel(now=START)
        error = refused(exemption_request, duel=duel, by=b.duellist.user, reason="Examens",
                        wished_deadline=START + dt.timedelta(days=1, seconds=1))
        assert error.code == "exemption-too-late" and "(1 jour après" in error.message
        exemption_request(duel=duel, by=b.duellist.user, reason="Examens", wished_deadline=START + dt.timedelta(days=1))

    def test_exemption_days_14_allows_a_deadline_13_days_away(self, club, at_start):
        house(club, exemption_days=14)
        duel, _referee, (_a, b) = started_duel(now=START)
        exemption_request(duel=duel, by=b.duellist.user, reason="Voyage", wished_deadline=START + dt.timedelta(days=13))


class TestAbsences:
    def test_absences_to_disqualify_1_disqualifies_at_the_first_absence(self, club, at_start):
        house(club, absences_to_disqualify=1)
        duel, referee, (a, b) = started_duel(now=START)
        miss_windows(duel, referee, b, count=1)
        b.refresh_from_db()
        duel.refresh_from_db()
        assert b.absence_faults == 1 and b.disqualified and duel.status == "finished"

    def test_absences_to_disqualify_9_keeps_a_duellist_after_three_absences(self, club, at_start):
        house(club, absences_to_disqualify=9)
        duel, referee, (a, b) = started_duel(now=START)
        miss_windows(duel, referee, b, count=3)
        b.refresh_from_db()
        assert b.absence_faults == 3 and not b.disqualified


class TestWandRest:
    def test_wand_rest_0_lets_a_duellist_register_again_at_once(self, club):
        house(club, wand_rest_duels=0)
        veteran = DuellistFactory()
        finished_duel(veteran, at=START)
        assert wand_rest_remaining(duellist=veteran) == 0

    def test_wand_rest_20_waits_for_twenty_other_duels(self, club):
        house(club, wand_rest_duels=20)
        veteran = DuellistFactory()
        finished_duel(veteran, at=START)
        for hour in range(1, 4):
            finished_duel(at=START + dt.timedelta(hours=hour))
        assert wand_rest_remaining(duellist=veteran) == 17


class TestEligibility:
    def test_eligibility_posts_0_and_days_0_let_a_new_account_register(self, club):
        house(club, eligibility_posts=0, eligibility_days=0)
        today = dt.date(2026, 6, 1)
        newcomer = DuellistFactory(forum_post_count=0, forum_joined_on=today)
        assert eligibility(newcomer, today) == []

    def test_eligibility_posts_10000_and_days_365_say_what_is_missing(self, club):
        house(club, eligibility_posts=10000, eligibility_days=365)
        today = dt.date(2026, 6, 1)
        member = DuellistFactory(forum_post_count=9999, forum_joined_on=today - dt.timedelta(days=364))
        reasons = [str(r) for r in eligibility(member, today)]
        assert len(reasons) == 2
        assert "365 jours" in reasons[0] and "02/06/2026" in reasons[0]
        assert "10000" in reasons[1] and "manque 1." in reasons[1]
        assert eligibility(DuellistFactory(forum_post_count=10000, forum_joined_on=today - dt.timedelta(days=365)),
                           today) == []

    def test_without_house_rules_the_account_needs_one_calendar_month(self, club):
        today = dt.date(2026, 3, 1)
        member = DuellistFactory(forum_post_count=50, forum_joined_on=dt.date(2026, 1, 31))
        assert eligibility(member, today) == []  # 31 Jan + 1 month = 28 Feb
        late = DuellistFactory(forum_post_count=50, forum_joined_on=dt.date(2026, 2, 2))
        assert "un mois" in str(eligibility(late, today)[0])


class TestRewards:
    def test_win_points_10_and_salary_days_30_and_no_chocogrenouille(self, club):
        house(club, win_points=10, win_salary_days=30, draw_salary_days=0, chocogrenouille=False)
        winner, loser = DuellistFactory(), DuellistFactory()
        duel = recorded_duel([winner], [loser], winner=1)
        won, lost = Result.objects.get(duel=duel, duellist=winner), Result.objects.get(duel=duel, duellist=loser)
        assert won.champion_points == 10 and won.purse == 30 * 10  # the homework year 5's daily salary
        assert not lost.chocogrenouille and lost.purse == 0

    def test_win_points_0_and_draw_salary_days_30(self, club):
        house(club, win_points=0, draw_salary_days=30)
        one, two, three, four = (DuellistFactory() for _ in range(4))
        won = recorded_duel([one], [two], winner=1)
        drawn = recorded_duel([three], [four], winner=None)
        assert Result.objects.get(duel=won, duellist=one).champion_points == 0
        assert Result.objects.get(duel=won, duellist=two).chocogrenouille
        assert {r.purse for r in Result.objects.filter(duel=drawn)} == {30 * 10}
