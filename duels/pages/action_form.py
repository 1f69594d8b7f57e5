"""The action form's choices on the duel page, computed and rendered once per phase and duellist.

`options_for` and the ~50 spell cards with their bets, targets and effect texts were most of the
player's page time, and they only change with the duel's stored state: the HTML is cached under a
digest of that state, the open phase, the duellist, the names shown and the language, so a new phase,
a declaration, a correction or a referee decision (all of which rewrite the state) gives a new key and
the cache can never show stale choices. A refused post brings the form back with the player's input:
then the choices are rendered for that request only, never cached.
"""
from __future__ import annotations

import hashlib
import json

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from common.cache import cached
from duels.engine import DuelState
from duels.models import Duel, Participant, Window
from duels.pages import action_options, presenters
from duels.pages.identity import duel_identity
from spells.models import MagicType

TEMPLATE = "duels/_action_choices.html"
CACHE_SECONDS = 3600


def choices_parts(duel: Duel, window: Window, me: Participant, participants: list[Participant],
                  earlier_posts: list | None = None) -> tuple:
    """Everything the choices are computed from: the stored state (positions, points, statuses, spells
    already cast), the moves announced by the phase's earlier posts, the phase, who asks and the names
    the targets show (the language and the release are in every key)."""
    names = [(p.engine_id, p.duellist.forum_name) for p in participants]
    moves = action_options.announced_moves_of(earlier_posts or [])
    data = json.dumps([duel.state, names, moves], sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(data.encode()).hexdigest()[:32]
    return (*duel_identity(duel), window.pk, me.pk, digest)


def action_choices(duel: Duel, window: Window, state: DuelState, me: Participant, participants: list[Participant],
                   *, posted: dict | None = None, earlier_posts: list | None = None) -> dict:
    """{"phase", "points", "html"}: what the page needs of the duellist's options, and the choices'
    HTML (moves, spell cards, unavailable spells, or the defence). `earlier_posts`: the open phase's
    posts already in, whose announced moves the reach hints take into account, as the stage lists them."""
    hinted = action_options.with_announced_moves(state, earlier_posts or [])
    if posted:  # the player's own input to show again: not shared, not cached
        return _build(duel, hinted, me, participants, posted, after_announced=hinted is not state)
    choices = cached("action-choices", choices_parts(duel, window, me, participants, earlier_posts),
                     lambda: _build(duel, hinted, me, participants, {}, after_announced=hinted is not state),
                     CACHE_SECONDS)
    return {**choices, "html": mark_safe(choices["html"])}  # noqa: S308 - our own rendered template


def _build(duel: Duel, state: DuelState, me: Participant, participants: list[Participant], posted: dict, *,
           after_announced: bool = False) -> dict:
    type_names = dict(MagicType.objects.values_list("slug", "name"))
    options = action_options.my_options(state, me, participants, type_names,
                                        spell_labels=presenters.spell_names(duel))
    html = render_to_string(TEMPLATE, {"options": options, "posted": posted, "zone_numbers": range(1, 12),
                                       "after_announced": after_announced, "house": state.house})
    return {"phase": options["phase"], "points": options["points"], "html": html}
