"""RULES.md §8 on the player's and the referee's forms: the action form's costs, the exemption form's days,
the refusals and messages state the duel's own numbers; a duel without house rules reads the rulebook."""
import re

import pytest
from django.urls import reverse

from duels.forms.duel import ExemptionForm
from duels.forms.referee_tools import CorrectionForm
from duels.services import DuelError, magic_types_choose, referee_assign
from tests.factories.duels import RefereeFactory
from tests.support.duels import bet_for, declare, matched_duel, post, started_duel
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def _house(club, **knobs) -> None:
    club.house_rules = knobs
    club.save()


def _page(duel, participant) -> str:
    return client_for(participant.duellist.user).get(reverse("duels:duel", args=[duel.pk])).content.decode()


def test_the_action_form_states_the_duels_move_cost(club):
    duel, _referee, (a, _b) = started_duel()
    assert "(1 PF par zone parcourue)" in _page(duel, a)
    _house(club, move_pf=3)
    other, _referee, (c, _d) = started_duel()
    page = _page(other, c)
    assert "(3 PF par zone parcourue)" in page and "(1 PF par zone parcourue)" not in page
    assert "(1 PF par zone parcourue)" in _page(duel, a)  # started before the change: its own rules


def test_the_defence_form_warns_with_the_duels_dodge_cost(club):
    _house(club, dodge_pf=7, points={"3": [6, 8]})  # 6 PF: fewer than the dodge costs
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    page = _page(duel, b)
    assert "coûte 7 PF" in page and "moins de 7 PF : l'esquive serait annulée" in page


def test_the_exemption_form_offers_the_rulebooks_days_by_default():
    form = ExemptionForm()
    assert [value for value, _label in form.fields["days"].choices] == [3, 4, 5]
    assert form.fields["days"].choices[-1][1] == "5 jours (le maximum)"
    assert form.fields["days"].help_text == (
        "Le délai normal est de 48 h ; une dispense, une seule par duel, va jusqu'à 5 jours.")


def test_the_exemption_form_on_the_duel_page_offers_the_clubs_days(club):
    _house(club, exemption_days=8, exemptions=2, deadline_hours=24)
    duel, _referee, (a, _b) = started_duel()
    page = _page(duel, a)
    days = re.search(r'<select name="days"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert re.findall(r'value="(\d+)"', days) == ["6", "7", "8"]
    assert '<option value="8" selected>8 jours (le maximum)</option>' in days
    assert re.search(r"Le délai normal est de 24 h ; jusqu(&#x27;|')à 2 dispenses par duel, chacune jusqu(&#x27;|')à 8"
                     r" jours\.", page)


def test_a_short_exemption_limit_offers_only_days_later_than_the_normal_deadline():
    form = ExemptionForm(max_days=2, deadline_hours=24)
    assert [value for value, _label in form.fields["days"].choices] == [2]
    assert form.fields["days"].choices[0][1] == "2 jours (le maximum)"
    assert ExemptionForm({"reason": "Examens", "days": "3"}, max_days=2, deadline_hours=24).is_valid() is False


def test_the_start_message_states_the_clubs_deadline(club):
    _house(club, deadline_hours=72)
    duel, referee = matched_duel(), RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    for participant in duel.participants.select_related("duellist__user"):
        magic_types_choose(participant=participant, types=["malefices"], by=participant.duellist.user)
    response = client_for(referee).post(reverse("duels:start", args=[duel.pk]), follow=True)
    assert "les duellistes ont 72 h pour poster" in response.content.decode()


def test_the_correction_form_states_the_duels_deadline_for_a_repost():
    form = CorrectionForm(repost_hours=36)
    assert dict(form.fields["void_mode"].choices)["repost"] == "un nouveau message à poster sous 36 h"
    assert dict(CorrectionForm().fields["void_mode"].choices)["repost"] == "un nouveau message à poster sous 48 h"


def _cast_twice(duel, referee, a, b):
    """a casts bolt (missing), the turn is declared, then the next turns come back to a."""
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=False)}])
    post(duel, b, [])
    declare(duel, referee)
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)


def test_never_twice_in_a_duel_is_stated_as_the_clubs_rule(club):
    _house(club, repeat="duel")
    duel, referee, (a, b) = started_duel()
    _cast_twice(duel, referee, a, b)
    page = _page(duel, a)
    assert 'data-spell="bolt" data-reason="same-spell-twice"' in page
    assert "déjà lancé dans ce duel (règle du club)" in page and "lancé au tour précédent" not in page
    with pytest.raises(DuelError) as refused:
        post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=False)}])
    assert refused.value.code == "same-spell-twice"
    assert refused.value.message == "Vous avez déjà lancé ce sort dans ce duel (règle du club) : choisissez-en un autre."


def test_the_rulebooks_repetition_keeps_its_wording():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=False)}])
    post(duel, b, [])
    declare(duel, referee)
    with pytest.raises(DuelError) as refused:
        post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=False)}])
    assert refused.value.message == "Vous avez lancé ce sort au tour précédent : choisissez-en un autre."
