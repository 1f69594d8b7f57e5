"""Forum export: every post and declaration as BBCode ready to paste in the forum's topic
("Copier pour le forum"). RP text as written, the action line in bold, the declaration's results."""
from __future__ import annotations

from django.utils.translation import gettext as _


def post(*, author: str, rp_text: str, action: str) -> str:
    parts = []
    if rp_text.strip():
        parts.append(rp_text.strip())
    parts.append(f"[b]{action}[/b]")
    return "\n\n".join(parts)


def stage_image_url(duel_id: int, turn: int) -> str:
    """The stage after this turn as a PNG, absolute (SITE_URL): forums show [img] where HTML is off."""
    from django.conf import settings
    from django.urls import reverse

    return settings.SITE_URL.rstrip("/") + reverse("duels:turn_stage_png", args=[duel_id, turn])


def declaration(*, turn: int, kind: str, rolls: list[dict], events: list[dict], comment: str,
                stage_image: str = "", closing: list[str] = ()) -> str:
    """The declaration to paste: dice (what each decided and then what happened), results, then
    `closing`: where each duellist stands, the winners by name and what comes next."""
    lines = [f"[b]{_('Tour %(turn)s — %(kind)s') % {'turn': turn, 'kind': kind}}[/b]", ""]
    if stage_image:
        lines += [f"[img]{stage_image}[/img]", ""]
    if comment.strip():
        lines += [f"[i]{comment.strip()}[/i]", ""]
    if rolls:
        lines += [f"[u]{_('Dés')}[/u]", "[list]"]
        for r in rolls:
            verdict = r.get("verdict") or (_("pari gagné") if r["success"] else _("pari perdu"))
            lines.append("[*]" + _("%(who)s : pari %(bet)s, dé %(roll)s — %(verdict)s") % {
                "who": r.get("by_name") or r.get("by"), "bet": r["bet"], "roll": r["roll"], "verdict": verdict})
        lines += ["[/list]", ""]
    lines.append(f"[u]{_('Résultats')}[/u]")
    lines += [event["text"] for event in events]
    closing = [line for line in closing if line]
    if closing:
        lines += ["", f"[u]{_('Après la déclaration')}[/u]", *closing]
    return "\n".join(lines).strip()
