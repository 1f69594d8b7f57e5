"""A small local Forumactif for the bridge's browser tests (stdlib http.server, one thread per request).

The real forum cannot run here; this reproduces its recorded contract, no more:

- Reply form ``GET /post?t=TOPIC&mode=reply`` and new-topic form ``GET /post?f=FORUM&mode=newtopic``:
  ``<form action="/post" method="post" name="post">`` with the hidden fields ``mode``, ``t``/``f``, ``tid``,
  two ``auth[]`` and ``lt``, a ``subject`` input (new topic), the ``message`` textarea and the
  ``post`` submit button. Observed: Forumactif's ``posting_body`` template (Etana/template,
  ``tpl/posting_body.md``: the form is ``{S_POST_ACTION}`` and its hidden fields ``{S_HIDDEN_FORM_FIELDS}``);
  the ``mode``/``t``/``f``/``subject``/``message``/``post`` fields and the ``tid`` hidden field as a public
  Forumactif library (Moderactor.mjs) replays them.
- ``POST /post``: the hidden fields must come back as they were served (each set works once); the
  answer is phpBB2's French "Votre message a été enregistré avec succès." page with a link to the new
  message, ``/tTOPICpSTART-slug#POST``. Observed: phpBB2 ``lang_main.php`` (fr) ``Stored`` and
  ``Click_view_message``; the link forms as Moderactor.mjs reads them back (``/t(\\d+)``, ``#(\\d+)``).
- ``GET /privmsg?mode=post``: ``<fieldset class="submit-buttons">`` holding two ``auth[]``, ``new_pm_time``
  and ``lt`` hidden inputs, plus ``folder=inbox`` and ``mode=post``; fields ``username[]``, ``subject``,
  ``message``, ``post``. Observed: a public Node client of a Forumactif forum that reads
  ``name="auth[]" … name="new_pm_time"`` out of that fieldset and posts them back, and a public Java
  client posting ``username[]``, ``subject``, ``message``, ``lt``, ``folder=inbox``, ``mode=post``,
  ``new_pm_time``, ``post``.
- ``POST /privmsg``: "Votre message a été envoyé." (phpBB2 fr ``Message_sent``), or for an unknown
  recipient "Désolé mais cet utilisateur n'existe pas." (phpBB2 fr ``No_such_user``).
- Flood control: after ``flood_posts`` messages (or ``flood_pms`` PMs) by one member within
  ``flood_seconds``, a 200 page with phpBB2 fr ``Flood_Error``: "Vous ne pouvez pas poster un autre
  sujet en si peu de temps après le dernier, veuillez réessayer dans un court instant." (no status code,
  no delay announced).
- Topic page ``/tTOPIC-slug``: one ``<div class="post" id="pPOST">`` per message and the
  ``_userdata`` global Forumactif pages carry (``username``, ``user_id``, ``session_logged_in``).

The member is whoever the ``fa_user`` cookie names (the tests set it; Forumactif's own session cookie
plays that part). Every HTML page runs ``loader`` in its head, as the forum's "JavaScript management"
runs the pasted loader on every page.

Run alone (``make fake-forum``: ``python -m tests.forum.fake_forumactif --port 8100``) it is a forum to try
a club's opening by hand: ``/admin/js`` stands for « Gestion des codes Javascript » (the code pasted there
runs on every page) and ``/login`` signs a member in by name; the home page links both.
"""
from __future__ import annotations

import html
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

FLOOD_TEXT = ("Vous ne pouvez pas poster un autre sujet en si peu de temps après le dernier, "
              "veuillez réessayer dans un court instant.")


@dataclass
class ForumMessage:
    id: int
    topic: int
    author: str
    text: str
    subject: str = ""


@dataclass
class PrivateMessage:
    sender: str
    to: str
    subject: str
    text: str


