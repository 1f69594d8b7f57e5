"""Writing the audit log. Call `audit_record` from a service, inside its transaction (DESIGN.md)."""
from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from audit.models import AuditLog


def audit_record(*, actor, action: str, duel=None, reason: str = "", data: dict[str, Any] | None = None) -> AuditLog:
    """Append one entry. `actor` is a user or None (an automatic action such as the deadline sweep);
    `duel` a Duel or None; `data` JSON-serializable details. Must run inside the caller's transaction so the
    entry commits or rolls back with the action it records."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit_record must run inside the transaction of the action it records.")
    return AuditLog.objects.create(
        created_at=timezone.now(),
        actor=actor if getattr(actor, "pk", None) else None,
        action=str(action),
        duel=duel,
        reason=reason or "",
        data=data or {},
    )
