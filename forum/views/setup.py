"""/forum/installation/: the staff's page for setting the bridge up (the club's forum, the installation's
settings, then the line to paste in the forum). « Invitations par MP » and the staff pages link to it, so
an unconfigured bridge is never a dead end."""
from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.scoping import current_club
from common.access import staff_required
from forum import addresses, selectors
from forum.setup import bridge_settings, club_admin_url, club_settings
from forum.views import script


@staff_required
@require_GET
def setup(request):
    return render(request, "forum/setup.html", {
        "enabled": selectors.is_enabled(), "forum_url": addresses.forum_url(), "club": current_club(),
        "club_rows": club_settings(), "settings_rows": bridge_settings(), "admin_url": club_admin_url(request.user),
        "loader": script.loader_snippet(),
    })
