"""`{% audit_journal %}`: the duel's "Journal de l'arbitrage" for the people of the duel (issue 13).

The duel and adjudication pages show only the latest entries (issue 16: two per declaration, the
page grew with the duel), with a link to the whole journal (`duels:journal`)."""
from django import template
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from audit.models import AuditAction
from audit.selectors import audit_for_duel

register = template.Library()

LATEST = 10  # entries on the duel and adjudication pages
ENTRIES_TEMPLATE = "duels/_audit_log_entries.html"
CACHE_SECONDS = 600  # entries never change (append-only); an actor's new name shows within this
# Actions whose reason concerns one duellist (an exemption's is often medical): shown to that duellist,
# the referee and staff only. The entry's `data["participant"]` names the duellist (engine id).
PRIVATE_REASON_ACTIONS = {AuditAction.EXEMPTION_DECIDE}


def may_read_journal(context) -> bool:
    """Its duellists, its referee and staff; nothing for anyone else (spectators read the published
    thread, not the referee's log)."""
    duel, user = context.get("duel"), context.get("user")
    return bool(
        duel is not None and user is not None and user.is_authenticated
        and (context.get("me") or context.get("is_referee") or user.is_staff)
    )


def reader_of(context) -> str:
    """Who reads, as far as private reasons go: "all" (the referee, staff) or the reader's engine id."""
    if context.get("is_referee") or context["user"].is_staff:
        return "all"
    me = context.get("me")
    return me.engine_id if me is not None else ""


def hide_private_reasons(entries: list, reader: str) -> list:
    """The entries, each with `shown_reason`: its reason, or "" when the reason is private to another
    duellist than `reader`."""
    for entry in entries:
        private = entry.action in PRIVATE_REASON_ACTIONS and reader != "all" and (
            not reader or (entry.data or {}).get("participant") != reader)
        entry.shown_reason = "" if private else entry.reason
    return entries


@register.simple_tag(takes_context=True)
def audit_journal(context, whole=False):
    """The latest LATEST entries, oldest first, or every entry with `whole`. The latest are one light
    query (their ids; one more row says whether there are older ones) and their HTML, rendered once
    per set of entries and language: the log is append-only, so the ids say all that can change."""
    if not may_read_journal(context):
        return ""
    duel, reader = context["duel"], reader_of(context)
    if whole:
        entries = hide_private_reasons(list(audit_for_duel(duel=duel)), reader)
        return render_to_string(ENTRIES_TEMPLATE, {"entries": entries, "duel": duel, "whole": True})
    ids = list(audit_for_duel(duel=duel).reverse().values_list("pk", flat=True)[:LATEST + 1])
    stamp = int(duel.created_at.timestamp() * 1e6)  # a reused pk (a fresh test database) is another duel
    key = f"audit-journal:{duel.pk}:{stamp}:{get_language()}:{reader}:{','.join(map(str, ids))}"
    html = cache.get(key)
    if html is None:
        entries = hide_private_reasons(list(audit_for_duel(duel=duel).filter(pk__in=ids[:LATEST])), reader)
        html = render_to_string(ENTRIES_TEMPLATE, {"entries": entries, "older": len(ids) > LATEST, "duel": duel,
                                                   "latest": LATEST})
        cache.set(key, html, CACHE_SECONDS)
    return mark_safe(html)  # noqa: S308 - our own rendered template
