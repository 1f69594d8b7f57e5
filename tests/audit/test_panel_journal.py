"""The club's journal in its control panel: the club's staff read their club's log (never another club's),
filter it, page through it, and read each entry in words."""
import datetime as dt
import re

import pytest
from django.urls import reverse

from audit.models import AuditAction, AuditLog
from audit.services import audit_record
from clubs.scoping import activate_club
from tests.factories.accounts import UserFactory
from tests.factories.duels import DuelFactory
from tests.support.clubs import club_cache_warmed, club_member, make_referee, other_club
from tests.support.permissions import club_staff
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
UTC = dt.UTC
ROW = re.compile(r'<tr data-entry="(\d+)">')


def journal_url(**query) -> str:
    url = reverse("clubs:journal:list")
    if query:
        from urllib.parse import urlencode

        url += "?" + urlencode(query)
    return url


def entry(action=AuditAction.DUEL_CANCEL, *, at=None, actor=None, duel=None, reason="", data=None) -> AuditLog:
    return AuditLog.objects.create(created_at=at or dt.datetime(2026, 3, 10, 12, tzinfo=UTC), actor=actor,
                                   action=str(action), duel=duel, reason=reason, data=data or {})


def shown(response) -> list[int]:
    return [int(pk) for pk in ROW.findall(text(response))]


@pytest.fixture
def staff():
    return club_staff(username="gardien")


@pytest.fixture
def browser(staff):
    return client_for(staff)


# Who may read it

def test_the_club_staff_and_its_owner_read_the_journal(club):
    entry(reason="Doublon")
    for user in (club_staff(), club_staff(owner=True)):
        page = client_for(user).get(journal_url())
        assert page.status_code == 200
        assert "Doublon" in text(page) and "Journal du club" in text(page)


def test_a_referee_a_player_and_an_outsider_are_refused(club):
    referee = UserFactory()
    make_referee(referee)
    for user in (referee, club_member(), UserFactory()):
        assert client_for(user).get(journal_url()).status_code == 403


def test_another_clubs_staff_is_refused(club):
    with activate_club(other_club()) as ilvermorny:
        foreign_staff = club_staff(ilvermorny)
    assert client_for(foreign_staff).get(journal_url()).status_code == 403


def test_an_anonymous_visitor_is_sent_to_the_login_page(client):
    response = client.get(journal_url())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_journal_is_read_only(browser):
    entry(reason="Doublon")
    assert browser.post(journal_url()).status_code == 405
    assert AuditLog.objects.count() == 1


# Only the club's entries

def test_another_clubs_entries_never_appear(browser):
    mine = entry(reason="Chez nous")
    with activate_club(other_club()):
        foreign_duel = DuelFactory()
        foreign = entry(reason="Chez les voisins", duel=foreign_duel)
    page = browser.get(journal_url())
    assert shown(page) == [mine.pk]
    assert "Chez les voisins" not in text(page)
    assert shown(browser.get(journal_url(duel=foreign_duel.pk))) == []
    assert foreign.pk not in shown(browser.get(journal_url(action=AuditAction.DUEL_CANCEL)))


def test_the_action_filter_offers_only_this_clubs_actions(browser):
    entry(AuditAction.FAULT)
    with activate_club(other_club()):
        entry(AuditAction.HOUSE_RULES)
    html = text(browser.get(journal_url()))
    assert 'value="fault.record"' in html
    assert 'value="club.house_rules"' not in html


# What each entry says

def test_entries_come_newest_first_with_who_did_what_in_words(browser, staff):
    old = entry(AuditAction.FAULT, at=dt.datetime(2026, 3, 1, tzinfo=UTC), actor=staff)
    new = entry(AuditAction.DEADLINE_EXTEND, at=dt.datetime(2026, 3, 2, tzinfo=UTC))
    exemption = entry(AuditAction.EXEMPTION_DECIDE, at=dt.datetime(2026, 3, 3, tzinfo=UTC),
                      data={"granted": True, "participant": "p1"})
    page = browser.get(journal_url())
    assert shown(page) == [exemption.pk, new.pk, old.pk]
    html = text(page)
    assert "faute relevée" in html and "délai prolongé" in html and "dispense accordée" in html
    assert "gardien" in html and "automatique" in html
    assert "fault.record" not in html.split("<table")[1]  # the code stays in the filter's values, not the rows


def test_the_labels_are_in_english_for_an_english_reader(browser):
    entry(AuditAction.FAULT)
    entry(AuditAction.FAULT, reason="Spam", data={"kind": "absence", "pf_penalty": 2})
    browser.cookies["django_language"] = "en"
    html = text(browser.get(journal_url()))
    assert "fault recorded" in html and "faute relevée" not in html
    assert "type: absence · HP penalty: 2" in html and "Reason:" in html


