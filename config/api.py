"""API conventions shared by every app: error format, permissions.

Every error is JSON: ``{"code": "...", "message": "<French>", "errors": {field: [messages]}}``
(``errors`` only for validation problems).
"""
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions, permissions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from clubs.roles import is_club_staff
from common.errors import RefusedError

FRENCH_MESSAGES = {  # lazily translated: the language is the request's, not the import's
    "not_authenticated": gettext_lazy("Authentification requise : fournissez un jeton (en-tête Authorization: Token …)."),
    "authentication_failed": gettext_lazy("Jeton invalide."),
    "permission_denied": gettext_lazy("Action réservée au staff du forum."),
    "not_found": gettext_lazy("Ressource introuvable."),
    "method_not_allowed": gettext_lazy("Méthode HTTP non autorisée ici."),
    "throttled": gettext_lazy("Trop de requêtes : réessayez plus tard."),
    "parse_error": gettext_lazy("Corps de requête illisible (JSON attendu)."),
    "unsupported_media_type": gettext_lazy("Type de contenu non pris en charge (JSON attendu)."),
    "not_acceptable": gettext_lazy("Format de réponse non disponible."),
    "invalid": gettext_lazy("Données invalides."),
}


def exception_handler(exc, context):
    if isinstance(exc, RefusedError):  # any app's refusal (common/errors.py): its code, message and status
        return Response({"code": exc.code, "message": str(exc.message)}, status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        code = "invalid"
        errors = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        response.data = {"code": code, "message": str(FRENCH_MESSAGES[code]), "errors": errors}
        return response
    code = getattr(exc, "default_code", "error")
    if isinstance(exc.detail, dict) and "code" in exc.detail:
        response.data = exc.detail
        return response
    message = FRENCH_MESSAGES.get(code, str(exc.detail))
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        message = _("Trop de requêtes : réessayez dans %(seconds)d s.") % {"seconds": int(exc.wait) + 1}
    response.data = {"code": code, "message": str(message)}
    return response


class IsStaffOrReadOnly(permissions.BasePermission):
    """Reads are public; writes need the staff role in the club of the URL (clubs.roles.is_club_staff: its
    Membership staff or owner, or a superuser), by its token or session."""

    def has_permission(self, request, view):
        return request.method in permissions.SAFE_METHODS or is_club_staff(request.user)


class IsStaff(permissions.BasePermission):
    """The staff of the club of the URL only (the forum's member sync and invitations)."""

    def has_permission(self, request, view):
        return is_club_staff(request.user)
