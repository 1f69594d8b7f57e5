"""The club's staff manage its webhooks from the control panel (/<club>/gestion/webhooks/): each write checks
the staff's permission in the club being served, re-checks the address (webhooks/addresses.py) and writes
the audit log. The log never holds an address or a secret: only the masked address, and that a secret or
an address changed."""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from audit.models import AuditAction
from audit.services import audit_record
from clubs.scoping import activate_club, current_club_or_none
from common.access import staff_may
from common.errors import RefusedError
from webhooks.addresses import AddressRefused, url_check
from webhooks.models import EventKind, Webhook, WebhookKind, url_masked

MANAGE_WEBHOOKS = "webhooks.change_webhook"
EDITABLE = ("name", "url", "events", "language", "enabled")


class WebhookRefused(RefusedError):
    pass


def _may_manage(by) -> None:
    if not staff_may(by, MANAGE_WEBHOOKS):
        raise WebhookRefused("permission_denied", _("Réservé au staff du club."), status=403)


def _address_checked(url: str) -> str:
    url = (url or "").strip()
    if not url:
        raise WebhookRefused("address_missing", _("Donnez l'adresse du webhook."), status=422)
    try:
        url_check(url)
    except AddressRefused as refused:
        raise WebhookRefused("address_refused", str(refused.message), status=422) from refused
    return url


def _events_checked(events) -> list[str]:
    unknown = [event for event in events if event not in EventKind.values]
    if unknown:
        raise WebhookRefused("unknown_event", _("Événement inconnu : %(event)s.") % {"event": unknown[0]},
                             status=422)
    return [event for event in EventKind.values if event in events]  # the catalogue's order, no repeats


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def webhook_audit(*, by, action: str, webhook: Webhook, **data) -> None:
    """One audit entry about `webhook`, in its club (the operator's admin runs outside any club)."""
    entry = {"webhook": webhook.pk, "name": webhook.name, "kind": webhook.kind,
             "address": url_masked(webhook.url), **data}
    if current_club_or_none() is None:
        with activate_club(webhook.club):
            audit_record(actor=by, action=action, data=entry)
    else:
        audit_record(actor=by, action=action, data=entry)


@transaction.atomic
def webhook_create(*, by, name: str, kind: str, url: str, events: list[str], language: str = "fr") -> Webhook:
    """A new webhook of the club being served. A signed webhook gets a random secret (to show its creator
    once: `webhook.secret` right after this call). Raises WebhookRefused (permission, address, events)."""
    _may_manage(by)
    if kind not in WebhookKind.values:
        raise WebhookRefused("unknown_kind", _("Type de webhook inconnu."), status=422)
    name = (name or "").strip()
    if not name:
        raise WebhookRefused("name_missing", _("Donnez un nom au webhook."), status=422)
    webhook = Webhook(name=name[:100], kind=kind, url=_address_checked(url), events=_events_checked(events),
                      language=language, enabled=True,
                      secret=new_secret() if kind == WebhookKind.SIGNED else "")
    webhook.save()
    webhook_audit(by=by, action=AuditAction.WEBHOOK_CREATE, webhook=webhook, events=webhook.events)
    return webhook


@transaction.atomic
def webhook_update(*, by, webhook: Webhook, values: dict) -> list[str]:
    """Change the webhook's name, address (an empty one keeps the saved address), events, language or
    state; the names of the fields changed. Enabling it clears why it was disabled."""
    _may_manage(by)
    webhook = Webhook.objects.select_for_update().get(pk=webhook.pk)
    values = {**values, "name": (values.get("name") or "").strip()[:100] or webhook.name,
              "events": _events_checked(values.get("events") or [])}
    new_url = (values.get("url") or "").strip()
    values["url"] = _address_checked(new_url) if new_url else webhook.url
    changed = [field for field in EDITABLE if field in values and values[field] != getattr(webhook, field)]
    if not changed:
        return []
    before = {field: getattr(webhook, field) for field in changed if field != "url"}
    for field in changed:
        setattr(webhook, field, values[field])
    if "enabled" in changed and webhook.enabled:
        webhook.disabled_reason = ""
    webhook.save(update_fields=[*changed, "disabled_reason"])
    webhook_audit(by=by, action=AuditAction.WEBHOOK_CHANGE, webhook=webhook, changed=changed, before=before,
                  after={field: getattr(webhook, field) for field in before})
    return changed


@transaction.atomic
def webhook_secret_regenerate(*, by, webhook: Webhook) -> str:
    """A new signing secret for a signed webhook (the old one stops verifying at once); the new secret is
    returned to be shown once."""
    _may_manage(by)
    webhook = Webhook.objects.select_for_update().get(pk=webhook.pk)
    if webhook.kind != WebhookKind.SIGNED:
        raise WebhookRefused("no_secret", _("Seul un webhook signé a un secret de signature."), status=409)
    webhook.secret = new_secret()
    webhook.save(update_fields=["secret"])
    webhook_audit(by=by, action=AuditAction.WEBHOOK_SECRET, webhook=webhook)
    return webhook.secret


@transaction.atomic
def webhook_delete(*, by, webhook: Webhook) -> None:
    """Delete the webhook and its deliveries (what was still to send is dropped)."""
    _may_manage(by)
    webhook = Webhook.objects.select_for_update().get(pk=webhook.pk)
    webhook_audit(by=by, action=AuditAction.WEBHOOK_DELETE, webhook=webhook, events=webhook.events)
    webhook.delete()
