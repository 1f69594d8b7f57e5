"""The footer's language choice is the member's: their profile (and so their e-mails and notices
sent outside the site) follows it, not only the browser's cookie."""
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.factories.accounts import UserFactory

pytestmark = pytest.mark.django_db


def test_a_member_choosing_english_in_the_footer_gets_it_in_their_profile():
    user = UserFactory(username="ginny-langue")
    client = Client()
    client.force_login(user)
    home = client.get(reverse("home")).content.decode()
    assert f'action="{reverse("language_choose")}"' in home  # the footer's form
    profile_path = reverse("profile")
    response = client.post(reverse("language_choose"), {"language": "en", "next": profile_path})
    assert response.status_code == 302 and response["Location"] == profile_path
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    user.refresh_from_db()
    assert user.language == "en"
    profile = client.get(profile_path).content.decode()
    assert '<option value="en" selected>' in profile


def test_a_visitor_may_choose_a_language_and_an_unknown_one_changes_nothing():
    visitor = Client()
    response = visitor.post(reverse("language_choose"), {"language": "en", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    user = UserFactory(username="cho-langue")
    member = Client()
    member.force_login(user)
    member.post(reverse("language_choose"), {"language": "xx", "next": "/"})
    user.refresh_from_db()
    assert user.language == "fr"


def test_each_language_of_the_footer_is_named_in_itself():
    french_page = Client().get(reverse("home")).content.decode()
    assert '<option value="en">English</option>' in french_page  # what an English reader looks for
    english = Client()
    english.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english_page = english.get(reverse("home")).content.decode()
    assert '<option value="fr">Français</option>' in english_page
    assert '<option value="en" selected>English</option>' in english_page


def assert_guarded(cookie) -> None:
    assert cookie["secure"] is True and cookie["httponly"] is True and cookie["samesite"] == "Lax"
    assert cookie["max-age"] == 365 * 24 * 3600


def test_the_language_cookie_is_secure_httponly_and_lax_from_the_footer_and_the_profile():
    footer = Client().post(reverse("language_choose"), {"language": "en", "next": "/"})
    assert_guarded(footer.cookies[settings.LANGUAGE_COOKIE_NAME])
    member = Client()
    member.force_login(UserFactory(username="luna-langue", email="luna@example.org"))
    profile = member.post(reverse("profile"), {"email": "luna@example.org", "language": "en"})
    assert profile.status_code == 302
    assert_guarded(profile.cookies[settings.LANGUAGE_COOKIE_NAME])


def test_development_keeps_the_language_cookie_on_plain_http():
    code = "import config.settings as s; print(s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_SAMESITE)"
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY"}} | {"DEBUG": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "False Lax", done.stderr
