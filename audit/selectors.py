"""Reading the audit log."""
from __future__ import annotations

from django.db.models import QuerySet

from audit.models import AuditLog


def audit_for_duel(*, duel) -> QuerySet[AuditLog]:
    """A duel's entries, oldest first, with their actor (one query)."""
    return AuditLog.objects.filter(duel=duel).select_related("actor").order_by("created_at", "pk")
