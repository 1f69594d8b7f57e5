"""Forum export: every post and declaration as BBCode ready to paste in the forum's topic
("Copier pour le forum"). RP text as written, the action line in bold, the declaration's results."""
from __future__ import annotations

import functools
import html
import re

import bbcode as bbcode_library
from django.conf import settings
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext as _

from common.forum_text import html_neutral
from duels.export import bbcode_scan

# Tags whose value or content is a URL on the forums' BBCode ([url=…], [url]…[/url], [img]…[/img], …),
# found by bbcode_scan in linear time (a regular expression backtracks on "[url=" * 4000).
URL_TAGS = ("url", "img", "iurl", "email", "video", "flash", "iframe", "embed")
URL_OPENING_TAGS = ("url", "img", "iurl", "video", "flash", "iframe", "embed")
EMBEDDING_TAGS = ("img", "video", "flash", "iframe", "embed")
_SAFE_URL = re.compile(r"(https?://|mailto:|/(?!/)|#)", re.I)
_SCRIPT_SCHEME = re.compile(r"\b((?:java|vb|live)script)(\s*):", re.I)


def _url_is_safe(url: str) -> bool:
    """http(s), mailto, a path or an anchor; what a browser would read as another scheme (javascript:,
    also spelt with entities, blanks or control characters in it) is not."""
    plain = re.sub(r"[\x00-\x20\x7f]+", "", html.unescape(url.strip().strip("\"'")))
    return bool(_SAFE_URL.match(plain))


def bbcode_safe(text: str) -> str:
    """BBCode a member wrote (RP text, comments) or that carries their names, made safe to paste: a URL
    tag whose address is not http(s)/mailto/relative keeps only its text, any remaining
    `javascript:`-like scheme is broken ("javascript :"), so no link of the export runs script, and
    `<`, `>` are written `&#60;`, `&#62;` (common.forum_text), so no HTML of it runs on a forum that
    allows HTML in posts."""

    def pair(found: bbcode_scan.Pair) -> str:
        url = found.value if found.value is not None else found.content
        if _url_is_safe(url):
            return text[found.start:found.end]
        return "" if found.name.lower() in EMBEDDING_TAGS and found.value is None else found.content

    text = bbcode_scan.replace_pairs(text, URL_TAGS, pair)
    text = bbcode_scan.replace_openings(
        text, URL_OPENING_TAGS, lambda tag: text[tag.start:tag.end] if _url_is_safe(tag.value) else "")
    return html_neutral(_SCRIPT_SCHEME.sub(r"\1 :", text))


def bbcode_text(value) -> str:
    """A name inside BBCode: it may not open or close tags, so square brackets become parentheses."""
    return str(value).replace("[", "(").replace("]", ")")


def post(*, author: str, rp_text: str, action: str) -> str:
    return _post(author, rp_text, action)


@functools.lru_cache(maxsize=256)
def _post(author: str, rp_text: str, action: str) -> str:
    """A post's forum copy, made once per process: posts never change (the safety pass is linear, but
    20,000 characters of tags still take milliseconds on every page showing the copy)."""
    parts = []
    if rp_text.strip():
        parts.append(rp_text.strip())
    parts.append(f"[b]{action}[/b]")
    return bbcode_safe("\n\n".join(parts))


def forfeit(*, line: str) -> str:
    """A forfeit as the thread tells it ("ron abandonne le duel le …"), bold for the forum."""
    return bbcode_safe(f"[b]{bbcode_text(line)}[/b]")


def stage_image_url(duel_id: int, turn: int) -> str:
    """The stage after this turn as a PNG, absolute (SITE_URL): forums show [img] where HTML is off."""
    return settings.SITE_URL.rstrip("/") + reverse("duels:turn_stage_png", args=[duel_id, turn])


def declaration(*, turn: int, kind: str, rolls: list[dict], events: list[dict], comment: str,
                stage_image: str = "", closing: list[str] = ()) -> str:
    """The declaration to paste: dice (what each decided and then what happened), results, then
    `closing`: where each duellist stands, the winners by name and what comes next."""
    lines = [f"[b]{_('Tour %(turn)s — %(kind)s') % {'turn': turn, 'kind': kind}}[/b]", ""]
    if stage_image:
        lines += [f"[img]{stage_image}[/img]", ""]
    if comment.strip():
        lines += [f"[i]{comment.strip()}[/i]", ""]
    if rolls:
        lines += [f"[u]{_('Dés')}[/u]", "[list]"]
        for r in rolls:
            verdict = r.get("verdict") or (_("pari gagné") if r["success"] else _("pari perdu"))
            lines.append("[*]" + _("%(who)s : pari %(bet)s, dé %(roll)s — %(verdict)s") % {
                "who": bbcode_text(r.get("by_name") or r.get("by")), "bet": r["bet"], "roll": r["roll"], "verdict": verdict})
        lines += ["[/list]", ""]
    lines.append(f"[u]{_('Résultats')}[/u]")
    lines += [event["text"] for event in events]
    closing = [line for line in closing if line]
    if closing:
        lines += ["", f"[u]{_('Après la déclaration')}[/u]", *closing]
    return bbcode_safe("\n".join(lines).strip())


# --- RP text on the site: the forum's BBCode rendered as the forum would ---------
# The `bbcode` library (dcwatson/bbcode) parses and escapes; only the tags below exist, links keep to
# safe schemes, and colours become classes (the Content-Security-Policy forbids inline styles), from a
# fixed palette in duel.css. The forum copy keeps the original text: this is for display only.
SAFE_SCHEMES = ("http://", "https://", "mailto:")
COLOURS = {"red", "darkred", "orange", "gold", "yellow", "green", "darkgreen", "blue", "darkblue", "navy",
           "purple", "indigo", "violet", "pink", "brown", "teal", "gray", "grey", "black", "white", "silver"}


def _colour(_tag, value, options, _parent, _context):
    name = (options.get("color") or "").strip().lower()
    return f'<span class="bb-c-{name}">{value}</span>' if name in COLOURS else f'<span class="bb-c">{value}</span>'


def _url(_tag, value, options, _parent, _context):
    href = html.unescape((options.get("url") or value or "").strip())  # the library escaped the value already
    if not href.lower().startswith(SAFE_SCHEMES):
        return value  # javascript:, data: and friends: the text only, no link
    return f'<a href="{escape(href)}" rel="nofollow noopener ugc">{value}</a>'


@functools.cache
def _parser():
    parser = bbcode_library.Parser(install_defaults=False, escape_html=True, replace_links=False, replace_cosmetic=False,
                            drop_unrecognized=False, max_tag_depth=20)
    for tag, html_tag in (("b", "strong"), ("i", "em"), ("u", "u"), ("s", "s")):
        parser.add_simple_formatter(tag, f"<{html_tag}>%(value)s</{html_tag}>")
    parser.add_simple_formatter("quote", "<blockquote>%(value)s</blockquote>", strip=True, swallow_trailing_newline=True)
    parser.add_formatter("color", _colour)
    parser.add_formatter("url", _url, replace_links=False)
    return parser


def rp_html(text: str) -> str:
    """The RP text as HTML (escaped, the allowed tags rendered, line breaks kept). Mark it safe in the
    template filter only: everything else was escaped by the parser."""
    return _rp_html(text or "")


@functools.lru_cache(maxsize=256)
def _rp_html(text: str) -> str:
    """Posts never change: a text is rendered once per process (the parser is linear, but a text of
    20,000 characters of tags takes tens of milliseconds), not on every load of the pages showing it."""
    return _parser().format(text)
