"""The production stack, started and exercised without Docker (CI: `.ci/run`, step "production stack").

Starts the docker-compose.yml services' own commands (read from that file, see compose.py) as local
processes on this machine's PostgreSQL and a Redis of its own (`redis-server` on --redis-port, nothing
saved: a restart starts it empty, as a container without a volume): `web` (migrate, then gunicorn with
DEBUG=0 and the HTTPS redirect on, behind `X-Forwarded-Proto: https` as the proxy sends it), `worker`
(Celery, the default queue), `webhooks` (Celery, the webhook deliveries' own queue) and one `beat`; beat's
webhook retries must reach the `webhooks` worker only. Then, over HTTP only, like the members' browsers: two players and a referee log
in, register, take the duel, choose their types, give the start signal and play one whole turn (posts,
declaration); in turn 2 one player posts and the other lets the (short, POSTING_DELAY_SECONDS) deadline
pass while the worker is killed (SIGKILL) and restarted: beat + worker must record the absence fault
exactly once and lose nothing. In turn 3 the same absence while Redis restarts under the running worker
and beat: both must survive it and the deadline must still be enforced, once. A player forfeits; every
process is stopped with SIGTERM and must exit 0. Then the compose `backup` service's command dumps the
database; the dump is restored into a fresh database where `rankings_rebuild --check`, `verify_dice` and
`duel_export` must agree.

    .venv/bin/python tests/stack/run_stack.py [--port 8765] [--redis-port 6393]

Exit status 0 when every check held; the processes' logs are kept in artifacts/stack/.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import time
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
from tests.stack.compose import healthcheck_command, service_command  # noqa: E402
from tests.support.paths import ROOT  # noqa: E402
from tests.support.word_count import RP  # noqa: E402

VENV_BIN = ROOT / ".venv" / "bin"
LOGS = ROOT / "artifacts" / "stack"
STACK_PASSWORD = "estrade-stack-2024"
DEADLINE_SECONDS = 25
CLUB = "/club"  # the installation's first club (the clubs migration names it): every page is under it
# The shell snippets act in that club, as its pages do (a query of club data outside any club raises).
SEED = """
from accounts.models import Duellist, User
from clubs.models import Club
from clubs.roles import referee_role_store
from clubs.scoping import activate_club
import datetime as dt
with activate_club(Club.objects.get(slug="club")):
    for number, name in enumerate(("harry", "drago"), start=1):
        user = User.objects.create_user(name, password="{password}")
        Duellist.objects.create(user=user, forum_id=number, forum_name=name.capitalize(), homework_year=3,
                                rp_year=3, forum_joined_on=dt.date(2020, 1, 1), forum_post_count=500)
    referee = User.objects.create_user("arbitre", password="{password}")
    referee_role_store(referee, True)  # a referee of this club
