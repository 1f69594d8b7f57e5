"""Demo data for a local run: two clubs (the first club, named Poudlard, and Ilvermorny), each with its
referee, its staff, players and duels in several states, all made by the real services; one account is
a member of both clubs under a character in each. Idempotent: what already exists is left as it is."""
from __future__ import annotations

import datetime as dt
import io

from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import timezone

from accounts.models import Duellist, User
from accounts.services.invitations import invitation_create
from clubs.commands import ClubCommand
from clubs.models import Club, Membership
from clubs.roles import membership_join, referee_role_store
from clubs.scoping import activate_club, site_prefix
from common.links import absolute_link
from duels.demo_extras import demo_extras
from duels.management.commands._demo_duels import DuelStory, duel_between
from duels.services.registration import registration_refusal

PASSWORD = "estrade-demo"
HOME_NAME = "Poudlard"  # the first club's name in the demo, when it still has the migration's default name
MIGRATION_NAME = "Club de duel"
SECOND = {"slug": "ilvermorny", "name": "Ilvermorny", "time_zone": "America/New_York"}
OPERATOR = "operateur"  # the platform operator (superuser): /admin/, every club's rows
REFEREE, STAFF = "arbitre", "equipe"  # Poudlard's referee, and its staff and owner
PLAYERS = ["joueur1", "joueur2", "joueur3", "joueur4", "hermione", "ron", "luna", "neville"]
# In no duel of the demo: register two of them (or all four) to play a duel from the start. Who is free
# now is computed at the end of each run (`free_to_register`), as registration decides.
FREE_PLAYERS = ["ginny", "cho", "cedric", "fred"]
# Synced forum members without an account: the demo prints their invitation links.
INVITED = ["dean", "seamus"]
# One account, a member of both clubs, with a character (a forum profile) in each.
TRAVELLER, TRAVELLER_OPPONENT = "voyageur", "ernie"
CHARACTERS = {"home": "Elwyn Carrow", SECOND["slug"]: "Ezra Thornquist"}
SECOND_REFEREE, SECOND_STAFF = "seraphina", "isolt"
SECOND_PLAYERS = ["tina", "queenie", "chadwick", "webster"]
# (first, second, year, state): DuelStory's states; the first duellist posts first.
HOME_DUELS = [
    ("hermione", "ron", 2, "finished"),
    ("joueur1", "joueur2", 4, "waiting_for_posts"),
    ("joueur3", "joueur4", 5, "in_defence"),
    ("luna", "neville", 3, "waiting_for_declaration"),
    (TRAVELLER, TRAVELLER_OPPONENT, 4, "waiting_for_posts"),  # Elwyn Carrow is awaited
]
SECOND_DUELS = [
    ("chadwick", "webster", 3, "finished"),
    ("tina", TRAVELLER, 5, "in_defence"),  # Ezra Thornquist defends
]


def free_to_register(duellists: dict[str, Duellist]) -> list[str]:
    """The names of the players who may register for a duel now: registration's own check refuses
    nothing (eligible, not registered, in no duel, wand not at rest)."""
    return [name for name, duellist in duellists.items() if registration_refusal(duellist) is None]


def link(path: str) -> str:
    return absolute_link(path)


