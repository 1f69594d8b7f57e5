"""The demo's duels, played by the real services (registration, matchmaking, types, start signal, posts,
declarations) in the active club, refereed by its referee. Not a command (the leading underscore)."""
from __future__ import annotations

from accounts.models import Duellist, User
from duels.models import Duel, DuelFormat, DuelKind, Phase
from duels.services import (
    declaration_prepare,
    declaration_publish,
    duel_start,
    forfeit,
    magic_types_choose,
    matchmaking_run,
    post_submit,
    referee_assign,
    registration_create,
)
from duels.services.dice import roll_derive

RP_LINES = [
    "La lumière des torches vacille sur l'estrade tandis que le public retient son souffle.",
    "Le duelliste ajuste sa prise sur sa baguette, le regard fixé sur son adversaire, et avance d'un pas mesuré.",
    "Il se souvient des conseils de son professeur : garder les pieds ancrés, respirer, viser avant de parler.",
    "Un murmure parcourt les gradins quand il lève le bras, la manche de sa robe glissant jusqu'au coude.",
    "Sans quitter l'autre des yeux, il prononce la formule d'une voix claire qui résonne sous la voûte de pierre.",
    "Un éclat de lumière jaillit de l'extrémité de sa baguette et file à travers la salle vers sa cible.",
]
RP_TEXT = " ".join(RP_LINES * 2)


def duel_between(a: Duellist, b: Duellist) -> Duel | None:
    return Duel.objects.filter(participants__duellist=a).filter(participants__duellist=b).first()


class DuelStory:
    """Plays one demo duel up to a state: "finished", "waiting_for_posts" (the first duellist awaited),
    "in_defence" (the second duellist defends) or "waiting_for_declaration" (the referee's turn)."""

    def __init__(self, referee: User):
        self.referee = referee

    def play(self, a: Duellist, b: Duellist, *, year: int, state: str) -> Duel:
        duel = self._matched(a, b, year)
        getattr(self, f"_{state}")(duel)
        duel.refresh_from_db()
        return duel

    def _matched(self, a: Duellist, b: Duellist, year: int) -> Duel:
        registration_create(duellist=a, kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=year, named_opponent=b)
        registration_create(duellist=b, kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=year, named_opponent=a)
        duel = next(d for d in matchmaking_run().duels if d.participants.filter(duellist=a).exists())
        referee_assign(duel=duel, referee=self.referee, by=self.referee)
        types = {a.pk: "malefices", b.pk: "sortileges"}
        for participant in duel.participants.select_related("duellist__user"):
            magic_types_choose(participant=participant, types=[types[participant.duellist_id]],
                               by=participant.duellist.user)
        return duel_start(duel=duel, by=self.referee)

    def _players(self, duel: Duel):
        return list(duel.participants.select_related("duellist__user").order_by("team"))

    def _bet(self, duel: Duel, *, order: int, step: int = 0, win: bool) -> str:
        """Demo only: read the secret seed to script the story (live duels never do)."""
        duel.refresh_from_db()
        phase = Phase.DEFENCE if duel.status in ("defence", "awaiting_second") else Phase.ACTION
        roll = roll_derive(seed=duel.seed, turn=duel.turn, phase=phase, post_order=order, step_index=step)
        return "123" if (roll <= 3) == win else "456"

    def _post(self, duel, participant, steps, text=RP_TEXT):
        post_submit(duel=duel, user=participant.duellist.user, rp_text=text, steps=steps)

    def _declare(self, duel, comment=""):
        draft = declaration_prepare(duel=duel, by=self.referee)
        declaration_publish(declaration=draft, by=self.referee, comment=comment)

    def _first_turn(self, duel):
        """Both cast; the first hits (bonus bet), the second misses: a defence phase opens."""
        a, b = self._players(duel)
        self._post(duel, a, [{"cast": "furunculus", "target": b.engine_id, "bet": self._bet(duel, order=1, win=True)}])
        self._post(duel, b, [{"move": 7}, {"cast": "flipendo", "target": a.engine_id,
                                           "bet": self._bet(duel, order=2, step=1, win=False)}])
        return a, b

    def _waiting_for_posts(self, duel):
        a, b = self._first_turn(duel)
        self._declare(duel, "Premier échange : les deux duellistes se jaugent.")
        self._post(duel, b, [{"dodge": self._bet(duel, order=1, win=False)}])
        self._declare(duel)
        self._post(duel, b, [{"move": 8}])  # turn 2: only the first duellist is still awaited

    def _in_defence(self, duel):
        self._first_turn(duel)
        self._declare(duel, "Touché ! Le défenseur a 48 heures pour réagir.")

    def _waiting_for_declaration(self, duel):
        self._first_turn(duel)

    def _finished(self, duel):
        a, b = self._first_turn(duel)
        self._declare(duel)
        self._post(duel, b, [{"nothing": True}], text="")
        self._declare(duel)
        forfeit(duel=duel, by=b.duellist.user)
