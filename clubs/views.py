from django.shortcuts import redirect, render

from clubs.selectors import clubs_listed_for


def club_list(request, at_root: bool = False):
    """The clubs a visitor may join or open: the public ones and the member's own. At the site's root
    an installation with a single club goes straight to it (the address of the single-club layout)."""
    clubs = clubs_listed_for(request.user)
    if at_root and len(clubs) == 1:
        return redirect(f"/{clubs[0].slug}/")
    return render(request, "clubs/club_list.html", {"clubs": clubs})
