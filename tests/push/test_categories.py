"""Which notices are pushed under which choice, read from the notices the services really store."""
import pytest

from accounts.models import Notification
from accounts.notice_keys import notice_key, reminder_key, reopened_key, turn_key
from push.categories import notice_category
from push.models import Category
from tests.support.clock import START
from tests.support.duels import knock_out, started_duel

pytestmark = pytest.mark.django_db


def category_of(user, key_part: str) -> set:
    return {notice_category(n) for n in Notification.objects.filter(user=user, dedupe_key__contains=key_part)}


def test_a_duel_played_to_its_end_sorts_its_notices():
    duel, referee, (a, b) = started_duel()
    knock_out(duel, referee, a, b)
    winner = a.duellist.user
    assert category_of(winner, ":turn:") == {Category.TURN}
    published = {notice_category(n): n for n in Notification.objects.filter(
        user=winner, dedupe_key__contains=":published:").order_by("pk")}
    assert set(published) == {Category.DECLARATION, Category.RESULT}
    assert "Victoire" in published[Category.RESULT].message
    assert category_of(referee, "declaration-due") == {Category.TURN}  # the referee's « à vous »
    assert category_of(winner, ":matched:") == {None}  # an opponent found: the bell and e-mail only


@pytest.mark.parametrize(("kind", "key", "category"), [
    ("duel", turn_key(duel_id=1, turn=2, phase="defence", participant_id=3), Category.TURN),
    ("duel", reopened_key(window_id=4, participant_id=3, deadline=START), Category.TURN),
    ("reminder", reminder_key(slot_id=5, label="6h", deadline=START), Category.REMINDER),
    ("window_expired", notice_key("window", 4, "absent", 3), Category.REMINDER),
    ("duel", notice_key("declaration", 9, "corrected", 2, 3), Category.DECLARATION),
    ("duel", notice_key("tournament", 1, "match", 2, "drawn", 3), Category.TOURNAMENT),
    ("duel", notice_key("tournament", 1, "match", 2, "decided", 3), Category.TOURNAMENT),
    ("duel", notice_key("tournament", 1, "finished", 3), Category.TOURNAMENT),
    ("duel", notice_key("tournament", 1, "draw-failed", 2, 3), None),  # the staff's
    ("exemption", notice_key("exemption", 1, "granted"), None),
    ("duel", notice_key("duel", 1, "forfeit", 2, 3), None),  # a forfeit that does not end the duel
])
def test_each_notice_key_has_its_category(kind, key, category):
    assert notice_category(Notification(kind=kind, dedupe_key=key, message_id="%(duel)s : x")) == category


def test_a_forfeit_that_ends_the_duel_is_a_result():
    notice = Notification(kind="duel", dedupe_key=notice_key("duel", 1, "forfeit", 2, 3),
                          message_id="%(duel)s : %(name)s abandonne le duel (%(when)s). Victoire de %(winners)s.")
    assert notice_category(notice) == Category.RESULT
