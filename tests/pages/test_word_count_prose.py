"""The 100-word rule counts prose only: images (with their address), bare addresses and link targets
are not words, so a post of images and no text is refused."""
import pytest

from duels.services import rp_word_count
from tests.support.word_count import IMAGES_ONLY, SAMPLES


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
