"""A real HTTP receiver on loopback (stdlib http.server in a thread) and webhook rows pointing at it."""
from __future__ import annotations

import datetime as dt
import json
import select
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.support.fixtures import eager_tasks, webhook_private_addresses  # noqa: F401
from webhooks.models import EventKind, Webhook, WebhookKind

# Not tests/support/clock.py's START (two hours later): the instant the delivery, Discord and signed tests
# count their retries, reminders and deadlines from, kept so that what they check does not move.
WEBHOOKS_START = dt.datetime(2026, 6, 1, 18, 0, tzinfo=dt.UTC)
SECRET = "s3cr3t-for-tests"


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes

    @property
    def json(self) -> dict:
        return json.loads(self.body)


@dataclass
class Reply:
    status: int = 204
    headers: dict = field(default_factory=dict)
    hang: bool = False  # hold the request until the test releases the receiver


class Receiver:
    def __init__(self):
        self.requests: list[Received] = []
        self.replies: list[Reply] = []
        self.released = threading.Event()
        self.arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with receiver.arrived:
                    receiver.requests.append(Received(self.path, dict(self.headers.items()), body))
                    reply = receiver.replies.pop(0) if receiver.replies else Reply()
                    receiver.arrived.notify_all()
                if reply.hang:
                    receiver.released.wait(30)
                try:
                    self.send_response(reply.status)
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:  # the client gave up (its timeout): nothing to answer
                    pass

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}/hook/abcdef123456"

    def reply(self, *replies: Reply) -> None:
        self.replies.extend(replies)

    def wait_for(self, count: int, timeout: float = 10) -> list[Received]:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.requests) >= count, timeout), (
                f"{len(self.requests)} request(s) received, {count} expected")
        return self.requests

    def of_event(self, event: str) -> list[Received]:
        """The signed requests of one event (its `X-Estrade-Event` header)."""
        return [r for r in self.requests if r.headers.get("X-Estrade-Event") == event]


@pytest.fixture
def receiver():
    receiver = Receiver()
    receiver.thread.start()
    yield receiver
    receiver.released.set()
    receiver.server.shutdown()
    receiver.server.server_close()


class Dribbler:
    """A receiver that reads the request, then answers one byte every `pause` seconds (a whole answer
    takes 90 s). `held` gives, per request, the seconds from its arrival to the sender closing the
    connection (None while it is still open)."""

    ANSWER = b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n"

    def __init__(self, pause: float = 2.0):
        self.pause = pause
        self.server = socket.create_server(("127.0.0.1", 0))
        self.stopped = threading.Event()
        self.lock = threading.Lock()
        self.held: list[float | None] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.getsockname()[1]}/hook/dribble1234"

    def open_now(self) -> int:
        with self.lock:
            return sum(1 for held in self.held if held is None)

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _address = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._dribble, args=(conn,), daemon=True).start()

    def _dribble(self, conn: socket.socket) -> None:
        arrived = time.monotonic()
        with self.lock:
            index = len(self.held)
            self.held.append(None)
        with conn:
            try:
                self._read_request(conn)
                sent = 0
                while not self.stopped.is_set():
                    readable, _w, _x = select.select([conn], [], [], self.pause)
                    if readable and not conn.recv(4096):
                        break  # the sender gave up and closed
                    if not readable and sent < len(self.ANSWER):
                        conn.sendall(self.ANSWER[sent:sent + 1])
                        sent += 1
            except OSError:
                pass
        with self.lock:
            self.held[index] = time.monotonic() - arrived

    @staticmethod
    def _read_request(conn: socket.socket) -> None:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(4096)
            if not chunk:
                return
            data += chunk
        head, body = data.split(b"\r\n\r\n", 1)
        length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        while len(body) < length:
            chunk = conn.recv(4096)
            if not chunk:
                return
            body += chunk


@pytest.fixture
def dribbler():
    dribbler = Dribbler()
    yield dribbler
    dribbler.stopped.set()
    dribbler.server.close()


@pytest.fixture
def make_webhook(receiver):
    def make(kind=WebhookKind.SIGNED, events=None, **fields) -> Webhook:
        return Webhook.objects.create(
            name=fields.pop("name", f"{kind} test"), kind=kind, url=fields.pop("url", receiver.url),
            secret=SECRET if kind == WebhookKind.SIGNED else "", events=events or list(EventKind.values), **fields)
    return make


@pytest.fixture(autouse=True)
def local_receiver_allowed(request):
    """The loopback receiver is reachable here; the tests of the refusal turn the setting off."""
    request.getfixturevalue("webhook_private_addresses")


@pytest.fixture(autouse=True)
def site_url(settings):
    settings.SITE_URL = "https://estrade.example"


@pytest.fixture
def webhooks_clock(time_machine):
    """The clock pinned at WEBHOOKS_START; move it with webhooks_clock.move_to(...)."""
    time_machine.move_to(WEBHOOKS_START, tick=False)
    return time_machine
