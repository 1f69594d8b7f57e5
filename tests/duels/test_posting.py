"""post_submit: who may post, when, what; word counting; posts are insert-only."""
import datetime as dt

import pytest
from django.utils import timezone

from duels.models import ImmutableError, Post, SlotStatus
from duels.services import MESSAGES, DuelError, post_submit, rp_word_count
from duels.services.posting import MIN_RP_WORDS
from tests.factories.duels import UserFactory
from tests.support.clock import START
from tests.support.duels import RP_TEXT, bet_for, declare, post, started_duel

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


@pytest.fixture
def duel_ab():
    return started_duel()


def refused(duel, participant, steps, text=RP_TEXT, user=None, now=None) -> DuelError:
    before = Post.objects.count()
    with pytest.raises(DuelError) as caught:
        post_submit(duel=duel, user=user or participant.duellist.user, rp_text=text, steps=steps, now=now)
    assert Post.objects.count() == before  # nothing stored when refused
    return caught.value


class TestWordCount:
    def test_plain_words(self):
        assert rp_word_count("Il lève sa baguette, lentement.") == 5

    def test_punctuation_only_tokens_do_not_count(self):
        assert rp_word_count("« Expelliarmus ! » — cria-t-il … !!") == 2

    def test_bbcode_tags_do_not_count_but_their_text_does(self):
        assert rp_word_count("[i]Il[/i] [color=red]rougit[/color] [url=https://x.fr]ici[/url]") == 3

    def test_the_bold_action_block_at_the_end_is_not_counted(self):
        assert rp_word_count("Elle avance prudemment. [b]Déplacement zone 5 puis Stupéfix sur B[/b]\n") == 3

    def test_bold_inside_the_text_counts(self):
        assert rp_word_count("Elle [b]ose[/b] avancer. [b]Action[/b]") == 3

    def test_apostrophes_hyphens_and_numbers_are_one_word(self):
        assert rp_word_count("l'arbitre peut-être 3e année") == 4

    def test_empty(self):
        assert rp_word_count("") == 0 and rp_word_count(None) == 0


def test_accepted_post_is_stored_with_its_order_and_nothing_of_dice(duel_ab):
    duel, _referee, (a, b) = duel_ab
    stored = post(duel, a, [{"move": 5}])
    assert (stored.order, stored.steps, stored.automatic) == (1, [{"move": 5}], False)
    assert post(duel, b, []).order == 2
    assert not any("roll" in step for p in Post.objects.all() for step in p.steps)


def test_only_participants_post(duel_ab):
    duel, referee, (a, _b) = duel_ab
    error = refused(duel, a, [], user=UserFactory())
    assert error.code == "not-participant" and error.message == str(MESSAGES["not-participant"])
    assert refused(duel, a, [], user=referee).code == "not-participant"


def test_once_per_window(duel_ab):
    duel, _referee, (a, _b) = duel_ab
    post(duel, a, [])
    error = refused(duel, a, [{"move": 5}])
    assert error.code == "one-post-per-phase" and "déjà posté" in error.message


def test_rp_text_of_at_least_100_words(duel_ab):
    duel, _referee, (a, _b) = duel_ab
    short = " ".join(["mot"] * (MIN_RP_WORDS - 1)) + " [b]Action : zone 5, et d'autres mots encore[/b]"
    error = refused(duel, a, [{"move": 5}], text=short)
    assert error.code == "rp-too-short" and "100 mots" in error.message and "99" in error.message
    post(duel, a, [{"move": 5}], text=" ".join(["mot"] * MIN_RP_WORDS))


def test_a_live_post_never_carries_dice(duel_ab):
    duel, _referee, (a, b) = duel_ab
    error = refused(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": "123", "roll": 6}])
    assert error.code == "roll-in-post" and "serveur" in error.message


def test_malformed_steps_are_refused(duel_ab):
    duel, _referee, (a, _b) = duel_ab
    assert refused(duel, a, [{"fly": 3}]).code == "invalid-post"
    assert refused(duel, a, "move 5").code == "invalid-post"


@pytest.mark.parametrize(
    ("steps", "code"),
    [
        ([{"cast": "bolt", "target": "B", "bet": "123"}, {"cast": "spark", "target": "B", "bet": "123"}],
         "one-cast-per-post"),
        ([{"move": 5}, {"move": 6}], "too-many-moves"),
        ([{"dodge": "123"}], "wrong-phase"),
        ([{"move": 14}], "invalid-move"),
        ([{"cast": "avada", "target": "B"}], "unknown-spell"),
        ([{"cast": "fireball", "target": "B", "bet": "123"}], "spell-level"),
        ([{"cast": "bolt", "target": "B", "bet": "12"}], "invalid-bet"),
        ([{"cast": "heal", "target": "B"}], "invalid-target"),
    ],
)
def test_engine_refusals_come_with_their_french_message(steps, code):
    duel, _referee, (a, b) = started_duel(years=(1, 1))
    for step in steps:
        if step.get("target") == "B":
            step["target"] = b.engine_id
    error = refused(duel, a, steps)
    assert error.code == code and error.message == str(MESSAGES[code])


def test_defence_post_refusals_and_do_nothing_needs_no_text(duel_ab):
    duel, referee, (a, b) = duel_ab
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    error = refused(duel, a, [{"nothing": True}], text="")
    assert error.code == "not-targeted" and "Aucun sort ne vous vise" in error.message
    assert refused(duel, b, [{"move": 3}]).code == "invalid-move"
    assert refused(duel, b, [{"dodge": "123"}], text="Trop court.").code == "rp-too-short"
    post(duel, b, [{"nothing": True}], text="")


def test_deadline_is_inclusive_and_then_posting_is_refused(duel_ab, clock):
    duel, _referee, (a, b) = duel_ab
    deadline = START + dt.timedelta(hours=48)
    clock.move_to(deadline + dt.timedelta(seconds=1), tick=False)
    error = refused(duel, a, [])
    assert error.code == "deadline-passed" and "délai" in error.message
    clock.move_to(deadline, tick=False)
    post(duel, b, [])


def test_no_open_window_while_the_declaration_is_awaited(duel_ab):
    duel, _referee, (a, b) = duel_ab
    post(duel, a, [])
    post(duel, b, [])
    duel.refresh_from_db()
    assert duel.status == "awaiting_first"
    assert duel.windows.get().slots.filter(status=SlotStatus.POSTED).count() == 2
    assert refused(duel, a, []).code == "no-open-window"


def test_posts_are_insert_only(duel_ab):
    duel, _referee, (a, _b) = duel_ab
    stored = post(duel, a, [])
    stored.rp_text = "modifié"
    with pytest.raises(ImmutableError):
        stored.save()
    with pytest.raises(ImmutableError):
        stored.delete()
    with pytest.raises(ImmutableError):
        Post.objects.filter(pk=stored.pk).update(rp_text="x")
    with pytest.raises(ImmutableError):
        Post.objects.filter(pk=stored.pk).delete()
    assert Post.objects.get(pk=stored.pk).rp_text == RP_TEXT
    assert timezone.now() == START
