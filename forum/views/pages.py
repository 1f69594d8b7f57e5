"""Estrade pages of the bridge: the links that open the forum with a token, linking an existing topic,
the staff page of invitation PMs, a batch's page and the referee's reminder PMs.

The forum is opened by a plain link (GET → redirect with the token in the fragment), never by a form:
the Content-Security-Policy's form-action keeps forms on Estrade."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.permissions import ISSUE_ACCOUNT_LINKS
from common.access import permission_required
from duels.models import Duel
from forum import selectors
from forum.models import PmBatch
from forum.services import ForumError, batches, publishing
from forum.views import script

SCOPES = {"sujet": "topic", "depart": "start", "message": "post", "declaration": "declaration"}


def _refused(request, error: ForumError, to: str, **kwargs):
    """A forum action refused: its French message, and back to the page `to`."""
    messages.error(request, error.message)
    return redirect(to, **kwargs)


def _back_to_duel(request, scope: str, pk: int):
    try:
        duel = publishing.duel_of("start" if scope == "topic" else scope, pk)
    except ForumError:
        return redirect("duels:dashboard")
    fallback = reverse("duels:duel", args=[duel.pk])
    back = request.GET.get("retour", "")
    safe = url_has_allowed_host_and_scheme(back, allowed_hosts=None) and back.startswith("/")
    return redirect(back if safe else fallback)


@login_required
@require_GET
def open_item(request, what: str, pk: int):
    """« Créer le sujet sur le forum » / « Publier sur le forum »: to the forum page, token in the fragment."""
    scope = SCOPES.get(what)
    if scope is None:
        raise PermissionDenied
    try:
        target = publishing.open_link(user=request.user, scope=scope, object_id=pk)
    except ForumError as error:
        messages.error(request, error.message)
        return _back_to_duel(request, scope, pk)
    return HttpResponseRedirect(target)


@login_required
@require_POST
def topic_link(request, pk: int):
    """« Lier un sujet existant »: the referee pastes the topic's address."""
    duel = get_object_or_404(Duel.objects.select_related("referee"), pk=pk)
    try:
        topic = publishing.topic_link(duel=duel, url=request.POST.get("url", ""), by=request.user)
    except ForumError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Sujet lié : %(url)s") % {"url": topic.url})
    return redirect("duels:duel", pk=duel.pk)


@permission_required(ISSUE_ACCOUNT_LINKS)
def invitations(request):
    """Members whose invitation has not gone out by PM, and « Envoyer N invitations par MP depuis le forum »."""
    if request.method == "POST":
        try:
            batch = batches.invitation_batch_create(by=request.user)
        except ForumError as error:
            return _refused(request, error, "forum:invitations")
        return redirect("forum:batch", pk=batch.pk)
    return render(request, "forum/invitations.html", {
        "enabled": selectors.is_enabled(), "pending": selectors.pending_invitation_members(),
        "loader": script.loader_snippet(),
        "unfinished": [selectors.batch_summary(b) for b in selectors.unfinished_batches(PmBatch.Kind.INVITATION)],
    })


@login_required
@require_POST
def reminders(request, pk: int):
    """The referee's reminder PMs to the duellists still expected (adjudication page)."""
    duel = get_object_or_404(Duel.objects.select_related("referee"), pk=pk)
    try:
        batch = batches.reminder_batch_create(duel=duel, by=request.user)
    except ForumError as error:
        return _refused(request, error, "duels:adjudicate", pk=duel.pk)
    return redirect("forum:batch", pk=batch.pk)


@login_required
def batch_page(request, pk: int):
    batch = get_object_or_404(PmBatch.objects.select_related("duel"), pk=pk)
    if not batches.may_send(batch, request.user):
        raise PermissionDenied
    return render(request, "forum/batch.html", {"summary": selectors.batch_summary(batch)})


@login_required
@require_GET
def batch_open(request, pk: int):
    """« Ouvrir la messagerie du forum »: the forum's PM page with this batch's token."""
    batch = get_object_or_404(PmBatch.objects.select_related("duel"), pk=pk)
    try:
        target = batches.open_link(batch=batch, user=request.user)
    except ForumError as error:
        return _refused(request, error, "forum:batch", pk=batch.pk)
    return HttpResponseRedirect(target)
