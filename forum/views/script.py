"""/forum/pont.js: the bridge script the forum loads on every page.

Without `?v=` it answers a few lines (cached five minutes) that load `?v=<hash of the script>`, cached
for a year: the loader pasted once in the forum's admin never changes, and a new version reaches the
forum within minutes. Until the club is verified, those lines also report the club's key from the forum's
pages (clubs/verification.py): the one line the staff paste both proves the forum and installs the bridge.

The bridge is a club's: the script sits at /<club>/forum/pont.js and its `base` is the club's root
(SITE_URL + /<club>), so the API it calls, and the links it trusts, are that club's; its `forum` is the
club's forum (Club.forum_url)."""
from __future__ import annotations

import functools
import hashlib
import json

from django.conf import settings
from django.http import HttpResponse
from django.urls import get_script_prefix, reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

from clubs.scoping import current_club
from clubs.verification import verification_report_js
from common.links import site_url
from forum import addresses

# Served as one script: the live panel and the cup's band first (each only defines a function), then the
# bridge that calls them.
SCRIPTS = [settings.BASE_DIR / "static" / "forum" / name for name in ("pont-live.js", "pont-cup.js", "pont.js")]


def club_root() -> str:
    """The served club's root as the forum reaches it ("https://estrade.example/club"), no final slash."""
    return site_url() + get_script_prefix().rstrip("/")


def script_url() -> str:
    """Where the forum loads the bridge from: the served club's pont.js."""
    return site_url() + reverse("forum:pont_js")


def config() -> dict:
    return {
        "base": club_root(), "forum": addresses.forum_url(),
        "timeoutMs": 3000, "refreshMs": 60_000,
    }


@functools.lru_cache(maxsize=64)  # a few per club served
def _built(config_json: str, mtimes: tuple[float, ...]) -> tuple[str, str]:
    body = f"var ESTRADE_PONT = {config_json};\n" + "\n".join(path.read_text(encoding="utf-8") for path in SCRIPTS)
    return body, hashlib.sha256(body.encode()).hexdigest()[:16]


def built() -> tuple[str, str]:
    return _built(json.dumps(config(), sort_keys=True), tuple(path.stat().st_mtime for path in SCRIPTS))


def loader_snippet() -> str:
    """The one line to paste in Forumactif's « Gestion des codes Javascript » (on every page)."""
    src = script_url()
    return ("(function(d){var s=d.createElement('script');s.src='" + src
            + "';s.async=true;d.head.appendChild(s);})(document);")


@require_GET
def pont_js(request):
    body, version = built()
    if request.GET.get("v") == version:
        response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
        patch_cache_control(response, public=True, max_age=365 * 24 * 3600, immutable=True)
    else:
        src = json.dumps(script_url() + "?v=" + version)
        stub = ("(function(d){if(window.ESTRADE_PONT_LOADED)return;window.ESTRADE_PONT_LOADED=1;"
                f"var s=d.createElement('script');s.src={src};s.async=true;d.head.appendChild(s);}})(document);\n"
                + verification_report_js(current_club()))  # until the club is verified
        response = HttpResponse(stub, content_type="text/javascript; charset=utf-8")
        patch_cache_control(response, public=True, max_age=300)
    return response
