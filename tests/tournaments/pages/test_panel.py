"""The staff's tournament pages: a tournament created from the form, taken through sign-up, check-in and
the draw with the players' own buttons on the public page; bad input is refused on the form (422, nothing
stored); other roles are refused; the rounds past their end date say what each match waits for."""
import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import make_club_staff, make_referee, other_club
from tests.support.permissions import club_staff
from tests.support.tournament_pages import stored_tournament
from tournaments.models import Entrant, Match, Round, Tournament, TournamentReferee, TournamentStatus

pytestmark = pytest.mark.django_db
NEW = {"name": "Coupe de printemps", "slug": "printemps", "description": "", "format": "single_elimination",
       "team_format": "1v1", "duel_kind": "non_rp", "combat_year": "", "draw_rule": "rematch",
       "group_count": "", "qualifiers_per_group": "", "swiss_rounds": "", "seeding": "random",
       "counts_for_rest": "on", "round_days": "14", "forum_topic_url": ""}


@pytest.fixture
def staff(client):
    user = UserFactory(username="organisateur")
    make_club_staff(user)
    client.force_login(user)
    return user


def test_staff_create_a_tournament_and_take_it_to_its_first_round(client, staff):
    response = client.post(reverse("clubs:tournaments:new"), NEW)
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="printemps")
    assert tournament.status == TournamentStatus.DRAFT and tournament.created_by == staff
    manage = reverse("clubs:tournaments:manage", args=["printemps"])
    assert client.post(reverse("clubs:tournaments:signup_open", args=["printemps"])).status_code == 302
    players = [DuellistFactory(forum_name=f"Joueur {n}") for n in range(4)]
    for player in players:
        client.force_login(player.user)
        assert client.post(reverse("tournaments:sign_up", args=["printemps"])).status_code == 302
    client.force_login(staff)
    closes = (timezone.localtime() + dt.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    assert client.post(reverse("clubs:tournaments:checkin_open", args=["printemps"]),
                       {"closes_at": closes}).status_code == 302
    for player in players[:3]:
        client.force_login(player.user)
        page = client.get(reverse("tournaments:page", args=["printemps"])).content.decode()
        assert "Confirmer ma présence" in page
        assert client.post(reverse("tournaments:check_in", args=["printemps"])).status_code == 302
    client.force_login(staff)
    assert "3 présences confirmées" in client.get(manage).content.decode()
    assert client.post(reverse("clubs:tournaments:draw", args=["printemps"])).status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    assert Match.objects.filter(tournament=tournament).count() == 2  # one duel and one bye
    page = client.get(reverse("tournaments:page", args=["printemps"])).content.decode()
    assert "Ronde 1" in page and "exempt : qualifié d&#x27;office" in page


def test_bad_input_is_refused_on_the_form_and_nothing_is_stored(client, staff):
    stored_tournament(field=2, slug="prise", status=TournamentStatus.DRAFT, drawn=False)
    for changes in ({"slug": "Pas Bon"}, {"slug": "prise"}, {"round_days": "0"}, {"name": ""},
                    {"format": "swiss", "swiss_rounds": ""}):
        response = client.post(reverse("clubs:tournaments:new"), {**NEW, **changes})
        assert response.status_code == 422, changes
        assert 'class="errorlist' in response.content.decode(), changes
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["prise"]
    past = (timezone.localtime() - dt.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    Tournament.objects.filter(slug="prise").update(status=TournamentStatus.SIGNUP)
    response = client.post(reverse("clubs:tournaments:checkin_open", args=["prise"]), {"closes_at": past})
    assert response.status_code == 422 and Tournament.objects.get(slug="prise").status == TournamentStatus.SIGNUP


def test_a_refused_step_says_why_and_changes_nothing(client, staff):
    stored_tournament(field=1, slug="seul", status=TournamentStatus.CHECKIN, drawn=False)
    Entrant.objects.filter(tournament__slug="seul").update(checked_in_at=timezone.now())
    response = client.post(reverse("clubs:tournaments:draw", args=["seul"]), follow=True)
    assert "Il faut au moins" in response.content.decode()
    assert Tournament.objects.get(slug="seul").status == TournamentStatus.CHECKIN and not Round.objects.exists()


def test_referees_are_chosen_among_the_clubs_referees(client, staff):
    tournament = stored_tournament(field=2, slug="arbitre", status=TournamentStatus.DRAFT, drawn=False)
    referee = UserFactory(username="arbitre-du-tournoi")
    make_referee(referee)
    stranger = UserFactory(username="pas-arbitre")
    url = reverse("clubs:tournaments:referees", args=["arbitre"])
    assert client.post(url, {"referees": [stranger.pk]}).status_code == 422
    assert client.post(url, {"referees": [referee.pk]}).status_code == 302
    assert list(TournamentReferee.objects.filter(tournament=tournament).values_list("user", flat=True)) == [referee.pk]


def test_rounds_past_their_end_say_what_each_match_waits_for(client, staff):
    tournament = stored_tournament(field=4, slug="retard")
    Round.objects.filter(tournament=tournament).update(ends_at=timezone.now() - dt.timedelta(days=1))
    page = client.get(reverse("clubs:tournaments:manage", args=["retard"])).content.decode()
    assert "Rondes en retard" in page and "Sorcier 1 contre Sorcier 4" in page and "un arbitre" in page


def test_other_roles_are_refused(client):
    stored_tournament(field=2, slug="garde", status=TournamentStatus.DRAFT, drawn=False)
    urls = [reverse("clubs:tournaments:list"), reverse("clubs:tournaments:new"),
            reverse("clubs:tournaments:manage", args=["garde"])]
    for url in urls:
        assert client.get(url).status_code == 302  # anonymous: to the login page
    player = DuellistFactory().user
    client.force_login(player)
    for url in urls:
        assert client.get(url).status_code == 403
    assert client.post(reverse("clubs:tournaments:signup_open", args=["garde"])).status_code == 403
    client.force_login(club_staff(other_club(), username="ailleurs"))
    assert client.get(urls[0]).status_code == 403
    assert Tournament.objects.get(slug="garde").status == TournamentStatus.DRAFT


def test_another_clubs_tournament_is_not_found(client, staff):
    from clubs.scoping import activate_club
    with activate_club(other_club()):
        stored_tournament(field=2, slug="ailleurs", status=TournamentStatus.DRAFT, drawn=False)
    assert client.get(reverse("clubs:tournaments:manage", args=["ailleurs"])).status_code == 404
    assert client.post(reverse("clubs:tournaments:signup_open", args=["ailleurs"])).status_code == 404


def test_a_draft_changes_every_option_then_only_its_texts(client, staff):
    tournament = stored_tournament(field=2, slug="change", status=TournamentStatus.DRAFT, drawn=False)
    url = reverse("clubs:tournaments:edit", args=["change"])
    assert 'name="round_days"' in client.get(url).content.decode()
    assert client.post(url, {**NEW, "slug": "change", "round_days": "7"}).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.round_days) == ("Coupe de printemps", 7)
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.SIGNUP)
    page = client.get(url).content.decode()
    assert 'name="round_days"' not in page and 'name="name"' in page
    assert client.post(url, {"name": "Coupe d'été", "description": "Au soleil"}).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.round_days) == ("Coupe d'été", 7)
    assert client.post(url, {"name": ""}).status_code == 422


