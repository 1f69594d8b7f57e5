"""One date format per language (FORMAT_MODULE_PATH): every page, notice and message writes a moment
the same way: « 3 décembre 2026 20:43 » in French, « 3 Dec 2026, 20:43 » in English (24 h clock)."""
