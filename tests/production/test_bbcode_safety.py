"""BBCode exports ("Copier pour le forum", the rankings and rewards): what members wrote or are called
cannot put a script link on the forum, nor open/close tags from a name."""
import re

import pytest

from duels.export import bbcode
from rankings.export.bbcode import ranking_bbcode, rewards_bbcode


@pytest.mark.parametrize("written", [
    "[url=javascript:alert(1)]cliquez[/url]",
    "[url=JavaScript:alert(1)]cliquez[/url]",
    "[url= java\tscript:alert(1)]cliquez[/url]",
    "[url=jav&#x61;script:alert(1)]cliquez[/url]",
    "[url=\"javascript:alert(1)\"]cliquez[/url]",
    "[url]javascript:alert(1)[/url]",
    "[img]javascript:alert(1)[/img]",
    "[url=vbscript:msgbox(1)]cliquez[/url]",
    "[url=data:text/html;base64,PHNjcmlwdD4=]cliquez[/url]",
    "[url=javascript:alert(1)]cliquez",
])
def test_script_links_in_an_rp_text_are_neutralised(written):
    code = bbcode.post(author="Luna", rp_text=f"Elle lève sa baguette. {written} Fin.", action="Sort : Repulso")
    lowered = code.lower()
    assert not re.search(r"(java|vb)\s*script:|=data:", lowered)
    assert "[url" not in lowered and "[img" not in lowered
    assert "Elle lève sa baguette." in code and "Fin." in code


@pytest.mark.parametrize("written", [
    "[url=https://forum.example/t1]le sujet[/url]", "[url]https://forum.example[/url]",
    "[img]https://forum.example/a.png[/img]", "[url=/t1-duel]relatif[/url]", "[b]gras[/b] et [i]italique[/i]",
])
def test_ordinary_bbcode_is_kept_as_written(written):
    assert written in bbcode.post(author="Luna", rp_text=written, action="Rien")


def test_a_declaration_escapes_names_and_neutralises_comments():
    code = bbcode.declaration(
        turn=1, kind="action", comment="[url=javascript:alert(1)]voir[/url]", events=[{"text": "Rien."}],
        rolls=[{"by_name": "[url=https://evil.example]Luna[/url]", "bet": "123", "roll": 2, "success": True}],
    )
    assert "javascript" not in code.replace("javascript :", "")
    assert "(url=https://evil.example)Luna(/url)" in code


def test_rankings_and_rewards_escape_names():
    line = {"rank": 1, "forum_name": "[/table][url=javascript:alert(1)]x[/url]", "points": 1, "duels": 1, "wins": 1,
            "draws": 0, "losses": 0, "disqualifications": 0, "win_rate": 1.0, "purse": 10, "chocogrenouilles": 0}
    code = ranking_bbcode([line], title="Classement [b]")
    assert code.count("[/table]") == 1 and "[url" not in code and "Classement (b)" in code

    class Result:
        purse, salary_year, duel_id = 5, 3, 7
        duellist = type("D", (), {"forum_name": "[url=javascript:x]Luna[/url]"})()

    rewards = rewards_bbcode([Result()])
    assert "[url" not in rewards and "(url=javascript :x)Luna(/url)" in rewards
