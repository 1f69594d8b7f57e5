"""The default spell catalog file (written by the spells app), read without Django.

Format: ``{"magic_types": [...], "spells": [spell dicts in the §7 vocabulary + catalog keys]}``.
A missing file is an empty catalog.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

DEFAULT_CATALOG_PATH = Path(__file__).resolve().parents[2] / "spells" / "catalog" / "default.json"


def default_catalog_spells(path: Path = DEFAULT_CATALOG_PATH) -> list[dict]:
    """The spell dicts of the catalog file (cached while the file is unchanged)."""
    try:
        stamp = path.stat().st_mtime_ns
    except FileNotFoundError:
        return []
    return _read(str(path), stamp)


@functools.lru_cache(maxsize=4)
def _read(path: str, stamp: int) -> list[dict]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    spells = data.get("spells", []) if isinstance(data, dict) else data
    if not isinstance(spells, list):
        raise ValueError(f"{path}: 'spells' must be a list")
    return spells
