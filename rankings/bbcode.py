"""The champions table as text for the forum: a title for a scope and a BBCode table."""
from __future__ import annotations

from django.utils.translation import gettext as _

from duels.models import DuelFormat, DuelKind


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


def bbcode_text(value) -> str:
    """Names may not open or close BBCode tags: square brackets become parentheses."""
    return str(value).replace("[", "(").replace("]", ")")


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
    return "\n".join(out) + "\n"
