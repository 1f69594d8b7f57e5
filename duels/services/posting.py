"""Duellists' posts (RULES.md §2.6, §4): checked, ordered at commit, stored once and for all."""
from __future__ import annotations

import datetime as dt
import re

from django.conf import settings
from django.db import transaction
from django.utils import formats, timezone

from accounts.models import User
from duels.engine.house_rules import RULEBOOK
from duels.events import PostSubmitted, emit
from duels.export import bbcode_scan
from duels.models import Duel, Phase, Post, SlotStatus
from duels.selectors.house_rules import rules_of
from duels.services import rules
from duels.services.common import (
    duel_lock,
    next_post_order,
    open_window_locked,
    participant_of,
    window_refresh,
)
from duels.services.errors import DuelError, engine_refusal

MIN_RP_WORDS = RULEBOOK.min_words  # the rulebook's (a duel reads its own, §8 `min_words`)

TRAILING_BOLD_BLOCK = re.compile(r"\[b\](?:(?!\[b\]).)*\[/b\]\s*\Z", re.IGNORECASE | re.DOTALL)
WORD_CHAR = re.compile(r"[^\W_]")  # a letter or a digit, in any alphabet
URL_TOKEN = re.compile(r"://|^[\W_]*www\.", re.IGNORECASE)  # an address, with or without its scheme


def rp_word_count(text: str) -> int:
    """Words of RP text, as RULES.md §2.6 counts them (at least 100 per action post).

    1. The action block is not counted: a bold block `[b]…[/b]` that ends the text (where the rule
       asks for the action) is dropped before counting. Bold passages elsewhere count.
    2. Only prose counts: an image `[img]…[/img]` is dropped with its address.
    3. BBCode tags (`[b]`, `[/i]`, `[color=red]`, `[url=…]` with its target, `[*]`) are not words:
       each is replaced by a space; the text between them counts.
    4. What remains is split on whitespace; a token is a word when it holds at least one letter or
       digit and is not an address (`https://…`, `www.…`). Punctuation-only tokens ("—", "…", "!",
       "«") do not count. "peut-être", "l'arbitre" and "3e" are one word each.
    static/js/duel.js (wordCount) counts the same way for the live counter.
    """
    text = TRAILING_BOLD_BLOCK.sub(" ", text or "")
    text = bbcode_scan.replace_pairs(text, ("img",), lambda pair: " ")
    text = bbcode_scan.replace_tags(text, " ")  # linear: a regular expression backtracks on "[a=" * 6666
    return sum(1 for token in text.split() if WORD_CHAR.search(token) and not URL_TOKEN.search(token))


def _needs_rp_text(phase: str, steps: list[dict]) -> bool:
    """Every post needs RP text except a defence post that does nothing (§2.6)."""
    if phase == Phase.DEFENCE and all("nothing" in step for step in steps):
        return False
    return True


def _engine_post(participant_engine_id: str, steps, duellist_ids: set[str]) -> dict:
    if not isinstance(steps, list):
        raise DuelError("invalid-post", detail="les actions doivent être une liste")
    if any(isinstance(step, dict) and "roll" in step for step in steps):
        raise DuelError("roll-in-post")
    try:
        return rules.validate_post({"by": participant_engine_id, "steps": steps}, duellist_ids)
    except rules.ScenarioError as error:
        raise DuelError("invalid-post", detail=str(error)) from error


@transaction.atomic
def post_submit(
    *, duel: Duel, user: User, rp_text: str, steps: list[dict], now: dt.datetime | None = None
) -> Post:
    """Submit `user`'s post in the duel's open window.

    Refused (DuelError, nothing stored) unless: the user is a duellist of this duel, expected in the open
    window and has not posted in it, before their deadline (inclusive); the RP text has at least 100
    words (see rp_word_count; a defence "do nothing" needs none); the steps carry no dice (the server
    rolls at the declaration) and the engine accepts them against the duel as the phase opened.
    The posting order is fixed here, under the duel and window row locks: two posts submitted at the
    same moment get distinct, gapless orders."""
    now = now or timezone.now()
    participant = participant_of(duel, user)
    if len(rp_text or "") > settings.RP_TEXT_MAX_LENGTH:  # a forum post, not a book: the page stays light
        raise DuelError("rp-too-long", count=len(rp_text), max=settings.RP_TEXT_MAX_LENGTH)
    duel = duel_lock(duel)
    window = open_window_locked(duel)
    if window is None:
        raise DuelError("duel-over" if not duel.is_running else "no-open-window")
    state = rules.state_load(duel.state, duel.spells)
    ids = {d.id for d in state.duellists}
    post = _engine_post(participant.engine_id, steps, ids)
    slot = window.slots.select_for_update().filter(participant=participant).first()
    if slot is None or slot.status == SlotStatus.WITHDRAWN:
        code = rules.check_post(state, post, require_rolls=False)
        raise DuelError(code if code in ("duellist-out", "not-targeted") else "not-expected")
    if slot.status == SlotStatus.POSTED:
        raise DuelError("one-post-per-phase")
    if now > slot.deadline:
        deadline = formats.date_format(timezone.localtime(slot.deadline), "DATETIME_FORMAT")
        raise DuelError("deadline-passed", deadline=deadline)
    if _needs_rp_text(window.phase, post["steps"]):
        count = rp_word_count(rp_text)
        min_words = rules_of(duel).min_words
        if count < min_words:
            raise DuelError("rp-too-short", min=min_words, count=count)
    voided = {entry["post"] for entry in window.voided_posts}  # a voided post does not count (corrections)
    already = {who for pk, who in window.posts.values_list("pk", "participant__engine_id") if pk not in voided}
    code = rules.check_post(state, post, require_rolls=False, already_posted=already)
    if code:
        raise engine_refusal(code, state.house)
    replaces = window.posts.filter(participant=participant, pk__in=voided, replaced_by__isnull=True).first()
    stored = Post.objects.create(
        window=window, participant=participant, order=next_post_order(window), rp_text=rp_text or "",
        steps=post["steps"], submitted_at=now, replaces=replaces,
    )
    slot.status = SlotStatus.POSTED
    slot.save(update_fields=["status"])
    window_refresh(window=window, duel=duel, now=now)
    emit(PostSubmitted(duel=duel, post=stored, now=now))  # webhooks; the notices asking this post are done
    return stored
