from django.middleware.locale import LocaleMiddleware


class ChosenLanguageMiddleware(LocaleMiddleware):
    """French for everyone unless the user picked another language (the footer's switcher sets a
    cookie). The browser's Accept-Language is ignored: the forum is French, and a half-translated
    English page would be worse than the French one."""

    def process_request(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        super().process_request(request)