class Command(ClubCommand):
    help = ("Crée les données de démonstration : deux clubs (Poudlard et Ilvermorny), leurs arbitres, "
            "leur staff, des joueurs et des duels dans plusieurs états.")

    def handle(self, *args, **options):
        if self.club.slug == SECOND["slug"]:
            raise CommandError(f"La démo remplit le premier club ; « {SECOND['slug']} » est son second club.")
        call_command("catalog_load", stdout=io.StringIO())
        if self.club.name == MIGRATION_NAME:
            self.club.name = HOME_NAME
            self.club.save(update_fields=["name"])
        self._user(OPERATOR, operator=True)
        # Forum ids follow this order (9001…): new players come last, so an older demo's rows keep theirs.
        home = self._club_people(REFEREE, STAFF, PLAYERS + FREE_PLAYERS + [TRAVELLER_OPPONENT, TRAVELLER],
                                 character="home")
        staff = User.objects.get(username=STAFF)
        for extra in demo_extras():  # before the duels: the house cup's points go to the houses
            extra.before_duels(home, staff=staff)
        self._duels(home, HOME_DUELS)
        for extra in demo_extras():
            for line in extra.after_duels(staff=staff):
                self.stdout.write(f"{extra.name} : {line}.")
        self._invitations()
        free = free_to_register({name: home[name] for name in PLAYERS + FREE_PLAYERS})
        lines = [self._home_accounts()]

        second = Club.objects.filter(slug=SECOND["slug"]).first() or Club.objects.create(**SECOND)
        if not second.is_verified:  # a club the operator makes is trusted (docs/clubs.md): listed on /
            second.verified_at = timezone.now()
            second.save(update_fields=["verified_at"])
        with activate_club(second):
            people = self._club_people(SECOND_REFEREE, SECOND_STAFF, SECOND_PLAYERS + [TRAVELLER],
                                       character=SECOND["slug"], forum_ids=7001)
            self._duels(people, SECOND_DUELS)
            lines.append(self._second_accounts(second))
        lines.append(f"Plateforme — {OPERATOR} : l'opérateur du site (superutilisateur), pour "
                     f"{link(site_prefix() + 'admin/')} seulement (clubs, comptes, catalogue, tous les clubs).")
        lines.append(f"Ouvrir son club : {link(site_prefix() + 'clubs/ouvrir/')} (connecté, par exemple en ginny) ; "
                     "un forum factice pour le vérifier : make fake-forum (http://127.0.0.1:8100).")
        lines.append(f"Libres pour s'inscrire à un duel : {', '.join(free)}." if free
                     else "Aucun joueur de la démo n'est libre pour s'inscrire à un duel (en duel, inscrit ou"
                          " baguette au repos).")
        self.stdout.write(self.style.SUCCESS(f"Comptes de la démo, mot de passe « {PASSWORD} » :"))
        self.stdout.write("\n".join(lines))

    # --- what to try, per club --------------------------------------------------------------------

    def _home_accounts(self) -> str:
        return "\n".join([
            f"{self.club.name} — {link(reverse('home'))} (connexion : {link(reverse('login'))})",
            f"  {REFEREE} : l'arbitre — la file {reverse('duels:referee')}, juger et publier les déclarations ;"
            f" pas membre d'{SECOND['name']}, dont les pages d'arbitrage lui sont fermées",
            f"  {STAFF} : staff et propriétaire du club — la gestion du club, {reverse('clubs:panel')}",
            f"  {', '.join(PLAYERS)}, {TRAVELLER_OPPONENT} : joueurs de duels dans quatre états",
            f"  {TRAVELLER} : {CHARACTERS['home']} ici, {CHARACTERS[SECOND['slug']]} à {SECOND['name']} — "
            f"un duel dans chaque club ; le menu du club, en haut, passe de l'un à l'autre",
            f"  {', '.join(FREE_PLAYERS)} : dans aucun duel, pour en jouer un depuis l'inscription",
            *(extra.accounts_line() for extra in demo_extras()),
        ])

    def _second_accounts(self, club: Club) -> str:
        return "\n".join([
            f"{club.name} — {link(reverse('home'))} (connexion : {link(reverse('login'))})",
            f"  {SECOND_REFEREE} : l'arbitre d'{club.name} — {reverse('duels:referee')}",
            f"  {SECOND_STAFF} : staff et propriétaire d'{club.name} — {reverse('clubs:panel')}",
            f"  {', '.join(SECOND_PLAYERS)} : un duel en cours, un duel fini ; {TRAVELLER} y est "
            f"{CHARACTERS[club.slug]}",
        ])

    # --- people -----------------------------------------------------------------------------------

    def _club_people(self, referee: str, staff: str, players: list[str], *, character: str,
                     forum_ids: int = 9001) -> dict[str, Duellist]:
        """The active club's referee, its staff (and owner) and its players' forum profiles."""
        self.referee = self._user(referee, referee=True)
        self._user(staff, club_staff=True)
        return {name: self._duellist(name, index, character, forum_ids) for index, name in enumerate(players)}

    def _user(self, username: str, *, referee: bool = False, club_staff: bool = False,
              operator: bool = False) -> User:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password(PASSWORD)
            user.is_staff = user.is_superuser = operator
            user.save()
        if operator:
            return user  # the platform's, a member of no club
        membership = membership_join(user)
        if referee and not membership.is_referee:
            referee_role_store(user, True)
        if club_staff and not (membership.is_staff and membership.is_owner):
            Membership.objects.filter(pk=membership.pk).update(is_staff=True, is_owner=True)
        return user

    def _duellist(self, name: str, index: int, character: str, forum_ids: int) -> Duellist:
        user = self._user(name)
        shown = CHARACTERS[character] if name == TRAVELLER else name
        duellist, _created = Duellist.objects.get_or_create(
            user=user,
            defaults={
                "forum_id": forum_ids + index, "forum_name": shown,
                "forum_joined_on": timezone.localdate() - dt.timedelta(days=400),
                "forum_post_count": 120 + 10 * index, "character_name": shown.capitalize() if shown == name else shown,
                "rp_year": 5,
                "homework_year": 7,
            },
        )
        return duellist

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

    # --- duels ------------------------------------------------------------------------------------

    def _duels(self, duellists: dict[str, Duellist], scenarios):
        story = DuelStory(self.referee)
        for first, second, year, state in scenarios:
            a, b = duellists[first], duellists[second]
            if duel_between(a, b) is not None:
                self.stdout.write(f"Duel {a} contre {b} : déjà là.")
                continue
            duel = story.play(a, b, year=year, state=state)
            self.stdout.write(f"Duel n°{duel.pk} {a} contre {b} : {duel.get_status_display()}.")
