"""French: « 3 décembre 2026 20:43 »; the short formats are the same (one format on every page)."""
DATE_FORMAT = "j F Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y H:i"
SHORT_DATE_FORMAT = DATE_FORMAT
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j F"
