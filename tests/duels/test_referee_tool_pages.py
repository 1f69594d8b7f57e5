"""The referee's power tools through the pages: two clicks from the queue, the correction
page, the tools' permission matrix, what players see after a correction, and query counts."""
import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import Notification
from audit.models import AuditLog
from duels.models import Declaration, DuelStatus, Post
from duels.services.notices import declaration_due_notify
from tests.factories.duels import RefereeFactory, UserFactory
from tests.support.duels import RP_TEXT, bet_for, declare, matched_duel, post, started_duel
from tests.support.permissions import staff_referee
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def due():
    """Both duellists posted turn 1: the first declaration is due."""
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    duel.refresh_from_db()
    return duel, referee, a, b


def test_a_declaration_is_published_in_two_clicks_from_the_queue(due):
    duel, referee, _a, _b = due
    client = client_for(referee)
    queue = reverse("duels:referee")
    assert "Préparer le brouillon" in client.get(queue).content.decode()
    first = client.post(reverse("duels:prepare", args=[duel.pk]), {"next": "queue"})  # click 1
    assert first.status_code == 302 and first.url == f"{queue}#due-{duel.pk}"
    page = client.get(queue).content.decode()
    draft = Declaration.objects.get(window__duel=duel)
    assert "Publier tel quel" in page and draft.text.splitlines()[0] in page
    form = {"declaration": draft.pk, "prepared_at": draft.prepared_at.isoformat()}
    second = client.post(reverse("duels:publish_as_is", args=[duel.pk]), form)  # click 2
    assert second.status_code == 302 and second.url == queue
    draft.refresh_from_db()
    duel.refresh_from_db()
    assert draft.is_published and duel.status == DuelStatus.DEFENCE
    client.post(reverse("duels:publish_as_is", args=[duel.pk]), form)  # a double click publishes nothing more
    assert AuditLog.objects.filter(duel=duel, action="declaration.publish").count() == 1


def test_publish_as_is_refuses_a_draft_recomputed_since_it_was_shown(due):
    duel, referee, _a, _b = due
    client = client_for(referee)
    client.post(reverse("duels:prepare", args=[duel.pk]), {"next": "queue"})
    draft = Declaration.objects.get(window__duel=duel)
    response = client.post(reverse("duels:publish_as_is", args=[duel.pk]),
                           {"declaration": draft.pk, "prepared_at": "2000-01-01T00:00:00+00:00"}, follow=True)
    assert "recalculé" in response.content.decode()
    assert not Declaration.objects.get(pk=draft.pk).is_published


def test_the_all_posts_are_in_notice_links_to_the_adjudication_page(due):
    duel, referee, _a, _b = due
    window = duel.windows.get(turn=1, phase="action")
    Notification.objects.filter(user=referee).delete()
    assert declaration_due_notify(window_id=window.pk)
    assert Notification.objects.get(user=referee, kind="declaration_due").url == reverse(
        "duels:adjudicate", args=[duel.pk])


@pytest.fixture
def published(due):
    duel, referee, a, b = due
    declaration = declare(duel, referee)
    return duel, referee, a, b, declaration


def test_permission_matrix_of_the_new_pages_and_actions(published):
    duel, referee, a, _b, _declaration = published
    urls_get = [reverse("duels:correct", args=[duel.pk])]
    urls_post = [reverse(name, args=[duel.pk]) for name in
                 ("duels:correct", "duels:publish_as_is", "duels:deadline_extend", "duels:reopen", "duels:release",
                  "duels:reassign")]
    anonymous = Client()
    for url in urls_get + urls_post:
        assert anonymous.post(url).status_code == 302  # to the login page
    for outsider in (a.duellist.user, UserFactory()):
        for url in urls_get:
            assert client_for(outsider).get(url).status_code == 403
        for url in urls_post:
            assert client_for(outsider).post(url).status_code == 403
    other_referee = client_for(RefereeFactory())
    for url in urls_get:
        assert other_referee.get(url).status_code == 403
    for url in urls_post:
        assert other_referee.post(url).status_code == 403
    assert client_for(referee).get(urls_get[0]).status_code == 200
    assert client_for(staff_referee()).get(urls_get[0]).status_code == 200
    # the duel's referee may not hand the duel over to someone else: staff only
    newcomer = RefereeFactory()
    client_for(referee).post(reverse("duels:reassign", args=[duel.pk]), {"referee": newcomer.pk})
    duel.refresh_from_db()
    assert duel.referee == referee
    assert not AuditLog.objects.filter(action__in=["declaration.correct", "duel.referee_assign"]).exists()