def test_details_are_words_not_json_and_times_are_the_clubs(club, staff):
    club.time_zone = "America/Montreal"
    club.save()
    referee = UserFactory(username="arbitre-lune")
    duel = DuelFactory()
    entry(AuditAction.REFEREE_ASSIGN, duel=duel, reason="Absent", data={"referee": referee.pk, "previous_referee": None})
    entry(AuditAction.DEADLINE_EXTEND, duel=duel, at=dt.datetime(2026, 3, 10, 3, 30, tzinfo=UTC),
          data={"window": 3, "turn": 2, "phase": "defence", "deadline": "2026-03-12T18:00:00+00:00"})
    html = text(client_for(staff).get(journal_url()))
    assert "arbitre : arbitre-lune" in html and "arbitre précédent" in html
    assert "phase : défense" in html.replace("</dt><dd>", " : ")
    assert "{" not in html.split("<tbody>")[1].split("</tbody>")[0]
    assert "12 mars 2026 14:00" in html  # 18:00 UTC, in Montreal
    assert "9 mars 2026 23:30" in html  # 03:30 UTC: the evening before, in Montreal (summer time)
    assert f'href="{reverse("duels:duel", args=[duel.pk])}"' in html and f"Duel n° {duel.pk}" in html
    assert "Motif" in html and "Absent" in html


def test_a_role_change_links_to_the_member_and_a_settings_change_lists_what_changed(browser):
    entry(AuditAction.ROLE_CHANGE, data={"user": 1, "username": "luna", "role": "referee", "granted": True})
    entry(AuditAction.CLUB_SETTINGS, data={"club": "club", "before": {"name": "Ancien"}, "after": {"name": "Nouveau"}})
    html = text(browser.get(journal_url()))
    assert f'href="{reverse("clubs:members")}?q=luna"' in html
    assert "rôle : arbitre" in html.replace("</dt><dd>", " : ")
    assert "Ancien → Nouveau" in html
    assert f'href="{reverse("clubs:settings")}"' in html


def test_what_the_services_record_reads_as_words(browser, staff, club):
    from clubs.club_settings import club_settings_store
    from clubs.house_rules_page import house_rules_save
    from duels.engine.house_rules import HouseRules
    from duels.services import fault_record
    from tests.support.duels import started_duel

    duel, referee, (a, _b) = started_duel()
    fault_record(duel=duel, participant=a, by=referee, note="Hors sujet", pf_penalty=2)
    house_rules_save(club=club, rules=HouseRules.from_dict({"min_words": 50}), by=staff)
    values = {name: getattr(club, name) for name in ("name", "forum_url", "forum_origins", "duel_section",
                                                     "forum_profile_url", "language", "time_zone", "is_public")}
    club_settings_store(club=club, by=staff, values={**values, "name": "Club des duels", "duel_section": 12})
    html = text(browser.get(journal_url())).replace("</dt><dd>", " : ")
    assert "arbitrage pris" in html and "signal de départ" in html and "faute relevée" in html
    assert "pénalité de PF : 2" in html and "Hors sujet" in html
    assert "Mots RP minimum par message : " in html and "→ 50" in html  # as the house rules page words it
    assert "nom : Club de duel → Club des duels" in html
    assert "section des duels sur le forum : 0 → 12" in html  # a setting by its name on the settings page
    assert f"arbitre : {referee.username}" in html


def test_an_exemptions_reason_is_read_as_the_duels_referee_reads_it(browser):
    from tests.support.duels import started_duel

    duel, _referee, (a, _b) = started_duel()
    entry(AuditAction.EXEMPTION_DECIDE, duel=duel, reason="Hospitalisation",
          data={"granted": False, "participant": a.engine_id})
    html = text(browser.get(journal_url()))
    assert "dispense refusée" in html and "Hospitalisation" in html


def test_staff_playing_in_the_duel_read_their_own_exemptions_reason_only(club):
    from tests.support.clubs import make_club_staff
    from tests.support.duels import started_duel

    duel, _referee, (a, b) = started_duel()
    entry(AuditAction.EXEMPTION_DECIDE, duel=duel, reason="Hospitalisation", data={"participant": b.engine_id})
    entry(AuditAction.EXEMPTION_DECIDE, duel=duel, reason="Examens", data={"participant": a.engine_id})
    html = text(client_for(make_club_staff(a.duellist.user)).get(journal_url()))
    assert "Examens" in html and "Hospitalisation" not in html
    assert "réservé à l&#x27;arbitre et au duelliste concerné" in html


def test_a_long_reason_is_cut_and_shown_whole_behind_details(browser):
    entry(reason="Un motif très long. " * 20)
    html = text(browser.get(journal_url()))
    assert "<details>" in html and html.count("Un motif très long.") > 10


# Filters

def test_filter_by_action(browser):
    fault = entry(AuditAction.FAULT)
    entry(AuditAction.DUEL_START)
    assert shown(browser.get(journal_url(action=AuditAction.FAULT))) == [fault.pk]


def test_filter_by_who(browser, staff):
    mine = entry(actor=staff)
    entry(actor=UserFactory(username="quelquun"))
    entry(actor=None)
    assert shown(browser.get(journal_url(who="GARD"))) == [mine.pk]


