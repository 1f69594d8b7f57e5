"""Error pages when DEBUG is off: JSON `{"code", "message"}` under /api/ (as the README promises the
forum's scripts), Django's own pages elsewhere."""
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults


def _api(request) -> bool:
    return request.path.startswith("/api/")


def bad_request(request, exception, template_name=defaults.ERROR_400_TEMPLATE_NAME):
    if _api(request):
        return JsonResponse({"code": "invalid", "message": _("Requête invalide.")}, status=400)
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


def server_error(request, template_name=defaults.ERROR_500_TEMPLATE_NAME):
    if _api(request):
        return JsonResponse({"code": "server_error", "message": _("Erreur du serveur : réessayez plus tard.")},
                            status=500)
    return defaults.server_error(request, template_name)
