"""The tournament's events on the club's webhooks: « tirage publié » with the pairings and the bracket's
picture, « qualifié / éliminé », « vainqueur du tournoi »; each in the webhook's language, only on the
webhooks carrying it."""
import pytest

from tests.support.tournament_play import end, open_matches, running
from webhooks.models import Delivery, EventKind, Webhook, WebhookKind

pytestmark = pytest.mark.django_db

TOURNAMENT_EVENTS = [EventKind.TOURNAMENT_ROUND_DRAWN, EventKind.TOURNAMENT_MATCH_DECIDED,
                     EventKind.TOURNAMENT_FINISHED]


@pytest.fixture(autouse=True)
def site(settings):
    settings.SITE_URL = "https://estrade.example"


def _hooks():
    french = Webhook.objects.create(name="fr", kind=WebhookKind.DISCORD, url="https://discord.com/api/webhooks/1/a",
                                    events=TOURNAMENT_EVENTS, language="fr")
    english = Webhook.objects.create(name="en", kind=WebhookKind.DISCORD, url="https://discord.com/api/webhooks/2/b",
                                     events=TOURNAMENT_EVENTS, language="en")
    signed = Webhook.objects.create(name="json", kind=WebhookKind.SIGNED, url="https://hooks.example/estrade",
                                    secret="s" * 32, events=[EventKind.TOURNAMENT_FINISHED])
    return french, english, signed


def _text(webhook, event):
    [delivery] = Delivery.objects.filter(webhook=webhook, event=event)
    return delivery.payload["embeds"][0]


def test_the_draw_the_fates_and_the_winner_are_queued_in_each_webhooks_language():
    french, english, signed = _hooks()
    tournament, _staff, entrants = running(entrants=3)
    drawn = _text(french, EventKind.TOURNAMENT_ROUND_DRAWN)
    [match] = open_matches(tournament)
    assert "tirage de la ronde 1 publié" in drawn["description"]
    assert f"{match.side_a} contre {match.side_b}" in drawn["description"]
    assert "exempt(e)" in drawn["description"]
    assert drawn["image"]["url"] == f"https://estrade.example/{tournament.club.slug}/tournois/{tournament.slug}/tableau.png"
    assert drawn["url"].endswith(f"/tournois/{tournament.slug}/") and drawn["title"] == tournament.name
    assert "round 1" in _text(english, EventKind.TOURNAMENT_ROUND_DRAWN)["description"].lower()
    assert not Delivery.objects.filter(webhook=signed).exists()  # it carries the winner only

    end(match.duel, winner=2)
    fate = _text(french, EventKind.TOURNAMENT_MATCH_DECIDED)["description"]
    assert f"{match.side_b} est qualifié(e), {match.side_a} est éliminé(e)" in fate
    assert "qualifies" in _text(english, EventKind.TOURNAMENT_MATCH_DECIDED)["description"]

    [final] = open_matches(tournament)
    end(final.duel, winner=1)
    tournament.refresh_from_db()
    won = _text(french, EventKind.TOURNAMENT_FINISHED)["description"]
    assert won == f"{tournament.name} est terminé : victoire de {tournament.winner} !"
    [body] = Delivery.objects.filter(webhook=signed).values_list("payload", flat=True)
    assert body["event"] == "tournament.finished" and body["subject"]["slug"] == tournament.slug
    assert body["data"]["winner"] == str(tournament.winner) and body["text"] == won


def test_no_webhook_carrying_the_events_no_delivery():
    Webhook.objects.create(name="duels", kind=WebhookKind.DISCORD, url="https://discord.com/api/webhooks/1/a",
                           events=[EventKind.DUEL_FINISHED])
    tournament, _staff, _entrants = running(entrants=2)
    [match] = open_matches(tournament)
    end(match.duel, winner=1)
    assert not Delivery.objects.filter(event__startswith="tournament.").exists()


def test_the_webhook_form_offers_the_tournament_events():
    from webhooks.panel_forms import WebhookCreateForm

    choices = dict(WebhookCreateForm().fields["events"].choices)
    assert choices[EventKind.TOURNAMENT_ROUND_DRAWN] == "Tournoi : tirage publié"
