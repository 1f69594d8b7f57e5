"""Estrade settings, driven by environment variables (see README's table).

This module is the core (apps, middleware, templates, database, accounts and login protection, language,
static files, the API, logging); the other concerns have their own modules, imported below:
`environment` (BASE_DIR, DEBUG, the env readers), `security` (secret key, hosts, HTTPS, CSP) and
`integrations` (Redis, cache, Celery and its jobs, e-mail, webhooks, the forum bridge).
"""
import datetime as dt
import os

import dj_database_url

from config.settings.environment import BASE_DIR, DEBUG, env_bool, env_list  # noqa: F401
from config.settings.integrations import *  # noqa: F403
from config.settings.security import *  # noqa: F403

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
    "clubs",
    "accounts",
    "spells",
    "duels",
    "rankings",
    "axes",
    "audit",
    "webhooks",
    "tournaments",
    "cup",
    "push",
    # The Forumactif bridge (settings in integrations.py): CORS for its JSON endpoints, then the app.
    "corsheaders",
    "forum",
]

MIDDLEWARE = [
    # First: /healthz answers before the HTTPS redirect and the host check (see config/health.py).
    "config.health.HealthCheckMiddleware",
    "config.observability.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Which club the address names (/<club>/…): its rows only, its links, its time zone (clubs/middleware.py).
    "clubs.middleware.ClubMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.ChosenLanguageMiddleware",
    "config.middleware.RejectNulBytesMiddleware",
    # Before CommonMiddleware, as django-cors-headers asks (the forum bridge's JSON endpoints).
    "corsheaders.middleware.CorsMiddleware",
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
# Who listens to the duel's events (duels/events.py): one registry, read on the first event.
DUEL_EVENT_SUBSCRIBERS = "config.events.SUBSCRIBERS"

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
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# Sign-up requests stored per client address (login_protection.client_ip) and hour; past it, a French refusal.
SIGNUP_REQUESTS_PER_HOUR = int(os.environ.get("SIGNUP_REQUESTS_PER_HOUR", "5"))
# Forgotten-password e-mails per hour, per e-mail address and per client address; past it, the page says
# the same as ever and nothing is sent.
PASSWORD_RESETS_PER_HOUR = int(os.environ.get("PASSWORD_RESETS_PER_HOUR", "5"))

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]  # one date format per language, on every page and notice
TIME_ZONE = "Europe/Paris"
CELERY_TIMEZONE = TIME_ZONE  # the scheduled jobs keep the site's clock (DIGEST_HOUR is local time)
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"  # absolute: a club's pages sit under /<club>/, its files do not
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

# --- Bad input that costs nothing ---
# Longest RP text a post may carry (characters); longer ones are refused with a French message.
RP_TEXT_MAX_LENGTH = int(os.environ.get("RP_TEXT_MAX_LENGTH", "20000"))
# Refused posts per duellist: past POST_REFUSALS_LIMIT in POST_REFUSALS_SECONDS, the next are refused at once
# (duels/services/post_refusals.py).
POST_REFUSALS_LIMIT = int(os.environ.get("POST_REFUSALS_LIMIT", "40"))
POST_REFUSALS_SECONDS = int(os.environ.get("POST_REFUSALS_SECONDS", "600"))
# The JSON bodies of the API and of the forum bridge: one parser with a bounded nesting depth
# (common/parsers.py); form and multipart as DRF's.
API_JSON_MAX_DEPTH = int(os.environ.get("API_JSON_MAX_DEPTH", "32"))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.api.auth.ClubTokenAuthentication",  # a token serves its club's API only
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
    "DEFAULT_PARSER_CLASSES": [
        "common.parsers.BoundedJSONParser", "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
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
    # Imported only when a DSN is set: the Sentry SDK is optional and heavy.
    from config.observability import sentry_init

    sentry_init(SENTRY_DSN, environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
                traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")))
