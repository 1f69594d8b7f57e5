"""Strict form input (and unavailable spells greyed): a field that is present but malformed is refused with a
French message and the page again (422), nothing stored; only the explicit "no move / no spell /
do nothing" choice is a pass. Unit tests of the parsers, a hypothesis fuzz over every field, and the
pages (action, defence, exemption, fault, registration)."""
import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from duels.forms.duel import FormInputError, action_steps, defence_steps
from duels.models import Exemption, Fault, Post, Registration
from tests.factories.accounts import DuellistFactory
from tests.support.duels import RP_TEXT, bet_for, declare, post, started_duel
from tests.support.web import client_for

KEY = "bolt__0__0"
MALFORMED_ZONES = ["abc", "1e3", "0x5", "-1", "+3", " 5", "5 ", "3.0", "٣", "²", "5;6", "999"]
MALFORMED_CASTS = ["unknown-slug", "bolt__-1__0", "bolt__0__2", "bolt__x__0", "bolt", "__0__0", "bolt__0",
                   "bolt__0__0__0", "bolt__²__0"]
MALFORMED_DEFENCES = ["xyz", "cast:", "cast:bolt", "dodge-", "dodge-abc", "dodge-1e3", "nothing ", "NOTHING"]


# --- the parsers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("field", ["move_before", "move_after"])
@pytest.mark.parametrize("value", MALFORMED_ZONES)
def test_a_malformed_move_is_refused(field, value):
    with pytest.raises(FormInputError) as caught:
        action_steps({field: value})
    assert caught.value.code == "invalid-input" and field in caught.value.message


@pytest.mark.parametrize("value", MALFORMED_CASTS)
def test_a_malformed_cast_is_refused(value):
    with pytest.raises(FormInputError):
        action_steps({"cast": value})


@pytest.mark.parametrize("value", MALFORMED_ZONES)
def test_a_malformed_zone_of_the_chosen_cast_is_refused(value):
    with pytest.raises(FormInputError):
        action_steps({"cast": "blast__0__0", "zone-blast__0__0": value, "bet-blast__0__0": "123"})


def test_the_fields_of_a_cast_not_chosen_are_ignored():
    # every cast card sends its own bet and zone fields; only the chosen one is read
    assert action_steps({"cast": "", "zone-blast__0__0": "", "bet-blast__0__0": "123"}) == []


@pytest.mark.parametrize("value", MALFORMED_DEFENCES)
def test_a_malformed_defence_is_refused(value):
    with pytest.raises(FormInputError):
        defence_steps({"defence": value})


def test_only_the_explicit_choices_are_a_pass():
    assert action_steps({"move_before": "", "cast": "", "move_after": ""}) == []
    assert action_steps({}) == []
    assert defence_steps({"defence": "nothing"}) == [{"nothing": True}]
    assert defence_steps({}) == [{"nothing": True}]


def test_well_formed_fields_are_read():
    data = {"move_before": "5", "cast": KEY, f"target-{KEY}": "B", f"bet-{KEY}": "123", "move_after": "07"}
    assert action_steps(data) == [{"move": 5}, {"cast": "bolt", "target": "B", "bet": "123"}, {"move": 7}]
    assert action_steps({"cast": "shield__0__0", "bet-shield__0__0": "none"}) == [{"cast": "shield"}]
    assert defence_steps({"defence": "dodge-456"}) == [{"dodge": "456"}]
    assert defence_steps({"defence": f"cast:{KEY}", f"bet-{KEY}": "123"}) == [{"cast": "bolt", "bet": "123"}]


ANY_TEXT = st.text(min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(["move_before", "move_after", "cast", f"target-{KEY}", f"zone-{KEY}", f"bet-{KEY}"]),
       value=ANY_TEXT)
def test_fuzz_action_fields_never_become_a_silent_pass(field, value):
    """Whatever one field holds, the post either is refused or carries that field's value."""
    data = {"cast": KEY, f"target-{KEY}": "B", f"bet-{KEY}": "123"} if field not in ("cast",) else {}
    data[field] = value
    try:
        steps = action_steps(data)
    except FormInputError:
        return
    if field in ("move_before", "move_after"):
        assert {"move": int(value)} in steps
    elif field == "cast":
        assert steps and steps[0]["cast"] == value.split("__")[0]
    else:
        cast = next(s for s in steps if "cast" in s)
        kept = {f"target-{KEY}": "target", f"zone-{KEY}": "zone", f"bet-{KEY}": "bet"}[field]
        assert kept in cast or (kept == "bet" and value == "none")


