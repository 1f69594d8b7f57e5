"""Settings come from the environment; a production start without SECRET_KEY, or without a way to send
e-mail, is refused."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.support.paths import ROOT


def settings_value(expression: str, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items()
                   if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL", "REDIS_URL"} and not k.startswith("EMAIL_")}
    environment.update(env)
    code = f"import config.settings as s; print(repr(({expression})))"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True)


def test_production_refuses_to_start_without_secret_key():
    result = settings_value("s.SECRET_KEY", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_debug_generates_a_development_key_once_and_keeps_it_across_restarts(tmp_path):
    """`make run` restarted (or its autoreloader) keeps the key, so nobody is logged out; the file is the
    owner's only, and a production start never reads it."""
    key_file = tmp_path / ".secret_key"
    first = settings_value("s.SECRET_KEY", DEBUG="1", DEV_SECRET_KEY_FILE=str(key_file))
    assert first.returncode == 0 and first.stdout.startswith("'dev-"), first.stderr
    assert key_file.read_text().strip() == eval(first.stdout)
    assert key_file.stat().st_mode & 0o777 == 0o600
    again = settings_value("s.SECRET_KEY", DEBUG="1", DEV_SECRET_KEY_FILE=str(key_file))
    assert again.stdout == first.stdout
    production = settings_value("s.SECRET_KEY", DEBUG="0", DEV_SECRET_KEY_FILE=str(key_file))
    assert production.returncode != 0 and "SECRET_KEY must be set" in production.stderr
    chosen = settings_value("s.SECRET_KEY", DEBUG="1", DEV_SECRET_KEY_FILE=str(key_file), SECRET_KEY="k" * 50)
    assert chosen.stdout.strip() == repr("k" * 50)


def test_the_development_key_file_is_ignored_by_git():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(["git", "check-ignore", "-q", ".secret_key"], cwd=ROOT)
    assert done.returncode == 0, ".secret_key must be in .gitignore"


def test_sqlite_by_default_and_postgresql_from_database_url():
    default = settings_value("s.DATABASES['default']['ENGINE']", DEBUG="1")
    assert default.stdout.strip() == "'django.db.backends.sqlite3'"
    postgres = settings_value(
        "s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME']",
        DEBUG="1", DATABASE_URL="postgres://root@127.0.0.1:5432/estrade",
    )
    assert postgres.stdout.strip() == "('django.db.backends.postgresql', 'estrade')"


def test_celery_runs_in_process_without_redis_and_uses_redis_url_when_set():
    local = settings_value("s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL", DEBUG="1")
    assert local.stdout.strip() == "(True, 'memory://localhost//')"
    redis = settings_value("s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL", DEBUG="1", REDIS_URL="redis://127.0.0.1:6379/0")
    assert redis.stdout.strip() == "(False, 'redis://127.0.0.1:6379/0')"
    cache = settings_value("s.CACHES['default']['BACKEND']", DEBUG="1", REDIS_URL="redis://127.0.0.1:6379/0")
    assert cache.stdout.strip() == "'common.cache_backend.ResilientRedisCache'"


def test_production_has_secure_cookies_and_hosts_from_environment():
    result = settings_value(
        "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.ALLOWED_HOSTS, s.CSRF_TRUSTED_ORIGINS",
        DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="estrade.example, www.estrade.example", EMAIL_HOST="smtp.example",
        CSRF_TRUSTED_ORIGINS="https://estrade.example",
    )
    assert result.stdout.strip() == (
        "(True, True, ['estrade.example', 'www.estrade.example'], ['https://estrade.example'])"
    )


def test_french_is_the_language_and_paris_the_time_zone():
    result = settings_value("s.LANGUAGE_CODE, s.TIME_ZONE, s.USE_TZ, [c for c, _ in s.LANGUAGES]", DEBUG="1")
    assert result.stdout.strip() == "('fr', 'Europe/Paris', True, ['fr', 'en'])"


def test_replay_runs_on_a_bare_checkout_without_a_secret_key(tmp_path):
    # ../shared/tools/check_scenarios.py calls `python manage.py replay FILE` with no settings at all.
    scenario = tmp_path / "s.json"
    scenario.write_text(
        '{"duel": {"format": "1v1"}, "duellists": [{"id": "A", "team": 1, "year": 1, "types": []},'
        ' {"id": "B", "team": 2, "year": 1, "types": []}], "spells": [], "turns": []}'
    )
    environment = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL"}}
    result = subprocess.run([sys.executable, "manage.py", "replay", str(scenario)], cwd=ROOT, env=environment,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert '"status": "ongoing"' in result.stdout
    other = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=environment,
                           capture_output=True, text=True)
    assert other.returncode != 0 and "SECRET_KEY must be set" in other.stderr


