"""Parsing and validation of forum member data (CSV import; reused by the staff API).

CSV columns (header row required, UTF-8, comma or semicolon separated):

| column          | required | format                                                    |
|-----------------|----------|-----------------------------------------------------------|
| forum_id        | yes      | positive integer, the member's id on the forum            |
| forum_name      | yes      | the member's name on the forum                            |
| joined_on       | yes      | join date, YYYY-MM-DD or DD/MM/YYYY, not in the future    |
| post_count      | yes      | integer >= 0                                              |
| homework_year   | yes      | 1..8 (8 = adulte)                                          |
| character_name  | no       | the RP character                                          |
| rp_year         | no       | 1..8, empty when the character is not in the chronology   |
| magic_types     | no       | magic type slugs separated by "|" (e.g. "malefices|soins") |
| prodigium       | no       | oui/non, true/false, 1/0 (empty = non)                    |
"""
from __future__ import annotations

import datetime as dt
import re

from django.utils.translation import gettext as _

from accounts.services.members import ForumMemberData

REQUIRED_COLUMNS = ("forum_id", "forum_name", "joined_on", "post_count", "homework_year")
OPTIONAL_COLUMNS = ("character_name", "rp_year", "magic_types", "prodigium")
# The model's limits (Duellist): checked on every row before anything is written.
MAX_INTEGER = 2**31 - 1  # PositiveIntegerField on PostgreSQL
MAX_LENGTHS = {"forum_name": 100, "character_name": 150}
INTEGER = re.compile(r"-?[0-9]+\Z")  # ASCII digits only: int() would also take "+5", "1_000" or "١٢"
TRUE_WORDS = {"oui", "true", "1", "yes", "vrai"}
FALSE_WORDS = {"non", "false", "0", "no", "faux", ""}


def parse_date(text: str) -> dt.date:
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError


def clean_member_row(
    row: dict[str, str], *, today: dt.date, known_magic_types: set[str]
) -> tuple[ForumMemberData | None, dict[str, str]]:
    """Validate one member's raw text fields. Returns (data, {}) or (None, {field: French message})."""
    errors: dict[str, str] = {}
    value = {key: (row.get(key) or "").strip() for key in REQUIRED_COLUMNS + OPTIONAL_COLUMNS}

    def integer(field: str, low: int, high: int | None, *, optional: bool = False) -> int | None:
        text = value[field]
        if text == "" and optional:
            return None
        if not INTEGER.match(text):
            errors[field] = _("« %(value)s » n'est pas un nombre entier.") % {"value": text[:40]}
            return None
        number = int(text)
        if number < low or (high is not None and number > high):
            errors[field] = (
                _("doit être entre %(low)d et %(high)d.") % {"low": low, "high": high}
                if high is not None
                else _("doit être au moins %(low)d.") % {"low": low}
            )
            return None
        return number

    forum_id = integer("forum_id", 1, MAX_INTEGER)
    if not value["forum_name"]:
        errors["forum_name"] = _("le pseudo forum est obligatoire.")
    for field, limit in MAX_LENGTHS.items():
        if len(value[field]) > limit:
            errors[field] = _("au plus %(max)d caractères (il y en a %(count)d).") % {
                "max": limit, "count": len(value[field])}
    joined_on = None
    try:
        joined_on = parse_date(value["joined_on"])
        if joined_on > today:
            errors["joined_on"] = _("la date d'inscription est dans le futur.")
    except ValueError:
        errors["joined_on"] = _("« %(value)s » n'est pas une date (AAAA-MM-JJ).") % {"value": value["joined_on"]}
    post_count = integer("post_count", 0, MAX_INTEGER)
    homework_year = integer("homework_year", 1, 8)
    rp_year = integer("rp_year", 1, 8, optional=True)
    slugs = tuple(sorted({s.strip() for s in value["magic_types"].split("|") if s.strip()}))
    unknown = [s for s in slugs if s not in known_magic_types]
    if unknown:
        errors["magic_types"] = _("types de magie inconnus : %(slugs)s.") % {"slugs": ", ".join(unknown)}
    prodigium_text = value["prodigium"].lower()
    if prodigium_text not in TRUE_WORDS | FALSE_WORDS:
        errors["prodigium"] = _("« %(value)s » : attendu oui ou non.") % {"value": value["prodigium"]}
    if errors:
        return None, errors
    return (
        ForumMemberData(
            forum_id=forum_id,
            forum_name=value["forum_name"],
            forum_joined_on=joined_on,
            forum_post_count=post_count,
            character_name=value["character_name"],
            rp_year=rp_year,
            homework_year=homework_year,
            magic_type_slugs=slugs,
            prodigium=prodigium_text in TRUE_WORDS,
        ),
        {},
    )
