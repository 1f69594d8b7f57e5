from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.errors import api_not_found


def favicon(request):
    """Pages without a <link rel=icon> (the embed, the admin): browsers ask for /favicon.ico. The icon's
    address is asked per request: the hashed-files manifest need not exist when the URLconf loads
    (`manage.py replay`, system checks before `collectstatic`)."""
    return redirect(static("favicon.svg"), permanent=True)


urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("api/v1/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as a file (no inline script); Swagger UI itself
    # styles with inline <style> and style attributes: allowed on this page only (no member content).
    path("api/docs/", csp_update({"style-src": [UNSAFE_INLINE]})(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
         name="api-docs"),
    # Any other address under /api/ (ending with a slash: without one, APPEND_SLASH still redirects to
    # the route it was meant for): the API's JSON 404, also when DEBUG shows Django's pages elsewhere.
    path("api/", api_not_found),
    path("api/<path:rest>/", api_not_found),
    path("", include("accounts.urls")),
    path("sorts/", include("spells.urls")),
    path("duels/", include("duels.urls")),
    path("classement/", include("rankings.urls")),
    path("tournois/", include("tournaments.urls")),
    path("coupe/", include("cup.urls")),
    path("forum/", include("forum.urls")),
    path("gestion/", include("clubs.urls")),
    # The installable app and web push (push/): the manifest and service worker at the club's root.
    path("", include("push.urls")),
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