@dataclass
class FakeForum:
    members: set[str]
    loader: str = ""
    flood_posts: int = 1000
    flood_pms: int = 1000
    flood_seconds: float = 1.0
    standalone: bool = False  # run by hand: the home page links the admin's JS page and the login
    next_topic: int = 40
    next_message: int = 100
    messages: list[ForumMessage] = field(default_factory=list)
    pms: list[PrivateMessage] = field(default_factory=list)
    floods: int = 0
    refused: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)  # every request line the server saw
    _issued: dict[str, dict] = field(default_factory=dict)
    _recent: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None

    # --- state -------------------------------------------------------------------------------
    def issue(self, kind: str, extra: dict) -> dict:
        """Hidden fields for one form page: new values on every request, each set valid once."""
        fields = {"auth[]": [secrets.token_hex(8), secrets.token_hex(8)], "lt": "", **extra}
        if kind == "pm":
            fields["new_pm_time"] = str(int(time.time()))
        else:
            fields["tid"] = secrets.token_hex(16)
        with self._lock:
            self._issued[fields["auth[]"][0]] = {"kind": kind, **fields}
        return fields

    def redeem(self, kind: str, form: dict[str, list[str]]) -> bool:
        auth = form.get("auth[]", [])
        with self._lock:
            issued = self._issued.pop(auth[0], None) if auth else None
        if issued is None or issued["kind"] != kind or issued["auth[]"] != auth:
            return False
        key = "new_pm_time" if kind == "pm" else "tid"
        return form.get(key, [""])[0] == issued[key]

    def flooded(self, who: str, kind: str) -> bool:
        limit = self.flood_pms if kind == "pm" else self.flood_posts
        now = time.monotonic()
        with self._lock:
            recent = [t for t in self._recent.get((who, kind), []) if now - t < self.flood_seconds]
            if len(recent) >= limit:
                self._recent[(who, kind)] = recent
                self.floods += 1
                return True
            recent.append(now)
            self._recent[(who, kind)] = recent
            return False

    def topic_messages(self, topic: int) -> list[ForumMessage]:
        return [m for m in self.messages if m.topic == topic]

    # --- serving -----------------------------------------------------------------------------
    def start(self, port: int = 0) -> str:
        forum = self

        class Handler(_Handler):
            pass

        Handler.forum = forum
        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self.url

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


def _hidden(fields: dict) -> str:
    out = []
    for name, value in fields.items():
        for one in value if isinstance(value, list) else [value]:
            out.append(f'<input type="hidden" name="{html.escape(name)}" value="{html.escape(one)}">')
    return "".join(out)


