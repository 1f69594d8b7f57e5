"""`{% audit_journal %}`: the duel's "Journal de l'arbitrage" for the people of the duel.

The duel and adjudication pages show only the latest entries (two per declaration: the page would
grow with the duel), with a link to the whole journal (`duels:journal`). Who reads it, and which
reasons they see: duels/services/journal.py."""
from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from audit.selectors import audit_for_duel
from common.cache import cached
from duels.pages.identity import duel_identity
from duels.services.journal import hide_private_reasons, journal_reader

register = template.Library()

LATEST = 10  # entries on the duel and adjudication pages
ENTRIES_TEMPLATE = "duels/_audit_log_entries.html"
CACHE_SECONDS = 600  # entries never change (append-only); an actor's new name shows within this


def _reader(context) -> str | None:
    return journal_reader(user=context.get("user"), participant=context.get("me"),
                          is_referee=bool(context.get("is_referee")))


@register.simple_tag(takes_context=True)
def audit_journal(context, whole=False):
    """The latest LATEST entries, oldest first, or every entry with `whole`. The latest are one light
    query (their ids; one more row says whether there are older ones) and their HTML, rendered once
    per set of entries and language: the log is append-only, so the ids say all that can change."""
    duel, reader = context.get("duel"), _reader(context)
    if duel is None or reader is None:
        return ""
    if whole:
        entries = hide_private_reasons(list(audit_for_duel(duel=duel)), reader)
        return render_to_string(ENTRIES_TEMPLATE, {"entries": entries, "duel": duel, "whole": True})
    ids = list(audit_for_duel(duel=duel).reverse().values_list("pk", flat=True)[:LATEST + 1])

    def build() -> str:
        entries = hide_private_reasons(list(audit_for_duel(duel=duel).filter(pk__in=ids[:LATEST])), reader)
        return render_to_string(ENTRIES_TEMPLATE, {"entries": entries, "older": len(ids) > LATEST, "duel": duel,
                                                   "latest": LATEST})

    html = cached("audit-journal", (*duel_identity(duel), reader, tuple(ids)), build, CACHE_SECONDS)
    return mark_safe(html)  # noqa: S308 - our own rendered template
