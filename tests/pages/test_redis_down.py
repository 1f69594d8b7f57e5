"""Pages and the API with the cache's Redis down or frozen: built without the cache (slower, never
wrong), never a 500, each request bounded in time; a post sent meanwhile is stored and the player
told so in French. A real redis-server of the test's own (port 6391), stopped and frozen for real."""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time

import pytest
from django.core.cache import cache, caches
from django.test import override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from common import cache_backend
from duels.models import Post
from tests.support.duels import RP_TEXT, post, started_duel
from tests.support.web import client_for

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
]

PORT = 6391
TIMEOUT = 0.25
BOUND = 2.0  # seconds a request may take with Redis gone (a blocking client would wait ~5 s a call)
REDIS_CACHES = {
    "default": {"BACKEND": "common.cache_backend.ResilientRedisCache", "LOCATION": f"redis://127.0.0.1:{PORT}/0",
                "KEY_PREFIX": "redis-down-test",
                "OPTIONS": {"socket_connect_timeout": TIMEOUT, "socket_timeout": TIMEOUT}},
    "local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "redis-down-local",
              "KEY_PREFIX": "redis-down-test", "OPTIONS": {"MAX_ENTRIES": 300}},
}


class RedisServer:
    """One redis-server process of the test's own, without persistence."""

    def __init__(self, port: int):
        self.port, self.process = port, None

    def start(self) -> None:
        self.process = subprocess.Popen(["redis-server", "--port", str(self.port), "--save", "", "--appendonly", "no"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGCONT)  # a frozen one must be able to die
            self.process.terminate()
            self.process.wait(10)
        self.process = None

    def freeze(self) -> None:
        os.kill(self.process.pid, signal.SIGSTOP)  # accepts connections (the kernel does), answers nothing


@pytest.fixture
def redis_server():
    try:
        socket.create_connection(("127.0.0.1", PORT), timeout=0.2).close()
        pytest.skip(f"port {PORT} is already taken: not our redis-server")
    except OSError:
        pass
    server = RedisServer(PORT)
    server.start()
    cache_backend.reset()
    with override_settings(CACHES=REDIS_CACHES):
        cache.clear()
        caches["local"].clear()
        yield server
        server.stop()
        caches["local"].clear()
    cache_backend.reset()


def timed(call, *args, **kwargs):
    started = time.monotonic()
    response = call(*args, **kwargs)
    return response, time.monotonic() - started


def forget_memory():
    """A fresh worker (or one whose memory expired): only Redis could have served the cached pieces."""
    caches["local"].clear()


def test_redis_is_used_while_it_answers(redis_server):
    duel, _referee, (a, _b) = started_duel()
    response = client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk]))
    assert response.status_code == 200
    assert len(cache._cache.get_client().keys("*")) > 0  # the page's pieces are stored in Redis


@pytest.mark.parametrize("outage", ["stopped", "frozen"])
def test_the_duel_page_a_changed_poll_and_the_api_answer_without_redis(redis_server, outage, caplog):
    duel, _referee, (a, b) = started_duel()
    url = reverse("duels:duel", args=[duel.pk])
    player = client_for(a.duellist.user)
    page = player.get(url)
    assert page.status_code == 200  # cached in Redis and in memory
    version = re.search(r'data-version="([^"]+)"', page.content.decode()).group(1)
    redis_server.stop() if outage == "stopped" else redis_server.freeze()
    forget_memory()
    post(duel, b, [], text=f"Le second duelliste répond pendant la panne. {RP_TEXT}")  # something new to show

    again, seconds = timed(player.get, url)
    assert again.status_code == 200 and seconds < BOUND, seconds
    assert "répond pendant la panne" in again.content.decode()
    poll, seconds = timed(player.get, url, {"v": version}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live")
    assert poll.status_code == 200 and seconds < BOUND, seconds
    assert '<div id="live"' in poll.content.decode() and "répond pendant la panne" in poll.content.decode()
    api, seconds = timed(APIClient().get, reverse("api-duels"))  # the throttle counts in the cache
    assert api.status_code == 200 and seconds < BOUND, seconds
    detail, seconds = timed(APIClient().get, reverse("api-duel", args=[duel.pk]))
    assert detail.status_code == 200 and seconds < BOUND, seconds
    warnings = [r for r in caplog.records if r.name == "estrade.cache" and "unavailable" in r.getMessage()]
    assert len(warnings) == 1  # logged once, not once per call


def page_seen_then(redis_trouble):
    """A started duel whose page a duellist has seen (its pieces cached), then `redis_trouble()` and
    this process's memory emptied: what the next calls get comes from the database or waits on Redis."""
    duel, _referee, (a, _b) = started_duel()
    url = reverse("duels:duel", args=[duel.pk])
    player = client_for(a.duellist.user)
    assert player.get(url).status_code == 200
    redis_trouble()
    forget_memory()
    return duel, a, url, player


def test_a_post_sent_while_redis_is_down_is_stored_and_the_player_told_in_french(redis_server):
    duel, a, url, player = page_seen_then(redis_server.stop)
    response, seconds = timed(player.post, reverse("duels:post", args=[duel.pk]), {"rp_text": RP_TEXT}, follow=True)
    assert response.status_code == 200 and seconds < BOUND, seconds
    assert response.redirect_chain == [(url, 302)]
    assert Post.objects.filter(participant=a).count() == 1
    html = response.content.decode()
    assert "Votre message est publié" in html and "Server Error" not in html


def test_a_frozen_redis_costs_one_short_wait_not_one_per_call(redis_server):
    _duel, _a, url, player = page_seen_then(redis_server.freeze)
    _first, first = timed(player.get, url)
    forget_memory()
    _second, second = timed(player.get, url)
    assert first < 1.0, first  # one call waits TIMEOUT, then the process stops asking for a while
    assert second < 0.5, second  # not asked at all


def test_the_cache_is_used_again_once_redis_is_back(redis_server, monkeypatch):
    monkeypatch.setattr(cache_backend, "RETRY_SECONDS", 0.0)
    redis_server.stop()
    assert cache.get("a-key") is None
    cache.set("a-key", "une valeur")  # dropped, no error
    redis_server.start()
    cache.set("a-key", "une valeur")
    assert cache.get("a-key") == "une valeur"
