"""Estrade settings: one module, driven by environment variables (see README's table)."""
import datetime as dt
import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

# Management commands that neither serve, sign nor store anything: they run on a bare checkout
# (`python manage.py replay FILE`, as `../shared/tools/check_scenarios.py` calls it) without a key.
OFFLINE_COMMANDS = {"replay"}
RUNNING_OFFLINE_COMMAND = (
    len(sys.argv) > 1 and Path(sys.argv[0]).name == "manage.py" and sys.argv[1] in OFFLINE_COMMANDS
)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and not RUNNING_OFFLINE_COMMAND:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Development (or an offline command) only: a fresh key per process, never used to sign
    # anything that outlives it.
    SECRET_KEY = "dev-" + get_random_secret_key()

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "template_partials",
    "accounts",
    "spells",
    "duels",
    "rankings",
    "axes",
    "audit",
    "webhooks",
]

MIDDLEWARE = [
    # First: /healthz answers before the HTTPS redirect and the host check (see config/health.py).
    "config.health.HealthCheckMiddleware",
    "config.observability.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.ChosenLanguageMiddleware",
    "config.middleware.RejectNulBytesMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its French lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "accounts.context_processors.menu",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has no row locks: take the write lock when a transaction starts, so two requests
    # racing on the same duel queue up instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login protection (django-axes): AxesStandaloneBackend first refuses a locked account+address
# before the password is even checked; the site's login form and the admin's both go through it.
# DRF's token authentication does not call authenticate(), so API scripts are not affected.
AUTHENTICATION_BACKENDS = [
    "accounts.login_protection.LoginProtectionBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = dt.timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "30")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The lock ends at a fixed time: retrying during it does not push the end back (the owner may be the one retrying).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "accounts.login_protection.client_ip"
AXES_VERBOSE = False
# How many reverse proxies (each appending to X-Forwarded-For) stand in front of the app. 0: the
# header is ignored and the client address is REMOTE_ADDR, so nobody can spoof it by sending the header.
NUM_PROXIES = int(os.environ.get("NUM_PROXIES", 0))
# Base of the links written outside a request (invitations printed by `manage.py invitations`).
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")
INVITATION_VALID_DAYS = 14
# A member's page on the forum, for the profile's link ("https://forum.example/u{forum_id}"); empty: no link.
FORUM_PROFILE_URL = os.environ.get("FORUM_PROFILE_URL", "")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Hashed, compressed static files in production (needs collectstatic); plain files in development and tests.
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or not env_bool("STATIC_MANIFEST", True)
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Celery: with REDIS_URL, a real broker; without it, tasks run in-process (one-machine default).
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://localhost//"
# Caches (common/cache.py): with Redis, one cache shared by every web process (page pieces, rankings,
# API throttle counters) behind each process's own memory ("local", bounded: 800 entries, most of a
# few KB, the largest ~60 KB: a duellist's action choices); without it, each process keeps its own in
# memory. Every key starts with the release, a hash of the code and templates computed here at
# start-up (common/release.py): a deploy never serves the previous release's HTML. Redis down or
# frozen: pages are built without it (common/cache_backend.py), a call waiting CACHE_TIMEOUT_SECONDS
# at most.
from common.release import project_release  # noqa: E402

RELEASE = project_release(BASE_DIR)
CACHE_TIMEOUT_SECONDS = float(os.environ.get("CACHE_TIMEOUT_SECONDS", "0.25"))
CACHES = {
    "default": (
        {"BACKEND": "common.cache_backend.ResilientRedisCache", "LOCATION": REDIS_URL, "KEY_PREFIX": RELEASE,
         "OPTIONS": {"socket_connect_timeout": CACHE_TIMEOUT_SECONDS, "socket_timeout": CACHE_TIMEOUT_SECONDS}}
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "KEY_PREFIX": RELEASE}
    )
}
if REDIS_URL:
    CACHES["local"] = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "estrade-html",
                       "KEY_PREFIX": RELEASE, "OPTIONS": {"MAX_ENTRIES": 800}}
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The sweep is the source of truth; both jobs are idempotent, and a message older than a minute is dropped.
# DEADLINE_SWEEP_SECONDS and POSTING_DELAY_SECONDS exist for the stack test (tests/stack/), which lets a
# deadline pass in seconds; production keeps a sweep a minute and RULES.md's 48 h.
SWEEP_SECONDS = float(os.environ.get("DEADLINE_SWEEP_SECONDS", "60"))
POSTING_DELAY_SECONDS = int(os.environ.get("POSTING_DELAY_SECONDS", str(48 * 3600)))
CELERY_BEAT_SCHEDULE = {
    name: {"task": task, "schedule": SWEEP_SECONDS, "options": {"expires": max(SWEEP_SECONDS - 5, 1)}}
    for name, task in (("sweep-deadlines", "duels.tasks.sweep_deadlines"), ("send-reminders", "duels.tasks.send_reminders"))
}
# --- Side effects (effects): deadlines by the sweep alone, notices' e-mails from an outbox ---
# No message waits on the broker (no eta): the worker holds nothing when Redis restarts. A frozen or
# unreachable broker fails fast (a few seconds) for a web request queueing work after commit; what it
# would have carried is in the database, and the minute sweeps deliver it. The worker keeps trying to
# reconnect for as long as Redis is away.
CELERY_BROKER_CONNECTION_TIMEOUT = float(os.environ.get("CELERY_BROKER_TIMEOUT", "2"))
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_timeout": CELERY_BROKER_CONNECTION_TIMEOUT,
    "socket_connect_timeout": CELERY_BROKER_CONNECTION_TIMEOUT,
    "socket_keepalive": True,
    "health_check_interval": 10,
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BEAT_SCHEDULE["email-notices"] = {
    "task": "accounts.tasks.notices_email_due", "schedule": SWEEP_SECONDS,
    "options": {"expires": max(SWEEP_SECONDS - 5, 1)},
}
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "10"))  # seconds an SMTP call may wait
# --- Webhooks (Discord, signed JSON) and the daily digest (webhooks/; docs/webhooks.md) ---
# Deliveries still due (a 429's Retry-After, a 5xx's backoff, a worker that died) are swept every minute;
# the digest job runs every minute too and mails each member once a day from DIGEST_HOUR (local time).
CELERY_BEAT_SCHEDULE["webhook-retries"] = {"task": "webhooks.tasks.deliveries_retry", "schedule": SWEEP_SECONDS,
                                           "options": {"expires": max(SWEEP_SECONDS - 5, 1)}}
