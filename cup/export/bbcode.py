"""The standings as BBCode for an announcement on the forum: a title, the picture (when its address is
given), then a table of the houses — rank, name in its colour, total — the leader in bold."""
from __future__ import annotations

import re

from django.utils.translation import gettext as _

from duels.export.bbcode import bbcode_safe, bbcode_text

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def standings_bbcode(lines, *, title: str, image_url: str = "", page_url: str = "") -> str:
    out = [f"[b]{bbcode_text(title)}[/b]"]
    if image_url:
        out.append(f"[img]{image_url}[/img]")
    out += ["[table]", "[tr]" + "".join(f"[th]{h}[/th]" for h in (_("Rang"), _("Maison"), _("Points"))) + "[/tr]"]
    for line in lines:
        name = bbcode_text(f"{line.house.crest} {line.house.name}".strip())
        if _COLOUR.match(line.house.colour or ""):
            name = f"[color={line.house.colour}]{name}[/color]"
        total = str(line.total)
        if line.leader:
            name, total = f"[b]{name}[/b]", f"[b]{total}[/b]"
        out.append(f"[tr][td]{line.rank}[/td][td]{name}[/td][td]{total}[/td][/tr]")
    out.append("[/table]")
    if page_url:
        out.append(_("[url=%(url)s]Toute la coupe sur Estrade[/url]") % {"url": page_url})
    return bbcode_safe("\n".join(out)) + "\n"