def test_the_referee_corrects_from_the_page_and_players_see_both_versions(published):
    duel, referee, a, b, declaration = published
    client = client_for(referee)
    page = client.get(reverse("duels:adjudicate", args=[duel.pk])).content.decode()
    assert reverse("duels:correct", args=[duel.pk]) in page
    original = declaration.text.splitlines()[0]
    hit = Post.objects.get(window=declaration.window, participant=a)
    response = client.post(reverse("duels:correct", args=[duel.pk]), {
        "reason": "Sort lancé hors RP", "void_post": hit.pk, "void_mode": "pass",
        "d0_target": b.engine_id, "d0_kind": "pm", "d0_value": "-1", "d0_reason": "Concentration perdue",
    })
    assert response.status_code == 302
    declaration.refresh_from_db()
    assert declaration.revision == 1 and declaration.is_published
    player_page = client_for(b.duellist.user).get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert "Déclaration corrigée par l&#x27;arbitre" in player_page or "Déclaration corrigée par l'arbitre" in player_page
    assert "Sort lancé hors RP" in player_page and f"<del class=\"revision-text\">{original}" in player_page
    assert "Concentration perdue" in player_page  # the decision, in the corrected declaration's text
    assert "Journal de l" in player_page and "déclaration corrigée" in player_page
    spectator = Client().get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert "Journal de l" not in spectator


def test_a_refused_correction_says_why_on_the_page(published):
    duel, referee, a, b, declaration = published
    post(duel, b, [{"dodge": "123"}])
    page = client_for(referee).get(reverse("duels:correct", args=[duel.pk])).content.decode()
    assert "La phase suivante a déjà des messages" in page and "Corriger et publier" not in page
    response = client_for(referee).post(reverse("duels:correct", args=[duel.pk]), {"reason": "x"})
    assert "La phase suivante a déjà des messages" in response.content.decode()
    assert Declaration.objects.get(pk=declaration.pk).revision == 0


def test_a_bad_decision_on_the_page_is_a_clear_message_not_an_error(published):
    duel, referee, a, _b, _declaration = published
    response = client_for(referee).post(reverse("duels:correct", args=[duel.pk]), {
        "reason": "x", "d0_target": a.engine_id, "d0_kind": "status", "d0_status": "stun", "d0_reason": "r"})
    assert response.status_code == 422 and "n&#x27;a pas ce statut" in response.content.decode()


def test_the_journal_costs_the_same_queries_whatever_its_length(published):
    duel, referee, a, _b, declaration = published
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    from duels.services.corrections import declaration_correct

    declaration_correct(declaration=declaration, by=referee, reason="Relecture")
    few = count()  # with one corrected declaration (its replaced version: one more query)
    for _ in range(5):
        declaration = Declaration.objects.get(pk=declaration.pk)
        declaration_correct(declaration=declaration, by=referee, reason="Relecture")
    assert AuditLog.objects.filter(duel=duel).count() > 10
    assert count() <= few


def test_release_from_the_page_before_the_start():
    duel = matched_duel()
    referee = RefereeFactory()
    client = client_for(referee)
    client.post(reverse("duels:take", args=[duel.pk]))
    response = client.post(reverse("duels:release", args=[duel.pk]), {"reason": "Trop de duels"})
    assert response.status_code == 302 and response.url == reverse("duels:referee")
    duel.refresh_from_db()
    assert duel.referee is None


@pytest.mark.parametrize("phase", ["action", "defence"])
def test_a_long_duel_offers_the_correction_of_its_latest_declaration_only(phase):
    """The adjudication page reads the last two turns only: in a fifth turn, the latest
    declaration is still offered for correction, whichever phase the duel is in."""
    duel, referee, (a, b) = started_duel()
    for _ in range(4):
        post(duel, a, [])
        post(duel, b, [])
        declare(duel, referee)
    if phase == "defence":
        post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
        post(duel, b, [])
        declare(duel, referee)
    duel.refresh_from_db()
    assert duel.turn == 5 and duel.status == phase
    page = client_for(referee).get(reverse("duels:adjudicate", args=[duel.pk])).content.decode()
    assert reverse("duels:correct", args=[duel.pk]) in page
    post(duel, b, [] if phase == "action" else [{"nothing": True}], text="" if phase == "defence" else RP_TEXT)
    page = client_for(referee).get(reverse("duels:adjudicate", args=[duel.pk])).content.decode()
    assert reverse("duels:correct", args=[duel.pk]) not in page  # the next phase has a post: too late


def test_a_decision_without_its_reason_is_marked_by_the_field_and_speaks_of_a_decision(published):
    duel, referee, a, _b, declaration = published
    response = client_for(referee).post(reverse("duels:correct", args=[duel.pk]), {
        "reason": "Erreur de calcul", "d0_target": a.engine_id, "d0_kind": "pf", "d0_value": "2", "d0_reason": ""})
    page = response.content.decode()
    assert response.status_code == 422
    form = page.split('<form method="post" class="form">', 1)[1].split("</form>", 1)[0]
    assert "Donnez le motif de cette décision" in form  # by the field, inside the form
    assert 'name="d0_reason"' in form and 'aria-invalid="true"' in form.split('name="d0_reason"', 1)[0][-300:] + \
        form.split('name="d0_reason"', 1)[1][:300]
    assert "Donnez le motif de votre demande" not in page
    assert Declaration.objects.get(pk=declaration.pk).revision == 0
