"""Properties of corrections on random first turns (hypothesis, through the services and the database):
a correction without change republishes exactly the same declaration; voiding a post then republishing
equals resolving without that post, every other die unchanged."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duels.models import Post
from duels.services.corrections import declaration_correct
from duels.services.rules import resolve_action_phase, state_dump, state_load
from tests.support.duels import declare, post, started_duel

pytestmark = pytest.mark.django_db
SETTINGS = settings(max_examples=6, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

bets = st.sampled_from(["123", "456"])  # the bets every level-1 spell allows at year 3


def steps_for(target: str):
    return st.one_of(
        st.just([]),
        st.builds(lambda zone: [{"move": zone}], st.integers(1, 11)),
        st.builds(lambda bet, spell: [{"cast": spell, "target": target, "bet": bet}], bets,
                  st.sampled_from(["bolt", "spark"])),
    )


@SETTINGS
@given(data=st.data())
def test_corrections_republish_identically_and_a_void_equals_resolving_without_the_post(data):
    duel, referee, (a, b) = started_duel()
    post(duel, a, data.draw(steps_for(b.engine_id)))
    post(duel, b, data.draw(steps_for(a.engine_id)))
    published = declare(duel, referee)
    same = declaration_correct(declaration=published, by=referee, reason="Relecture")
    assert (same.state_after, same.events, same.rolls) == (published.state_after, published.events, published.rolls)
    duel.refresh_from_db()
    assert duel.state == published.state_after or duel.status == "finished"

    if duel.status == "finished":
        return
    voided = data.draw(st.sampled_from([a, b]))
    gone = Post.objects.get(window=published.window, participant=voided)
    corrected = declaration_correct(declaration=same, by=referee, reason="Hors RP", void_post=gone)
    kept = [p for p in Post.objects.filter(window=published.window).order_by("order") if p.pk != gone.pk]
    rolls = {(r["post_order"], r["step_index"]): r["roll"] for r in published.rolls}
    engine_posts = [{"by": p.participant.engine_id, "steps": [
        {**step, "roll": rolls[(p.order, i)]} if (p.order, i) in rolls else step for i, step in enumerate(p.steps)
    ]} for p in kept]
    expected = resolve_action_phase(state_load(published.state_before, duel.spells), engine_posts)
    assert corrected.state_after == state_dump(expected.state)  # stored lean: the catalog is the duel's
    assert [e["text"] for e in corrected.events] == [e.text for e in expected.events]
    assert corrected.rolls == [r for r in published.rolls if r["post_order"] != gone.order]