class _Handler(BaseHTTPRequestHandler):
    forum: FakeForum

    def log_message(self, *args):  # quiet
        pass

    def member(self) -> str:
        cookie = SimpleCookie(self.headers.get("Cookie", ""))
        return cookie["fa_user"].value if "fa_user" in cookie else ""

    def page(self, title: str, body: str, *, status: int = 200, head: str = "") -> None:
        loader = f"<script>{self.forum.loader}</script>" if self.forum.loader else ""
        text = (f'<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
                f"{head}{loader}</head><body><div id=\"page-body\">{body}</div></body></html>")
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def message_page(self, text: str, extra: str = "") -> None:
        self.page("Informations", f'<div class="main-content"><div class="box-content"><p>{html.escape(text)}</p>'
                                  f"{extra}</div></div>")

    def do_GET(self):  # noqa: N802
        self.forum.paths.append(self.path + " " + self.headers.get("Referer", ""))
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        if parts.path == "/post" and query.get("mode") in ("reply", "newtopic"):
            return self.post_form(query)
        if parts.path == "/privmsg" and query.get("mode") == "post":
            return self.pm_form()
        if parts.path.startswith("/t") and "-" in parts.path:
            return self.topic_page(parts.path)
        if self.forum.standalone and parts.path == "/admin/js":
            return self.js_admin_page()
        if self.forum.standalone and parts.path == "/login":
            return self.login(query.get("user", ""))
        links = ('<p><a href="/admin/js">Panneau d\'administration → Modules → HTML &amp; JavaScript → '
                 'Gestion des codes Javascript</a></p><form action="/login"><label>Pseudo <input name="user">'
                 f'</label><button>Connexion</button></form><p>Connecté : {html.escape(self.member() or "personne")}</p>'
                 if self.forum.standalone else "")
        return self.page("Forum", f"<p>Accueil du forum</p>{links}")

    def js_admin_page(self) -> None:
        self.page("Gestion des codes Javascript", (
            '<form action="/admin/js" method="post"><label for="code">Code Javascript (sur toutes les pages)</label>'
            f'<textarea id="code" name="code" rows="6" cols="80">{html.escape(self.forum.loader)}</textarea>'
            '<input type="submit" value="Valider"></form><p><a href="/">Accueil du forum</a></p>'))

    def login(self, name: str) -> None:
        self.send_response(303)
        self.send_header("Set-Cookie", f"fa_user={name}; Path=/")
        self.send_header("Location", "/")
        self.end_headers()
        if name:
            self.forum.members.add(name)

    def post_form(self, query: dict) -> None:
        if query["mode"] == "reply":
            fields = self.forum.issue("post", {"mode": "reply", "t": query.get("t", "")})
            subject = ""
        else:
            fields = self.forum.issue("post", {"mode": "newtopic", "f": query.get("f", "")})
            subject = '<input type="text" name="subject" value="">'
        self.page("Poster un message", (
            f'<form action="/post" method="post" name="post" enctype="multipart/form-data">{subject}'
            '<textarea name="message"></textarea><input type="checkbox" name="notify" value="1">'
            f'{_hidden(fields)}<input type="submit" name="post" value="Envoyer"></form>'))

    def pm_form(self) -> None:
        fields = self.forum.issue("pm", {})
        self.page("Envoyer un message privé", (
            '<form action="/privmsg" method="post" name="post"><input type="text" name="username[]" value="">'
            '<input type="text" name="subject" value=""><textarea name="message"></textarea>'
            f'<fieldset class="submit-buttons">{_hidden({"auth[]": fields["auth[]"]})}'
            f'<input type="hidden" name="new_pm_time" value="{fields["new_pm_time"]}">'
            '<input type="hidden" name="lt" value=""></fieldset>'
            '<input type="hidden" name="folder" value="inbox"><input type="hidden" name="mode" value="post">'
            '<input type="submit" name="post" value="Envoyer"></form>'))

    def topic_page(self, path: str) -> None:
        try:
            topic = int(path[2:].split("-")[0].split("p")[0])
        except ValueError:
            return self.page("Erreur", "<p>Sujet introuvable</p>", status=404)
        who = self.member()
        userdata = json.dumps({"username": who, "user_id": 2 if who else -1, "session_logged_in": int(bool(who))})
        posts = "".join(
            f'<div class="post" id="p{m.id}"><div class="postbody"><div class="content">{html.escape(m.text)}</div></div></div>'
            for m in self.forum.topic_messages(topic))
        self.page(f"Sujet {topic}", f'<h1 class="page-title">Sujet {topic}</h1>{posts}',
                  head=f"<script>var _userdata = {userdata};</script>")

    def form_data(self) -> dict[str, list[str]]:
        length = int(self.headers.get("Content-Length") or 0)
        return parse_qs(self.rfile.read(length).decode("utf-8"), keep_blank_values=True)

    def do_POST(self):  # noqa: N802
        self.forum.paths.append(self.path + " " + self.headers.get("Referer", ""))
        parts = urlsplit(self.path)
        form = self.form_data()
        if self.forum.standalone and parts.path == "/admin/js":
            self.forum.loader = form.get("code", [""])[0]
            return self.message_page("Le code Javascript est enregistré.", '<p><a href="/">Accueil du forum</a></p>')
        who = self.member()
        if not who:
            return self.message_page("Vous devez être connecté pour poster.")
        if parts.path == "/post":
            return self.post_submit(form, who)
        if parts.path == "/privmsg":
            return self.pm_submit(form, who)
        return self.page("Erreur", "<p>?</p>", status=404)

    def post_submit(self, form: dict, who: str) -> None:
        if not self.forum.redeem("post", form):
            self.forum.refused.append("post: hidden fields")
            return self.message_page("Votre session a expiré, veuillez recommencer.")
        if self.forum.flooded(who, "post"):
            return self.message_page(FLOOD_TEXT)
        mode = form.get("mode", [""])[0]
        with self.forum._lock:
            if mode == "newtopic":
                self.forum.next_topic += 1
                topic = self.forum.next_topic
            else:
                topic = int(form.get("t", ["0"])[0] or 0)
            self.forum.next_message += 1
            message = ForumMessage(self.forum.next_message, topic, who, form.get("message", [""])[0],
                                   form.get("subject", [""])[0])
            self.forum.messages.append(message)
        link = f"/t{topic}p0-duel#{message.id}"
        self.message_page("Votre message a été enregistré avec succès.",
                          f'<p>Cliquez <a href="{link}">ici</a> pour voir votre message</p>')

    def pm_submit(self, form: dict, who: str) -> None:
        if not self.forum.redeem("pm", form):
            self.forum.refused.append("pm: hidden fields")
            return self.message_page("Votre session a expiré, veuillez recommencer.")
        if self.forum.flooded(who, "pm"):
            return self.message_page(FLOOD_TEXT)
        to = form.get("username[]", [""])[0]
        if to not in self.forum.members:
            return self.message_page("Désolé mais cet utilisateur n'existe pas.")
        with self.forum._lock:
            self.forum.pms.append(PrivateMessage(who, to, form.get("subject", [""])[0], form.get("message", [""])[0]))
        self.message_page("Votre message a été envoyé.",
                          '<p>Cliquez <a href="/privmsg?folder=inbox">ici</a> pour retourner à votre boîte de réception</p>')


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="A fake Forumactif forum on 127.0.0.1, to try a club's opening.")
    parser.add_argument("--port", type=int, default=8100)
    port = parser.parse_args().port
    fake = FakeForum(members=set(), standalone=True)
    fake.start(port)
    print(f"Forum factice : {fake.url}/ — code Javascript du forum : {fake.url}/admin/js (Ctrl-C pour arrêter)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        fake.stop()
