"""Settings of the gunicorn benchmark's server: the project's, plus the login floor's URL."""
from config.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.floor_urls"
