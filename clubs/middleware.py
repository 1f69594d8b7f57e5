"""Which club a request is for, from its address (DESIGN.md "Clubs").

- `/<club>/…`: that club's pages. The club's segment moves into the script prefix (as if the club were
  mounted there), so every route, `{% url %}` and redirect of the apps stays as it was and links into
  the same club; the request is served inside `activate_club`.
- `/admin/`, `/api/schema/`, `/api/docs/`, `/i18n/`, `/healthz`: the site's; `/` and `/clubs/`: the list
  of clubs (clubs/site_urls.py; `/` goes straight to the club of a single-club installation).
- `/api/v1/clubs/<club>/…`: that club's API; `/api/v1/…` without a club answers for the home club, so
  that a forum's existing scripts keep working after an installation became its first club.
- Anything else is an address of the single-club layout: it redirects to the home club (the oldest).
"""
from django.http import HttpResponsePermanentRedirect, HttpResponseRedirect, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.http import escape_leading_slashes
from django.utils.translation import gettext as _

from clubs.models import SITE_SEGMENTS, Club
from clubs.scoping import activate_club, outside_clubs
from clubs.selectors import club_by_slug, home_club

SITE_PATHS = ("/api/schema/", "/api/docs/")
API_CLUB_PREFIX = "/api/v1/clubs/"


def _is_route(path: str) -> bool:
    try:
        resolve(path)
    except Resolver404:
        return False
    return True


def _moved(request, path: str):
    query = request.META.get("QUERY_STRING", "")
    location = escape_leading_slashes(path) + (f"?{query}" if query else "")
    if request.method in ("GET", "HEAD"):
        return HttpResponsePermanentRedirect(location)
    response = HttpResponseRedirect(location)
    response.status_code = 308  # the same method and body, at the club's address
    return response


class ClubMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if path.startswith(API_CLUB_PREFIX):
            slug, _slash, rest = path[len(API_CLUB_PREFIX):].partition("/")
            club = club_by_slug(slug)
            if club is None:
                return JsonResponse({"code": "not_found", "message": _("Club inconnu.")}, status=404)
            return self._serve(request, club, "/api/v1/" + rest)
        first, slash, rest = path.lstrip("/").partition("/")
        if first in ("", "clubs"):
            request.urlconf = "clubs.site_urls"  # the list of clubs (clubs/views.py)
            return self.get_response(request)
        if first in SITE_SEGMENTS:
            if first == "api" and not path.startswith(SITE_PATHS):
                club = home_club()
                if club is not None:
                    return self._serve(request, club, path)
            with outside_clubs():  # the platform's own pages (the admin): every club's rows
                return self.get_response(request)
        club = club_by_slug(first)
        if club is None:
            club = home_club()
            if club is None or not _is_route(path):
                return self.get_response(request)  # the 404 page
            return _moved(request, f"/{club.slug}{path}")
        if not slash:
            return _moved(request, f"/{club.slug}/")
        if rest.split("/", 1)[0] == "admin":  # a link to the admin built for a club: the site's admin
            request.path_info = "/" + rest
            with outside_clubs():
                return self.get_response(request)
        return self._serve(request, club, "/" + rest)

    def _serve(self, request, club: Club, path: str):
        request.club = club
        request.path_info = path
        with activate_club(club):
            if club.is_suspended:  # the operator's decision: every address of the club says so, nothing is deleted
                request.urlconf = "clubs.suspended_urls"
            response = self.get_response(request)
            if hasattr(response, "render") and not response.is_rendered:
                response.render()
        return response
