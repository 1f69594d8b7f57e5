"""The lines the forum's script (forum/pont.js, loaded by the one line the club's staff paste into
Forumactif) carries while its club is not verified: one report of the club's key, from the forum's pages
(the browser names the page's origin). A text/plain POST needs no preflight and sends no cookie; its
answer is not read. Once the club is verified, the script carries nothing of it."""
from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse

from clubs.models import Club
from common.links import site_url


def verification_report_js(club: Club) -> str:
    if club.is_verified:
        return ""
    return render_to_string("clubs/verification.js", {
        "report_url": site_url() + reverse("clubs:verification_report"), "key": club.verification_key})