CELERY_BEAT_SCHEDULE["daily-digest"] = {"task": "webhooks.tasks.digest_send", "schedule": SWEEP_SECONDS,
                                        "options": {"expires": max(SWEEP_SECONDS - 5, 1)}}
WEBHOOK_TIMEOUT_SECONDS = float(os.environ.get("WEBHOOK_TIMEOUT_SECONDS", "5"))
WEBHOOK_MAX_ATTEMPTS = int(os.environ.get("WEBHOOK_MAX_ATTEMPTS", "8"))
DIGEST_HOUR = int(os.environ.get("DIGEST_HOUR", "8"))

# History (notices' lifetime, docs/notifications.md): read notices, and notices of duels over, are
# pruned once older than this many days, by the scheduled job (Celery beat hourly, or run_scheduler).
NOTIFICATION_RETENTION_DAYS = int(os.environ.get("NOTIFICATION_RETENTION_DAYS", "90"))
PRUNE_SECONDS = 3600
CELERY_BEAT_SCHEDULE["prune-notifications"] = {
    "task": "duels.tasks.prune_notifications", "schedule": PRUNE_SECONDS, "options": {"expires": PRUNE_SECONDS - 60},
}

# Longest RP text a post may carry (characters); longer ones are refused with a French message.
RP_TEXT_MAX_LENGTH = int(os.environ.get("RP_TEXT_MAX_LENGTH", "20000"))

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "estrade@localhost")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    # `?format=` is a filter (duel format) in this API, never a renderer override.
    "URL_FORMAT_OVERRIDE": None,
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    # The client address the throttle counts: REMOTE_ADDR unless NUM_PROXIES (above, shared with the login
    # protection) says how many proxies append to X-Forwarded-For; otherwise the header would be trusted
    # and anyone could reset their bucket by sending a new one.
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_THROTTLE_ANON", "120/min"),
        "user": os.environ.get("API_THROTTLE_USER", "600/min"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Estrade API",
    "DESCRIPTION": "Classement des champions, duels, sorts et synchronisation des membres du forum.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Bad input that costs nothing (hardening) ---
# Refused posts per duellist: past POST_REFUSALS_LIMIT in POST_REFUSALS_SECONDS, the next are refused at once
# (duels/services/post_refusals.py).
POST_REFUSALS_LIMIT = int(os.environ.get("POST_REFUSALS_LIMIT", "40"))
POST_REFUSALS_SECONDS = int(os.environ.get("POST_REFUSALS_SECONDS", "600"))
# The API's JSON: DRF's parser with a bounded nesting depth (common/parsers.py); form and multipart as DRF's.
API_JSON_MAX_DEPTH = int(os.environ.get("API_JSON_MAX_DEPTH", "32"))
REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] = [
    "common.parsers.BoundedJSONParser", "rest_framework.parsers.FormParser", "rest_framework.parsers.MultiPartParser",
]
# Sign-up requests stored per client address (login_protection.client_ip) and hour; past it, a French refusal.
SIGNUP_REQUESTS_PER_HOUR = int(os.environ.get("SIGNUP_REQUESTS_PER_HOUR", "5"))
# --- end hardening ---

