"""The duel's events and who listens (duels/events.py, config/events.py): one registry, read by every
emit; the duels app reaches rankings and webhooks only through it."""
import inspect

import pytest
from django.db import transaction
from django.test import override_settings

from accounts.models import Notification
from config.events import SUBSCRIBERS
from cup import events as cup_events
from duels import events
from duels.models import Post
from duels.services import post_submit
from duels.services.notices import turn_notice_key
from rankings.models import Result
from tests.support import events as recording
from tests.support.corrections import backfire, finished
from tests.support.duels import RP_TEXT, started_duel
from tournaments import events as tournament_events


def _names(subscribers) -> list[str]:
    return [f"{s.__module__}.{s.__name__}" for s in subscribers]


def test_every_event_has_its_listeners_in_one_registry_in_the_order_they_run():
    kinds = {cls for module in (events, tournament_events, cup_events) for _name, cls in inspect.getmembers(module, inspect.isclass)
             if issubclass(cls, events.Event)
             and cls not in (events.Event, events.DuelEvent, tournament_events.TournamentEvent)}
    assert set(SUBSCRIBERS) == kinds  # an event nobody hears is a mistake; so is a listener to no event
    # The results are recorded before the webhooks announce them and before the notice tells the rewards.
    assert _names(SUBSCRIBERS[events.DuelFinished]) == [
        "rankings.subscribers.on_duel_finished", "webhooks.subscribers.on_duel_finished",
        "rankings.subscribers.on_duel_finished_count", "cup.subscribers.on_duel_finished",
        "tournaments.subscribers.on_duel_finished"]
    assert _names(SUBSCRIBERS[events.DeclarationPublished]) == [
        "webhooks.subscribers.on_declaration_published", "rankings.notices.on_declaration_published"]
    assert _names(SUBSCRIBERS[events.ResultReopened]) == ["rankings.subscribers.on_result_reopened",
                                                          "cup.subscribers.on_result_reopened"]
    assert _names(SUBSCRIBERS[cup_events.HousePointsRecorded]) == ["cup.webhooks.on_house_points_recorded"]
    assert _names(SUBSCRIBERS[events.PostSubmitted]) == [
        "webhooks.subscribers.on_post_submitted", "duels.services.milestones.on_post_submitted"]
    for subscribers in SUBSCRIBERS.values():
        for subscriber in subscribers:
            assert len(inspect.signature(subscriber).parameters) == 1, subscriber  # the event, nothing else


@pytest.mark.django_db
@override_settings(DUEL_EVENT_SUBSCRIBERS="tests.support.events.RECORDING_REGISTRY")
def test_a_new_listener_is_one_function_and_one_registry_line_and_hears_the_results_written():
    recording.HEARD.clear()
    duel, *_ = finished()
    [(event, status, outcomes)] = recording.HEARD
    assert isinstance(event, events.DuelFinished) and event.duel.pk == duel.pk
    assert status == "finished" and sorted(outcomes) == ["loss", "win"]  # listed after the results


@pytest.mark.django_db
def test_a_corrected_result_is_withdrawn_by_rankings_and_recorded_again():
    duel, referee, hitter, hit, declaration = finished(winner=1)
    assert Result.objects.get(duel=duel, participant=hitter).outcome == "win"
    backfire(declaration, referee, hitter)  # the fatal blow backfires: the other side wins
    assert Result.objects.get(duel=duel, participant=hit).outcome == "win"
    assert Result.objects.filter(duel=duel).count() == 2


@pytest.mark.django_db(transaction=True)
@override_settings(DUEL_EVENT_SUBSCRIBERS="tests.support.events.REFUSING_REGISTRY")
def test_a_failing_listener_undoes_the_action_it_listened_to():
    duel, _referee, (a, _b) = started_duel()
    with pytest.raises(RuntimeError), transaction.atomic():
        post_submit(duel=duel, user=a.duellist.user, rp_text=RP_TEXT, steps=[{"move": 5}])
    assert not Post.objects.filter(window__duel=duel).exists()


@pytest.mark.django_db
def test_posting_marks_the_notice_asking_for_the_post_read_without_the_page():
    duel, _referee, (a, _b) = started_duel()
    window = duel.windows.get()
    asking = Notification.objects.get(user=a.duellist.user, dedupe_key=turn_notice_key(window, a.pk))
    assert asking.read_at is None
    post_submit(duel=duel, user=a.duellist.user, rp_text=RP_TEXT, steps=[{"move": 5}])  # as the demo does
    asking.refresh_from_db()
    assert asking.read_at is not None
