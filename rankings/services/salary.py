"""The default daily salary in galleons by year (8 = Adult), seeded by migration 0002; staff edit it."""

DEFAULT_DAILY_SALARY = {1: 5, 2: 6, 3: 7, 4: 8, 5: 10, 6: 12, 7: 14, 8: 20}
