"""`{% audit_journal %}`: the duel's "Journal de l'arbitrage" for the people of the duel (issue 13)."""
from django import template

from audit.selectors import audit_for_duel

register = template.Library()


@register.inclusion_tag("duels/_audit_log_entries.html", takes_context=True)
def audit_journal(context):
    """The duel's audit entries (one query), for its duellists, its referee and staff; nothing for
    anyone else (spectators read the published thread, not the referee's log)."""
    duel, user = context.get("duel"), context.get("user")
    allowed = bool(
        duel is not None and user is not None and user.is_authenticated
        and (context.get("me") or context.get("is_referee") or user.is_staff)
    )
    return {"entries": list(audit_for_duel(duel=duel)) if allowed else None}
