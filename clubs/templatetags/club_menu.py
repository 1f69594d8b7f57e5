"""The header's club menu: the clubs of the member signed in, each linked to its home page."""
from django import template

from clubs.scoping import site_prefix
from clubs.selectors import member_clubs

register = template.Library()


@register.simple_tag(takes_context=True)
def club_menu(context) -> list[dict]:
    """The member's clubs ({"name", "url", "current"}) when the page is a club's and they belong to more
    than one; else nothing (the header links the club's name to the list of clubs)."""
    request = context.get("request")
    club = getattr(request, "club", None)
    user = getattr(request, "user", None)
    if club is None or user is None or not user.is_authenticated:
        return []
    clubs = member_clubs(user)
    if len(clubs) < 2:
        return []
    return [{"name": c["name"], "url": f"{site_prefix()}{c['slug']}/", "current": c["slug"] == club.slug}
            for c in clubs]
