"""Security settings: the secret key, hosts, cookies, HTTPS, framing and the Content-Security-Policy.
Strict when DEBUG is off (production behind HTTPS)."""
import os
import sys
from pathlib import Path

from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

from config.settings.environment import BASE_DIR, DEBUG, env_bool, env_list

# Management commands that neither serve, sign nor store anything: they run on a bare checkout
# (`python manage.py replay FILE`, as `../shared/tools/check_scenarios.py` calls it) without a key.
OFFLINE_COMMANDS = {"replay"}
RUNNING_OFFLINE_COMMAND = (
    len(sys.argv) > 1 and Path(sys.argv[0]).name == "manage.py" and sys.argv[1] in OFFLINE_COMMANDS
)



def development_secret_key(path: Path) -> str:
    """Development only: the key kept in `path` (git-ignored `.secret_key`), drawn and written (owner
    only) on the first run, so a restart or the autoreloader does not log everyone out. A checkout where
    the file cannot be written gets a fresh key per process, as before."""
    try:
        return path.read_text().strip() or _development_key_write(path)
    except FileNotFoundError:
        return _development_key_write(path)
    except OSError:
        return "dev-" + get_random_secret_key()


def _development_key_write(path: Path) -> str:
    key = "dev-" + get_random_secret_key()
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process of `make run` wrote it first: use theirs
        return path.read_text().strip() or key
    except OSError:
        return key
    with os.fdopen(descriptor, "w") as handle:
        handle.write(key + "\n")
    return key


SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and not RUNNING_OFFLINE_COMMAND:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Development: the key of DEV_SECRET_KEY_FILE (default `.secret_key` next to manage.py), never read
    # when DEBUG is off. An offline command: a fresh key, never used to sign anything that outlives it.
    SECRET_KEY = (
        development_secret_key(Path(os.environ.get("DEV_SECRET_KEY_FILE") or BASE_DIR / ".secret_key"))
        if DEBUG else "dev-" + get_random_secret_key()
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SESSION_COOKIE_HTTPONLY = True
# The language cookie (the footer's choice and the profile's): HTTPS only in production, never sent by
# another site's form or read by scripts, kept a year.
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# One year once the site is known to work over HTTPS (browsers then refuse plain HTTP for that long).
# Sub-domains and preload stay off by default: the forum's other hosts are not ours to commit.
SECURE_HSTS_SECONDS = 0 if DEBUG else int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# `check --deploy` is clean but for these two documented choices (README "Production"): HSTS for the
# site's own host only, not submitted to the browsers' preload list, unless the variables above say so.
SILENCED_SYSTEM_CHECKS = [
    *([] if SECURE_HSTS_INCLUDE_SUBDOMAINS else ["security.W005"]),
    *([] if SECURE_HSTS_PRELOAD else ["security.W021"]),
]
SECURE_CONTENT_TYPE_NOSNIFF = True
# A form refused by the CSRF check gets the site's own 403 page (JSON under /api/).
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp 4): scripts and styles from our own static files only; an inline
# <script>/<style> needs the request's nonce (`<script nonce="{{ request.csp_nonce }}">`, added to the
# header only on pages that use it). htmx runs with includeIndicatorStyles and eval off (templates/base.html
# meta htmx-config). One view may loosen it with django-csp's decorators, e.g. a page framed by the forum:
#     response._csp_replace = {"frame-ancestors": club.allowed_origins or [NONE]} + xframe_options_exempt
# (the live stage's embed, duels/views/public.py: the served club's forum origins; see README "Production"). CSP_REPORT_URI: where browsers report violations (optional).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        **({"report-uri": [os.environ["CSP_REPORT_URI"]]} if os.environ.get("CSP_REPORT_URI") else {}),
    },
}