def test_manage_py_started_by_a_python_without_django_uses_the_project_virtualenv(tmp_path):
    base_python = Path(sys.base_prefix) / "bin" / "python3"
    if not base_python.exists() or Path(sys.prefix) == Path(sys.base_prefix):
        pytest.skip("tests are not running in a virtualenv with a separate base Python")
    if subprocess.run([str(base_python), "-c", "import django"], capture_output=True).returncode == 0:
        pytest.skip("the base Python has Django installed: nothing to fall back from")
    if not (ROOT / ".venv" / "bin" / "python").exists():
        pytest.skip("no .venv in the project (make install creates it)")
    environment = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL"}}
    result = subprocess.run([str(base_python), "manage.py", "replay", "--help"], cwd=ROOT, env=environment,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "replay" in result.stdout


def test_with_redis_each_process_keeps_rendered_html_in_front_of_it():
    """common/cache.py: a per-process 'local' level only when the shared cache is Redis."""
    redis = settings_value("sorted(s.CACHES), s.CACHES['local']['BACKEND']", DEBUG="1", REDIS_URL="redis://127.0.0.1:6379/0")
    assert redis.stdout.strip() == "(['default', 'local'], 'django.core.cache.backends.locmem.LocMemCache')"
    alone = settings_value("sorted(s.CACHES)", DEBUG="1")
    assert alone.stdout.strip() == "['default']"


CONSOLE = "django.core.mail.backends.console.EmailBackend"
SMTP = "django.core.mail.backends.smtp.EmailBackend"
EMAIL = "s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL"


def test_production_refuses_to_start_without_a_way_to_send_email():
    """The console backend would write every password-reset and invitation link into production logs."""
    result = settings_value(EMAIL, DEBUG="0", SECRET_KEY="x" * 50)
    assert result.returncode != 0
    assert "ImproperlyConfigured: E-mail is not configured" in result.stderr
    assert "EMAIL_HOST" in result.stderr and "EMAIL_BACKEND" in result.stderr


def test_production_sends_through_smtp_when_email_host_is_set():
    result = settings_value(EMAIL, DEBUG="0", SECRET_KEY="x" * 50, EMAIL_HOST="smtp.example.org")
    assert result.stdout.strip() == repr((SMTP, "smtp.example.org", 587, True, False))
    ssl = settings_value(EMAIL, DEBUG="0", SECRET_KEY="x" * 50, EMAIL_HOST="smtp.example.org", EMAIL_PORT="465",
                         EMAIL_USE_SSL="1")
    assert ssl.stdout.strip() == repr((SMTP, "smtp.example.org", 465, False, True))


def test_an_explicit_backend_is_kept_and_development_writes_to_the_console():
    chosen = settings_value("s.EMAIL_BACKEND", DEBUG="0", SECRET_KEY="x" * 50, EMAIL_BACKEND=CONSOLE)
    assert chosen.stdout.strip() == repr(CONSOLE)
    development = settings_value("s.EMAIL_BACKEND", DEBUG="1")
    assert development.stdout.strip() == repr(CONSOLE)


def compose_web_environment(**env) -> dict[str, str]:
    """The web service's environment as docker-compose resolves it from `env` (no .env file here)."""
    clean = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "SECRET_KEY": "x" * 50, **env}
    done = subprocess.run(["docker-compose", "-f", "docker-compose.yml", "config"], cwd=ROOT, env=clean,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {k: "" if v is None else str(v) for k, v in yaml.safe_load(done.stdout)["services"]["web"]["environment"].items()}


@pytest.mark.skipif(shutil.which("docker-compose") is None, reason="docker-compose is not installed")
def test_compose_passes_the_email_settings_and_refuses_to_start_without_them():
    bare = compose_web_environment()
    assert {"EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD",
            "EMAIL_USE_TLS", "EMAIL_USE_SSL"} <= set(bare)
    refused = settings_value(EMAIL, **bare)
    assert refused.returncode != 0 and "E-mail is not configured" in refused.stderr
    smtp = settings_value(EMAIL, **compose_web_environment(EMAIL_HOST="smtp.example.org", EMAIL_HOST_USER="estrade",
                                                           EMAIL_HOST_PASSWORD="secret"))
    assert smtp.returncode == 0, smtp.stderr
    assert smtp.stdout.strip() == repr((SMTP, "smtp.example.org", 587, True, False))
