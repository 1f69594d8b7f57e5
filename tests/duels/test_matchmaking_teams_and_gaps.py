"""Matchmaking: 2v2 teams completed from solo duellists (§1.3), wide RP year gaps held
until a staff-set delay or a referee's confirmation (§1.2)."""
import datetime as dt
import itertools

import pytest
from django.utils import timezone

from duels.models import Duel, MatchmakingSettings, Registration
from duels.services import DuelError, matchmaking_run
from duels.services.matchmaking import matchmaking_confirm, matchmaking_held
from tests.factories.accounts import UserFactory
from tests.factories.duels import DuellistFactory, RefereeFactory, RegistrationFactory
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def make(minute: int, *, kind: str, year: int, fmt: str = "2v2", now=None, **kwargs) -> Registration:
    base = now or timezone.now()
    return RegistrationFactory(kind=kind, format=fmt, year=year, created_at=base - dt.timedelta(minutes=100 - minute),
                               **kwargs)


def named_pair(minute: int, *, kind: str, years=(3, 3)) -> tuple[Registration, Registration]:
    a, b = DuellistFactory(), DuellistFactory()
    return (make(minute, kind=kind, year=years[0], duellist=a, named_partner=b),
            make(minute + 1, kind=kind, year=years[1], duellist=b, named_partner=a))


def expected_duels(pairs: int, solos: int) -> int:
    """Named pairs meet each other; a pair left over faces two solos made a team; four solos make
    two teams."""
    duels, left_team = divmod(pairs, 2)
    if left_team and solos >= 2:
        duels, solos = duels + 1, solos - 2
    return duels + solos // 4


@pytest.mark.parametrize("kind", ["non_rp", "rp"])
@pytest.mark.parametrize("pairs_first", [True, False])
@pytest.mark.parametrize(("pairs", "solos"), list(itertools.product(range(3), range(5))))
def test_every_mix_of_named_pairs_and_solos(kind, pairs_first, pairs, solos):
    solo_year = (lambda i: 3) if kind == "non_rp" else (lambda i: 3 + i % 2)  # RP: gaps of one year at most
    pair_regs, solo_regs = [], []
    pair_start, solo_start = (0, 10) if pairs_first else (10, 0)
    for p in range(pairs):
        pair_regs.append(named_pair(pair_start + 2 * p, kind=kind))
    for s in range(solos):
        solo_regs.append(make(solo_start + s, kind=kind, year=solo_year(s)))
    report = matchmaking_run()
    assert len(report.duels) == expected_duels(pairs, solos)
    for duel in report.duels:
        teams = [set(duel.participants.filter(team=t).values_list("registration_id", flat=True)) for t in (1, 2)]
        assert [len(t) for t in teams] == [2, 2] and duel.kind == kind and duel.format == "2v2"
        for a, b in pair_regs:  # named partners stay together
            assert {a.pk, b.pk} <= teams[0] | teams[1] and ({a.pk, b.pk} <= teams[0] or {a.pk, b.pk} <= teams[1]) \
                or not ({a.pk, b.pk} & (teams[0] | teams[1]))
    waiting = Registration.objects.filter(status="waiting").count()
    assert waiting == 2 * pairs + solos - 4 * len(report.duels)
    assert matchmaking_run().duels == []  # nothing left that could meet


def test_a_named_pair_and_two_solos_get_a_2v2_duel_from_one_run():
    a, b = named_pair(0, kind="non_rp")
    s1, s2 = make(5, kind="non_rp", year=3), make(6, kind="non_rp", year=3)
    duels = matchmaking_run().duels
    assert len(duels) == 1
    teams = [set(duels[0].participants.filter(team=t).values_list("registration_id", flat=True)) for t in (1, 2)]
    assert teams == [{a.pk, b.pk}, {s1.pk, s2.pk}]


def test_non_rp_solos_join_a_pair_only_at_its_year():
    named_pair(0, kind="non_rp", years=(3, 3))
    make(5, kind="non_rp", year=4)
    make(6, kind="non_rp", year=4)
    assert matchmaking_run().duels == []


def test_a_solo_never_completes_a_pair_of_another_kind_or_format():
    named_pair(0, kind="rp")
    make(5, kind="non_rp", year=3)
    make(6, kind="non_rp", year=3)
    make(7, kind="rp", year=3, fmt="1v1")
    assert matchmaking_run().duels == []


def test_rp_solos_facing_a_pair_are_the_closest_years():
    a, b = named_pair(0, kind="rp", years=(5, 5))
    far = make(2, kind="rp", year=1)
    near1, near2 = make(3, kind="rp", year=5), make(4, kind="rp", year=6)
    duel = matchmaking_run().duels[0]
    assert set(duel.participants.values_list("registration_id", flat=True)) == {a.pk, b.pk, near1.pk, near2.pk}
    far.refresh_from_db()
    assert far.status == "waiting"


# --- wide RP year gaps ---------------------------------------------------------------------------

def test_an_rp_gap_of_one_year_is_paired_at_once():
    make(0, kind="rp", year=3, fmt="1v1")
    make(1, kind="rp", year=4, fmt="1v1")
    assert len(matchmaking_run().duels) == 1


def test_a_wider_rp_gap_is_held_until_the_older_registration_waited_the_delay():
    now = timezone.now()
    old = RegistrationFactory(kind="rp", year=2, created_at=now - dt.timedelta(days=6, hours=23))
    new = RegistrationFactory(kind="rp", year=5, created_at=now)
    assert matchmaking_run(now=now).duels == []
    held = matchmaking_held(now=now)
    assert [(h.gap, h.registration_ids) for h in held] == [(3, sorted([old.pk, new.pk]))]
    assert held[0].release_at == old.created_at + dt.timedelta(days=7)
    duels = matchmaking_run(now=now + dt.timedelta(hours=1)).duels
    assert len(duels) == 1 and "écart de 3" in duels[0].matchmaking_warning
    assert matchmaking_held(now=now) == []


