"""The champions table as text for the forum: a title for a scope and a BBCode table."""
from __future__ import annotations

from django.utils.translation import gettext as _

from duels.export.bbcode import bbcode_safe, bbcode_text
from duels.models import DuelFormat, DuelKind

__all__ = ["bbcode_text", "ranking_bbcode", "rewards_bbcode", "scope_title"]


def scope_title(scope) -> str:
    """"Classement des champions — Saison d'automne — RP — 1 contre 1 — 3e année" (parts that apply)."""
    parts = [_("Classement des champions")]
    parts.append(scope.season.name if scope.season else _("tous les temps"))
    if scope.kind:
        parts.append(str(DuelKind(scope.kind).label))
    if scope.format:
        parts.append(str(DuelFormat(scope.format).label))
    if scope.year:
        parts.append(_("adultes") if scope.year == 8 else _("%(year)de année") % {"year": scope.year})
    return " — ".join(parts)




def ranking_bbcode(lines: list[dict], *, title: str) -> str:
    headers = [_("Rang"), _("Duelliste"), _("Points"), _("Duels"), _("Victoires"), _("Nuls"), _("Défaites"),
               _("Disq."), _("Taux de victoire"), _("Bourse"), _("Chocogrenouilles")]
    out = [f"[b]{bbcode_text(title)}[/b]", "[table]", "[tr]" + "".join(f"[th]{h}[/th]" for h in headers) + "[/tr]"]
    for line in lines:
        cells = [
            line["rank"], bbcode_text(line["forum_name"]), line["points"], line["duels"], line["wins"], line["draws"],
            line["losses"], line["disqualifications"], f"{round(line['win_rate'] * 100)} %",
            _("%(n)s gallions") % {"n": line["purse"]}, line["chocogrenouilles"],
        ]
        out.append("[tr]" + "".join(f"[td]{c}[/td]" for c in cells) + "[/tr]")
    out.append("[/table]")
    if not lines:
        out.insert(1, _("Aucun duel terminé pour l'instant."))
    return bbcode_safe("\n".join(out)) + "\n"


def year_label(year: int | None) -> str:
    if year is None:
        return "—"
    return _("adulte") if year == 8 else _("%(year)de année") % {"year": year}


def rewards_bbcode(results) -> str:
    """The rewards still to hand out, as a BBCode list for the forum's bank: who, which duel, the
    purse (and the year of study its salary follows) or the chocogrenouille."""
    out = [f"[b]{_('Récompenses de duel à verser')}[/b]", "[list]"]
    for result in results:
        if result.purse:
            reward = _("%(n)s gallions (salaire de %(year)s)") % {"n": result.purse,
                                                                 "year": year_label(result.salary_year)}
        else:
            reward = _("une chocogrenouille")
        out.append(_("[*]%(name)s — duel n°%(duel)s — %(reward)s") % {
            "name": bbcode_text(result.duellist.forum_name), "duel": result.duel_id, "reward": reward})
    out.append("[/list]")
    if len(out) == 3:
        out.insert(1, _("Rien à verser pour l'instant."))
    return bbcode_safe("\n".join(out)) + "\n"
