"""An installation of the single-club layout becomes its first club with nothing lost (the clubs
migrations on a populated database; one test: migrating back and forth takes a while): every row joins the club, every account becomes its member,
referees and staff keep their roles there."""
import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.models import REFEREE_GROUP, Duellist, Notification, User
from clubs.models import Club, Membership
from clubs.scoping import activate_club, scopes_disabled
from duels.models import Declaration, Duel, Participant, Post, Window, WindowSlot
from rankings.models import SalaryScale
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.duels import declare, post, started_duel


def _counts() -> dict:
    with scopes_disabled():
        return {model.__name__: model.objects.count()
                for model in (Duellist, Duel, Participant, Window, WindowSlot, Post, Declaration, Notification,
                              SalaryScale)}


@pytest.mark.django_db(transaction=True)
def test_a_populated_single_club_database_moves_into_its_first_club(settings):
    settings.FORUM_URL = "https://club.forumactif.com"
    settings.FORUM_ORIGINS = ["https://club.forumactif.com", "https://www.club-de-duel.fr"]
    settings.FORUM_DUEL_SECTION = 12
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)
    DuellistFactory(forum_name="Sans duel")
    referee.groups.add(Group.objects.get_or_create(name=REFEREE_GROUP)[0])  # the single-club layout's role
    staff = UserFactory(username="equipe", is_staff=True)
    before = _counts()
    assert before["Post"] == 2 and before["Declaration"] == 1

    executor = MigrationExecutor(connection)
    executor.migrate([("clubs", None)])  # back to the single-club layout: no club, no club_id
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    club = Club.objects.get()
    assert club.slug == "club" and club.forum_url == "https://club.forumactif.com" and club.duel_section == 12
    assert club.allowed_origins == ["https://club.forumactif.com", "https://www.club-de-duel.fr"]
    assert _counts() == before  # nothing lost
    with scopes_disabled():
        for model in (Duellist, Duel, Participant, Window, WindowSlot, Post, Declaration, Notification):
            assert set(model.objects.values_list("club_id", flat=True)) == {club.pk}, model.__name__
    members = {m.user_id: m for m in Membership.objects.filter(club=club)}
    assert set(members) == set(User.objects.values_list("pk", flat=True))
    assert referee.groups.filter(name=REFEREE_GROUP).exists() and members[referee.pk].is_referee
    assert members[staff.pk].is_staff and not members[a.duellist.user_id].is_referee
    with activate_club(club):
        assert Duel.objects.get().pk == duel.pk  # the club's pages find the duel again
