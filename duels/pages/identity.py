"""What names a duel in a cache key: its id and its creation time (a reused id, as in a fresh test
database or a restored backup, is another duel)."""
from __future__ import annotations


def duel_identity(duel) -> tuple[int, int]:
    return duel.pk, int(duel.created_at.timestamp() * 1e6)
