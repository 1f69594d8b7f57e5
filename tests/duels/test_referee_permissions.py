"""Who referees a duel (duels/permissions.py): its assigned referee or staff holding
`duels.referee_any_duel`, never one of its duellists, whatever their flags. The staff flag alone referees
nothing. Checked in every referee service, not only on the pages."""
import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from duels.models import Duel, Exemption, Fault
from duels.permissions import is_duel_referee, referee_candidates
from duels.selectors import declarations_due_for, exemptions_pending_for
from duels.services import (
    DuelError,
    absence_confirm,
    declaration_prepare,
    declaration_publish,
    duel_cancel,
    exemption_decide,
    exemption_request,
    fault_record,
    referee_assign,
)
from duels.services.corrections import declaration_correct
from duels.services.referee_tools import (
    missed_post_reopen,
    referee_reassign,
    referee_release,
    window_deadline_extend,
)
from tests.factories.duels import RefereeFactory, UserFactory
from tests.support.clubs import make_club_staff
from tests.support.duels import code_of, declare, matched_duel, post, started_duel
from tests.support.permissions import grant, staff_referee
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def make_staff(user, *, superuser=False, permission=False):
    """Turn a duellist's account into staff: the platform's bare flag, and the club's staff role
    (`permission`), or superuser."""
    user.is_staff = True
    user.is_superuser = superuser
    user.save()
    if permission:
        make_club_staff(user)
    return grant(user)


def referee_calls(duel: Duel, by, a, b, published) -> dict:
    """Every referee service of a running duel, bound to `by`."""
    later = timezone.now() + dt.timedelta(days=3)
    return {
        "prepare": lambda: declaration_prepare(duel=duel, by=by),
        "fault": lambda: fault_record(duel=duel, participant=b, by=by, note="x", pf_penalty=3),
        "absences": lambda: absence_confirm(duel=duel, by=by),
        "correct": lambda: declaration_correct(declaration=published, by=by, reason="r"),
        "extend": lambda: window_deadline_extend(duel=duel, by=by, deadline=later, reason="panne"),
        "reopen": lambda: missed_post_reopen(duel=duel, participant=b, by=by, reason="r"),
        "release": lambda: referee_release(duel=duel, by=by),
        "cancel": lambda: duel_cancel(duel=duel, by=by, reason="r"),
    }


def outcome_code(call) -> str:
    try:
        call()
    except DuelError as error:
        return error.code
    return "accepted"


@pytest.mark.parametrize("flags", [
    {"superuser": False, "permission": False},
    {"superuser": False, "permission": True},
    {"superuser": True, "permission": False},
])
def test_a_staff_duellist_referees_nothing_of_their_own_duel(flags):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    published = declare(duel, referee)
    me = make_staff(a.duellist.user, **flags)
    assert not is_duel_referee(Duel.objects.get(pk=duel.pk), me)
    outcomes = {name: outcome_code(call) for name, call in referee_calls(duel, me, a, b, published).items()}
    assert set(outcomes.values()) <= {"not-referee", "referee-is-duellist"}, outcomes
    client = client_for(me)
    assert client.get(reverse("duels:adjudicate", args=[duel.pk])).status_code == 403
    response = client.post(reverse("duels:fault", args=[duel.pk]),
                           {"participant": b.pk, "kind": "other", "note": "x", "pf_penalty": 3, "confirm": "yes"})
    assert response.status_code == 403
    assert not Fault.objects.filter(participant__duel=duel).exists()


def test_a_draft_of_their_own_duel_is_never_published_by_a_staff_duellist():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    draft = declaration_prepare(duel=duel, by=referee)
    me = make_staff(a.duellist.user, superuser=True)
    assert code_of(declaration_publish, declaration=draft, by=me) == "referee-is-duellist"