def test_the_delay_is_set_by_staff():
    now = timezone.now()
    MatchmakingSettings.objects.create(pk=1, wide_gap_wait_days=2)
    RegistrationFactory(kind="rp", year=2, created_at=now - dt.timedelta(days=2))
    RegistrationFactory(kind="rp", year=6, created_at=now)
    assert len(matchmaking_run(now=now).duels) == 1


def test_a_held_gap_does_not_stop_a_closer_pairing_and_non_rp_is_never_held():
    now = timezone.now()
    r2 = RegistrationFactory(kind="rp", year=2, created_at=now - dt.timedelta(minutes=3))
    r5 = RegistrationFactory(kind="rp", year=5, created_at=now - dt.timedelta(minutes=2))
    r6 = RegistrationFactory(kind="rp", year=6, created_at=now - dt.timedelta(minutes=1))
    duels = matchmaking_run(now=now).duels
    assert len(duels) == 1
    assert set(duels[0].participants.values_list("registration_id", flat=True)) == {r5.pk, r6.pk}
    r2.refresh_from_db()
    assert r2.status == "waiting"


def test_a_referee_confirms_a_held_pairing_from_the_queue():
    now = timezone.now()
    RegistrationFactory(kind="rp", year=1, created_at=now)
    RegistrationFactory(kind="rp", year=4, created_at=now)
    (held,) = matchmaking_held()
    with pytest.raises(DuelError) as refused:
        matchmaking_confirm(key=held.key, by=UserFactory())
    assert refused.value.code == "not-a-referee" and not Duel.objects.exists()
    duel = matchmaking_confirm(key=held.key, by=RefereeFactory())
    assert duel.participants.count() == 2 and "écart de 3" in duel.matchmaking_warning
    with pytest.raises(DuelError) as gone:
        matchmaking_confirm(key=held.key, by=RefereeFactory())
    assert gone.value.code == "pairing-gone" and Duel.objects.count() == 1


def test_2v2_wide_gap_is_held_too():
    now = timezone.now()
    for year in (1, 1, 5, 5):
        RegistrationFactory(kind="rp", format="2v2", year=year, created_at=now)
    assert matchmaking_run(now=now).duels == []
    (held,) = matchmaking_held(now=now)
    assert held.gap == 4 and len(held.registration_ids) == 4


# --- what players and referees see ---------------------------------------------------------------

def test_the_gap_is_shown_to_both_players_and_the_referee_confirms_it_from_the_queue():
    from django.urls import reverse

    r1 = RegistrationFactory(kind="rp", year=2)
    r2 = RegistrationFactory(kind="rp", year=6)
    for reg in (r1, r2):
        page = client_for(reg.duellist.user).get(reverse("duels:dashboard")).content.decode()
        assert "à 4 ans d&#x27;écart" in page or "à 4 ans d'écart" in page
    referee = RefereeFactory()
    page = client_for(referee).get(reverse("duels:referee")).content.decode()
    assert "écart de 4 ans" in page and r1.duellist.forum_name in page and "Confirmer cet appariement" in page
    key = f"{min(r1.pk, r2.pk)},{max(r1.pk, r2.pk)}"
    response = client_for(referee).post(reverse("duels:pairing_confirm"), {"pairing": key})
    assert response.status_code == 302
    duel = Duel.objects.get()
    assert "écart de 4" in duel.matchmaking_warning
    page = client_for(r1.duellist.user).get(reverse("duels:dashboard")).content.decode()
    assert "écart de 4" in page  # the duel row keeps saying it until the duel is over
    stale = client_for(referee).post(reverse("duels:pairing_confirm"), {"pairing": "abc"}, follow=True)
    assert "n&#x27;est plus proposé" in stale.content.decode() and Duel.objects.count() == 1


def test_a_player_cannot_confirm_a_held_pairing():
    from django.urls import reverse

    r1 = RegistrationFactory(kind="rp", year=2)
    RegistrationFactory(kind="rp", year=6)
    response = client_for(r1.duellist.user).post(reverse("duels:pairing_confirm"), {"pairing": "1,2"})
    assert response.status_code == 403 and not Duel.objects.exists()


def test_non_rp_named_opponents_at_different_years_are_flagged_to_players_and_referee():
    from django.urls import reverse

    a, b = DuellistFactory(), DuellistFactory()
    RegistrationFactory(duellist=a, named_opponent=b, year=2)
    RegistrationFactory(duellist=b, named_opponent=a, year=4)
    (duel,) = matchmaking_run().duels
    assert duel.matchmaking_warning == (
        f"Duel non-RP entre niveaux différents : {a.forum_name} (année 2) et {b.forum_name} (année 4).")
    for user in (a.user, b.user):
        assert "Duel non-RP entre niveaux différents" in client_for(user).get(reverse("duels:dashboard")).content.decode()
    page = client_for(RefereeFactory()).get(reverse("duels:referee")).content.decode()
    assert "Duel non-RP entre niveaux différents" in page and "Arbitrer ce duel" in page


def test_non_rp_at_one_year_has_no_warning():
    (duel,) = (matchmaking_run().duels if [RegistrationFactory(year=3), RegistrationFactory(year=3)] else [])
    assert duel.matchmaking_warning == ""
