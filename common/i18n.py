"""`say`: a stored message (common/messages.py) in the active language, with Django's catalogues."""
from __future__ import annotations

from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, ngettext

from common.messages import Language, part_text, render


def _moment(iso: str) -> str:
    return formats.date_format(timezone.localtime(parse_datetime(iso)), "DATETIME_FORMAT")


ACTIVE_LANGUAGE = Language(gettext=gettext, ngettext=ngettext, moment=_moment)


def say(part: dict) -> str:
    """The message ({"msgid", "params"}, optionally "plural" and "n") in the active language."""
    return render(part, ACTIVE_LANGUAGE)


def say_part(value) -> str:
    """One param (a phrase, a plural, a date, a list, a plain value) in the active language."""
    return part_text(value, ACTIVE_LANGUAGE)
