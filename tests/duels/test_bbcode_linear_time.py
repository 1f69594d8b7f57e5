"""Crafted BBCode costs what ordinary BBCode of the same length costs: the word count, the forum copy's
safety pass and the site's rendering scan the text in linear time (a backtracking expression spends
most of a second on "[url=" * 4000), and their results are the ones of the regular expressions they
replace."""
import re
import time

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from duels.export import bbcode
from duels.services import rp_word_count

ORDINARY = ("Il lève [b]sa baguette[/b], [i]lentement[/i], [url=https://forum.example/t1]ici[/url] "
            "et [color=red]rougit[/color].\n")
CRAFTED = ["[a=" * 6666, "[url=" * 4000, "[url]" * 4000, "[url=x]" * 2800, "[b]" * 6666, "[*]" * 6666]


def best_of(function, text: str, runs: int = 3) -> float:
    """The CPU time of this process for one call, the best of `runs`: the work done, not the wall
    clock (another test worker or process on the machine does not count)."""
    timings = []
    for _ in range(runs):
        started = time.process_time()
        function(text)
        timings.append(time.process_time() - started)
    return min(timings)


def crafted_and_floor(function, crafted: str, runs: int, minimum: float = 0.0) -> tuple[float, float]:
    """Best CPU times of `function` on the crafted text and on ordinary BBCode of its length (the floor,
    at least `minimum`), measured in turns so that both meet the same machine."""
    ordinary = ordinary_of_length(len(crafted))
    crafted_times, floor_times = [], []
    for _ in range(runs):
        floor_times.append(best_of(function, ordinary, runs=1))
        crafted_times.append(best_of(function, crafted, runs=1))
    return min(crafted_times), max(min(floor_times), minimum)


def uncached_html(text: str) -> str:
    return bbcode._parser().format(text)


FUNCTIONS = {
    "rp_word_count": rp_word_count,
    "bbcode_safe": bbcode.bbcode_safe,
    "forum_copy": lambda text: bbcode._post.__wrapped__("Luna", text, "Sort : Repulso"),  # without the cache
    "rp_html": uncached_html,
}


def ordinary_of_length(length: int) -> str:
    return (ORDINARY * (length // len(ORDINARY) + 1))[:length]


@pytest.mark.parametrize("name", FUNCTIONS)
@pytest.mark.parametrize("crafted", CRAFTED, ids=lambda text: text[:6])
def test_crafted_bbcode_costs_at_most_twenty_times_ordinary_bbcode_of_its_length(name, crafted):
    # best of five each, and a floor of 2 ms at least: a shared machine's hiccups are not a regression (a
    # backtracking scan costs hundreds of milliseconds here; the linear scans stay under 10 times)
    cost, floor = crafted_and_floor(FUNCTIONS[name], crafted, runs=5, minimum=2e-3)
    assert cost <= 20 * floor, (name, cost, floor)


@pytest.mark.parametrize("name", ["rp_word_count", "bbcode_safe", "forum_copy"])
@pytest.mark.parametrize("crafted", ["[a=" * 66660, "[url=" * 40000, "[url]" * 40000], ids=lambda text: text[:6])
def test_ten_times_longer_still_costs_at_most_twenty_times_ordinary_bbcode(name, crafted):
    """Ten times those inputs (beyond what a post may hold, the exports have no such cap): the
    same bound, where a quadratic scan would cost a hundred times more than at the first length."""
    cost, floor = crafted_and_floor(FUNCTIONS[name], crafted, runs=3)
    assert cost <= 20 * floor, (name, cost, floor)


# --- unchanged results: the regular expressions the scanner replaces, as references ----------------
OLD_TAG = re.compile(r"\[/?[a-zA-Z*][a-zA-Z0-9*]*(?:=[^\]]*)?\]")
OLD_URL_TAG = re.compile(r"\[(url|img|iurl|email|video|flash|iframe|embed)(?:=([^\]]*))?\](.*?)\[/\1\]", re.I | re.S)
OLD_OPENING_URL_TAG = re.compile(r"\[(url|img|iurl|video|flash|iframe|embed)=([^\]]*)\]", re.I)
OLD_TRAILING_BOLD = re.compile(r"\[b\](?:(?!\[b\]).)*\[/b\]\s*\Z", re.IGNORECASE | re.DOTALL)


OLD_IMAGE = re.compile(r"\[img(?:=[^\]]*)?\].*?\[/img\]", re.IGNORECASE | re.DOTALL)


def old_word_count(text: str) -> int:
    text = OLD_TAG.sub(" ", OLD_IMAGE.sub(" ", OLD_TRAILING_BOLD.sub(" ", text)))
    return sum(1 for token in text.split()
               if re.search(r"[^\W_]", token) and not re.search(r"://|^[\W_]*www\.", token, re.I))


def old_bbcode_safe(text: str) -> str:
    def tag(match):
        name, value, content = match.group(1).lower(), match.group(2), match.group(3)
        if bbcode._url_is_safe(value if value is not None else content):
            return match.group(0)
        return "" if name in ("img", "video", "flash", "iframe", "embed") and value is None else content

    text = OLD_URL_TAG.sub(tag, text)
    text = OLD_OPENING_URL_TAG.sub(lambda m: m.group(0) if bbcode._url_is_safe(m.group(2)) else "", text)
    return bbcode._SCRIPT_SCHEME.sub(r"\1 :", text)


PIECES = ["[", "]", "=", "/", "[url", "[URL", "[/url]", "[/Url]", "[img]", "[/img]", "[email=", "[/email]",
          "[b]", "[/b]", "[*]", "[a=", "[IMG=", "www.x.fr", "[quote=Hermione]", "javascript:", "https://x.fr", "/t1", "#ancre",
          "mot", " ", "\n", "é", "[iurl=", "[/iurl]", "[video]", "[/video]", "data:x", "[list]", "9"]


@hypothesis_settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_results_are_those_of_the_regular_expressions(text):
    assert rp_word_count(text) == old_word_count(text)
    assert bbcode.bbcode_safe(text) == old_bbcode_safe(text)


def test_the_site_rendering_and_the_forum_copy_are_kept_per_text():
    text = "Elle [b]ose[/b] [url=https://forum.example]ici[/url]" + "[b]" * 3000
    assert bbcode.rp_html(text) == uncached_html(text)
    assert bbcode.rp_html(text) is bbcode.rp_html(text)
    copy = bbcode.post(author="Luna", rp_text=text, action="Rien")
    assert copy == bbcode.bbcode_safe(text + "\n\n[b]Rien[/b]")
    assert bbcode.post(author="Luna", rp_text=text, action="Rien") is copy
