"""The club's webhooks in its control panel (/<club>/gestion/webhooks/), for its staff: the list (addresses
masked), add, edit, delete, the signing secret shown once, and each webhook's deliveries with a resend.
Views parse and call webhooks/services/panel.py (or delivery_resend); reads are in webhooks/selectors.py."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.scoping import current_club
from common.access import permission_required
from common.views import refused
from webhooks.models import Delivery, DeliveryStatus, Webhook, WebhookKind
from webhooks.panel_forms import WebhookCreateForm, WebhookEditForm
from webhooks.selectors import club_webhooks, event_labels, webhook_deliveries
from webhooks.services.delivery import RESEND_PERMISSION, ResendRefused, delivery_resend
from webhooks.services.panel import (
    MANAGE_WEBHOOKS,
    WebhookRefused,
    webhook_create,
    webhook_delete,
    webhook_secret_regenerate,
    webhook_update,
)

SECRET_SESSION_KEY = "webhooks:panel-secret"  # {"webhook": pk, "secret": …} until its one page is shown


def _stored(form, store):
    """What `store(cleaned data)` returned, or None with the refusal on the form (its status with it)."""
    if not form.is_valid():
        return None, 422
    try:
        return store(form.cleaned_data), 200
    except WebhookRefused as refusal:
        form.add_error("url" if refusal.code.startswith("address") else None, refusal.message)
        return None, refusal.status


def _secret_to_show(request, webhook: Webhook, secret: str):
    """Keep the secret in the server-side session for its one page, and go there."""
    request.session[SECRET_SESSION_KEY] = {"webhook": webhook.pk, "secret": secret}
    return redirect("clubs:webhooks_panel:secret", webhook.pk)


@permission_required(MANAGE_WEBHOOKS)
def webhook_list(request):
    hooks = list(club_webhooks())
    for hook in hooks:
        hook.event_labels = event_labels(hook.events)
        hook.last_status_label = DeliveryStatus(hook.last_status).label if hook.last_status else ""
    return render(request, "webhooks/panel_list.html", {"club": current_club(), "webhooks": hooks})


@permission_required(MANAGE_WEBHOOKS)
def webhook_add(request):
    form = WebhookCreateForm(request.POST or None)
    status = 200
    if request.method == "POST":
        webhook, status = _stored(form, lambda data: webhook_create(
            by=request.user, name=data["name"], kind=data["kind"], url=data["url"], events=data["events"],
            language=data["language"]))
        if webhook is not None:
            messages.success(request, _("Webhook « %(name)s » ajouté.") % {"name": webhook.name})
            if webhook.secret:
                return _secret_to_show(request, webhook, webhook.secret)
            return redirect("clubs:webhooks_panel:list")
    return render(request, "webhooks/panel_form.html", {"club": current_club(), "form": form, "webhook": None},
                  status=status)


@permission_required(MANAGE_WEBHOOKS)
def webhook_edit(request, pk: int):
    webhook = get_object_or_404(Webhook, pk=pk)
    form = WebhookEditForm(request.POST or None, webhook=webhook)
    status = 200
    if request.method == "POST":
        changed, status = _stored(form, lambda data: webhook_update(by=request.user, webhook=webhook, values=data))
        if status == 200:
            messages.success(request, _("Webhook enregistré.") if changed else _("Rien n'a changé."))
            return redirect("clubs:webhooks_panel:list")
    return render(request, "webhooks/panel_form.html", {
        "club": current_club(), "form": form, "webhook": webhook, "signed": webhook.kind == WebhookKind.SIGNED,
    }, status=status)


@never_cache
@permission_required(MANAGE_WEBHOOKS)
def webhook_secret(request, pk: int):
    """The secret just drawn, once: taken out of the session as the page is built, so a reload, the back
    button or another tab finds it gone."""
    webhook = get_object_or_404(Webhook, pk=pk)
    pending = request.session.get(SECRET_SESSION_KEY) or {}
    secret = ""
    if pending.get("webhook") == webhook.pk:
        secret = pending.get("secret", "")
        del request.session[SECRET_SESSION_KEY]
    return render(request, "webhooks/panel_secret.html", {"club": current_club(), "webhook": webhook,
                                                          "secret": secret})


@require_POST
@permission_required(MANAGE_WEBHOOKS)
def webhook_secret_new(request, pk: int):
    webhook = get_object_or_404(Webhook, pk=pk)
    try:
        secret = webhook_secret_regenerate(by=request.user, webhook=webhook)
    except WebhookRefused as refusal:
        return refused(request, refusal, "clubs:webhooks_panel:edit", webhook.pk)
    messages.success(request, _("Nouveau secret tiré : l'ancien ne signe plus rien."))
    return _secret_to_show(request, webhook, secret)


@permission_required(MANAGE_WEBHOOKS)
def webhook_remove(request, pk: int):
    webhook = get_object_or_404(Webhook, pk=pk)
    if request.method == "POST":
        if request.POST.get("confirm") != "yes":
            messages.error(request, _("Cochez la case pour confirmer la suppression."))
            return redirect("clubs:webhooks_panel:delete", webhook.pk)
        webhook_delete(by=request.user, webhook=webhook)
        messages.success(request, _("Webhook « %(name)s » supprimé.") % {"name": webhook.name})
        return redirect("clubs:webhooks_panel:list")
    return render(request, "webhooks/panel_delete.html", {
        "club": current_club(), "webhook": webhook, "deliveries": webhook.deliveries.count()})


@permission_required(MANAGE_WEBHOOKS)
def webhook_delivery_list(request, pk: int):
    webhook = get_object_or_404(Webhook, pk=pk)
    page = webhook_deliveries(webhook, request.GET.get("page"))
    return render(request, "webhooks/panel_deliveries.html", {
        "club": current_club(), "webhook": webhook, "page": page, "deliveries": page.object_list})


@require_POST
@permission_required(RESEND_PERMISSION)
def webhook_delivery_resend(request, pk: int, delivery_pk: int):
    webhook = get_object_or_404(Webhook, pk=pk)
    delivery = get_object_or_404(Delivery.objects.select_related("webhook"), pk=delivery_pk, webhook=webhook)
    try:
        delivery_resend(delivery=delivery, by=request.user)
    except ResendRefused as refusal:
        return refused(request, refusal, "clubs:webhooks_panel:deliveries", webhook.pk)
    messages.success(request, _("Envoi renvoyé : il part dans quelques instants."))
    return redirect("clubs:webhooks_panel:deliveries", webhook.pk)
