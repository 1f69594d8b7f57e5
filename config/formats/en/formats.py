"""English: « 3 Dec 2026, 20:43 » (a 24 h clock: no "p.m." before a sentence's full stop); the short
formats are the same (one format on every page)."""
DATE_FORMAT = "j M Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATE_FORMAT = DATE_FORMAT
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j M"
