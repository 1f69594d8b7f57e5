"""/forum/installation/: the staff's page for setting the bridge up (its settings, then the line to paste
in the forum). « Invitations par MP » and the staff pages link to it, so an unconfigured bridge is never a
dead end."""
from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.http import require_GET

from common.access import staff_required
from forum import selectors
from forum.setup import bridge_settings
from forum.views import script


@staff_required
@require_GET
def setup(request):
    return render(request, "forum/setup.html", {
        "enabled": selectors.is_enabled(), "forum_url": settings.FORUM_URL, "settings_rows": bridge_settings(),
        "loader": script.loader_snippet(),
    })
