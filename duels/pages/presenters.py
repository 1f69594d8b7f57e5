"""View-models for the duel pages, built from stored rows and the engine's state. Presentation only:
what may be done comes from `options_for` (the engine); nothing here decides a rule."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import formats, timezone, translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from duels.engine import DuelState, new_duel_state
from duels.export import bbcode
from duels.models import (
    DeclarationRevision,
    Duel,
    ExemptionStatus,
    Participant,
    Phase,
    SlotStatus,
    Window,
    WindowState,
)
from duels.pages import declaration_summary as summary
from duels.pages.duellist_notes import duellist_notes
from duels.pages.event_text import event_text
from duels.pages.teams import team_label
from duels.selectors.rolls import rolls_that_happened

ZONES = range(0, 13)  # 0 and 12: off the stage


@dataclass
class Token:
    kind: str  # "duellist" | "creature"
    id: str
    name: str
    team: int
    pf: int
    pf_max: int
    pm: int = 0
    pm_max: int = 0
    status: str = "active"
    statuses: list[str] = field(default_factory=list)
    is_me: bool = False

    @property
    def pf_percent(self) -> int:
        return round(100 * self.pf / self.pf_max) if self.pf_max else 0

    @property
    def pm_percent(self) -> int:
        return round(100 * self.pm / self.pm_max) if self.pm_max else 0

    @property
    def out(self) -> bool:
        return self.status != "active"


@dataclass
class Zone:
    number: int
    tokens: list[Token]

    @property
    def off_stage(self) -> bool:
        return self.number in (0, 12)

    @property
    def label(self) -> str:
        if self.number == 0:
            return _("Hors de l'estrade (côté zone 1)")
        if self.number == 12:
            return _("Hors de l'estrade (côté zone 11)")
        return _("Zone %(n)d") % {"n": self.number}


def names_by_engine_id(participants: list[Participant]) -> dict[str, str]:
    return {p.engine_id: p.duellist.forum_name for p in participants}


def preview_state(duel: Duel, participants: list[Participant]) -> DuelState:
    """Before the start signal: the engine's starting positions, so the stage is never empty."""
    return new_duel_state(
        format=duel.format, rp=duel.is_rp, spells=[],
        duellists=[{"id": p.engine_id, "team": p.team, "year": p.year, "types": list(p.magic_types)}
                   for p in participants],
    )


def stage(state: DuelState, participants: list[Participant], me: Participant | None = None) -> list[Zone]:
    """Zones 0..12 with the duellists and creatures in each (duellists out of the duel stay where
    they fell, drawn faded)."""
    names = names_by_engine_id(participants)
    zones = {n: Zone(n, []) for n in ZONES}
    for d in state.duellists:
        statuses = duellist_notes(d, shield=True)
        token = Token("duellist", d.id, names.get(d.id, d.id), d.team, d.pf, d.start_pf, d.pm, d.start_pm,
                      d.status, statuses, bool(me and me.engine_id == d.id))
        zones.setdefault(d.pos, Zone(d.pos, [])).tokens.append(token)
    for c in state.creatures:
        owner = names.get(c.owner, c.owner)
        token = Token("creature", c.id, f"{c.name} ({owner})", c.team, c.pf, c.pf)
        zones[c.pos].tokens.append(token)
    return [zones[n] for n in ZONES]


# --- what a post says -------------------------------------------------------------------------

def spell_label(name: str, incantation: str = "") -> str:
    """"Furunculus — Maléfice de Furoncles": the incantation players shout, then the spell's name."""
    return f"{incantation} — {name}" if incantation and incantation != name else name


def localized_spell_names(duel: Duel) -> dict[str, str]:
    """Spell names in the reader's language (the catalog's English name when there is one)."""
    english = (get_language() or "fr").startswith("en")
    return {s["slug"]: (s.get("name_en") if english and s.get("name_en") else s["name"]) for s in duel.spells or []}


def spell_names(duel: Duel) -> dict[str, str]:
    names = localized_spell_names(duel)
    return {s["slug"]: spell_label(names[s["slug"]], s.get("incantation", "")) for s in duel.spells or []}


def step_text(step: dict, names: dict[str, str], spells: dict[str, str]) -> str:
    if "move" in step:
        return _("Déplacement vers la zone %(zone)s") % {"zone": step["move"]}
    if "dodge" in step:
        return _("Esquive, pari %(bet)s") % {"bet": step["dodge"]}
    if "nothing" in step:
        return _("Ne rien faire")
    if "cast" in step:
        text = _("Sort : %(spell)s") % {"spell": spells.get(step["cast"], step["cast"])}
        if step.get("modulation"):
            text += _(" (modulation de niveau %(level)s)") % {"level": step["modulation"]}
        if step.get("overlevel"):
            text += _(" (tentative de niveau supérieur)")
        if step.get("target"):
            text += _(" sur %(target)s") % {"target": names.get(step["target"], step["target"])}
        if step.get("zone"):
            text += _(" en zone %(zone)s") % {"zone": step["zone"]}
        if step.get("bet"):
            text += _(", pari %(bet)s") % {"bet": step["bet"]}
        return text
    return str(step)


