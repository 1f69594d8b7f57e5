"""From the forum to a duel registration with nothing but the invitation link, in a real browser:
staff sync a member through the API and generate the link; the member opens it in a fresh browser
(no cookies, no account), chooses a password and registers for a duel."""
import pytest

from accounts.models import Duellist
from duels.models import Registration
from tests.support.clubs import api_token
from tests.support.permissions import club_staff

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
CHOSEN_PASSWORD = "Lumos-Maxima-2026"


def test_member_synced_by_api_activates_the_link_and_registers(new_page, live_server, screenshot, settings):
    settings.SITE_URL = live_server.url  # the links the API gives start with SITE_URL, as in production
    staff_token = api_token(club_staff(username="staff-forum"))
    headers = {"Authorization": f"Token {staff_token}"}
    staff = new_page()

    synced = staff.request.put("/api/v1/forum-members/501/", headers=headers, data={
        "forum_name": "Seamus Finnigan", "joined_on": "2025-01-15", "post_count": 320, "homework_year": 6,
        "rp_year": 5, "character_name": "Seamus",
    })
    assert synced.status == 201, synced.text()
    made = staff.request.post("/api/v1/forum-members/501/invitation/", headers=headers, data={})
    assert made.status == 201, made.text()
    invitation = made.json()
    assert "Voici ton lien pour activer ton compte Estrade" in invitation["pm_bbcode"]
    link = invitation["url"]
    assert link.startswith(live_server.url)

    member = new_page()  # its own context: what the member's browser sees, with no session
    member.goto(link)
    assert "Bonjour Seamus Finnigan" in member.locator("main").inner_text()
    member.locator("#id_password1").fill(CHOSEN_PASSWORD)
    member.locator("#id_password2").fill(CHOSEN_PASSWORD)
    screenshot(member, "invitation-01-choose-password")
    member.get_by_role("button", name="Créer mon compte").click()
    member.wait_for_selector("text=Votre compte est prêt")
    assert "Seamus Finnigan, vous pouvez vous inscrire à un duel." in member.locator("main").inner_text()

    member.goto("/club/duels/inscription/")
    member.get_by_role("radio", name="non-RP", exact=True).check()
    member.get_by_role("radio", name="1 contre 1").check()
    member.get_by_label("Année de combat (duel non-RP)").select_option("6")
    member.get_by_role("button", name="M'inscrire").click()
    member.wait_for_selector("text=vous serez apparié dès qu'un adversaire compatible s'inscrit")
    screenshot(member, "invitation-02-registered")

    duellist = Duellist.objects.get(forum_id=501)
    assert duellist.user.username == "Seamus Finnigan"
    assert Registration.objects.filter(duellist=duellist).exists()

    reused = new_page()
    reused.goto(link)
    assert "déjà servi" in reused.locator("main").inner_text()
