"""API tokens in the admin (the platform operator's): one per account and club; the list, the change and
delete pages and the history show the first characters only; the key appears once, on the page that
answers its creation."""
import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from accounts.models import ApiToken
from tests.factories.accounts import UserFactory
from tests.support.clubs import api_token, other_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(client):
    client.force_login(UserFactory(username="dumbledore", is_staff=True, is_superuser=True))
    return client


def test_the_key_never_appears_on_the_list_change_delete_or_history_pages(admin):
    owner = UserFactory(username="percy")
    key = api_token(owner)
    token = ApiToken.objects.get(key=key)
    pages = {
        "list": reverse("admin:accounts_apitoken_changelist"),
        "change": reverse("admin:accounts_apitoken_change", args=[token.pk]),
        "delete": reverse("admin:accounts_apitoken_delete", args=[token.pk]),
        "history": reverse("admin:accounts_apitoken_history", args=[token.pk]),
        "search": reverse("admin:accounts_apitoken_changelist") + "?q=percy",
    }
    for name, url in pages.items():
        html = admin.get(url).content.decode()
        assert key not in html, name
        assert f"{key[:4]}…" in html or name == "history", name
    deleted = admin.post(pages["delete"], {"post": "yes"}, follow=True)
    assert key not in deleted.content.decode()
    assert not ApiToken.objects.filter(user=owner).exists()
    assert LogEntry.objects.exists()
    assert all(key not in entry.object_repr for entry in LogEntry.objects.all())
    assert key not in admin.get(reverse("admin:index")).content.decode()  # recent actions


def test_the_key_is_shown_once_when_the_token_is_created_for_a_club(admin, club):
    owner = UserFactory(username="oliver")
    b = other_club()
    created = admin.post(reverse("admin:accounts_apitoken_add"), {"user": owner.pk, "club": b.pk})
    token = ApiToken._base_manager.get(user=owner)  # club B's
    assert token.club == b
    page = created.content.decode().replace("&#x27;", "'")
    assert created.status_code == 200 and token.key in page
    assert "n'est affiché qu'ici" in page and "/api/v1/clubs/ilvermorny/" in page
    assert not created.cookies.get("messages")  # never carried in the messages cookie
    assert token.key not in admin.get(reverse("admin:accounts_apitoken_changelist")).content.decode()
    again = admin.post(reverse("admin:accounts_apitoken_add"), {"user": owner.pk, "club": b.pk})
    assert "déjà un jeton pour ce club" in again.content.decode().replace("&#x27;", "'")
    admin.post(reverse("admin:accounts_apitoken_add"), {"user": owner.pk, "club": club.pk})
    assert ApiToken._base_manager.filter(user=owner).count() == 2  # one per club


def test_drf_tokens_are_no_longer_issued_in_the_admin(admin):
    assert admin.get("/admin/authtoken/tokenproxy/").status_code == 404