def action_line(steps: list[dict], names: dict[str, str], spells: dict[str, str]) -> str:
    if not steps:
        return _("Passe")
    return " ; ".join(step_text(step, names, spells) for step in steps)


@dataclass
class PostView:
    id: int
    author: str
    team: int
    order: int
    submitted_at: object
    rp_text: str
    action: str
    automatic: bool
    bbcode: str
    voided: dict | None = None  # the referee's voiding ({"mode", "reason"}): shown « annulé », never copied


@dataclass
class DeclarationView:
    id: int
    kind: str
    published_at: object
    events: list[dict]
    rolls: list[dict]
    comment: str
    referee: str
    outcome: dict | None
    bbcode: str
    standings: list[dict] = field(default_factory=list)
    result: str = ""
    next_step: str = ""
    revisions: list = field(default_factory=list)  # versions a correction replaced (struck through)


@dataclass
class WindowView:
    id: int
    turn: int
    phase: str
    phase_label: str
    opened_at: object
    start_signal: bool
    state: str
    posts: list[PostView]
    declaration: DeclarationView | None
    waiting: list[dict]
    open: bool = False  # unfolded in the thread: the phase now open and the latest declaration
    forfeits: list[dict] = field(default_factory=list)  # who gave up during this phase, when (and the result)


def declaration_view(declaration, *, turn: int, names: dict[str, str], referee_name: str,
                     deadline=None, spell_names: dict[str, str] | None = None) -> DeclarationView:
    """A declaration as shown and copied to the forum: the dice with what each decided and what then
    happened, the events, where everyone stands, the winners by name, what comes next (and by when)."""
    events = list(declaration.events)
    rolls = summary.roll_verdicts(  # a step voided at resolution rolled no die that anyone should see
        [{**r, "by_name": names.get(r.get("by"), r.get("by"))} for r in rolls_that_happened(declaration.rolls, events)],
        events)
    rows = summary.standings(declaration.state_after, names)
    by_team: dict[int, list[str]] = {}
    for row in rows:
        by_team.setdefault(row["team"], []).append(row["name"])
    result = summary.result_line(declaration.outcome, by_team)
    shown = [{**e, "text": event_text(e, spell_names=spell_names, team_names=by_team)} for e in events]
    next_step = summary.next_line(declaration.outcome, names, turn=turn, deadline=deadline)
    return DeclarationView(
        declaration.pk, declaration.get_kind_display(), declaration.published_at, shown, rolls,
        declaration.referee_comment, referee_name, declaration.outcome,
        bbcode.declaration(turn=turn, kind=declaration.get_kind_display(), rolls=rolls,
                           events=forum_events(events, by_team),
                           comment=declaration.referee_comment,  # the forum is French: the events' French text
                           stage_image=bbcode.stage_image_url(declaration.window.duel_id, turn),
                           closing=[*(summary.standing_line(row) for row in rows), result, next_step]),
        rows, result, next_step,
    )


def forum_events(events: list[dict], team_names: dict[int, list[str]]) -> list[dict]:
    """The events as the French forum copy tells them: the winners by name, never "l'équipe 2"."""
    with translation.override("fr"):
        return [{**e, "text": event_text(e, team_names=team_names)} if e.get("kind") == "win" else e for e in events]


