"""The live stage in the forum thread's iframe: loads from an allowed origin, not elsewhere."""
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.support.duels import declare, post, started_duel
from tests.support.forum import forum_configured

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def forum_serving(embed_url: str):
    """A stand-in forum on its own origin (127.0.0.1 and a free port, next to the live server's
    localhost: a local origin, as a public one may not frame a local address), whose topic's first
    post holds the embed's iframe."""
    html = (f"<!doctype html><html lang='fr'><head><meta charset='utf-8'><title>Sujet du duel</title></head>"
            f"<body style='font-family:sans-serif;background:#eef'><h1>Le sujet du duel sur le forum</h1>"
            f"<p>Premier message du sujet :</p><iframe src='{embed_url}' width='100%' height='460' "
            f"style='border:1px solid #999'></iframe><p>Bon duel à tous !</p></body></html>").encode()

    class Topic(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Topic)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_the_embed_shows_the_live_stage_in_the_forum_thread_only(new_page, screenshot, live_server, club):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"move": 5}])
    post(duel, b, [])
    declare(duel, referee)
    embed_url = f"{live_server.url}/duels/{duel.pk}/embed/"

    with forum_serving(embed_url) as forum, forum_serving(embed_url) as elsewhere:
        forum_configured(club, url=forum)
        page = new_page(viewport={"width": 1000, "height": 700})
        page.goto(f"{forum}/sujet-du-duel")
        frame = page.frame_locator("iframe")
        frame.locator(".stage").wait_for()
        assert frame.locator(f'[data-duellist="{a.duellist.forum_name}"]').count() == 1
        assert frame.locator('[data-zone="5"] [data-duellist]').count() == 1  # where the declaration put a
        assert "Tour 2" in frame.locator(".duel-status").inner_text()
        screenshot(page, "embed-01-forum-thread")

        other = new_page(viewport={"width": 1000, "height": 700})
        other.goto(f"{elsewhere}/sujet-du-duel")  # another origin (another port): not the club's forum
        other.wait_for_timeout(1500)
        assert other.frame_locator("iframe").locator(".stage").count() == 0  # refused by frame-ancestors
        screenshot(other, "embed-02-other-origin-refused")
