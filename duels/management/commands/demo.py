"""Demo data for a local run: the spell catalog, a referee, players and duels in several states, all
made by the real services (registration, matchmaking, types, start signal, posts, declarations).
Idempotent: what already exists is left as it is."""
from __future__ import annotations

import datetime as dt
import io

from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from accounts.models import Duellist, User
from accounts.services.invitations import invitation_create
from clubs.commands import ClubCommand
from clubs.roles import membership_join, referee_role_store
from clubs.scoping import site_prefix
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
from duels.services.registration import registration_refusal

PASSWORD = "estrade-demo"
STAFF = "equipe"  # staff (and superuser): /staff/, /admin/, the rewards page; staff also referee every duel
PLAYERS = ["joueur1", "joueur2", "joueur3", "joueur4", "hermione", "ron", "luna", "neville"]
# In no duel of the demo: register two of them (or all four) to play a duel from the start. Who is free
# now is computed at the end of each run (`free_to_register`), as registration decides.
FREE_PLAYERS = ["ginny", "cho", "cedric", "fred"]
# Synced forum members without an account: the demo prints their invitation links.
INVITED = ["dean", "seamus"]
RP_LINES = [
    "La lumière des torches vacille sur l'estrade tandis que le public retient son souffle.",
    "Le duelliste ajuste sa prise sur sa baguette, le regard fixé sur son adversaire, et avance d'un pas mesuré.",
    "Il se souvient des conseils de son professeur : garder les pieds ancrés, respirer, viser avant de parler.",
    "Un murmure parcourt les gradins quand il lève le bras, la manche de sa robe glissant jusqu'au coude.",
    "Sans quitter l'autre des yeux, il prononce la formule d'une voix claire qui résonne sous la voûte de pierre.",
    "Un éclat de lumière jaillit de l'extrémité de sa baguette et file à travers la salle vers sa cible.",
]
RP_TEXT = " ".join(RP_LINES * 2)


def free_to_register(duellists: dict[str, Duellist]) -> list[str]:
    """The names of the players who may register for a duel now: registration's own check refuses
    nothing (eligible, not registered, in no duel, wand not at rest)."""
    return [name for name, duellist in duellists.items() if registration_refusal(duellist) is None]


class Command(ClubCommand):
    help = "Crée les données de démonstration : catalogue, arbitre, joueurs et duels dans plusieurs états."

    def handle(self, *args, **options):
        call_command("catalog_load", stdout=io.StringIO())
        self.referee = self._user("arbitre", referee=True)
        self._user(STAFF, staff=True)
        self.duellists = {name: self._duellist(name, index) for index, name in enumerate(PLAYERS + FREE_PLAYERS)}
        scenarios = [
            ("hermione", "ron", 2, self._finished),
            ("joueur1", "joueur2", 4, self._waiting_for_posts),
            ("joueur3", "joueur4", 5, self._in_defence),
            ("luna", "neville", 3, self._waiting_for_declaration),
        ]
        for first, second, year, play in scenarios:
            if Duel.objects.filter(participants__duellist=self.duellists[first]).filter(
                participants__duellist=self.duellists[second]
            ).exists():
                self.stdout.write(f"Duel {first} contre {second} : déjà là.")
                continue
            duel = self._matched(first, second, year)
            play(duel)
            duel.refresh_from_db()
            self.stdout.write(f"Duel n°{duel.pk} {first} contre {second} : {duel.get_status_display()}.")
        self._invitations()
        free = free_to_register(self.duellists)
        self.stdout.write(self.style.SUCCESS(
            f"Comptes (mot de passe « {PASSWORD} ») : arbitre (arbitre), {STAFF} (équipe : {reverse('staff')} "
            f"et {site_prefix()}admin/), "
            + ", ".join(PLAYERS + FREE_PLAYERS) + "."
            + (f" Libres pour s'inscrire à un duel : {', '.join(free)}." if free
               else " Aucun joueur de la démo n'est libre pour s'inscrire à un duel (en duel, inscrit ou baguette"
                    " au repos).")
        ))

    def _invitations(self):
        """Two members synced without an account, each with a pending invitation link (shown once)."""
        for index, name in enumerate(INVITED):
            member, _created = Duellist.objects.get_or_create(
                forum_id=9101 + index,
                defaults={"forum_name": name, "forum_joined_on": timezone.localdate() - dt.timedelta(days=300),
                          "forum_post_count": 80, "character_name": name.capitalize(), "rp_year": 4,
                          "homework_year": 6},
            )
            if member.user_id is not None:
                continue
            if member.invitations.filter(used_at__isnull=True, revoked_at__isnull=True,
                                         expires_at__gt=timezone.now()).exists():
                self.stdout.write(f"Invitation de {name} : déjà créée (`manage.py invitations {member.forum_id}` "
                                  "pour un nouveau lien).")
                continue
            issued = invitation_create(duellist=member, created_by=None)
            self.stdout.write(f"Invitation de {name} : {issued.url()}")

    # --- people -----------------------------------------------------------------------------------

    def _user(self, username: str, *, referee: bool = False, staff: bool = False) -> User:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password(PASSWORD)
            user.is_staff = user.is_superuser = staff
            user.save()
        membership = membership_join(user)
        if referee and not membership.is_referee:
            referee_role_store(user, True)
        return user

    def _duellist(self, name: str, index: int) -> Duellist:
        user = self._user(name)
        duellist, _created = Duellist.objects.get_or_create(
            forum_id=9001 + index,
            defaults={
                "user": user, "forum_name": name, "forum_joined_on": timezone.localdate() - dt.timedelta(days=400),
                "forum_post_count": 120 + 10 * index, "character_name": name.capitalize(), "rp_year": 5,
                "homework_year": 7,
            },
        )
        return duellist

    # --- duels ------------------------------------------------------------------------------------

    def _matched(self, first: str, second: str, year: int) -> Duel:
        a, b = self.duellists[first], self.duellists[second]
        registration_create(duellist=a, kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=year, named_opponent=b)
        registration_create(duellist=b, kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=year, named_opponent=a)
        duel = next(d for d in matchmaking_run().duels if d.participants.filter(duellist=a).exists())
        referee_assign(duel=duel, referee=self.referee, by=self.referee)
        types = {first: "malefices", second: "sortileges"}
        for participant in duel.participants.select_related("duellist__user"):
            magic_types_choose(participant=participant, types=[types[participant.duellist.forum_name]],
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
        self._post(duel, b, [{"move": 8}])  # turn 2: only joueur1 is still awaited

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
