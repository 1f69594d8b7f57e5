from django.http import HttpResponseBadRequest, JsonResponse
from django.middleware.locale import LocaleMiddleware
from django.utils.translation import gettext as _


class ChosenLanguageMiddleware(LocaleMiddleware):
    """French for everyone unless the user picked another language (the footer's switcher sets a
    cookie). The browser's Accept-Language is ignored: the forum is French, and a half-translated
    English page would be worse than the French one."""

    def process_request(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        super().process_request(request)


def _has_nul(query) -> bool:
    return any("\x00" in key or any("\x00" in value for value in values) for key, values in query.lists())


class RejectNulBytesMiddleware:
    """A NUL character in the path, the query string or a submitted form is refused with a 400 before any
    view sees it: no text of the club has one, and PostgreSQL cannot store or even compare it (a search,
    an RP text or a cancel reason with one was a 500). JSON in the API (DRF's CharField already refuses
    NUL inside JSON bodies), a French line elsewhere."""

    FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or _has_nul(request.GET) or (
            request.method == "POST" and request.content_type in self.FORM_TYPES and self._post_has_nul(request)
        ):
            return self.refuse(request)
        return self.get_response(request)

    @staticmethod
    def _post_has_nul(request) -> bool:
        try:
            return _has_nul(request.POST)
        except Exception:  # noqa: BLE001 - a malformed body: the view (or CSRF) answers it as usual
            return False

    @staticmethod
    def refuse(request):
        message = _("Requête refusée : le texte envoyé contient un caractère nul.")
        if request.path.startswith("/api/"):
            return JsonResponse({"code": "invalid", "message": message}, status=400)
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