def test_staff_decide_a_late_match_without_its_duel(client, staff):
    tournament = stored_tournament(field=4, slug="decide")
    first, second = Match.objects.filter(tournament=tournament).order_by("slot")
    url = reverse("clubs:tournaments:match_record", args=["decide", first.pk])
    refused = client.post(url, {"outcome": "draw", "how": "forfeit"})
    assert refused.status_code == 422 and "jamais un match nul" in refused.content.decode()
    first.refresh_from_db()
    assert first.outcome == ""
    assert client.post(url, {"outcome": "b", "how": "forfeit"}).status_code == 302
    first.refresh_from_db()
    assert (first.outcome, first.how) == ("b", "forfeit")
    again = client.post(url, {"outcome": "a", "how": "played"})
    assert again.status_code == 409 and "déjà décidée" in again.content.decode()
    other = reverse("clubs:tournaments:match_record", args=["autre", second.pk])
    stored_tournament(field=2, slug="autre", status=TournamentStatus.DRAFT, drawn=False)
    assert client.post(other, {"outcome": "a", "how": "played"}).status_code == 404  # not that tournament's


def test_staff_settle_a_stale_match(client, staff):
    tournament = stored_tournament(field=4, slug="revoir")
    match = Match.objects.filter(tournament=tournament).order_by("slot").first()
    Match.objects.filter(pk=match.pk).update(stale=True)
    page = client.get(reverse("clubs:tournaments:manage", args=["revoir"])).content.decode()
    assert "Rencontres à revoir" in page and "Régler la rencontre" in page
    response = client.post(reverse("clubs:tournaments:stale_resolve", args=["revoir", match.pk]))
    assert response.status_code == 302
    match.refresh_from_db()
    assert not match.stale
    again = client.post(reverse("clubs:tournaments:stale_resolve", args=["revoir", match.pk]), follow=True)
    assert "pas à revoir" in again.content.decode()
