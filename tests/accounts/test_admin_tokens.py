"""API tokens in the admin: the list, the change and delete pages and the history show the first
characters only; the key appears once, on the page that answers its creation."""
import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.factories.accounts import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(client):
    client.force_login(UserFactory(username="dumbledore", is_staff=True, is_superuser=True))
    return client


def test_the_key_never_appears_on_the_list_change_delete_or_history_pages(admin):
    owner = UserFactory(username="percy")
    token = Token.objects.create(user=owner)
    pages = {
        "list": reverse("admin:authtoken_tokenproxy_changelist"),
        "change": reverse("admin:authtoken_tokenproxy_change", args=[owner.pk]),
        "delete": reverse("admin:authtoken_tokenproxy_delete", args=[owner.pk]),
        "history": reverse("admin:authtoken_tokenproxy_history", args=[owner.pk]),
        "search": reverse("admin:authtoken_tokenproxy_changelist") + "?q=percy",
    }
    for name, url in pages.items():
        html = admin.get(url).content.decode()
        assert token.key not in html, name
        assert f"{token.key[:4]}…" in html or name == "history", name
    saved = admin.post(pages["change"], {"user": owner.pk}, follow=True)
    assert token.key not in saved.content.decode()
    deleted = admin.post(pages["delete"], {"post": "yes"}, follow=True)
    assert token.key not in deleted.content.decode()
    assert not Token.objects.filter(user=owner).exists()
    assert LogEntry.objects.exists()
    assert all(token.key not in entry.object_repr for entry in LogEntry.objects.all())
    assert token.key not in admin.get(reverse("admin:index")).content.decode()  # recent actions


def test_the_key_is_shown_once_when_the_token_is_created(admin):
    owner = UserFactory(username="oliver")
    created = admin.post(reverse("admin:authtoken_tokenproxy_add"), {"user": owner.pk})
    key = Token.objects.get(user=owner).key
    assert created.status_code == 200 and key in created.content.decode()
    assert "n'est affiché qu'ici" in created.content.decode().replace("&#x27;", "'")
    assert not created.cookies.get("messages")  # never carried in the messages cookie
    assert key not in admin.get(reverse("admin:authtoken_tokenproxy_changelist")).content.decode()


def test_the_api_still_reads_the_token():
    owner = UserFactory(username="ginny")
    token = Token.objects.create(user=owner)
    assert str(Token.objects.get(user=owner)) == token.key
