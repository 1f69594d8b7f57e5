"""Columns that apps above accounts add to the member imports — the CSV (forum_members.py) and the staff
API's forum members (api/views.py) — registered from their AppConfig.ready(): accounts imports none of
them (DESIGN.md: an app never imports an app above it).

A column `import_column(name, apply)`: an optional CSV column and API field `name` (text, ≤ MAX_LENGTH);
`apply({forum_id: value})` runs in the import's transaction after those members are written (a preview's
too, rolled back with it) and returns the values it did not know, one per member. They are reported as
warnings, never as errors: the members are imported all the same."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

MAX_LENGTH = 100


@dataclass(frozen=True)
class ImportColumn:
    name: str
    apply: Callable[[dict[int, str]], list[str]]


_columns: dict[str, ImportColumn] = {}


def import_column(name: str, apply: Callable[[dict[int, str]], list[str]]) -> None:
    _columns[name] = ImportColumn(name, apply)


def import_column_names() -> list[str]:
    return list(_columns)


def import_extras_apply(values: dict[str, dict[int, str]]) -> dict[str, list[str]]:
    """Each column's values ({column: {forum_id: value}}) applied; the unknown ones by column."""
    unknown = {}
    for name, by_member in values.items():
        column = _columns.get(name)
        if column is not None and by_member:
            unknown[name] = column.apply(by_member)
    return unknown


def warnings_in_words(unknown: dict[str, list[str]]) -> list[str]:
    """« Colonne « maison » : « Gryfondor » inconnu (2 membres) : ignoré. », one per value."""
    lines = []
    for name, values in unknown.items():
        for value, count in Counter(values).items():
            lines.append(_("Colonne « %(column)s » : « %(value)s » est inconnu (%(count)d membre(s)), laissé de "
                           "côté.") % {"column": name, "value": value[:MAX_LENGTH], "count": count})
    return lines
