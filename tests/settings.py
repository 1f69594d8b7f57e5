"""The test suite's settings (pyproject: DJANGO_SETTINGS_MODULE): production's, with a fast password
hasher — factories create many users and the production hasher is slow on purpose. Everything else a
test needs (DEBUG off, a throwaway key, e-mail in memory) comes from the environment pyproject sets,
so processes a test starts read the same."""
from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
