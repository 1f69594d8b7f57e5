"""The bridge's JSON endpoints (/forum/api/…), called by pont.js from the forum's pages.

CORS answers only the served club's forum origins (Club.allowed_origins: forum/cors.py, on these paths
only), without credentials: no cookie is read or set here. Every write carries a bridge token; errors are JSON with
a `code` and a French `message` the panel shows as is."""
from __future__ import annotations

import functools

from django.conf import settings
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from common.parsers import JSONBodyError, read_json
from duels.selectors import spectators
from forum import selectors
from forum.models import DuelTopic
from forum.services import ForumError, batches, publishing

MAX_BODY = 16 * 1024


def _error(error: ForumError) -> JsonResponse:
    return JsonResponse({"code": error.code, "message": error.message}, status=error.status)


def _body(request) -> dict:
    """The request's JSON object, read by the parser the API uses (size and depth bounded)."""
    try:
        data = read_json(request.body or b"{}", max_bytes=MAX_BODY)
    except JSONBodyError as error:
        raise ForumError(error.code, error.message, error.status) from None
    if not isinstance(data, dict):
        raise ForumError("bad-json", _("Requête illisible."))
    return data


def _no_cookies(response):
    response.cookies.clear()
    response["Cache-Control"] = "no-store"
    return response


def _answered_as_json(view):
    """A token endpoint: the view's answer (a dict) as JSON, a ForumError as its JSON error; no cookie."""
    @functools.wraps(view)
    def answered(request, *args, **kwargs):
        try:
            answer = view(request, *args, **kwargs)
        except ForumError as error:
            return _no_cookies(_error(error))
        return _no_cookies(JsonResponse(answer))
    return answered


def _token(data: dict, *, batch: bool):
    """The request's bridge token; refused when it is for a batch and the endpoint is not (or the reverse)."""
    token = publishing.read_token(data.get("token"))
    if batch and token.scope != "batch":
        raise ForumError("wrong-scope", _("Ce lien ne sert pas à un lot de MP."))
    if not batch and token.scope == "batch":
        raise ForumError("wrong-scope", _("Ce lien sert à un lot de MP."))
    return token


@csrf_exempt
@require_POST
@_answered_as_json
def job(request):
    """What the token allows: the exact BBCode to preview and post, or a batch's unsent messages."""
    token = publishing.read_token(_body(request).get("token"))
    answer = batches.job_for(token) if token.scope == "batch" else publishing.job_for(token)
    answer["flood_wait"] = float(settings.FORUM_FLOOD_WAIT_SECONDS)
    return answer


@csrf_exempt
@require_POST
@_answered_as_json
def report(request):
    """A message posted on the forum: {token, url}."""
    data = _body(request)
    return publishing.report(token=_token(data, batch=False), url=str(data.get("url") or ""))


@csrf_exempt
@require_POST
@_answered_as_json
def delivery(request):
    """One private message of a batch: {token, delivery, ok, error}."""
    data = _body(request)
    token = _token(data, batch=True)
    try:
        delivery_id = int(data.get("delivery"))
    except (TypeError, ValueError):
        raise ForumError("bad-json", _("Requête illisible.")) from None
    return batches.delivery_report(token=token, delivery_id=delivery_id, ok=data.get("ok") is True,
                                   error=str(data.get("error") or ""))


@require_GET
@never_cache
def live(request, topic_id: int):
    """The live panel of the topic linked to a duel (public data: what the duel page shows anyone)."""
    if not selectors.is_enabled():
        raise Http404
    topic = DuelTopic.objects.select_related("duel").filter(topic_id=topic_id).first()
    if topic is None or spectators.public_duel_get(pk=topic.duel_id) is None:
        return _no_cookies(JsonResponse({"code": "no-duel", "message": ""}, status=404))
    return _no_cookies(JsonResponse(selectors.live_panel(topic)))
