"""One date format per language on every page (config/formats): « 3 décembre 2026 20:43 » in French,
« 3 Dec 2026, 20:43 » in English (no « 8:43 p.m.. »); no template writes its own format."""
import datetime as dt
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from audit.models import AuditLog
from duels.services import exemption_decide, exemption_request
from rankings.models import Season
from tests.support.duels import declare, post, started_duel

TEMPLATES = Path(settings.BASE_DIR) / "templates"
NAMED = {"DATE_FORMAT", "DATETIME_FORMAT", "SHORT_DATE_FORMAT", "SHORT_DATETIME_FORMAT", "TIME_FORMAT", "c", "U"}
FILTER = re.compile(r"""\|(?:date|time):\s*["']([^"']*)["']""")


def test_no_template_hard_codes_a_date_format():
    hard_coded = [f"{path.relative_to(TEMPLATES)}: {fmt}" for path in TEMPLATES.rglob("*.html")
                  for fmt in FILTER.findall(path.read_text(encoding="utf-8")) if fmt not in NAMED]
    assert not hard_coded


@pytest.fixture
def duel_with_dates(time_machine):
    time_machine.move_to(dt.datetime(2026, 12, 3, 19, 43, tzinfo=dt.UTC), tick=False)  # 20:43 in Paris
    duel, referee, (a, b) = started_duel()
    window = duel.windows.get()
    exemption = exemption_request(duel=duel, by=a.duellist.user, reason="Examens",
                                  wished_deadline=window.opened_at + dt.timedelta(days=3))
    exemption_decide(exemption=exemption, by=referee, grant=True)
    post(duel, b, [])
    return duel, referee, a, b


def page(duel, user, language: str, name: str = "duels:duel", args=None) -> str:
    client = Client()
    client.cookies["django_language"] = language
    client.force_login(user)
    html = client.get(reverse(name, args=[duel.pk] if args is None else args)).content.decode()
    return re.sub(r"<textarea[^>]*>.*?</textarea>", "", html, flags=re.S)  # forum copies aside


@pytest.mark.django_db
def test_the_duel_page_writes_every_moment_one_way_per_language(duel_with_dates):
    duel, referee, a, b = duel_with_dates
    french = page(duel, a.duellist.user, "fr")
    assert "3 décembre 2026 20:43" in french  # the posts, the thread, the journal
    assert "6 décembre 2026 20:43" in french  # the exemption's new deadline
    assert not re.search(r"\b\d{2}/\d{2}/\d{4}\b", french)
    english = page(duel, a.duellist.user, "en")
    assert "3 Dec 2026, 20:43" in english and "6 Dec 2026, 20:43" in english
    assert "p.m." not in english and "a.m." not in english and not re.search(r"\b\d{2}/\d{2}/\d{4}\b", english)
    post(duel, a, [])
    declare(duel, referee)  # the declaration's next step names the next deadline the same way
    assert "5 décembre 2026 20:43" in page(duel, a.duellist.user, "fr")
    assert "5 Dec 2026, 20:43" in page(duel, a.duellist.user, "en")


@pytest.mark.django_db
def test_the_referee_pages_too(duel_with_dates):
    duel, referee, _a, _b = duel_with_dates
    for name, args in [("duels:adjudicate", None), ("duels:journal", None), ("duels:referee", [])]:
        for language, moment in [("fr", "décembre 2026 20:43"), ("en", "Dec 2026, 20:43")]:
            html = page(duel, referee, language, name, args)
            assert moment in html or name == "duels:referee", (name, language)
            assert not re.search(r"\b\d{2}/\d{2}/\d{4}\b", html) and "p.m." not in html, (name, language)


@pytest.mark.django_db
def test_the_rankings_season_choice_writes_its_days_the_same_way():
    Season.objects.create(name="Année 2026-2027", slug="2026-2027", starts_on=dt.date(2026, 9, 1),
                          ends_on=dt.date(2027, 6, 30))
    for language, days in [("fr", "1 septembre 2026 – 30 juin 2027"), ("en", "1 Sep 2026 – 30 Jun 2027")]:
        client = Client()
        client.cookies["django_language"] = language
        html = client.get(reverse("rankings:index")).content.decode()
        assert days in html and not re.search(r"\b\d{2}/\d{2}/\d{4}\b", html), language


@pytest.mark.django_db
def test_an_audit_entry_is_named_by_the_local_moment():
    entry = AuditLog.objects.create(created_at=dt.datetime(2026, 12, 3, 19, 43, tzinfo=dt.UTC), action="fault.record")
    assert str(entry) == "3 décembre 2026 20:43 — faute relevée"


@pytest.mark.django_db
def test_the_english_notices_end_their_sentence_after_a_24_hour_time(duel_with_dates):
    _duel, _referee, a, _b = duel_with_dates
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(a.duellist.user)
    html = client.get(reverse("notifications")).content.decode()
    assert "5 Dec 2026, 20:43." in html  # « your turn … before 5 Dec 2026, 20:43. »
    assert "p.m." not in html and "a.m." not in html
