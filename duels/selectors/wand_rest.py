"""The wand rest (RULES.md §2.1): after a duel ends, a duellist waits for WAND_REST_DUELS other duels to
end before registering again. A read: registration refuses with it, the rankings pages show it."""
from __future__ import annotations

from django.db.models import Q

from accounts.models import Duellist
from duels.engine.house_rules import RULEBOOK
from duels.models import Duel, DuelStatus
from duels.selectors.house_rules import club_rules

WAND_REST_DUELS = RULEBOOK.wand_rest_duels  # the rulebook's; the club's own: §8 `wand_rest_duels`


def wand_rest_remaining(*, duellist: Duellist) -> int:
    """How many more duels (anyone's) must end before this duellist may register again (§2.1).

    The rest starts at the duellist's last finished duel that counts for it (a tournament may say its
    duels do not: `Duel.counts_for_rest`); every finished duel of others counts as one that ended since.
    "Ended" means finished; the order of endings is (finished_at, pk), so two duels finishing in the
    same instant are still ordered. The number of duels is the active club's (§8 `wand_rest_duels`)."""
    rest = club_rules().wand_rest_duels
    if rest == 0:
        return 0
    last = (
        Duel.objects.filter(participants__duellist=duellist, status=DuelStatus.FINISHED, counts_for_rest=True)
        .order_by("-finished_at", "-pk")
        .only("pk", "finished_at")
        .first()
    )
    if last is None:
        return 0
    # Only whether `rest` duels ended since matters: at most that many rows are read.
    ended_since = len(
        Duel.objects.filter(status=DuelStatus.FINISHED)
        .filter(Q(finished_at__gt=last.finished_at) | Q(finished_at=last.finished_at, pk__gt=last.pk))
        .exclude(participants__duellist=duellist)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)[:rest]
    )
    return max(0, rest - ended_since)