def test_filter_by_days_in_the_clubs_time_zone(browser):
    late_evening = entry(at=dt.datetime(2026, 3, 10, 23, 30, tzinfo=UTC))  # 11 March, 00:30 in Paris
    day_before = entry(at=dt.datetime(2026, 3, 9, 12, tzinfo=UTC))
    assert shown(browser.get(journal_url(since="2026-03-11"))) == [late_evening.pk]
    assert shown(browser.get(journal_url(until="2026-03-10"))) == [day_before.pk]
    assert shown(browser.get(journal_url(since="2026-03-09", until="2026-03-11"))) == [late_evening.pk, day_before.pk]
    assert shown(browser.get(journal_url(since="11/03/2026"))) == [late_evening.pk]  # as a French reader types it


def test_filter_by_duel_number(browser):
    duel, other = DuelFactory(), DuelFactory()
    concerned = entry(duel=duel)
    entry(duel=other)
    entry()
    assert shown(browser.get(journal_url(duel=duel.pk))) == [concerned.pk]
    assert shown(browser.get(journal_url(duel=f"#{duel.pk}"))) == [concerned.pk]
    assert shown(browser.get(journal_url(duel=f"n° {duel.pk}"))) == [concerned.pk]



def test_filters_combine(browser, staff):
    duel = DuelFactory()
    wanted = entry(AuditAction.FAULT, actor=staff, duel=duel)
    entry(AuditAction.FAULT, duel=duel)
    entry(AuditAction.DUEL_CANCEL, actor=staff, duel=duel)
    assert shown(browser.get(journal_url(action=AuditAction.FAULT, who="gardien", duel=duel.pk))) == [wanted.pk]


# Bad filters: a French message, never a server error

@pytest.mark.parametrize(("query", "message"), [
    ({"since": "hier"}, "Saisissez une date valide."),
    ({"until": "2026-02-31"}, "Saisissez une date valide."),
    ({"duel": "douze"}, "Saisissez un nombre entier."),
    ({"duel": "-3"}, "supérieure ou égale à 1"),
    ({"action": "nope"}, "Sélectionnez un choix valide."),
])
def test_a_bad_filter_is_said_on_the_form_and_ignored(browser, query, message):
    first, second = entry(), entry(AuditAction.FAULT)
    response = browser.get(journal_url(**query))
    assert response.status_code == 422
    assert message in text(response)
    assert sorted(shown(response)) == [first.pk, second.pk]


def test_a_from_date_after_the_to_date_shows_nothing_and_says_why(browser):
    entry()
    response = browser.get(journal_url(since="2026-03-12", until="2026-03-01"))
    assert response.status_code == 422
    assert "La date de fin précède la date de début" in text(response)
    assert shown(response) == []


@pytest.mark.parametrize("query", [{"since": "0001-01-01"}, {"until": "9999-12-31"}, {"duel": str(10**12)},
                                   {"page": "zzz"}, {"page": "999"}])
def test_edge_values_never_break_the_page(browser, query):
    entry()
    assert browser.get(journal_url(**query)).status_code in (200, 422)


# Pages

def many(n: int, **fields) -> None:
    start = dt.datetime(2026, 1, 1, tzinfo=UTC)
    AuditLog.objects.bulk_create(
        AuditLog(created_at=start + dt.timedelta(minutes=i), action=AuditAction.FAULT, **fields) for i in range(n))


def test_fifty_entries_a_page_and_the_filters_kept_from_page_to_page(browser, staff):
    many(60, actor=staff)
    many(5)
    first = browser.get(journal_url(who="gardien"))
    assert len(shown(first)) == 50 and "60 entrées" in text(first)
    assert "?who=gardien&amp;page=2" in text(first)
    second = browser.get(journal_url(who="gardien", page=2))
    assert len(shown(second)) == 10
    assert not set(shown(first)) & set(shown(second))


def test_the_page_statement_count_does_not_grow_with_the_log(browser, staff, django_assert_max_num_queries):
    club_cache_warmed()
    referees = [UserFactory() for _ in range(3)]
    duels = [DuelFactory() for _ in range(3)]

    def add(n):
        for i in range(n):
            audit_record(actor=staff, action=AuditAction.REFEREE_ASSIGN, duel=duels[i % 3],
                         data={"referee": referees[i % 3].pk, "previous_referee": referees[(i + 1) % 3].pk})
            audit_record(actor=staff, action=AuditAction.EXEMPTION_DECIDE, duel=duels[i % 3], reason="Motif",
                         data={"participant": "p1", "granted": True})

    add(3)
    browser.get(journal_url())  # the session and the club, read once as a running site has them
    with django_assert_max_num_queries(12) as few:
        assert len(shown(browser.get(journal_url()))) == 6
    add(27)
    with django_assert_max_num_queries(len(few.captured_queries)) as more:
        assert len(shown(browser.get(journal_url()))) == 50
    print(f"journal page: {len(few.captured_queries)} statements for 6 entries, {len(more.captured_queries)} for 60")
