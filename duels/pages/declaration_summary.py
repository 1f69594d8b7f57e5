"""What a published declaration tells the forum beyond its events: what each die decided
*and what then happened* (a won bet can still miss on range), where everyone stands afterwards, who
won by name, and what comes next with its deadline. Presentation only: read from stored rows."""
from __future__ import annotations

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from duels.engine import DuelState
from duels.pages.duellist_notes import duellist_notes
from duels.pages.teams import team_label

# What the cast did once its die was rolled (duels.engine.events.cast outcomes).
CAST_RESULTS = {
    "success": gettext_lazy("le sort réussit"),
    "pending": gettext_lazy("le sort touche, la cible peut se défendre"),
    "failure": gettext_lazy("le sort échoue"),
    "out-of-range": gettext_lazy("le sort manque : hors de portée"),
    "target-gone": gettext_lazy("la cible n'est plus là : le sort se perd"),
    "zone-occupied": gettext_lazy("la zone est occupée : l'invocation échoue"),
}
LANDED = {"success", "pending"}


def announced_moves(posts: list, names: dict[str, str]) -> list[dict]:
    """Moves already announced in the open phase's posts (in posting order: RULES.md §4.3, the
    declaration resolves them in that order), so a player sees who will have moved before them."""
    out = []
    for post in posts:
        steps = post.steps or []
        cast_at = next((i for i, s in enumerate(steps) if "cast" in s), None)
        for index, step in enumerate(steps):
            if "move" in step:
                out.append({"name": post.participant.duellist.forum_name, "zone": step["move"],
                            "after_cast": cast_at is not None and index > cast_at})
    return out


def roll_verdicts(rolls: list[dict], events: list[dict]) -> list[dict]:
    """Each roll with `verdict` (what the die decided, then what happened) and `ok` (did it work).
    A bet's roll is matched to the cast event of the same caster, spell and die."""
    casts = [e for e in events if e.get("kind") == "cast"]
    out = []
    for r in rolls:
        if r.get("kind") == "dodge":
            verdict = _("esquive réussie") if r["success"] else _("esquive ratée")
            out.append({**r, "verdict": verdict, "ok": bool(r["success"])})
            continue
        decided = _("pari gagné") if r["success"] else _("pari perdu")
        event = next((e for e in casts if e.get("actor") == r.get("by") and e.get("spell") == r.get("spell")
                      and e.get("roll") == r.get("roll")), None)
        outcome = event.get("outcome") if event else None
        verdict = decided
        if outcome in CAST_RESULTS:
            missed_anyway = r["success"] and outcome not in LANDED
            verdict = (_("%(decided)s, mais %(result)s") if missed_anyway else _("%(decided)s, %(result)s")) % {
                "decided": decided, "result": CAST_RESULTS[outcome]}
        out.append({**r, "verdict": verdict, "ok": bool(r["success"]) and (outcome is None or outcome in LANDED)})
    return out


def standings(state_after: dict | None, names: dict[str, str]) -> list[dict]:
    """Each duellist after the declaration: PF, PM, zone, and whether they are out (and how)."""
    if not state_after:
        return []
    state = DuelState.from_dict(state_after)
    rows = []
    for d in state.duellists:
        where = _("zone %(z)s") % {"z": d.pos} if 1 <= d.pos <= 11 else _("hors de l'estrade")
        notes = duellist_notes(d)
        rows.append({"name": names.get(d.id, d.id), "team": d.team, "pf": d.pf, "pf_max": d.start_pf, "pm": d.pm,
                     "pm_max": d.start_pm, "where": where, "notes": notes, "out": d.out})
    return rows


def standing_line(row: dict) -> str:
    line = _("%(name)s : %(pf)s/%(pf_max)s PF, %(pm)s/%(pm_max)s PM, %(where)s") % row
    return line + (" — " + ", ".join(row["notes"]) if row["notes"] else "")


def result_line(outcome: dict | None, names_by_team: dict[int, list[str]]) -> str:
    """The winners by name (never "l'équipe 1"), or the draw; empty while the duel goes on."""
    if not outcome or outcome.get("status") != "finished":
        return ""
    winner = outcome.get("winner")
    if not winner:
        return _("Match nul : le duel se termine sans vainqueur.")
    return _("Victoire de %(names)s !") % {"names": team_label(names_by_team.get(winner, [])) or winner}


def next_line(outcome: dict | None, names: dict[str, str], *, turn: int, deadline=None) -> str:
    """What happens next, with the deadline when the next phase is open."""
    if not outcome:
        return ""
    if outcome.get("status") == "finished":
        return _("Le duel est terminé.")
    by = ""
    if deadline is not None:
        by = " " + _("avant le %(deadline)s") % {
            "deadline": formats.date_format(timezone.localtime(deadline), "DATETIME_FORMAT")}
    if outcome.get("defence_follows"):
        defending = [names.get(i, i) for i in outcome.get("expected_posters") or []]
        return ngettext("Suite : phase de défense — %(who)s se défend%(by)s.",
                        "Suite : phase de défense — %(who)s se défendent%(by)s.",
                        len(defending)) % {"who": ", ".join(defending), "by": by}
    return _("Suite : tour %(turn)s, phase d'action — chacun poste%(by)s.") % {"turn": turn + 1, "by": by}
