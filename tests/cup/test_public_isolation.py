"""Two clubs: club B's houses and entries never appear in club A's cup pages, picture, embed or API, and
A's totals do not count them; B's own pages show them."""
import pytest
from django.core.cache import cache
from django.urls import reverse

from clubs.scoping import activate_club
from cup.models import House, LedgerEntry
from tests.cup.public_support import entry_at, local
from tests.support.clubs import other_club

pytestmark = pytest.mark.django_db
MARK = "Ilvermornien"


@pytest.fixture
def club_b():
    b = other_club()
    with activate_club(b):
        House.objects.filter(name="Serpentard").update(name=f"Wampus {MARK}")
        entry_at("Gryffondor", 500, local(2026, 11, 2, 12), reason=f"Bravoure {MARK}")
        entry_at(f"Wampus {MARK}", 300, local(2026, 11, 2, 12), reason=f"Ruse {MARK}")
    entry_at("Gryffondor", 3, local(2026, 11, 2, 12), reason="Bravoure d'ici")
    cache.clear()
    return b


def test_club_a_shows_nothing_of_club_b(client, club_b):
    urls = [reverse("cup:standings") + "?period=all", reverse("cup:ledger") + "?period=all",
            reverse("cup:embed") + "?period=all", "/api/v1/clubs/club/cup/?period=all",
            "/api/v1/clubs/club/cup/ledger/?period=all"]
    for url in urls:
        response = client.get(url)
        body = response.content.decode()
        assert response.status_code == 200, url
        assert MARK not in body and "500" not in body.replace("500.", ""), url
    assert '<td class="num points">3</td>' in client.get(reverse("cup:standings") + "?period=all").content.decode()
    refused = client.get(reverse("cup:ledger"), {"house": f"Wampus {MARK}"}).content.decode()
    assert "Aucune maison de ce nom" in refused
    assert client.get("/api/v1/clubs/club/cup/ledger/", {"house": f"Wampus {MARK}"}).status_code == 400
    assert LedgerEntry.objects.count() == 1


def test_club_b_shows_its_own(client, club_b):
    page = client.get(f"/{club_b.slug}/coupe/?period=all").content.decode()
    assert f"Wampus {MARK}" in page and '<td class="num points">500</td>' in page
    assert f"Ruse {MARK}" in client.get(f"/{club_b.slug}/coupe/journal/?period=all").content.decode()
