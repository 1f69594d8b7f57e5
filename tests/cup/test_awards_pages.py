"""The points page (/<club>/coupe/points/): prefects (their own house when the club says so) and the club's
staff give or take points with a reason and cancel them; bad inputs are refused in French and store
nothing; each entry is in the audit log and the journal says it in words; the header menu shows the page
to prefects and staff only."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from audit.models import AuditAction, AuditLog
from cup.models import Cause, CupSettings, House, LedgerEntry, Prefect
from cup.selectors import standings
from cup.services.awards import award_cancel, points_award
from cup.services.common import CupRefused
from tests.cup.support import house
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import club_cache_warmed, club_member, make_referee, other_club
from tests.support.permissions import club_staff
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
POINTS = "cup:points"


def prefect_of(name: str, username: str = "percy"):
    user = club_member(username=username)
    Prefect.objects.create(user=user, house=house(name))
    return user


def own_house_only(value: bool) -> None:
    CupSettings.objects.update_or_create(defaults={"prefects_own_house_only": value})


def totals() -> dict[str, int]:
    return {row.name: row.total for row in standings()}


def test_a_prefect_awards_their_house_with_a_reason_and_it_is_audited():
    percy = prefect_of("Gryffondor")
    client = client_for(percy)
    page = client.get(reverse(POINTS))
    assert page.status_code == 200
    assert list(page.context["form"].fields["house"].queryset) == [house("Gryffondor")]
    response = client.post(reverse(POINTS), {"house": house("Gryffondor").pk, "points": "15",
                                             "reason": "Sauvetage du Choixpeau"}, follow=True)
    assert "15 points pour Gryffondor." in text(response) and "Sauvetage du Choixpeau" in text(response)
    entry = LedgerEntry.objects.get()
    assert (entry.cause, entry.points, entry.created_by, entry.reason) == (Cause.MANUAL, 15, percy,
                                                                          "Sauvetage du Choixpeau")
    log = AuditLog.objects.get(action=AuditAction.CUP_POINTS)
    assert (log.actor, log.reason, log.data["points"], log.data["house"]) == (percy, "Sauvetage du Choixpeau", 15,
                                                                             "Gryffondor")
    assert totals()["Gryffondor"] == 15


def test_a_prefect_is_refused_outside_their_house_when_the_club_says_so():
    percy = prefect_of("Gryffondor")
    own_house_only(True)
    with pytest.raises(CupRefused) as refused:
        points_award(by=percy, house=house("Serpentard"), points=-10, reason="Insolence")
    assert refused.value.code == "not-allowed" and "Serpentard" in str(refused.value.message)
    response = client_for(percy).post(reverse(POINTS), {"house": house("Serpentard").pk, "points": "-10",
                                                        "reason": "Insolence"})
    assert response.status_code == 422 and "Sélectionnez un choix valide" in text(response)
    assert not LedgerEntry.objects.exists() and not AuditLog.objects.filter(action=AuditAction.CUP_POINTS).exists()


def test_a_prefect_touches_every_house_when_the_club_allows_it():
    percy = prefect_of("Gryffondor")
    own_house_only(False)
    points_award(by=percy, house=house("Serdaigle"), points=5, reason="Belle réponse")
    client = client_for(percy)
    assert len(client.get(reverse(POINTS)).context["form"].fields["house"].queryset) == 4
    client.post(reverse(POINTS), {"house": house("Serpentard").pk, "points": "-10", "reason": "Insolence"})
    assert totals() == {"Serdaigle": 5, "Gryffondor": 0, "Poufsouffle": 0, "Serpentard": -10}


@pytest.mark.parametrize(("points", "reason", "message"), [
    ("0", "Motif", "Un nombre de points entre -1000 et 1000, sans zéro."),
    ("10000", "Motif", "Un nombre de points entre -1000 et 1000, sans zéro."),
    ("-10000", "Motif", "Un nombre de points entre -1000 et 1000, sans zéro."),
    ("5", "", "Donnez le motif des points."),
    ("5", "   ", "Donnez le motif des points."),
    ("cinq", "Motif", "Saisissez un nombre entier."),
    ("5", "x" * 201, "Le motif tient en 200 caractères au plus."),
])
def test_bad_points_are_refused_in_french_and_nothing_is_stored(points, reason, message):
    staff = club_staff()
    response = client_for(staff).post(reverse(POINTS), {"house": house("Poufsouffle").pk, "points": points,
                                                        "reason": reason})
    assert response.status_code == 422 and message in text(response)
    assert not LedgerEntry.objects.exists() and not AuditLog.objects.exists()


def test_another_clubs_house_is_refused_and_nothing_is_stored():
    theirs = House._base_manager.filter(club=other_club()).first()
    response = client_for(club_staff()).post(reverse(POINTS), {"house": theirs.pk, "points": "5", "reason": "x"})
    assert response.status_code == 422 and "Sélectionnez un choix valide" in text(response)
    assert not LedgerEntry._base_manager.exists()


def test_the_staff_give_to_every_house():
    staff = club_staff()
    assert len(client_for(staff).get(reverse(POINTS)).context["form"].fields["house"].queryset) == 4


def test_anyone_else_is_refused_and_anonymous_goes_to_login(client):
    referee = UserFactory(username="arbitre")
    make_referee(referee)
    for user in (referee, DuellistFactory().user, UserFactory(), club_staff(other_club(), username="ailleurs")):
        theirs = client_for(user)
        assert theirs.get(reverse(POINTS)).status_code == 403
        assert theirs.post(reverse(POINTS), {"house": house("Gryffondor").pk, "points": "5",
                                             "reason": "x"}).status_code == 403
    assert client.get(reverse(POINTS))["Location"].startswith(reverse("login"))
    assert not LedgerEntry.objects.exists()


def test_a_mistaken_award_is_cancelled_once_with_a_reason():
    percy = prefect_of("Gryffondor")
    entry = points_award(by=percy, house=house("Gryffondor"), points=20, reason="Erreur de frappe")
    client = client_for(percy)
    cancel = reverse("cup:points_cancel", args=[entry.pk])
    no_reason = client.post(cancel, {"reason": ""}, follow=True)
    assert "Donnez le motif des points." in text(no_reason) and LedgerEntry.objects.count() == 1
    done = client.post(cancel, {"reason": "Je voulais dire 2"}, follow=True)
    assert "Points annulés pour Gryffondor." in text(done)
    assert totals()["Gryffondor"] == 0
    assert LedgerEntry.objects.get(reverses=entry).reason == "Je voulais dire 2"
    again = client.post(cancel, {"reason": "encore"}, follow=True)
    assert "Ces points sont déjà annulés." in text(again) and LedgerEntry.objects.count() == 2
    assert AuditLog.objects.filter(action=AuditAction.CUP_POINTS).count() == 2


def test_a_prefect_cancels_nothing_outside_their_house():
    staff = club_staff()
    entry = points_award(by=staff, house=house("Serpentard"), points=20, reason="Victoire")
    percy = prefect_of("Gryffondor")
    own_house_only(True)
    client_for(percy).post(reverse("cup:points_cancel", args=[entry.pk]), {"reason": "non"})
    assert LedgerEntry.objects.count() == 1


def test_the_journal_says_the_award_in_words():
    staff = club_staff(username="intendant")
    points_award(by=staff, house=house("Serdaigle"), points=-3, reason="Bavardage")
    page = text(client_for(staff).get(reverse("clubs:journal:list")))
    assert "points de maison donnés ou retirés" in page
    assert "<dt>maison</dt><dd>Serdaigle</dd>" in page and "<dt>points</dt><dd>-3</dd>" in page
    assert "Bavardage" in page


def test_the_header_menu_shows_the_points_to_prefects_and_staff_only():
    link = f'href="{reverse(POINTS)}"'
    assert link in text(client_for(prefect_of("Gryffondor")).get(reverse("duels:dashboard")))
    assert link in text(client_for(club_staff()).get(reverse("duels:dashboard")))
    assert link not in text(client_for(DuellistFactory().user).get(reverse("duels:dashboard")))


def page_queries(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse(POINTS)).status_code == 200
    return len(queries)


def test_the_points_page_reads_as_many_statements_for_2_entries_as_for_30():
    club_cache_warmed()
    percy = prefect_of("Gryffondor")
    client = client_for(percy)
    entries = [points_award(by=percy, house=house("Gryffondor"), points=1, reason="x") for _ in range(2)]
    award_cancel(by=percy, entry=entries[0], reason="y")
    few = page_queries(client)
    for index in range(28):
        points_award(by=percy, house=house("Gryffondor"), points=index + 1, reason="x")
    assert page_queries(client) == few
