"""Demo tournaments on the demo's members (run `manage.py demo` first): an 8-entrant single elimination in
1 v 1 and a 6-entrant Swiss over 3 rounds, made and played by the real services — sign-up, check-in,
draw, then each duel started by its referee and ended by a PF penalty (the duel services), whose end
records the match and draws the next round.

Re-runnable: a demo tournament already there is played on from where it stands (a finished one is left
as it is); `--fresh` cancels the unfinished ones and makes new ones. `--unfinished` stops before the last
round, so the pages show a tournament still running."""
from __future__ import annotations

import datetime as dt
import random

from django.core.management.base import CommandError
from django.db import transaction
from django.utils import timezone

from accounts.models import Duellist, User
from accounts.services.members import eligibility
from clubs.commands import ClubCommand
from clubs.models import Membership
from duels.models import DuelStatus, Participant
from duels.services import duel_start, magic_types_choose, referee_assign
from duels.services.faults import fault_record
from spells.models import MagicType
from tournaments.models import Match, Tournament, TournamentStatus
from tournaments.services import (
    entrant_check_in,
    entrant_register,
    tournament_cancel,
    tournament_checkin_open,
    tournament_create,
    tournament_draw,
    tournament_signup_open,
)
from tournaments.services.draw import bracket_of

DEMOS = [
    {"slug": "demo-elimination", "name": "Tournoi de démonstration (élimination directe)", "entrants": 8,
     "options": {"format": "single_elimination", "third_place": True, "seeding": "champions"}},
    {"slug": "demo-suisse", "name": "Tournoi de démonstration (système suisse)", "entrants": 6,
     "options": {"format": "swiss", "swiss_rounds": 3, "seeding": "random"}},
]


class Command(ClubCommand):
    help = ("Crée et joue deux tournois de démonstration (élimination directe à 8, système suisse à 6) "
            "sur les membres de la démo.")

    def add_arguments(self, parser):
        parser.add_argument("--fresh", action="store_true",
                            help="Annule les tournois de démonstration non terminés et en crée de nouveaux.")
        parser.add_argument("--unfinished", action="store_true",
                            help="S'arrête avant la dernière ronde (un tournoi encore en cours).")
        parser.add_argument("--seed", type=int, default=7, help="Graine du hasard des résultats.")

    def handle(self, *args, **options):
        self.rng = random.Random(options["seed"])
        self.staff = self._staff()
        today = timezone.localdate()
        duellists = [d for d in Duellist.objects.filter(user__isnull=False).order_by("forum_id")
                     if not eligibility(d, today)]
        if len(duellists) < 8:
            raise CommandError("Il faut au moins 8 duellistes inscriptibles avec un compte : lancez d'abord "
                               "« manage.py demo ».")
        for demo in DEMOS:
            tournament = self._tournament(demo, duellists, fresh=options["fresh"])
            self._play(tournament, unfinished=options["unfinished"])
            tournament.refresh_from_db()
            winner = f" — vainqueur : {tournament.winner}" if tournament.winner_id else ""
            self.stdout.write(f"{tournament.name} ({tournament.slug}) : {tournament.get_status_display()}, "
                              f"{tournament.rounds.count()} ronde(s){winner}")

    def _staff(self) -> User:
        membership = (Membership.objects.filter(club=self.club, is_staff=True).select_related("user")
                      .order_by("pk").first())
        if membership is None:
            raise CommandError("Le club n'a pas de staff : lancez d'abord « manage.py demo ».")
        return membership.user

    def _tournament(self, demo: dict, duellists: list[Duellist], *, fresh: bool) -> Tournament:
        existing = Tournament.objects.filter(slug__startswith=demo["slug"]).order_by("-created_at").first()
        if existing is not None and not fresh:
            return existing
        if existing is not None and existing.status not in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            tournament_cancel(tournament=existing, by=self.staff, reason="Démo recréée")
        slug = demo["slug"]
        if existing is not None:
            slug = f"{demo['slug']}-{Tournament.objects.filter(slug__startswith=demo['slug']).count() + 1}"
        with transaction.atomic():
            tournament = tournament_create(by=self.staff, name=demo["name"], slug=slug, round_days=7,
                                           description="Créé par manage.py tournament_demo.", **demo["options"])
            tournament_signup_open(tournament=tournament, by=self.staff)
            entrants = [entrant_register(tournament=tournament, duellist=d, by=d.user)
                        for d in self.rng.sample(duellists, demo["entrants"])]
            tournament_checkin_open(tournament=tournament, by=self.staff,
                                    closes_at=timezone.now() + dt.timedelta(days=1))
            for entrant in entrants:
                entrant_check_in(entrant=entrant, by=entrant.duellist.user)
            tournament_draw(tournament=tournament, by=self.staff, rng=self.rng)
        return tournament

    def _play(self, tournament: Tournament, *, unfinished: bool) -> None:
        while True:
            tournament.refresh_from_db()
            if tournament.status != TournamentStatus.RUNNING:
                return
            last = tournament.rounds.order_by("-number").first()
            if unfinished and self._is_last_round(tournament, last):
                return
            matches = list(Match.objects.filter(round=last, outcome="").select_related("duel"))
            if not matches:
                return  # a round waiting for staff (a stale match): the pages show it
            for match in matches:
                self._finish(match)

    @staticmethod
    def _is_last_round(tournament: Tournament, last) -> bool:
        if tournament.format == "swiss":
            return last.number >= tournament.swiss_rounds
        final_round = bracket_of(tournament).rounds
        return last.stage == "elimination" and last.matches.filter(bracket_round=final_round).exists()

    def _finish(self, match: Match) -> None:
        """Start the match's duel as its referee would and end it by a PF penalty on the losing team."""
        duel = match.duel
        if duel is None or duel.status in (DuelStatus.CANCELLED, DuelStatus.FINISHED):
            return
        with transaction.atomic():
            if duel.referee_id is None:
                referee_assign(duel=duel, referee=self.staff, by=self.staff)
                duel.refresh_from_db()
            if duel.status in (DuelStatus.MATCHED, DuelStatus.SETUP, DuelStatus.READY):
                types = list(MagicType.objects.order_by("pk").values_list("slug", flat=True)[:2])
                for participant in duel.participants.select_related("duellist__user"):
                    if len(participant.magic_types) != participant.types_needed:
                        magic_types_choose(participant=participant, types=types[:participant.types_needed],
                                           by=participant.duellist.user)
                duel = duel_start(duel=duel, by=duel.referee)
            loser = self.rng.choice([1, 2])
            for participant in Participant.objects.filter(duel=duel, team=loser):
                duel.refresh_from_db()
                if duel.status != DuelStatus.FINISHED:
                    fault_record(duel=duel, participant=participant, by=duel.referee, pf_penalty=999,
                                 note="Démo : fin du duel de tournoi.")
