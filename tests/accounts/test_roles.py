"""Staff grant and revoke the referee role from a page; each change is in the audit log."""
import pytest
from django.urls import reverse

from accounts.models import User
from audit.models import AuditLog
from clubs.roles import membership_join
from tests.factories.accounts import UserFactory
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


def test_staff_grants_then_revokes_the_referee_role(client):
    staff = club_staff(username="dumbledore")
    member = UserFactory(username="lupin")
    membership_join(member)  # a member of the club: the page lists the club's members
    UserFactory(username="rogue")  # an account of another club only
    client.force_login(staff)
    page = client.get(reverse("roles")).content.decode()
    assert "Nommer lupin arbitre" in page and "rogue" not in page
    client.post(reverse("role_set", args=[member.pk]), {"referee": "1"})
    assert User.objects.get(pk=member.pk).is_referee
    assert "Retirer le rôle d'arbitre à lupin" in client.get(reverse("roles")).content.decode()
    client.post(reverse("role_set", args=[member.pk]), {"referee": "0"})
    assert not User.objects.get(pk=member.pk).is_referee
    entries = list(AuditLog.objects.filter(action="account.role").order_by("id").values_list("data", flat=True))
    assert [entry["granted"] for entry in entries] == [True, False]
    assert AuditLog.objects.filter(action="account.role", actor=staff).count() == 2


def test_a_player_cannot_grant_roles(client):
    player = UserFactory(username="malfoy")
    client.force_login(player)
    client.post(reverse("role_set", args=[player.pk]), {"referee": "1"})
    assert not User.objects.get(pk=player.pk).is_referee
    assert client.get(reverse("roles")).status_code == 403
