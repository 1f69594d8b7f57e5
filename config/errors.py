"""Error pages when DEBUG is off: JSON `{"code", "message"}` under /api/ (as the README promises the
forum's scripts), the site's own pages elsewhere (templates/400.html … 500.html: the layout, French or
the chosen language, a way back), a refused CSRF check included."""
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import defaults

from common.errors import RefusedError


def _api(request) -> bool:
    return request.path.startswith("/api/")


def bad_request(request, exception, template_name=defaults.ERROR_400_TEMPLATE_NAME):
    """A field refused by name (common.errors.MalformedInput) says which; any other 400, the general text."""
    refused = exception if isinstance(exception, RefusedError) else None
    if _api(request):
        return JsonResponse({"code": refused.code if refused else "invalid",
                             "message": refused.message if refused else _("Requête invalide.")}, status=400)
    if refused is not None:
        return render(request, template_name, {"message": refused.message}, status=400)
    return defaults.bad_request(request, exception, template_name)


def permission_denied(request, exception, template_name=defaults.ERROR_403_TEMPLATE_NAME):
    if _api(request):
        return JsonResponse({"code": "permission_denied", "message": _("Action réservée au staff du forum.")},
                            status=403)
    return defaults.permission_denied(request, exception, template_name)


def page_not_found(request, exception, template_name=defaults.ERROR_404_TEMPLATE_NAME):
    if _api(request):
        return JsonResponse({"code": "not_found", "message": _("Ressource introuvable.")}, status=404)
    return defaults.page_not_found(request, exception, template_name)


def api_not_found(request, *args, **kwargs):
    """The route of every /api/ address no endpoint serves: the JSON 404 whatever DEBUG says (Django's
    debug page is HTML)."""
    return page_not_found(request, None)


def server_error(request, template_name=defaults.ERROR_500_TEMPLATE_NAME):
    if _api(request):
        return JsonResponse({"code": "server_error", "message": _("Erreur du serveur : réessayez plus tard.")},
                            status=500)
    return defaults.server_error(request, template_name)


def csrf_failure(request, reason=""):
    """A form refused by the CSRF check (an old tab, cookies blocked): the site's 403 page, not Django's
    English one."""
    if _api(request):
        return JsonResponse({"code": "csrf_failed", "message": _("Requête refusée : jeton CSRF absent ou périmé.")},
                            status=403)

    return render(request, "403.html", {"csrf_failed": True}, status=403)
