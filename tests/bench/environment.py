"""The settings every page benchmark runs with: production's (DEBUG off, a fixed key, no HTTPS redirect,
plain static files), on Django's test client. Call before django.setup()."""
from __future__ import annotations

import os
import warnings


def production_environment() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)
    os.environ.setdefault("EMAIL_BACKEND", "django.core.mail.backends.locmem.EmailBackend")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["SECURE_SSL_REDIRECT"] = "0"
    os.environ["STATIC_MANIFEST"] = "0"  # no collectstatic needed; static URLs are not what is measured
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    warnings.filterwarnings("ignore", message="No directory at")  # whitenoise without collectstatic
