"""A bracket or standings as BBCode to paste in the forum's tournament topic: one list per round
("[b]Alice[/b] bat Bob", "Carol — exempt", "Dan contre ? — en attente"), the champion in bold; the
standings as a [table] like the champions table's."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from duels.export.bbcode import bbcode_safe, bbcode_text
from tournaments.engine import BYE, DECIDED, PLAYED, BracketState, Match, Standing

from .labels import DECIDED_BY, MATCH_STATUS, entrant_name, match_name, round_name


def _name(names: Mapping, entrant, seeds: Mapping) -> str:
    if entrant is None:
        return "?"
    return f"({seeds[entrant]}) {bbcode_text(entrant_name(names, entrant))}"


def match_line(match: Match, names: Mapping, seeds: Mapping) -> str:
    a, b = _name(names, match.a, seeds), _name(names, match.b, seeds)
    if match.status == BYE:
        return _("%(name)s — exempt, qualifié d'office") % {"name": a}
    if match.status == DECIDED:
        winner = _name(names, match.winner, seeds)
        loser = b if match.winner == match.a else a
        line = _("[b]%(winner)s[/b] bat %(loser)s") % {"winner": winner, "loser": loser}
        if match.decided_by and match.decided_by != PLAYED:
            line += f" ({DECIDED_BY.get(match.decided_by, match.decided_by)})"
        return line
    return _("%(a)s contre %(b)s — %(status)s") % {"a": a, "b": b, "status": MATCH_STATUS[match.status]}


def bracket_bbcode(state: BracketState, names: Mapping, *, title: str, image_url: str = "") -> str:
    """The bracket as BBCode: the picture (when its address is given), then each round as a list."""
    bracket = state.bracket
    seeds = {entrant: number for number, entrant in enumerate(bracket.seed_order, start=1)}
    out = [f"[b]{bbcode_text(title)}[/b]"]
    if image_url:
        out.append(f"[img]{image_url}[/img]")
    champion = state.champion
    if champion is not None:
        out.append(_("[b]Vainqueur : %(name)s[/b]") % {"name": bbcode_text(entrant_name(names, champion))})
    for number in range(1, bracket.rounds + 1):
        out += ["", f"[u]{round_name(bracket, number)}[/u]", "[list]"]
        for match in state.matches:
            if match.key.round != number:
                continue
            prefix = f"{match_name(bracket, match.key)} : " if match.key.slot == 2 and number == bracket.rounds \
                and bracket.third_place else ""
            out.append(f"[*]{prefix}{match_line(match, names, seeds)}")
        out.append("[/list]")
    return bbcode_safe("\n".join(out)) + "\n"


def standings_bbcode(tables: Sequence[tuple[str, Sequence[Standing]]], names: Mapping, *, title: str,
                     image_url: str = "") -> str:
    """Standings tables ((group title, standings) pairs) as BBCode; Buchholz only when the format has it."""
    swiss = any(s.buchholz is not None for _t, lines in tables for s in lines)
    headers = [_("Rang"), _("Duelliste"), _("Joués"), _("Victoires"), _("Nuls"), _("Défaites"), _("Points")]
    headers += [_("Buchholz")] if swiss else []
    headers += [_("PF restants"), _("Fautes")]
    out = [f"[b]{bbcode_text(title)}[/b]"] + ([f"[img]{image_url}[/img]"] if image_url else [])
    for table_title, lines in tables:
        out += ["", f"[u]{bbcode_text(table_title)}[/u]", "[table]",
                "[tr]" + "".join(f"[th]{h}[/th]" for h in headers) + "[/tr]"]
        for s in lines:
            cells = [s.rank, bbcode_text(entrant_name(names, s.entrant)), s.played, s.wins, s.draws, s.losses,
                     s.points]
            cells += [s.buchholz] if swiss else []
            cells += [s.pf_left, s.faults]
            out.append("[tr]" + "".join(f"[td]{c}[/td]" for c in cells) + "[/tr]")
        out.append("[/table]")
    return bbcode_safe("\n".join(out)) + "\n"