"""
STAFF_TOKEN = """
from accounts.models import User
from clubs.models import Club
from clubs.roles import staff_role_store
from accounts.models import ApiToken
staff = User.objects.create_user("staff-api", password="{password}")
club = Club.objects.get(slug="club")
staff_role_store(staff, club=club)  # the club's staff, with a token of the club's API
token = ApiToken(user=staff, club=club)
token.save()
print(token.key)
""".replace("{password}", STACK_PASSWORD)
COUNT = """
import json
from clubs.models import Club
from clubs.scoping import activate_club
from duels.models import Fault, Post, Window
with activate_club(Club.objects.get(slug="club")):
  print(json.dumps({{
    "absences": list(Fault.objects.filter(kind="absence").values_list("participant__duellist__forum_name", "window_id")),
    "expired_windows": Window.objects.filter(state="expired").count(),
    "expired_in_duel": list(Window.objects.filter(duel_id={duel}, state="expired").order_by("pk")
                            .values_list("turn", flat=True)),
    "windows": Window.objects.filter(duel_id={duel}).count(),
    "posts": Post.objects.filter(window__duel_id={duel}, automatic=False).count(),
    "automatic_posts": list(Post.objects.filter(window__duel_id={duel}, automatic=True)
                            .values_list("participant__duellist__forum_name", flat=True)),
}}))
"""


def log(message: str) -> None:
    print(f"[stack {time.strftime('%H:%M:%S')}] {message}", flush=True)


class Failure(Exception):
    pass


def check(condition, message: str) -> None:
    if not condition:
        raise Failure(message)
    log(f"ok: {message}")


class FormFields(HTMLParser):
    """The hidden inputs of the form posting to `action` (the CSRF token, a version…)."""

    def __init__(self, action: str):
        super().__init__()
        self.action, self.inside, self.fields = action, False, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("action") == self.action
        elif tag == "input" and self.inside and attrs.get("type") == "hidden" and attrs.get("name"):
            self.fields[attrs["name"]] = attrs.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


class Browser:
    """One member's browser behind the HTTPS proxy: it talks plain HTTP to gunicorn with the headers the
    proxy adds, and keeps its cookies itself (they are Secure: an HTTP client library would drop them)."""

    def __init__(self, port: int):
        self.port, self.cookies = port, {}
        self.origin = f"https://127.0.0.1:{port}"

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None, *,
                proxied: bool = True):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if proxied:
            sent["X-Forwarded-Proto"] = "https"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        connection.close()
        return response.status, response.headers, text

    def get(self, path: str):
        for _ in range(5):
            status, headers, text = self.request("GET", path)
            if status not in (301, 302):
                return status, text
            path = urlsplit(headers["Location"]).path or "/"
        raise Failure(f"too many redirects from {path}")

    def post(self, path: str, fields: dict | list, *, page: str | None = None) -> tuple[int, str]:
        """Submit the form posting to `path` on `page` (default: `path` itself), as a browser would."""
        status, html = self.get(page or path)
        parser = FormFields(path)
        parser.feed(html)
        data = list(fields.items()) if isinstance(fields, dict) else list(fields)
        data += [(name, value) for name, value in parser.fields.items() if name not in dict(data)]
        data.append(("csrfmiddlewaretoken", parser.fields.get("csrfmiddlewaretoken") or self.cookies.get("csrftoken", "")))
        status, headers, text = self.request("POST", path, urlencode(data).encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "Origin": self.origin,
            "Referer": self.origin + (page or path),
        })
        if status in (301, 302):
            return self.get(urlsplit(headers["Location"]).path)[0], text
        return status, text

    def api(self, path: str) -> dict:
        status, text = self.get(path)
        if status != 200:
            raise Failure(f"GET {path} answered {status}: {text[:300]}")
        return json.loads(text)


class OwnRedis:
    """`redis-server` on its own port, nothing saved to disk: `restart()` brings it back empty."""

    def __init__(self, port: int):
        self.port, self.process = port, None

    def start(self) -> None:
        handle = open(LOGS / "redis.log", "a")
        self.process = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no", "--dir", str(LOGS)], stdout=handle, stderr=subprocess.STDOUT)
        wait_for(f"redis-server answers on port {self.port}", self.answers, 15)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        self.process = None

    def answers(self) -> bool:
        done = subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True)
        return done.stdout.strip() == "PONG"


class Stack:
    def __init__(self, port: int, redis_port: int):
        self.port = port
        self.database = f"estrade_stack_{os.getpid()}"
        self.redis = OwnRedis(redis_port)
        self.redis_url = f"redis://127.0.0.1:{redis_port}/0"
        self.env = {
            **os.environ,
            "PATH": f"{VENV_BIN}:{os.environ.get('PATH', '')}",
            "DEBUG": "0", "SECRET_KEY": "stack-test-" + "k" * 50, "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{self.database}", "REDIS_URL": self.redis_url,
            "SECURE_SSL_REDIRECT": "1", "POSTING_DELAY_SECONDS": str(DEADLINE_SECONDS),
            "DEADLINE_SWEEP_SECONDS": "2", "PYTHONUNBUFFERED": "1",
            # schemathesis sends thousands of requests: the throttle is tested elsewhere (tests/api/)
            "API_THROTTLE_ANON": "100000/min", "API_THROTTLE_USER": "100000/min",
        }
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.processes: dict[str, subprocess.Popen] = {}
        self.extra_databases: list[str] = []
        self.replace = {"0.0.0.0:8000": f"127.0.0.1:{port}", "/tmp/celerybeat-schedule": str(LOGS / "celerybeat-schedule")}
        LOGS.mkdir(parents=True, exist_ok=True)
        for old in [*LOGS.glob("*.log"), *LOGS.glob("backups/*")]:
            old.unlink()

    def run(self, *argv: str, check_exit: bool = True, env: dict | None = None) -> str:
        done = subprocess.run(argv, cwd=ROOT, env={**self.env, **(env or {})}, capture_output=True, text=True,
                              timeout=300)
        if check_exit and done.returncode:
            raise Failure(f"{' '.join(argv)} failed: {done.stdout[-2000:]}{done.stderr[-2000:]}")
        return done.stdout

    def manage(self, *args: str) -> str:
        return self.run(str(VENV_BIN / "python"), "manage.py", *args)

    def start(self, name: str, *, log_name: str | None = None) -> None:
        argv = service_command(name, replace=self.replace)
        log(f"start {name}: {' '.join(argv)}")
        handle = open(LOGS / f"{log_name or name}.log", "a")
        self.processes[name] = subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=handle,
                                                stderr=subprocess.STDOUT, start_new_session=True)

    def kill(self, name: str, sig=signal.SIGKILL) -> int:
        process = self.processes.pop(name)
        os.killpg(process.pid, sig)
        return process.wait(timeout=60)

    def healthy(self) -> bool:
        command = healthcheck_command("web", replace={"127.0.0.1:8000": f"127.0.0.1:{self.port}"})
        command = [str(VENV_BIN / "python") if part == "python" else part for part in command]
        return subprocess.run(command, cwd=ROOT, env=self.env, capture_output=True).returncode == 0

    def setup(self) -> None:
        self.run("psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", f"CREATE DATABASE {self.database}")
        self.redis.start()
        self.manage("collectstatic", "--noinput", "-v", "0")  # as the Dockerfile does at build time
        self.manage("check", "--deploy", "--fail-level", "WARNING")
        log("ok: check --deploy is clean with the production settings")

    def teardown(self) -> None:
        for name in list(self.processes):
            try:
                self.kill(name)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass
        for database in (self.database, *self.extra_databases):
            self.run("psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc",
                     f"DROP DATABASE IF EXISTS {database} WITH (FORCE)", check_exit=False)
        self.redis.stop()


def wait_for(what: str, condition, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            log(f"ok: {what}")
            return
        time.sleep(0.5)
    raise Failure(f"timed out ({timeout:.0f} s) waiting for: {what}")


def signed_in_browser(stack: Stack, username: str) -> Browser:
    browser = Browser(stack.port)
    status, text = browser.post(f"{CLUB}/connexion/", {"username": username, "password": STACK_PASSWORD})
    if not (status == 200 and "sessionid" in browser.cookies):
        raise Failure(f"{username} cannot log in: {status} {sorted(browser.cookies)} {text[:2000]}")
    log(f"ok: {username} logs in over HTTPS (via the proxy header)")
    return browser


def duel_of(browser: Browser, pk: int) -> dict:
    return browser.api(f"/api/v1/duels/{pk}/")


def declare_over_http(referee: Browser, pk: int) -> None:
    referee.post(f"{CLUB}/duels/{pk}/arbitrage/preparer/", {}, page=f"{CLUB}/duels/{pk}/arbitrage/")
    referee.post(f"{CLUB}/duels/{pk}/arbitrage/publier/", {"comment": "Bel échange."}, page=f"{CLUB}/duels/{pk}/arbitrage/")


def play_a_duel(stack: Stack) -> None:
    stack.start("web")
    wait_for("the compose web healthcheck passes (migrated, gunicorn up, DEBUG=0)", stack.healthy, 120)
    stack.manage("catalog_load")
    stack.manage("shell", "-c", SEED.format(password=STACK_PASSWORD))
    stack.start("worker")
    stack.start("webhooks")
    stack.start("beat")

    anonymous = Browser(stack.port)
    status, headers, _ = anonymous.request("GET", "/", proxied=False)
    check(status == 301 and headers["Location"].startswith("https://"), "plain HTTP is redirected to HTTPS")
    status, headers, _ = anonymous.request("GET", "/", headers={"Host": "evil.example"})
    check(status == 400, "an unknown host is refused")
    health = json.loads(anonymous.request("GET", "/healthz", proxied=False)[2])
    check(health == {"status": "ok", "database": "ok", "redis": "ok"}, "/healthz sees PostgreSQL and Redis")

    harry, drago, referee = (signed_in_browser(stack, name) for name in ("harry", "drago", "arbitre"))
    harry.post(f"{CLUB}/duels/inscription/", {"kind": "non_rp", "format": "1v1", "year": "3", "named_opponent": "Drago"})
    drago.post(f"{CLUB}/duels/inscription/", {"kind": "non_rp", "format": "1v1", "year": "3", "named_opponent": "Harry"})
    duels = harry.api("/api/v1/duels/")["results"]  # a pairing: listed for members only, as on the site
    check(len(duels) == 1 and duels[0]["status"] == "matched", "the second registration is matched at once")
    pk = duels[0]["id"]
    referee.post(f"{CLUB}/duels/{pk}/arbitrage/prendre/", {}, page=f"{CLUB}/duels/{pk}/arbitrage/")
    for player in (harry, drago):
        player.post(f"{CLUB}/duels/{pk}/types/", {"types": "malefices"}, page=f"{CLUB}/duels/{pk}/")
    referee.post(f"{CLUB}/duels/{pk}/arbitrage/signal/", {}, page=f"{CLUB}/duels/{pk}/arbitrage/")
    check(duel_of(anonymous, pk)["status"] == "action", "the referee's start signal opens turn 1")

    for count, player in enumerate((harry, drago), start=1):
        player.post(f"{CLUB}/duels/{pk}/poster/", {"rp_text": RP, "cast": ""}, page=f"{CLUB}/duels/{pk}/")
        check(len(duel_of(anonymous, pk)["windows"][-1]["posted"]) == count, "a player's turn-1 post is published")
    declare_over_http(referee, pk)
    duel = duel_of(anonymous, pk)
    if duel["status"] == "defence":  # nobody cast: no defence is expected, but play it if the rules open one
        for player in (harry, drago):
            player.post(f"{CLUB}/duels/{pk}/poster/", {"defence": "nothing", "rp_text": ""}, page=f"{CLUB}/duels/{pk}/")
        declare_over_http(referee, pk)
        duel = duel_of(anonymous, pk)
    check(duel["turn"] == 2 and duel["status"] == "action", "turn 1 is declared and turn 2 opens")
    check(all(w["declaration"] for w in duel["windows"][:-1]), "every turn-1 window has its published declaration")

    harry.post(f"{CLUB}/duels/{pk}/poster/", {"rp_text": RP, "cast": ""}, page=f"{CLUB}/duels/{pk}/")
    opened = time.monotonic()
    check(len(duel_of(anonymous, pk)["windows"][-1]["posted"]) == 1, "Harry posts in turn 2; Drago stays away")
    time.sleep(2)
    stack.kill("worker")
    log("worker killed (SIGKILL) during the window; restarted after the deadline")
    time.sleep(max(0.0, DEADLINE_SECONDS + 3 - (time.monotonic() - opened)))
    check(duel_of(anonymous, pk)["windows"][-1]["state"] == "open", "without a worker, the deadline passes unseen")
    stack.start("worker", log_name="worker-restarted")
    wait_for("beat + the restarted worker expire the window",
             lambda: duel_of(anonymous, pk)["windows"][-1]["state"] == "expired", 60)
    time.sleep(6)  # a few more sweeps: none may record the absence again
    counts = json.loads(stack.manage("shell", "-c", COUNT.format(duel=pk)).strip().splitlines()[-1])
    log(f"database: {counts}")
    check([name for name, _window in counts["absences"]] == ["Drago"], "exactly one absence fault, Drago's")
    check(counts["expired_windows"] == 1, "the window expired once")
    check(counts["posts"] == 3, "no post lost (2 in turn 1, Harry's in turn 2)")
    check(counts["automatic_posts"] == ["Drago"], "one automatic post for the absent Drago, not two")

    redis_restart_turn(stack, anonymous, harry, referee, pk)

    drago.post(f"{CLUB}/duels/{pk}/abandon/", {}, page=f"{CLUB}/duels/{pk}/abandon/")
    duel = duel_of(anonymous, pk)
    check(duel["status"] == "finished" and duel["seed"], "Drago forfeits: the duel is over, its seed revealed")

    fuzz_api(stack, anonymous, "anonymous", {})
    token = stack.manage("shell", "-c", STAFF_TOKEN).strip().splitlines()[-1]
    fuzz_api(stack, anonymous, "staff", {"Authorization": f"Token {token}"})

    webhooks_log, worker_logs = (LOGS / "webhooks.log").read_text(errors="replace"), "".join(
        (LOGS / name).read_text(errors="replace") for name in ("worker.log", "worker-restarted.log"))
    retries, sweep = "Task webhooks.tasks.deliveries_retry[", "Task duels.tasks.sweep_deadlines["
    check(retries in webhooks_log and retries not in worker_logs and sweep in worker_logs and sweep not in webhooks_log,
          "beat's webhook retries go to the webhooks worker, the deadline sweep to the default worker")
    pushes = "Task push.tasks.pushes_retry["
    check(pushes in webhooks_log and pushes not in worker_logs, "beat's push retries go to the webhooks worker (-Q webhooks,push)")
    for name in ("web", "worker", "webhooks", "beat"):
        code = stack.kill(name, signal.SIGTERM)
        check(code == 0, f"{name} stops cleanly on SIGTERM (exit {code})")
    backup_and_restore(stack, pk, duel["seed"])


def redis_restart_turn(stack: Stack, anonymous: Browser, harry: Browser, referee: Browser, pk: int) -> None:
    """Turn 3: Harry posts, Drago stays away, and Redis restarts (empty) under the running worker and
    beat. Both must outlive it, and the deadline must still be enforced, once: deadlines live in the
    database, and the minute sweep is the only mechanism."""
    declare_over_http(referee, pk)
    check(duel_of(anonymous, pk)["turn"] == 3, "turn 2 is declared and turn 3 opens")
    harry.post(f"{CLUB}/duels/{pk}/poster/", {"rp_text": RP, "cast": ""}, page=f"{CLUB}/duels/{pk}/")
    check(len(duel_of(anonymous, pk)["windows"][-1]["posted"]) == 1, "Harry posts in turn 3; Drago stays away")
    worker_log = LOGS / "worker-restarted.log"
    connected_before = worker_log.read_text(errors="replace").count("Connected to redis://")
    stack.redis.stop()
    log("Redis stopped under the running worker and beat; started again (empty) in 3 s")
    time.sleep(3)
    stack.redis.start()
    wait_for("the worker reconnects to the restarted Redis",
             lambda: worker_log.read_text(errors="replace").count("Connected to redis://") > connected_before, 60)
    wait_for("/healthz sees Redis again", lambda: json.loads(
        anonymous.request("GET", "/healthz", proxied=False)[2]).get("redis") == "ok", 30)
    wait_for("the surviving worker and beat expire turn 3 at its deadline",
             lambda: duel_of(anonymous, pk)["windows"][-1]["state"] == "expired", DEADLINE_SECONDS + 60)
    time.sleep(6)  # a few more sweeps: none may record the absence again
    for name in ("worker", "webhooks", "beat"):
        code = stack.processes[name].poll()
        check(code is None, f"{name} survived the Redis restart (still running)")
    check("Unrecoverable error" not in worker_log.read_text(errors="replace"), "no unrecoverable error in the worker log")
    counts = json.loads(stack.manage("shell", "-c", COUNT.format(duel=pk)).strip().splitlines()[-1])
    log(f"database: {counts}")
    check([name for name, _window in counts["absences"]] == ["Drago", "Drago"], "one absence fault per deadline")
    check(counts["expired_in_duel"] == [2, 3], "turns 2 and 3 expired, each once")
    check(counts["posts"] == 4 and counts["automatic_posts"] == ["Drago", "Drago"], "no post lost nor doubled")


def fuzz_api(stack: Stack, browser: Browser, who: str, headers: dict) -> None:
    """schemathesis over /api/schema/ against gunicorn (production settings, PostgreSQL): every operation,
    SCHEMATHESIS_EXAMPLES inputs each (NUL bytes, huge numbers, odd dates…), 0 server errors allowed."""
    schema = LOGS / "openapi.yaml"
    status, text = browser.get("/api/schema/")
    check(status == 200, "/api/schema/ is served")
    schema.write_text(text)
    argv = [str(VENV_BIN / "schemathesis"), "run", str(schema), "--url", f"http://127.0.0.1:{stack.port}",
            "--checks", "not_a_server_error", "--max-examples", os.environ.get("SCHEMATHESIS_EXAMPLES", "10"),
            "--generation-allow-x00", "true", "--seed", "15", "--request-timeout", "30",
            "--report", "junit", "--report-junit-path", str(LOGS / f"schemathesis-{who}.xml"),
            "-H", "X-Forwarded-Proto: https", *(arg for name, value in headers.items() for arg in ("-H", f"{name}: {value}"))]
    started = time.monotonic()
    done = subprocess.run(argv, cwd=ROOT, env=stack.env, capture_output=True, text=True, timeout=900)
    (LOGS / f"schemathesis-{who}.log").write_text(done.stdout + done.stderr)
    summary = [line for line in done.stdout.splitlines() if "passed" in line or "failed" in line or "error" in line.lower()]
    if done.returncode:
        raise Failure(f"schemathesis ({who}) found problems:\n{done.stdout[-6000:]}{done.stderr[-2000:]}")
    log(f"ok: schemathesis ({who}): 0 server errors in {time.monotonic() - started:.0f} s — {' / '.join(summary[-2:])}")


def backup_and_restore(stack: Stack, pk: int, seed: str) -> None:
    """The compose `backup` service's command, once; its dump restored into a fresh database, which must
    hold a consistent champions table and the duel's dice (re-derived from the revealed seed)."""
    backups = LOGS / "backups"
    argv = service_command("backup", replace={"/scripts/backup.sh": str(ROOT / "scripts" / "backup.sh")})
    out = stack.run(*argv, "--once", env={"BACKUP_DIR": str(backups)})
    dumps = sorted(backups.glob("estrade-*.dump"))
    check(len(dumps) == 1 and dumps[0].stat().st_size > 0, f"the backup service's command dumps the database ({out.strip()})")
    restored = stack.database + "_restored"
    stack.run("psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", f"CREATE DATABASE {restored}")
    stack.extra_databases.append(restored)
    url = f"postgres://postgres@127.0.0.1:5432/{restored}"
    stack.run("pg_restore", "--no-owner", f"--dbname={url}", str(dumps[0]))
    env = {"DATABASE_URL": url}
    stack.run(str(VENV_BIN / "python"), "manage.py", "rankings_rebuild", "--check", env=env)
    log("ok: rankings_rebuild --check on the restored database")
    out = stack.run(str(VENV_BIN / "python"), "manage.py", "verify_dice", str(pk), env=env)
    check(seed in out, "verify_dice on the restored database: the revealed seed and every die agree")
    archive = json.loads(stack.run(str(VENV_BIN / "python"), "manage.py", "duel_export", str(pk), env=env))
    check(archive["duel"]["seed"] == seed and len([p for p in archive["post"] if not p["automatic"]]) == 4,
          "duel_export of the restored duel: its posts (2 in turn 1, Harry's in turns 2 and 3) and seed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--redis-port", type=int, default=6393, help="the port of the stack's own redis-server")
    options = parser.parse_args()
    started = time.monotonic()
    stack = Stack(options.port, options.redis_port)
    try:
        stack.setup()
        play_a_duel(stack)
    except (Failure, subprocess.TimeoutExpired) as failure:
        log(f"FAILED: {failure}")
        for path in sorted(LOGS.glob("*.log")):
            tail = path.read_text(errors="replace").splitlines()[-25:]
            print(f"--- {path.name} (last lines) ---", *tail, sep="\n")
        return 1
    finally:
        stack.teardown()
    log(f"passed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
