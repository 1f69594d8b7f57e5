"""Finished duels whose outcome a correction can change (the standings and statistics tests)."""
from duels.services.corrections import declaration_correct
from tests.support.duels import bet_for, declare, post, started_duel


def finished(winner: int = 1):
    """A duel won by team `winner` with a fatal blow at the second declaration."""
    duel, referee, (a, b) = started_duel()
    hitter, hit = (a, b) if winner == 1 else (b, a)
    post(duel, a, [{"cast": "coup", "target": hit.engine_id, "bet": bet_for(duel, order=1, win=True)}]
         if a is hitter else [])
    post(duel, b, [{"cast": "coup", "target": hit.engine_id, "bet": bet_for(duel, order=2, win=True)}]
         if b is hitter else [])
    declaration = declare(duel, referee)
    if duel.status != "finished":
        post(duel, hit, [{"nothing": True}])
        declaration = declare(duel, referee)
    assert duel.status == "finished"
    return duel, referee, hitter, hit, declaration


def backfire(declaration, referee, hitter):
    return declaration_correct(declaration=declaration, by=referee, reason="Sort interdit", adjustments=[
        {"target": hitter.engine_id, "kind": "pf", "delta": -30, "reason": "Retour du sort"}])