@settings(max_examples=300, deadline=None)
@given(value=ANY_TEXT)
def test_fuzz_the_defence_field_is_do_nothing_only_when_it_says_so(value):
    try:
        steps = defence_steps({"defence": value, f"bet-{KEY}": "123"})
    except FormInputError:
        return
    if steps == [{"nothing": True}]:
        assert value == "nothing"


# --- the pages -----------------------------------------------------------------------------------

@pytest.mark.django_db
def test_action_form_every_malformed_field_gives_422_and_no_post():
    duel, _referee, (a, b) = started_duel()
    client = client_for(a.duellist.user)
    url = reverse("duels:post", args=[duel.pk])
    good = {"rp_text": RP_TEXT, "cast": KEY, f"target-{KEY}": b.engine_id, f"bet-{KEY}": "123"}
    cases = [{"move_before": v} for v in MALFORMED_ZONES] + [{"move_after": v} for v in MALFORMED_ZONES]
    cases += [{"cast": v} for v in MALFORMED_CASTS] + [{"cast": "nosuchspell__0__0"}]
    cases += [{f"target-{KEY}": "nobody"}, {f"bet-{KEY}": "789"}, {f"bet-{KEY}": "abc"}]
    for change in cases:
        response = client.post(url, {**good, **change})
        assert response.status_code == 422, change
        assert "Message refusé" in response.content.decode(), change
    assert not Post.objects.exists()
    assert client.post(url, {**good, "move_before": "", "cast": "", "move_after": ""}).status_code == 302
    assert Post.objects.get().steps == []  # the explicit "no move, no spell" is the pass


@pytest.mark.django_db
def test_defence_form_malformed_choice_gives_422_and_no_post():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "spark", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    client = client_for(b.duellist.user)
    url = reverse("duels:post", args=[duel.pk])
    before = Post.objects.count()
    for value in MALFORMED_DEFENCES:
        response = client.post(url, {"rp_text": RP_TEXT, "defence": value})
        assert response.status_code == 422, value
        assert "mal formé" in response.content.decode() or "Message refusé" in response.content.decode()
    assert Post.objects.count() == before
    assert client.post(url, {"defence": "nothing"}).status_code == 302
    assert Post.objects.count() == before + 1


@pytest.mark.django_db
def test_exemption_form_malformed_days_gives_422_and_nothing_stored():
    duel, _referee, (a, _b) = started_duel()
    client = client_for(a.duellist.user)
    for days in ("abc", "1e3", "0x5", "7", "-3"):
        response = client.post(reverse("duels:exemption", args=[duel.pk]), {"reason": "Partiels", "days": days})
        assert response.status_code == 422, days
        assert "Donnez un motif et un délai" in response.content.decode()
    assert not Exemption.objects.exists()


@pytest.mark.django_db
def test_fault_form_malformed_fields_give_422_and_nothing_stored():
    duel, referee, (a, _b) = started_duel()
    client = client_for(referee)
    good = {"participant": a.pk, "kind": "other", "note": "Insulte", "pf_penalty": "1"}
    for change in ({"pf_penalty": "1e3"}, {"pf_penalty": "0x5"}, {"pf_penalty": "-1"}, {"participant": "abc"},
                   {"kind": "xyz"}):
        response = client.post(reverse("duels:fault", args=[duel.pk]), {**good, **change})
        assert response.status_code == 422, change
        assert "Faute non enregistrée" in response.content.decode()
    assert not Fault.objects.exists()


@pytest.mark.django_db
def test_registration_form_malformed_fields_give_422_and_nothing_stored():
    me = DuellistFactory()
    client = client_for(me.user)
    good = {"kind": "non_rp", "format": "1v1", "year": "3"}
    for change in ({"year": "1e3"}, {"year": "0x5"}, {"year": "abc"}, {"kind": "xyz"}, {"format": "3v3"},
                   {"named_opponent": "Personne-Inconnu"}):
        response = client.post(reverse("duels:register"), {**good, **change})
        assert response.status_code == 422, change
    assert not Registration.objects.exists()


@pytest.mark.django_db
def test_the_action_form_shows_a_spell_cast_last_turn_greyed_with_its_reason():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=False)}])
    post(duel, b, [])
    declare(duel, referee)
    duel.refresh_from_db()
    assert duel.status != "defence"  # the bet lost: no pending hit, next turn's action phase
    page = client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert 'data-spell="bolt" data-reason="same-spell-twice"' in page and "lancé au tour précédent" in page
    assert 'value="bolt__0__0"' not in page
