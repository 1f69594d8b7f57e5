"""Text Estrade hands to the forum to paste (the BBCode copies of posts and declarations, the rankings
and rewards in BBCode): some forums let members write HTML in their posts, so no `<` or `>` of a
member's text may reach them as markup. They become the numeric references `&#60;` and `&#62;`, which
a forum with HTML shows as the characters and a BBCode-only forum (phpBB's kind) keeps as they are."""
from __future__ import annotations

_HTML_NEUTRAL = str.maketrans({"<": "&#60;", ">": "&#62;"})


def html_neutral(text: str) -> str:
    """`text` with `<` and `>` written as `&#60;` and `&#62;`: no HTML tag survives in it."""
    return text.translate(_HTML_NEUTRAL)
