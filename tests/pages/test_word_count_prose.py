"""The 100-word rule counts prose only: images (with their address), bare addresses and link targets
are not words, so a post of images and no text is refused."""
import pytest

from duels.services import rp_word_count

IMAGES_ONLY = "\n".join(f"[img]https://i.imgur.com/pic{n}.png[/img]" for n in range(110))

# (text, words): shared with the browser's live counter (tests/e2e/test_word_count_prose.py).
SAMPLES = [
    (IMAGES_ONLY, 0),
    ("[IMG=300x200]https://x.fr/a.png[/IMG] Il avance.", 2),
    ("Voir https://forum.example/t1 et www.example.fr ou (https://x.fr/y) ici.", 4),
    ("[url=https://forum.example/t1]le sujet[/url] [url]https://forum.example/t2[/url]", 2),
    ("[img]sans fin https://x.fr mot", 3),  # an image never closed: its words still count
    ("un [img]a.png[/img] deux [img]b.png[/img] trois", 3),
    ("Elle lève sa baguette. [b]Stupéfix sur B[/b]", 4),
    ("l'arbitre peut-être 3e année — http: n'est pas une adresse", 9),
]


@pytest.mark.parametrize(("text", "words"), SAMPLES)
def test_only_prose_counts(text, words):
    assert rp_word_count(text) == words


def test_a_post_of_110_images_and_no_text_is_too_short(db):
    from duels.services import DuelError, post_submit
    from tests.support.duels import started_duel

    duel, _referee, (a, _b) = started_duel()
    with pytest.raises(DuelError) as refused:
        post_submit(duel=duel, user=a.duellist.user, rp_text=IMAGES_ONLY, steps=[{"move": 5}])
    assert refused.value.code == "rp-too-short"