def thread(duel: Duel, windows: list[Window], participants: list[Participant], *,
           following_due: dict | None = None) -> list[WindowView]:
    """The duel like a forum topic: the start signal, then each phase's posts and its declaration.
    `following_due` (window pk -> the next window's deadline) when `windows` is only part of the thread."""
    names = names_by_engine_id(participants)
    spells = spell_names(duel)
    teams = {p.pk: p.team for p in participants}
    referee_name = duel.referee.get_username() if duel.referee_id else ""
    by_team: dict[int, list[str]] = {}
    for p in participants:
        by_team.setdefault(p.team, []).append(p.duellist.forum_name)
    revisions = corrected_versions(windows, by_team)
    out = []
    for index, window in enumerate(windows):
        posts = []
        voided = {entry["post"]: entry for entry in window.voided_posts}
        for post in window.posts.all():
            author = post.participant.duellist.forum_name
            action = action_line(post.steps, names, spells)
            void = voided.get(post.pk)
            posts.append(PostView(post.pk, author, teams.get(post.participant_id, 0), post.order,
                                  post.submitted_at, post.rp_text, action, post.automatic,
                                  "" if void else bbcode.post(author=author, rp_text=post.rp_text, action=action),
                                  {"mode": void.get("mode"), "reason": void.get("reason", "")} if void else None))
        declaration = window.published_declaration
        view = None
        if declaration is not None:
            following = windows[index + 1] if index + 1 < len(windows) else None
            deadline = following.due_at if following is not None else None
            if following_due is not None:
                deadline = following_due.get(window.pk)
            view = declaration_view(declaration, turn=window.turn, names=names, referee_name=referee_name,
                                    deadline=deadline,
                                    spell_names=localized_spell_names(duel))
            view.revisions = revisions.get(declaration.pk, [])
        waiting = [{"name": s.participant.duellist.forum_name, "deadline": s.deadline}
                   for s in window.slots.all() if s.status == SlotStatus.WAITING]
        out.append(WindowView(
            window.pk, window.turn, window.phase,
            phase_label(window.phase), window.opened_at,
            window.opened_by_id is None and window.turn == 1 and window.phase == Phase.ACTION, window.state,
            posts, view, waiting, forfeits=forfeit_lines(duel, window, participants),
        ))
    if out:
        out[-1].open = True
        latest = next((view for view in reversed(out) if view.declaration is not None), None)
        if latest is not None:
            latest.open = True
    return out


def forfeit_lines(duel: Duel, window: Window, participants: list[Participant]) -> list[dict]:
    """The forfeits of this phase: "ron abandonne le duel le 02/12/2026 15:10.", then the result when
    that forfeit ended the duel; with its forum copy."""
    lines = []
    for p in participants:
        if not (p.forfeited and p.forfeit_window_id == window.pk and p.forfeited_at):
            continue
        at = formats.date_format(timezone.localtime(p.forfeited_at), "DATETIME_FORMAT")
        text = _("%(name)s abandonne le duel le %(when)s.") % {"name": p.duellist.forum_name, "when": at}
        if duel.finished_at and duel.finished_at == p.forfeited_at:
            winners = team_label(q for q in participants if q.team == duel.winner_team)
            text += " " + (_("Match nul.") if duel.is_draw else _("Victoire de %(names)s.") % {"names": winners})
        lines.append({"name": p.duellist.forum_name, "at": p.forfeited_at, "text": text,
                      "bbcode": bbcode.forfeit(line=text)})
    return lines


def phase_label(phase: str) -> str:
    return _("phase d'action") if phase == Phase.ACTION else _("phase de défense")


def _has_declaration(window: Window) -> bool:
    try:
        window.declaration  # noqa: B018 (select_related: no query)
    except Window.declaration.RelatedObjectDoesNotExist:
        return False
    return True


def exemptions_shown(exemptions: list, window: Window, me: Participant) -> tuple[list, bool]:
    """The duellist's exemptions of this phase (an exemption's new deadline means nothing to a later
    phase, whose own deadline may be earlier), and whether the duel's one exemption went earlier."""
    here = [e for e in exemptions if e.window_id == window.pk]
    used_before = not here and (me.exemption_used or any(e.status == ExemptionStatus.REQUESTED for e in exemptions))
    return here, used_before


def deadline_view(deadline) -> dict:
    now = timezone.now()
    seconds = max(0, int((deadline - now).total_seconds()))
    return {"at": deadline, "seconds": seconds, "hours": seconds // 3600, "minutes": (seconds % 3600) // 60,
            "late": deadline < now}


def open_window_among(windows: list[Window]) -> Window | None:
    return next((w for w in windows if w.state == WindowState.OPEN), None)


def my_slot(slots: list, participant: Participant | None):
    """The participant's slot among the open phase's slots (None for a spectator or no open phase)."""
    if participant is None:
        return None
    return next((s for s in slots if s.participant_id == participant.pk), None)


def corrected_versions(windows: list[Window], team_names: dict[int, list[str]] | None = None) -> dict[int, list]:
    """The published versions corrections replaced, by declaration id (one query for the whole thread);
    the winners named as in the declaration (`team_names`)."""
    by_declaration: dict[int, list] = {}
    corrected = [w.declaration.pk for w in windows if _has_declaration(w) and w.declaration.revision]
    if corrected:  # no query for the (usual) thread without corrections
        for revision in DeclarationRevision.objects.filter(declaration__in=corrected).order_by("number"):
            # what that version said, in the reader's language (its stored text is the French one)
            revision.lines = [event_text(event, team_names=team_names) for event in revision.events]
            by_declaration.setdefault(revision.declaration_id, []).append(revision)
    return by_declaration