def test_the_staff_flag_alone_referees_no_duel_and_opens_no_referee_page():
    duel, referee, (a, b) = started_duel()
    staff = UserFactory(is_staff=True)
    assert not is_duel_referee(duel, staff) and not staff.is_referee
    assert code_of(declaration_prepare, duel=duel, by=staff) == "not-referee"
    client = client_for(staff)
    for url in (reverse("duels:referee"), reverse("duels:adjudicate", args=[duel.pk])):
        assert client.get(url).status_code == 403, url


def test_staff_holding_the_permission_referee_a_duel_they_do_not_play_in():
    duel, referee, (a, b) = started_duel()
    staff = staff_referee()
    assert is_duel_referee(duel, staff) and staff.is_referee
    post(duel, a, [])
    post(duel, b, [])
    assert declaration_prepare(duel=duel, by=staff).pk
    assert client_for(staff).get(reverse("duels:adjudicate", args=[duel.pk])).status_code == 200


def test_an_assigned_referee_who_plays_in_the_duel_is_refused():
    duel, referee, (a, b) = started_duel()
    Duel.objects.filter(pk=duel.pk).update(referee=a.duellist.user)  # never through the services
    duel.refresh_from_db()
    assert not is_duel_referee(duel, a.duellist.user)
    assert code_of(declaration_prepare, duel=duel, by=a.duellist.user) == "referee-is-duellist"


def test_exemptions_are_decided_by_the_referee_never_by_a_staff_duellist():
    duel, referee, (a, b) = started_duel()
    exemption = exemption_request(duel=duel, by=a.duellist.user, reason="Raison médicale",
                                  wished_deadline=timezone.now() + dt.timedelta(days=3))
    for flags in ({"superuser": True}, {"permission": True}):
        me = make_staff(a.duellist.user, **flags)
        assert code_of(exemption_decide, exemption=exemption, by=me, grant=True) == "referee-is-duellist"
        opponent = make_staff(b.duellist.user, **flags)
        assert code_of(exemption_decide, exemption=exemption, by=opponent, grant=False) == "referee-is-duellist"
        assert list(exemptions_pending_for(opponent)) == []  # the opponent's private reason stays private
    assert Exemption.objects.get(pk=exemption.pk).status == "requested"
    bare_staff = UserFactory(is_staff=True)
    assert list(exemptions_pending_for(bare_staff)) == []
    assert "Raison médicale" not in client_for(bare_staff).get(reverse("duels:referee")).content.decode()


def test_the_referee_queue_of_a_staff_referee_leaves_out_their_own_duels():
    duel, referee, (a, b) = started_duel()
    other, _referee, _ = started_duel()
    for d in (duel, other):
        for p in d.participants.select_related("duellist__user"):
            post(d, p, [])
    me = make_staff(a.duellist.user, permission=True)
    assert [d.pk for d in declarations_due_for(me)] == [other.pk]


def test_assigning_a_duellist_as_referee_is_refused_with_a_message():
    duel = matched_duel()
    player = duel.participants.select_related("duellist__user").first().duellist.user
    player = make_staff(player, superuser=True)
    boss = staff_referee()
    assert code_of(referee_assign, duel=duel, referee=player, by=player) == "referee-is-duellist"
    assert code_of(referee_assign, duel=duel, referee=player, by=boss) == "referee-is-duellist"
    referee_assign(duel=duel, referee=RefereeFactory(), by=boss)
    assert code_of(referee_reassign, duel=duel, referee=player, by=boss) == "referee-is-duellist"
    response = client_for(boss).post(reverse("duels:reassign", args=[duel.pk]),
                                     {"referee": player.pk, "reason": "test"}, follow=True)
    assert "ne peut pas arbitrer un duel auquel il participe" in response.content.decode()
    duel.refresh_from_db()
    assert duel.referee_id != player.pk


def test_the_handover_choices_are_the_referee_group_and_staff_holding_the_permission():
    group_referee, holder, bare = RefereeFactory(), staff_referee(), UserFactory(is_staff=True)
    chosen = set(referee_candidates())
    assert group_referee in chosen and holder in chosen and bare not in chosen
