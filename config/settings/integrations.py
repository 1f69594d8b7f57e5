"""Settings of what the app talks to: Redis (the cache and Celery's broker), the scheduled jobs, e-mail,
webhooks and the daily digest, and the Forumactif bridge."""
import os

from django.core.exceptions import ImproperlyConfigured

from common.release import project_release
from config.settings.environment import BASE_DIR, DEBUG, env_bool, env_list
from config.settings.security import RUNNING_OFFLINE_COMMAND

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
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
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
# Two queues, each with its own worker (docker-compose.yml: `worker` takes the default queue, `webhooks`
# takes WEBHOOK_QUEUE): the webhook deliveries and their retry sweep talk to receivers outside, each up
# to WEBHOOK_DEADLINE_SECONDS, so they never hold the worker that runs the deadline sweep, the reminders
# and the notices' e-mails.
CELERY_TASK_DEFAULT_QUEUE = "celery"
WEBHOOK_QUEUE = "webhooks"
CELERY_TASK_ROUTES = {
    "webhooks.tasks.webhook_deliver": {"queue": WEBHOOK_QUEUE},
    "webhooks.tasks.deliveries_retry": {"queue": WEBHOOK_QUEUE},
    # Web push (push/): its own queue, taken by the worker of the outgoing calls (docker-compose.yml).
    "push.tasks.notices_push": {"queue": "push"},
    "push.tasks.pushes_retry": {"queue": "push"},
}
PUSH_QUEUE = "push"

# --- Scheduled jobs (Celery beat, or `run_scheduler`) ---
# The sweep is the source of truth; every job is idempotent, and a message older than its period is
# dropped. DEADLINE_SWEEP_SECONDS and POSTING_DELAY_SECONDS exist for the stack test (tests/stack/),
# which lets a deadline pass in seconds; production keeps a sweep a minute and RULES.md's 48 h.
SWEEP_SECONDS = float(os.environ.get("DEADLINE_SWEEP_SECONDS", "60"))
POSTING_DELAY_SECONDS = int(os.environ.get("POSTING_DELAY_SECONDS", str(48 * 3600)))
# History (notices' lifetime, docs/notifications.md): read notices, and notices of duels over, are
# pruned once older than this many days, by the hourly job.
NOTIFICATION_RETENTION_DAYS = int(os.environ.get("NOTIFICATION_RETENTION_DAYS", "90"))
PRUNE_SECONDS = 3600
# Deadlines by the sweep alone; notices' e-mails from an outbox; webhook deliveries still due (a 429's
# Retry-After, a 5xx's backoff, a worker that died); the digest job mails each member once a day from
# DIGEST_HOUR (local time).
SCHEDULED_JOBS = [
    # (name, Celery task that beat queues, the service run_scheduler calls, every so many seconds)
    ("Deadline sweep", "duels.tasks.sweep_deadlines", "duels.services.deadlines.window_expire_overdue", SWEEP_SECONDS),
    ("Reminders", "duels.tasks.send_reminders", "duels.services.reminders.reminders_send", SWEEP_SECONDS),
    ("Notice e-mails", "accounts.tasks.notices_email_due", "accounts.services.emails.notices_email_due", SWEEP_SECONDS),
    ("Webhook retries", "webhooks.tasks.deliveries_retry", "webhooks.services.delivery.deliveries_retry_due",
     SWEEP_SECONDS),
    ("Web push retries", "push.tasks.pushes_retry", "push.services.delivery.pushes_retry_due", SWEEP_SECONDS),
    ("Daily digest", "webhooks.tasks.digest_send", "webhooks.services.digest.digests_send", SWEEP_SECONDS),
    ("Notices pruning", "accounts.tasks.prune_notifications", "accounts.services.retention.notifications_prune",
     PRUNE_SECONDS),
]
# Beat reads the same list: a message older than its period is dropped (the next one does the work).
CELERY_BEAT_SCHEDULE = {
    task: {"task": task, "schedule": every, "options": {"expires": max(every - 5, 1)}}
    for _name, task, _service, every in SCHEDULED_JOBS
}

# --- E-mail ---
# EMAIL_BACKEND when set; else SMTP to EMAIL_HOST when set; else, in development only, the console. With
# DEBUG off and neither, Estrade refuses to start: the console would write every password-reset and
# invitation link into the production logs.
_SMTP_HOST = os.environ.get("EMAIL_HOST", "").strip()
EMAIL_HOST = _SMTP_HOST or "localhost"
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "") or 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", not env_bool("EMAIL_USE_SSL", False))
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "").strip() or (
    "django.core.mail.backends.smtp.EmailBackend" if _SMTP_HOST
    else "django.core.mail.backends.console.EmailBackend" if DEBUG or RUNNING_OFFLINE_COMMAND
    else ""
)
if not EMAIL_BACKEND:
    raise ImproperlyConfigured(
        "E-mail is not configured: with DEBUG off, set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, "
        "EMAIL_HOST_PASSWORD, EMAIL_USE_TLS or EMAIL_USE_SSL) to send through SMTP, or name a backend in "
        "EMAIL_BACKEND. The console backend, the development default, would write password-reset and "
        "invitation links into the logs."
    )
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "estrade@localhost")
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "10"))  # seconds an SMTP call may wait

