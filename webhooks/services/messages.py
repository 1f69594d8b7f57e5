"""The bodies a webhook receives: a Discord message, or the signed JSON of the event (docs/webhooks.md)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from webhooks.announcement import Announcement, Person
from webhooks.models import EventKind

DISCORD_CONTENT_LIMIT = 2000
DISCORD_DESCRIPTION_LIMIT = 4096
DISCORD_TITLE_LIMIT = 256
ZERO_WIDTH_SPACE = "\u200b"
COLOURS = {EventKind.DUEL_FINISHED: 0xC9A227, EventKind.SANCTION: 0xB03A2E}
DEFAULT_COLOUR = 0x5B3A8E


def when(moment) -> str:
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def duel_title(duel) -> str:
    return _("Duel n°%(pk)s (%(format)s, %(kind)s)") % {
        "pk": duel.pk, "format": duel.format, "kind": duel.get_kind_display()}


def discord_safe(text: str) -> str:
    """A member's name as Discord shows it, never as a mention: `@everyone` in a name stays text (the
    message's allowed_mentions already forbid it; this keeps even the raw text harmless)."""
    return (text or "").replace("@", "@" + ZERO_WIDTH_SPACE)


def _window(turn, phase) -> str:
    if phase == "defence":
        return _("tour %(turn)s, phase de défense") % {"turn": turn}
    return _("tour %(turn)s, phase d'action") % {"turn": turn}


def _teams(people: list[Person], name) -> str:
    teams: dict[int, list[str]] = {}
    for person in people:
        teams.setdefault(person.team, []).append(name(person))
    return _(" contre ").join(" & ".join(names) for names in teams.values())


def _reward(result: dict) -> str:
    parts = [ngettext("%(n)d point de champion", "%(n)d points de champion", result["champion_points"])
             % {"n": result["champion_points"]}]
    if result["purse"]:
        parts.append(_("%(n)d gallions") % {"n": result["purse"]})
    if result["chocogrenouille"]:
        parts.append(_("une chocogrenouille"))
    return ", ".join(parts)


@dataclass
class Wording:
    """What every event's sentence needs: the duel's name, how to write a member (plain, or with their
    mention) and a bare name (made harmless for Discord), who is awaited and until when."""

    a: Announcement
    name: Callable[[Person], str]
    plain: Callable[[str], str]

    @property
    def duel(self) -> str:
        return duel_title(self.a.duel)

    @property
    def names_awaited(self) -> str:
        return ", ".join(self.name(p) for p in self.a.awaited)

    @property
    def deadline(self) -> str:
        awaited = self.a.awaited
        return when(awaited[0].deadline) if awaited and awaited[0].deadline else ""


def _matched(w: Wording, data: dict) -> str:
    text = _("%(duel)s : nouveau duel — %(teams)s.") % {"duel": w.duel, "teams": _teams(w.a.people, w.name)}
    if data.get("year_gap"):
        text += " " + ngettext("Écart d'années : %(gap)d an.", "Écart d'années : %(gap)d ans.",
                               data["year_gap"]) % {"gap": data["year_gap"]}
    return text


def _started(w: Wording, data: dict) -> str:
    return _("%(duel)s : le duel commence ! À vous de poster (%(window)s) : %(names)s, avant le %(deadline)s.") % {
        "duel": w.duel, "window": _window(data["turn"], data["phase"]), "names": w.names_awaited,
        "deadline": w.deadline}


def _posted(w: Wording, data: dict) -> str:
    return _("%(duel)s : %(name)s a posté (%(window)s).") % {
        "duel": w.duel, "name": w.plain(data["by"]), "window": _window(data["turn"], data["phase"])}


def _declared(w: Wording, data: dict) -> str:
    text = _("%(duel)s : l'arbitre a publié la déclaration (%(window)s).") % {
        "duel": w.duel, "window": _window(data["turn"], data["phase"])}
    if w.a.awaited:
        text += " " + _("À vous de poster (%(window)s) : %(names)s, avant le %(deadline)s.") % {
            "window": _window(data["next_turn"], data["next_phase"]), "names": w.names_awaited,
            "deadline": w.deadline}
    return text


def _reminded(w: Wording, data: dict) -> str:
    return _("%(duel)s : rappel, %(name)s n'a pas encore posté (tour %(turn)s). Date limite : %(deadline)s.") % {
        "duel": w.duel, "name": w.names_awaited, "turn": data["turn"], "deadline": w.deadline}


def _finished(w: Wording, data: dict) -> str:
    winners = ", ".join(w.name(p) for p in w.a.people if p.team == data["winner_team"])
    head = (_("%(duel)s : match nul.") % {"duel": w.duel} if data["is_draw"]
            else _("%(duel)s : victoire de %(names)s !") % {"duel": w.duel, "names": winners})
    return "\n".join([head, *(f"{w.plain(r['forum_name'])} : {_reward(r)}" for r in data["results"])])


