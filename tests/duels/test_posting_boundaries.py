"""post_submit at its edges (RULES.md §2.6 word count, §1.4 deadlines, the RP text size cap), found by
mutation testing."""

import pytest
from django.conf import settings

from duels.models import Post
from duels.services import DuelError, post_submit, rp_word_count
from duels.services.posting import MIN_RP_WORDS
from tests.support.clock import START
from tests.support.duels import RP_TEXT, post, started_duel


class TestWordCountEdges:
    def test_the_action_block_is_only_the_last_bold_block(self):
        assert rp_word_count("[b]un deux[/b] trois [b]action[/b]") == 3
        assert rp_word_count("un [B]Action en capitales[/B]") == 1
        assert rp_word_count("un [b]action\nsur deux lignes[/b]  \n\n") == 1
        assert rp_word_count("un [b]pas à la fin[/b] deux") == 6

    def test_tags_with_stars_digits_and_values_are_not_words(self):
        assert rp_word_count("[list][*]un[*]deux[/list]") == 2
        assert rp_word_count("[h1]titre[/h1] [size=12]mot[/size]") == 2
        assert rp_word_count("[quote=Hermione Granger]cité[/quote]") == 1

    def test_a_bracket_that_is_not_a_tag_stays_text(self):
        assert rp_word_count("[1] note [ ] fin") == 3

    def test_underscores_and_punctuation_alone_are_not_words_but_letters_in_any_alphabet_are(self):
        assert rp_word_count("___ -- ... mot_composé Ωμέγα 42") == 3

    def test_the_count_splits_on_any_whitespace(self):
        assert rp_word_count("un\tdeux\ntrois\u00a0quatre") == 4


pytestmark = pytest.mark.django_db


@pytest.fixture
def duel_ab(time_machine):
    time_machine.move_to(START, tick=False)
    return started_duel()


def _refused(duel, participant, steps, text) -> str:
    before = Post.objects.count()
    with pytest.raises(DuelError) as caught:
        post_submit(duel=duel, user=participant.duellist.user, rp_text=text, steps=steps)
    assert Post.objects.count() == before
    return caught.value


def test_exactly_100_words_are_enough_and_99_are_not(duel_ab):
    duel, _referee, (a, b) = duel_ab
    error = _refused(duel, a, [], " ".join(["mot"] * (MIN_RP_WORDS - 1)))
    assert error.code == "rp-too-short"
    assert "99" in error.message and "100" in error.message
    post(duel, a, [], text=" ".join(["mot"] * MIN_RP_WORDS))
    post(duel, b, [], text=RP_TEXT + " [b]Passe.[/b]")


def test_an_action_pass_needs_rp_text_too(duel_ab):
    duel, _referee, (a, _b) = duel_ab
    assert _refused(duel, a, [], "").code == "rp-too-short"
    assert _refused(duel, a, [{"nothing": True}], "Rien.").code == "rp-too-short"


def test_the_rp_text_may_be_as_long_as_the_cap_and_not_one_character_more(duel_ab):
    duel, _referee, (a, b) = duel_ab
    cap = settings.RP_TEXT_MAX_LENGTH
    too_long = (RP_TEXT + " ") * (cap // len(RP_TEXT) + 1)
    error = _refused(duel, a, [], too_long[: cap + 1])
    assert error.code == "rp-too-long"
    text = too_long[:cap]
    assert len(text) == cap
    post(duel, b, [], text=text)


def test_a_step_carrying_a_roll_is_refused_even_after_a_valid_step(duel_ab):
    duel, _referee, (a, b) = duel_ab
    error = _refused(duel, a, [{"move": 5}, {"cast": "bolt", "target": b.engine_id, "bet": "123", "roll": 2}],
                     RP_TEXT)
    assert error.code == "roll-in-post"


def test_a_malformed_post_tells_the_player_what_is_wrong(duel_ab):
    duel, _referee, (a, _b) = duel_ab
    assert _refused(duel, a, "move 5", RP_TEXT).message == "Message mal formé : les actions doivent être une liste"
    assert _refused(duel, a, [{"fly": 3}], RP_TEXT).message == "Message mal formé : post.steps[0]: unknown key 'fly'"
