"""A correction racing a post in the window the declaration opened, or the deadline sweep: PostgreSQL
row locks decide, and either way the duel ends in one consistent state (skipped elsewhere)."""
import datetime as dt

import pytest
from django.db import connection

from duels.models import Declaration, DeclarationRevision, Post, Window
from duels.services import DuelError, post_submit, window_expire_overdue
from duels.services.corrections import declaration_correct
from tests.concurrency import in_club, run_together
from tests.support.clock import START
from tests.support.duels import RP_TEXT, bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only(time_machine, settings):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (SQLite serializes whole transactions)")
    time_machine.move_to(START, tick=False)
    return time_machine


def published():
    """A's bolt hits B: the first declaration is out and B's defence window is open."""
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    return duel, referee, a, b, declare(duel, referee)


@pytest.mark.parametrize("round_", range(3))
def test_a_correction_racing_a_post_in_the_next_window(round_):
    duel, referee, _a, b, declaration = published()
    corrected, posted = run_together(
        in_club(duel.club, lambda: declaration_correct(declaration=declaration, by=referee, reason="Relecture")),
        in_club(duel.club, lambda: post_submit(duel=duel, user=b.duellist.user, rp_text=RP_TEXT,
                                               steps=[{"dodge": "123"}])),
    )
    assert isinstance(posted, Post), posted  # the post is never lost
    defence = Window.objects.get(duel=duel, turn=1, phase="defence")  # one defence window, never two
    assert list(defence.posts.all()) == [posted]
    if isinstance(corrected, Declaration):  # the correction went first: the post landed in the reopened window
        assert DeclarationRevision.objects.filter(declaration=declaration).count() == 1
        assert defence.opened_by_id == declaration.pk
    else:  # the post went first: the correction is refused, nothing changed
        assert isinstance(corrected, DuelError) and corrected.code == "next-window-has-posts"
        assert not DeclarationRevision.objects.exists()
        assert Declaration.objects.get(pk=declaration.pk).revision == 0


@pytest.mark.parametrize("round_", range(3))
def test_a_correction_racing_the_deadline_sweep(postgres_only, round_):
    duel, referee, _a, b, declaration = published()
    postgres_only.move_to(START + dt.timedelta(hours=48, minutes=1), tick=False)  # B's defence window is due
    corrected, sweep = run_together(
        in_club(duel.club, lambda: declaration_correct(declaration=declaration, by=referee, reason="Relecture")),
        lambda: window_expire_overdue(),  # the sweep spans clubs
    )
    windows = Window.objects.filter(duel=duel, turn=1, phase="defence")
    assert windows.count() == 1
    defence = windows.get()
    if isinstance(corrected, Declaration):  # corrected first: a fresh 48 h window, nothing expired
        assert defence.state == "open" and not defence.posts.exists()
        assert defence.due_at == START + dt.timedelta(hours=96, minutes=1)
    else:  # swept first: the absence stands and the correction says why it cannot be made
        assert isinstance(corrected, DuelError) and corrected.code == "next-window-has-posts"
        assert defence.state == "expired" and defence.posts.filter(automatic=True).count() == 1
        assert not DeclarationRevision.objects.exists()
    assert sweep is not None and not isinstance(sweep, Exception), sweep
