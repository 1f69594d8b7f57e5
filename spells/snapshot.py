"""The catalog as the rules engine sees it (RULES.md §7 dicts).

A duel stores `catalog_snapshot()` when it starts (duels.services.setup.duel_start): later catalog edits
never change a running duel. The snapshot is the active club's catalogue — the duel's club, since the duel
itself is only found inside its club.
"""
from __future__ import annotations

import copy

from spells.catalog_format import engine_spell
from spells.models import Spell
from spells.selectors import catalog_spells


def spell_to_engine_dict(spell: Spell) -> dict:
    """One spell in exactly the §7 vocabulary (no incantation/description), JSON-serializable.

    Accepted by `duels.engine.spells.spell_from_dict`. Prefetch `modulations` and select
    `magic_type` when converting many spells."""
    return copy.deepcopy(engine_spell(spell.to_catalog_dict()))


def catalog_snapshot() -> list[dict]:
    """Every offered spell (not retired) of the active club's catalogue as §7 dicts, ordered by slug (two
    queries, whatever the size)."""
    return [spell_to_engine_dict(spell) for spell in catalog_spells().offered()]
