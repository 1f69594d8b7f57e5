"""What the engine's property tests (hypothesis) share: their settings, the strategies of seeds,
formats and post steps, and random legal duels (autoplay) under the rulebook or a club's house rules."""
import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from duels.engine import RULEBOOK
from duels.engine.autoplay import random_scenario
from tests.engine.sample_spells import SAMPLE_SPELLS

PROPERTY_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
formats = st.sampled_from(["1v1", "2v2"])

# Any post step, legal or not: moves off the stage, unknown spells and targets, bad bets and rolls.
post_steps = st.one_of(
    st.fixed_dictionaries({"move": st.integers(-1, 13)}),
    st.fixed_dictionaries({"cast": st.sampled_from([s["slug"] for s in SAMPLE_SPELLS] + ["nope"])},
                          optional={"target": st.sampled_from(["A", "B", "C", "D", "A#1", "B#1"]),
                                    "zone": st.integers(0, 12), "bet": st.sampled_from(["123", "456", "12", "1234", "9"]),
                                    "roll": st.integers(0, 7), "modulation": st.integers(1, 9),
                                    "overlevel": st.booleans()}),
    st.fixed_dictionaries({"dodge": st.sampled_from(["123", "456", "12"])}, optional={"roll": st.integers(0, 7)}),
    st.just({"nothing": True}),
)


def legal_duel(seed, fmt, max_turns=25, house=RULEBOOK) -> dict:
    """A random legal duel as a replay scenario (autoplay asserts the options never offer a refused post)."""
    return random_scenario(random.Random(seed), SAMPLE_SPELLS, fmt=fmt, max_turns=max_turns, house=house)
