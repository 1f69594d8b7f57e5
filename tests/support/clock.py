"""The instants the time-pinned tests start from, and RULES.md's 48-hour window."""
import datetime as dt

START = dt.datetime(2026, 6, 1, 20, 0, tzinfo=dt.UTC)  # the duels' start signal (deadline and posting tests)
H48 = dt.timedelta(hours=48)
# The accounts tests' own instant (a morning two months earlier): the login lock-out, password-reset and
# sign-up throttle windows are counted from it.
THROTTLE_START = dt.datetime(2026, 4, 1, 9, 0, tzinfo=dt.UTC)
# The rankings' day zero (tests/support/rankings.py's `at(days)`), also the matchmaking tests' instant.
T0 = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
