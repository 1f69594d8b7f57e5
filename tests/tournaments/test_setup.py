"""Creating and running a tournament's stages is the club's staff's: every other role is refused with a
French message and nothing is stored; bad options are refused the same way."""
import datetime as dt

import pytest
from django.utils import timezone

from audit.models import AuditLog
from clubs.scoping import activate_club
from tests.factories.duels import DuellistFactory, RefereeFactory, UserFactory
from tests.support.clubs import other_club
from tests.support.tournament_play import staff_member
from tournaments.errors import TournamentRefused
from tournaments.models import Tournament, TournamentStatus
from tournaments.services import (
    tournament_cancel,
    tournament_checkin_open,
    tournament_create,
    tournament_draw,
    tournament_referees_set,
    tournament_signup_open,
    tournament_update,
)

pytestmark = pytest.mark.django_db


def _outsiders():
    """A player, a referee, a signed-in member of no club, another club's staff."""
    player = DuellistFactory().user
    referee = RefereeFactory()
    nobody = UserFactory()
    elsewhere = UserFactory()
    from clubs.roles import staff_role_store

    staff_role_store(elsewhere, club=other_club())
    return {"player": player, "referee": referee, "outsider": nobody, "other club's staff": elsewhere}


def test_staff_create_a_draft_and_the_audit_log_says_so():
    staff = staff_member()
    tournament = tournament_create(by=staff, name="  Coupe de Noël ", slug="noel", format="swiss", swiss_rounds=3)
    assert tournament.status == TournamentStatus.DRAFT and tournament.name == "Coupe de Noël"
    assert tournament.created_by == staff
    assert AuditLog.objects.filter(action="tournament.create", data__tournament=tournament.pk).exists()


@pytest.mark.parametrize("role", ["player", "referee", "outsider", "other club's staff"])
def test_only_staff_may_create_or_move_a_tournament(role):
    user = _outsiders()[role]
    with pytest.raises(TournamentRefused) as refused:
        tournament_create(by=user, name="Coupe", slug="coupe")
    assert refused.value.code == "not-staff" and refused.value.status == 403
    assert "staff" in refused.value.message
    assert not Tournament.objects.exists()
    tournament = tournament_create(by=staff_member(), name="Coupe", slug="coupe")
    for call, kwargs in ((tournament_signup_open, {}), (tournament_update, {"name": "Autre"}),
                         (tournament_cancel, {"reason": "non"}), (tournament_referees_set, {"referees": []}),
                         (tournament_checkin_open, {"closes_at": timezone.now() + dt.timedelta(days=1)}),
                         (tournament_draw, {})):
        with pytest.raises(TournamentRefused) as refused:
            call(tournament=tournament, by=user, **kwargs)
        assert refused.value.code == "not-staff"
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.DRAFT and tournament.name == "Coupe"


def test_another_clubs_staff_cannot_reach_this_clubs_tournament_even_in_their_club():
    tournament = tournament_create(by=staff_member(), name="Coupe", slug="coupe")
    elsewhere = _outsiders()["other club's staff"]
    with activate_club(other_club()):
        with pytest.raises(Tournament.DoesNotExist):
            tournament_signup_open(tournament=tournament, by=elsewhere)


@pytest.mark.parametrize(("options", "code", "words"), [
    ({"name": "  "}, "name-required", "nom"),
    ({"slug": "Pas Bon"}, "slug-invalid", "minuscules"),
    ({"duel_kind": "rp", "combat_year": 4}, "rp-fixed-year", "année RP"),
    ({"format": "groups_then_elimination"}, "groups-options", "poules"),
    ({"format": "groups_then_elimination", "group_count": 1, "qualifiers_per_group": 1}, "groups-too-few-qualifiers",
     "deux"),
    ({"format": "swiss"}, "swiss-rounds", "rondes"),
    ({"round_days": 0}, "round-days", "jours"),
    ({"draw_rule": "coin"}, "invalid-option", "draw_rule"),
    ({"colour": "red"}, "invalid-option", "colour"),
])
def test_bad_options_are_refused_in_french_and_nothing_is_stored(options, code, words):
    staff = staff_member()
    kwargs = {"name": "Coupe", "slug": "coupe", **options}
    with pytest.raises(TournamentRefused) as refused:
        tournament_create(by=staff, **kwargs)
    assert refused.value.code == code and refused.value.status == 422
    assert words in refused.value.message
    assert not Tournament.objects.exists() and not AuditLog.objects.filter(action="tournament.create").exists()


def test_a_slug_is_unique_in_its_club_only():
    tournament_create(by=staff_member(), name="Coupe", slug="coupe")
    with pytest.raises(TournamentRefused) as refused:
        tournament_create(by=staff_member(), name="Autre", slug="coupe")
    assert refused.value.code == "slug-taken"
    club = other_club()
    with activate_club(club):
        from clubs.roles import staff_role_store

        staff = UserFactory()
        staff_role_store(staff)
        assert tournament_create(by=staff, name="Coupe", slug="coupe").club == club


def test_options_freeze_when_sign_up_opens_and_stages_follow_their_order():
    staff = staff_member()
    tournament = tournament_create(by=staff, name="Coupe", slug="coupe")
    with pytest.raises(TournamentRefused) as refused:
        tournament_checkin_open(tournament=tournament, by=staff, closes_at=timezone.now() + dt.timedelta(days=1))
    assert refused.value.code == "wrong-status" and "brouillon" in refused.value.message
    tournament_signup_open(tournament=tournament, by=staff)
    with pytest.raises(TournamentRefused) as refused:
        tournament_update(tournament=tournament, by=staff, third_place=True)
    assert refused.value.code == "not-draft"
    assert tournament_update(tournament=tournament, by=staff, name="Coupe d'été").name == "Coupe d'été"
    with pytest.raises(TournamentRefused) as refused:
        tournament_checkin_open(tournament=tournament, by=staff, closes_at=timezone.now() - dt.timedelta(hours=1))
    assert refused.value.code == "checkin-date"
    tournament_cancel(tournament=tournament, by=staff, reason="Pas assez de monde")
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED


def test_the_tournaments_referees_must_be_referees_of_the_club():
    staff = staff_member()
    tournament = tournament_create(by=staff, name="Coupe", slug="coupe")
    player = DuellistFactory().user
    with pytest.raises(TournamentRefused) as refused:
        tournament_referees_set(tournament=tournament, by=staff, referees=[player])
    assert refused.value.code == "referee-not-referee" and not tournament.referees.exists()
    referee = RefereeFactory()
    assert [r.user for r in tournament_referees_set(tournament=tournament, by=staff, referees=[referee])] == [referee]
