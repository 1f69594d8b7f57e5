"""« Points de maison » on the club's webhooks: one delivery per batch of ledger entries, with each
house's points, the reason in words and the period's new totals, in the webhook's language (Discord) or
as JSON (signed); never breaking the points it tells."""
import pytest

from cup.models import LedgerEntry
from cup.services.awards import award_cancel, points_award
from cup.services.ledger import duel_points_record
from tests.cup.support import house, put
from tests.support.corrections import backfire, finished
from tests.support.permissions import club_staff
from webhooks.models import Delivery, EventKind, Webhook, WebhookKind

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def site(settings):
    settings.SITE_URL = "https://estrade.example"


@pytest.fixture
def hooks():
    french = Webhook.objects.create(name="fr", kind=WebhookKind.DISCORD, url="https://discord.com/api/webhooks/1/a",
                                    events=[EventKind.CUP_POINTS], language="fr")
    english = Webhook.objects.create(name="en", kind=WebhookKind.DISCORD, url="https://discord.com/api/webhooks/2/b",
                                     events=[EventKind.CUP_POINTS], language="en")
    signed = Webhook.objects.create(name="json", kind=WebhookKind.SIGNED, url="https://hooks.example/estrade",
                                    secret="s" * 32, events=[EventKind.CUP_POINTS])
    Webhook.objects.create(name="duels", kind=WebhookKind.DISCORD, url="https://discord.com/api/webhooks/3/c",
                           events=[EventKind.DUEL_FINISHED])
    return french, english, signed


def embeds(webhook) -> list[dict]:
    return [d.payload["embeds"][0] for d in Delivery.objects.filter(webhook=webhook, event="cup.points").order_by("pk")]


def test_an_award_is_told_with_its_reason_and_the_new_totals_in_each_language(hooks):
    french, english, signed = hooks
    staff = club_staff()
    points_award(by=staff, house=house("Serpentard"), points=5, reason="Politesse")
    points_award(by=staff, house=house("Serdaigle"), points=20, reason="Quiz de potions")
    fr, en = embeds(french)[-1], embeds(english)[-1]
    assert fr["description"] == ("• +20 points pour Serdaigle : Quiz de potions\n"
                                 "Totaux de la période : Serdaigle 20, Serpentard 5, Gryffondor 0, Poufsouffle 0")
    assert en["description"] == ("• +20 points for Serdaigle: Quiz de potions\n"
                                 "Totals for the period: Serdaigle 20, Serpentard 5, Gryffondor 0, Poufsouffle 0")
    assert (fr["title"], en["title"]) == ("Coupe des maisons", "House cup")
    assert fr["color"] == 0x222F5B and fr["url"] == "https://estrade.example/club/coupe/"
    assert len(embeds(french)) == 2  # one delivery per award
    body = Delivery.objects.filter(webhook=signed).order_by("pk").last().payload
    assert body["event"] == "cup.points" and body["text"] == fr["description"]
    [entry] = body["data"]["entries"]
    assert entry | {"id": 0} == {"id": 0, "house": "Serdaigle", "points": 20, "cause": "manual",
                                 "reason": "Quiz de potions", "duel": None, "tournament": None, "duellist": None,
                                 "reverses": None}
    assert body["data"]["totals"][0] == {"house": "Serdaigle", "colour": "#222f5b", "total": 20}
    assert body["subject"]["type"] == "cup" and body["data"]["period"] == body["subject"]["period"]
    assert not Delivery.objects.filter(webhook__name="duels", event="cup.points").exists()


def test_a_cancelled_award_says_what_it_cancels_and_why(hooks):
    french, english, _signed = hooks
    staff = club_staff()
    entry = points_award(by=staff, house=house("Gryffondor"), points=-15, reason="Couvre-feu")
    award_cancel(by=staff, entry=entry, reason="Erreur de maison")
    assert embeds(french)[0]["description"].startswith("• −15 points pour Gryffondor : Couvre-feu\n")
    assert embeds(french)[-1]["description"].startswith(
        "• +15 points pour Gryffondor : Correction : annule « Couvre-feu » — Erreur de maison\n")
    assert embeds(english)[-1]["description"].startswith(
        "• +15 points for Gryffondor: Correction: cancels “Couvre-feu” — Erreur de maison\n")


def test_a_duel_its_correction_and_its_new_result_each_in_one_delivery(hooks):
    french, english, signed = hooks
    duel, referee, hitter, hit, declaration = finished()
    put(hitter.duellist, "Gryffondor")
    put(hit.duellist, "Poufsouffle")
    duel_points_record(duel=duel)  # the houses came after the end
    winner, loser = hitter.duellist.forum_name, hit.duellist.forum_name
    assert embeds(french)[-1]["description"] == (
        f"• +10 points pour Gryffondor : Duel n°{duel.pk} : victoire de {winner}\n"
        "Totaux de la période : Gryffondor 10, Serdaigle 0, Poufsouffle 0, Serpentard 0")
    assert embeds(english)[-1]["description"].startswith(f"• +10 points for Gryffondor: Duel #{duel.pk}: win for {winner}\n")

    before = len(embeds(french))
    backfire(declaration, referee, hitter)  # the other side wins now
    told = [e["description"] for e in embeds(french)[before:]]
    assert told == [
        f"• −10 points pour Gryffondor : Correction : annule « Duel n°{duel.pk} : victoire de {winner} »\n"
        "Totaux de la période : Gryffondor 0, Serdaigle 0, Poufsouffle 0, Serpentard 0",
        f"• +10 points pour Poufsouffle : Duel n°{duel.pk} : victoire de {loser}\n"
        "Totaux de la période : Poufsouffle 10, Gryffondor 0, Serdaigle 0, Serpentard 0"]
    last = Delivery.objects.filter(webhook=signed).order_by("pk").last().payload["data"]["entries"]
    assert [(e["house"], e["points"], e["duel"], e["duellist"]) for e in last] == [("Poufsouffle", 10, duel.pk, loser)]


def test_a_failing_announcement_never_undoes_the_points(hooks, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("cup.webhooks.selectors.standings", broken)
    entry = points_award(by=club_staff(), house=house("Serdaigle"), points=3, reason="Aide")
    assert LedgerEntry.objects.filter(pk=entry.pk).exists() and not Delivery.objects.exists()


def test_the_webhook_form_offers_house_points():
    from webhooks.panel_forms import WebhookCreateForm

    assert dict(WebhookCreateForm().fields["events"].choices)[EventKind.CUP_POINTS] == "Points de maison"