# Security: strict when DEBUG is off (production behind HTTPS).
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
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
# --- ui: a form refused by the CSRF check gets the site's own 403 page (JSON under /api/).
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Origins allowed to frame the live stage (/duels/<id>/embed/, CSP frame-ancestors on that view only),
# e.g. "https://forum.example,https://www.forum.example". Empty: nobody may frame it.
FORUM_ORIGINS = env_list("FORUM_ORIGINS")
# --- Forumactif bridge (forum/ app, docs/forum-bridge.md) ------------------------------------------
# FORUM_URL: the forum's origin ("https://club.forumactif.com"); it joins FORUM_ORIGINS. The bridge's JSON
# endpoints (/forum/api/) answer CORS to FORUM_ORIGINS only, without credentials (django-cors-headers).
FORUM_URL = os.environ.get("FORUM_URL", "").strip().rstrip("/")
if FORUM_URL and FORUM_URL not in FORUM_ORIGINS:
    FORUM_ORIGINS.append(FORUM_URL)
FORUM_DUEL_SECTION = int(os.environ.get("FORUM_DUEL_SECTION", "0") or 0)  # the forum (f…) where duel topics go
FORUM_PM_PACE_SECONDS = float(os.environ.get("FORUM_PM_PACE_SECONDS", "20"))  # between two PMs of a batch
FORUM_FLOOD_WAIT_SECONDS = float(os.environ.get("FORUM_FLOOD_WAIT_SECONDS", "30"))  # flood page without a delay
FORUM_TOKEN_SECONDS = 30 * 60  # a topic/post/declaration link, opened from Estrade
FORUM_BATCH_TOKEN_SECONDS = 6 * 3600  # a PM batch's link
INSTALLED_APPS += ["corsheaders", "forum"]
MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.common.CommonMiddleware"), "corsheaders.middleware.CorsMiddleware")
CORS_ALLOWED_ORIGINS = FORUM_ORIGINS
CORS_URLS_REGEX = r"^/forum/api/"
CORS_ALLOW_CREDENTIALS = False
# --- end of the Forumactif bridge ------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True

# Content-Security-Policy (django-csp 4): scripts and styles from our own static files only; an inline
# <script>/<style> needs the request's nonce (`<script nonce="{{ request.csp_nonce }}">`, added to the
# header only on pages that use it). htmx runs with includeIndicatorStyles and eval off (templates/base.html
# meta htmx-config). One view may loosen it with django-csp's decorators, e.g. a page framed by the forum:
#     @csp_replace({"frame-ancestors": settings.FORUM_ORIGINS or [NONE]}) + @xframe_options_exempt
# (see README "Production"). CSP_REPORT_URI: where browsers report violations (optional).
from csp.constants import NONCE, NONE, SELF  # noqa: E402

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

# Every record carries the request's id (config/observability.py); LOG_FORMAT=json for log collectors.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "config.observability.RequestIdFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s]: %(message)s"},
        "json": {"()": "config.observability.JsonFormatter"},
    },
    "handlers": {"console": {
        "class": "logging.StreamHandler", "filters": ["request_id"],
        "formatter": "json" if os.environ.get("LOG_FORMAT") == "json" else "plain",
    }},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # django-axes logs every login at INFO; its lockouts and repeated failures are WARNINGs.
    "loggers": {"axes": {"level": "WARNING"}},
}

# Error reports (optional): set SENTRY_DSN; web errors and Celery task failures are sent, without
# personal data. SENTRY_TRACES_SAMPLE_RATE (default 0) turns performance tracing on.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    from config.observability import sentry_init

    sentry_init(SENTRY_DSN, environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
                traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")))
