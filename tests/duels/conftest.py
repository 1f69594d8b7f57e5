"""The duel tests' shared fixtures: the clock pinned at START (tests/support/clock.py), which the deadline
and posting modules use for every test (`pytest.mark.usefixtures("clock")`)."""
from tests.support.fixtures import clock  # noqa: F401
