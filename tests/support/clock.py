"""The instant the deadline tests pin the clock to, and RULES.md's 48-hour window."""
import datetime as dt

START = dt.datetime(2026, 6, 1, 20, 0, tzinfo=dt.UTC)
H48 = dt.timedelta(hours=48)