# --- Webhooks (Discord, signed JSON) and the daily digest (webhooks/; docs/webhooks.md) ---
# A delivery's whole exchange (connection, TLS, request, the answer's head) ends within this many seconds.
WEBHOOK_DEADLINE_SECONDS = float(os.environ.get("WEBHOOK_DEADLINE_SECONDS", "10"))
WEBHOOK_MAX_ATTEMPTS = int(os.environ.get("WEBHOOK_MAX_ATTEMPTS", "8"))
DIGEST_HOUR = int(os.environ.get("DIGEST_HOUR", "8"))

# --- Forumactif bridge (forum/ app, docs/forum-bridge.md) ---
# A club's forum is set on the club (Club.forum_url, forum_origins, duel_section, forum_profile_url) and read
# from the club being served. FORUM_URL, FORUM_ORIGINS, FORUM_DUEL_SECTION and FORUM_PROFILE_URL are only what
# the first club is created from (clubs/migrations/0002_home_club.py, docs/clubs.md "Moving in"): nothing
# reads them afterwards, and changing them later changes nothing.
# FORUM_URL: the forum's origin ("https://club.forumactif.com"); FORUM_ORIGINS: its other origins
# ("https://www.forum.example", comma separated); FORUM_DUEL_SECTION: the forum (f…) where duel topics go;
# FORUM_PROFILE_URL: a member's page on the forum ("https://forum.example/u{forum_id}").
FORUM_ORIGINS = env_list("FORUM_ORIGINS")
FORUM_URL = os.environ.get("FORUM_URL", "").strip().rstrip("/")
if FORUM_URL and FORUM_URL not in FORUM_ORIGINS:
    FORUM_ORIGINS.append(FORUM_URL)
FORUM_DUEL_SECTION = int(os.environ.get("FORUM_DUEL_SECTION", "0") or 0)
FORUM_PROFILE_URL = os.environ.get("FORUM_PROFILE_URL", "")
# The same for every club:
FORUM_PM_PACE_SECONDS = float(os.environ.get("FORUM_PM_PACE_SECONDS", "20"))  # between two PMs of a batch
FORUM_FLOOD_WAIT_SECONDS = float(os.environ.get("FORUM_FLOOD_WAIT_SECONDS", "30"))  # flood page without a delay
FORUM_TOKEN_SECONDS = 30 * 60  # a topic/post/declaration link, opened from Estrade
FORUM_BATCH_TOKEN_SECONDS = 6 * 3600  # a PM batch's link
# The bridge's JSON endpoints (/<club>/forum/api/, and the cup's band /<club>/coupe/bandeau/: CORS_URLS_REGEX
# sees the path once the club middleware took the club off) answer CORS to the served club's forum origins only (Club.allowed_origins, through
# django-cors-headers' check_request_enabled signal: forum/cors.py), without credentials. No origin is allowed
# for every club: CORS_ALLOWED_ORIGINS stays empty.
CORS_ALLOWED_ORIGINS: list[str] = []
CORS_URLS_REGEX = r"^/(forum/api|coupe/bandeau)/"
CORS_ALLOW_CREDENTIALS = False

# --- Web push (push/, docs/push.md) ---
# VAPID: the key pair that signs every push (`manage.py vapid_keys` prints a new one). Without a private
# key, push is off (the profile page says so); in development (DEBUG) a pair is drawn once into the
# git-ignored `.vapid_keys`. VAPID_SUBJECT: how a push service reaches the operator (mailto: or https:).
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "").strip()
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "").strip()
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "").strip() or "mailto:estrade@localhost"
VAPID_DEVELOPMENT_FILE = BASE_DIR / ".vapid_keys"
# One push's whole exchange ends within this many seconds; a 5xx or no answer is tried again, with a
# growing delay, up to PUSH_MAX_ATTEMPTS.
PUSH_DEADLINE_SECONDS = float(os.environ.get("PUSH_DEADLINE_SECONDS", "10"))
PUSH_MAX_ATTEMPTS = int(os.environ.get("PUSH_MAX_ATTEMPTS", "6"))
# The delivery channels fed by every notice besides the bell and e-mail (accounts.services.notifications).
NOTICE_CHANNELS = ["push.services.delivery.notices_push_after_commit"]
