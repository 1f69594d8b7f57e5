"""The installable app (manifest, service worker, offline page) and the member's push settings.

The service worker is served from the club's root (`/<club>/sw.js`): its scope is the club's pages, which
it controls (the offline page when the network is gone) and to which its notifications link. Neither it
nor the manifest reads the database beyond the club already loaded by the middleware."""
from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.scoping import current_club
from common.errors import RefusedError
from common.views import refused
from push.forms import PushPreferencesForm
from push.services.preferences import preferences_set
from push.services.subscriptions import subscription_delete, subscription_save

THEME_COLOUR = "#6b1d1d"  # the header's colour (static/css/estrade.css --accent)
BACKGROUND_COLOUR = "#fbf8f1"
BODY_LIMIT = 4096  # a subscription is a few hundred bytes


def _club_root() -> str:
    return reverse("home")


@require_GET
def service_worker(request):
    worker_settings = {"offline": reverse("push:offline"), "cache": f"estrade-{settings.RELEASE}",
                       "css": static("css/estrade.css"), "icon": static("icons/estrade-192.png")}
    response = render(request, "push/sw.js", {"settings_json": json.dumps(worker_settings)},
                      content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # the browser checks for a new version on every visit
    response["Service-Worker-Allowed"] = _club_root()
    return response


@require_GET
def manifest(request):
    club, root = current_club(), _club_root()
    body = {
        "name": f"Estrade — {club.name}", "short_name": club.name[:12] or "Estrade",
        "description": _("Le club de duel : à vous de poster, depuis votre téléphone."),
        "lang": translation.get_language(), "start_url": root, "scope": root, "id": root,
        "display": "standalone", "theme_color": THEME_COLOUR, "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static("icons/estrade-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("icons/estrade-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": static("icons/estrade-maskable-192.png"), "sizes": "192x192", "type": "image/png",
             "purpose": "maskable"},
            {"src": static("icons/estrade-maskable-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }
    response = HttpResponse(json.dumps(body, ensure_ascii=False), content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request):
    """What the service worker shows when a page cannot be reached (cached once: nothing personal)."""
    return render(request, "push/offline.html", {"club_name": current_club().name, "home": _club_root()})


def _json_body(request) -> dict:
    if len(request.body) > BODY_LIMIT:
        return {}
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def _refusal(error: RefusedError) -> JsonResponse:
    return JsonResponse({"code": error.code, "message": error.message}, status=error.status)


@require_POST
def subscribe(request):
    """This browser's subscription (JSON, as `PushSubscription.toJSON()` gives it), for the member."""
    if not request.user.is_authenticated:
        return JsonResponse({"code": "login", "message": _("Connectez-vous pour activer les notifications.")},
                            status=403)
    body = _json_body(request)
    keys = body.get("keys") if isinstance(body.get("keys"), dict) else {}
    try:
        subscription = subscription_save(
            user=request.user, endpoint=str(body.get("endpoint") or ""), p256dh=str(keys.get("p256dh") or ""),
            auth=str(keys.get("auth") or ""), device=str(request.headers.get("User-Agent", ""))[:120])
    except RefusedError as error:
        return _refusal(error)
    return JsonResponse({"id": subscription.pk, "message": _("Notifications activées sur cet appareil.")},
                        status=201)


@require_POST
@login_required
def unsubscribe(request):
    """Turn push off for one of the member's browsers: this one (JSON, its endpoint) or one listed on the
    profile (a form, its id). Someone else's subscription is never found."""
    if request.content_type == "application/json":
        deleted = subscription_delete(user=request.user, endpoint=str(_json_body(request).get("endpoint") or ""))
        return JsonResponse({"deleted": deleted})
    try:
        subscription_id = int(request.POST.get("subscription", ""))
    except ValueError:
        subscription_id = 0
    if subscription_delete(user=request.user, subscription_id=subscription_id):
        messages.success(request, _("Notifications désactivées pour cet appareil."))
    return redirect(reverse("profile") + "#push")


@require_POST
@login_required
def preferences(request):
    form = PushPreferencesForm(request.POST)
    if not form.is_valid():
        error = RefusedError("invalid", " ".join(str(e) for errors in form.errors.values() for e in errors))
        return refused(request, error, reverse("profile") + "#push")
    preferences_set(user=request.user, categories=form.cleaned_data["categories"],
                    quiet_start=form.cleaned_data["quiet_start"], quiet_end=form.cleaned_data["quiet_end"])
    messages.success(request, _("Préférences des notifications push enregistrées."))
    return redirect(reverse("profile") + "#push")
