"""`{% audit_journal %}`: the duel's "Journal de l'arbitrage" for the people of the duel (issue 13).

The duel and adjudication pages show only the latest entries (issue 16: two per declaration, the
page grew with the duel), with a link to the whole journal (`duels:journal`)."""
from django import template

from audit.selectors import audit_for_duel

register = template.Library()

LATEST = 10  # entries on the duel and adjudication pages


def may_read_journal(context) -> bool:
    """Its duellists, its referee and staff; nothing for anyone else (spectators read the published
    thread, not the referee's log)."""
    duel, user = context.get("duel"), context.get("user")
    return bool(
        duel is not None and user is not None and user.is_authenticated
        and (context.get("me") or context.get("is_referee") or user.is_staff)
    )


@register.inclusion_tag("duels/_audit_log_entries.html", takes_context=True)
def audit_journal(context, whole=False):
    """The latest LATEST entries, oldest first (one query: one more row says whether there are older
    ones), or every entry with `whole`."""
    if not may_read_journal(context):
        return {"entries": None}
    duel = context["duel"]
    if whole:
        return {"entries": list(audit_for_duel(duel=duel)), "duel": duel, "whole": True}
    newest = list(audit_for_duel(duel=duel).reverse()[:LATEST + 1])
    return {"entries": newest[:LATEST][::-1], "older": len(newest) > LATEST, "duel": duel, "latest": LATEST}