def _sanctioned(w: Wording, data: dict) -> str:
    who = w.plain(data["participant"])
    if data["kind"] == "absence":
        text = _("%(duel)s : faute d'absence pour %(name)s (%(count)s/3).") % {
            "duel": w.duel, "name": who, "count": data["absence_faults"]}
    else:
        text = _("%(duel)s : faute sanctionnée pour %(name)s.") % {"duel": w.duel, "name": who}
    if data["pf_penalty"]:
        text += " " + _("Pénalité : %(n)s PF.") % {"n": data["pf_penalty"]}
    if data["disqualified"]:
        text += " " + _("%(name)s est disqualifié(e).") % {"name": who}
    return text


SENTENCES = {
    EventKind.DUEL_MATCHED: _matched, EventKind.DUEL_STARTED: _started, EventKind.POST_PUBLISHED: _posted,
    EventKind.DECLARATION_PUBLISHED: _declared, EventKind.REMINDER: _reminded,
    EventKind.DUEL_FINISHED: _finished, EventKind.SANCTION: _sanctioned,
}


def event_text(a: Announcement, *, name: Callable[[Person], str] | None = None,
               plain: Callable[[str], str] = str) -> str:
    """The event as one message in the active language. `name` writes a member (default: their forum
    name through `plain`); `plain` writes a bare name (Discord: `discord_safe`)."""
    wording = Wording(a=a, name=name or (lambda person: plain(person.forum_name)), plain=plain)
    sentence = SENTENCES.get(a.event)
    return sentence(wording, a.data) if sentence else wording.duel


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def discord_mentions(ids: list[str]) -> str:
    """The message's `content`: the mentions only, whole, within Discord's 2,000 characters."""
    content = ""
    for discord_id in ids:
        mention = f"<@{discord_id}>"
        if len(content) + len(mention) + 1 > DISCORD_CONTENT_LIMIT:
            break
        content = f"{content} {mention}" if content else mention
    return content


def discord_body(a: Announcement, *, language: str = "fr") -> dict:
    """A Discord execute-webhook body: sent as "Estrade", one embed carrying the sentence (with the duel's
    name, the stage picture where there is one, the link to the duel), and a `content` of the mentions
    alone (no `content` when nobody is mentioned), so the channel shows the sentence once. Mentions are
    limited to the members awaited who asked for them: `parse` is empty, so no @everyone, @here or role
    ever pings, whatever a name says."""
    with translation.override(language):
        description = event_text(a, plain=discord_safe)
        embed = {"title": _clip(duel_title(a.duel), DISCORD_TITLE_LIMIT),
                 "description": _clip(description, DISCORD_DESCRIPTION_LIMIT),
                 "color": COLOURS.get(a.event, DEFAULT_COLOUR), "timestamp": a.occurred_at.isoformat(),
                 "footer": {"text": "Estrade"}}
    link = a.links.get("declaration") or a.links.get("duel")
    if link:
        embed["url"] = link
    if a.image_url:
        embed["image"] = {"url": a.image_url}
    mentioned = list(dict.fromkeys(p.discord_id for p in a.mentioned))  # in the sentence's order, once each
    content = discord_mentions(mentioned)
    users = sorted(mentioned)
    return {
        "username": "Estrade",
        **({"content": content} if content else {}),
        "embeds": [embed],
        "allowed_mentions": {"parse": [], "users": users} if users else {"parse": []},
    }


def signed_body(a: Announcement) -> dict:
    """The generic JSON (documented in docs/webhooks.md): the event, its id (the same on a resend, for
    deduplication), the duel, its participants, the links, and the event's own facts."""
    duel = a.duel
    with translation.override(settings.LANGUAGE_CODE):
        text, title = event_text(a), duel_title(duel)
    return {
        "event": a.event,
        "id": str(a.id),
        "occurred_at": a.occurred_at.isoformat(),
        "duel": {"id": duel.pk, "name": title, "format": duel.format,
                 "kind": duel.kind, "status": duel.status, "turn": duel.turn, "url": a.links.get("duel", "")},
        "participants": [
            {"forum_name": p.forum_name, "forum_id": p.forum_id, "team": p.team, "out": p.out,
             "awaited": p.awaited, "deadline": p.deadline.isoformat() if p.deadline else None}
            for p in a.people
        ],
        "links": {**{k: v for k, v in a.links.items() if v}, **({"stage_image": a.image_url} if a.image_url else {})},
        "data": a.data,
        "text": text,
    }
