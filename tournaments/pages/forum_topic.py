"""The tournament's topic on the forum, as BBCode: its first message (the rules, the bracket's picture,
the entrants, the bracket or standings as text) and a round's reply (its pairings). A forum post cannot
be edited by Estrade: the picture's address is stable and always draws the current bracket (a short
cache, its ETag changes with the picture), so the first message stays right after every round."""
from __future__ import annotations

from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from duels.export.bbcode import bbcode_safe, bbcode_text
from duels.views.public import site_url
from tournaments.models import Round, Tournament
from tournaments.pages import state
from tournaments.pages.overview import overview, rules_text


def image_url(tournament: Tournament) -> str:
    return site_url(reverse("tournaments:bracket_png", args=[tournament.slug]))


def page_url(tournament: Tournament) -> str:
    return site_url(reverse("tournaments:page", args=[tournament.slug]))


def _title(tournament: Tournament) -> str:
    return f"{tournament.name} — {tournament.get_format_display()}"


def opening_subject(tournament: Tournament) -> str:
    return _title(tournament)


def opening_bbcode(tournament: Tournament, loaded: state.Loaded | None = None) -> str:
    """The topic's first message: the rules (format, draw rule, tie-breaks), the picture, every entrant,
    the link to the page, then the bracket or standings as text once drawn."""
    loaded = loaded or state.load(tournament)
    rules = rules_text(tournament)
    out = [f"[b]{bbcode_text(_title(tournament))}[/b]"]
    if tournament.description:
        out += ["", bbcode_text(tournament.description)]
    out += ["", f"[u]{_('Règles du tournoi')}[/u]", "[list]"]
    out.append("[*]" + _("Format : %(format)s, %(team)s ; une ronde dure %(days)s jours.") % {
        "format": tournament.get_format_display(), "team": tournament.get_team_format_display(),
        "days": tournament.round_days})
    out += [f"[*]{bbcode_text(text)}" for text in rules["bracket"]]
    out.append("[/list]")
    if rules["tie_breaks"]:
        out += [_("À égalité de points, les critères suivants s'appliquent dans l'ordre :"), "[list=1]"]
        out += [f"[*]{bbcode_text(text)}" for text in rules["tie_breaks"]]
        out.append("[/list]")
    out += ["", f"[img]{image_url(tournament)}[/img]", "", f"[u]{_('Participants')}[/u]", "[list]"]
    out += [f"[*]{bbcode_text(name)}" for e in loaded.entrants if e.withdrawn_at is None
            for name in [loaded.names.get(e.pk, str(e))]]
    out += ["[/list]", f"[url={page_url(tournament)}]{_('La page du tournoi sur Estrade')}[/url]"]
    block = overview(loaded, title=_title(tournament), image_url="").get("bbcode")
    if block:
        out += ["", block.rstrip("\n")]
    return bbcode_safe("\n".join(out)) + "\n"


def round_bbcode(tournament: Tournament, round: Round, loaded: state.Loaded | None = None) -> str:
    """A drawn round's reply in the topic: its pairings (a bye says so), the end of the round, the picture."""
    loaded = loaded or state.load(tournament)
    names = loaded.names
    ends = formats.date_format(timezone.localtime(round.ends_at), "DATETIME_FORMAT")
    out = [f"[b]{bbcode_text(tournament.name)} — " + _("ronde %(n)s") % {"n": round.number} + "[/b]",
           _("À jouer avant le %(ends)s.") % {"ends": ends}, "[list]"]
    for match in [m for m in loaded.matches if m.round_id == round.pk]:
        a = bbcode_text(names.get(match.side_a_id, "?"))
        if match.side_b_id is None:
            out.append("[*]" + _("%(a)s — exempt(e)") % {"a": a})
        else:
            line = _("%(a)s contre %(b)s") % {"a": a, "b": bbcode_text(names.get(match.side_b_id, "?"))}
            if match.duel_id:
                line += " " + _("(duel n°%(n)s)") % {"n": match.duel_id}
            out.append(f"[*]{line}")
    out += ["[/list]", f"[img]{image_url(tournament)}[/img]"]
    return bbcode_safe("\n".join(out)) + "\n"
