"""The duellists' reward in the notice of the declaration that ends a duel (RULES.md §3.3.2).

The declaration's notice is the duel's (`duels.services.milestones`); its reward line comes from the
results rankings recorded when the duel finished (`DuelFinished` runs before `DeclarationPublished`)."""
from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext

from accounts.services.notifications import notice_part_text
from common.messages import joined, phrase, plural
from duels.services.milestones import declaration_published_notify
from rankings.models import Result


def on_declaration_published(event) -> None:
    """Each duellist is told the declaration is out; when it ended the duel, with their reward."""
    rewards = None
    if event.next_window is None:
        rewards = {r.participant_id: reward_part(r) for r in Result.objects.filter(duel=event.duel)}
    declaration_published_notify(declaration_id=event.declaration.pk, rewards=rewards)


def reward_text(result: Result) -> str:
    """The reward in the active language (as a notice shows it)."""
    return notice_part_text(reward_part(result))


def reward_part(result: Result) -> dict:
    parts = [plural("%(n)d point de champion", "%(n)d points de champion", result.champion_points)]
    if result.purse and result.salary_year:  # the purse follows the year of study (RULES.md §3.3.2)
        parts.append(phrase(gettext_noop("%(n)d gallions (salaire de l'année d'étude %(year)s)"), n=result.purse,
                            year=phrase(gettext_noop("Adulte")) if result.salary_year == 8 else str(result.salary_year)))
    elif result.purse:
        parts.append(phrase(gettext_noop("%(n)d gallions"), n=result.purse))
    if result.chocogrenouille:
        parts.append(phrase(gettext_noop("une chocogrenouille")))
    return joined(", ", parts)


def _catalogue_plurals() -> None:  # pragma: no cover (never called)
    """Shows makemessages the plural pair that `plural(...)` stores as plain strings."""
    ngettext("%(n)d point de champion", "%(n)d points de champion", 0)
