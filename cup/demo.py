"""The demo's house cup (Poudlard): its duellists in the four houses, luna prefect of Serdaigle, the
finished duels' points written by the ledger's own service (for a demo made before the cup: idempotent),
and a few awards with their reasons, so that `make run` shows a living cup. Every write goes through
cup/services; a second run changes nothing."""
from __future__ import annotations

from django.urls import reverse

from accounts.models import Duellist, User
from cup.models import Cause, HouseMember, LedgerEntry
from cup.services.awards import points_award
from cup.services.houses import house_by_name, house_member_set, prefect_set
from cup.services.ledger import duel_points_record
from duels.demo_extras import DemoExtra
from duels.models import Duel, DuelStatus

HOUSES = {
    "Gryffondor": ["hermione", "ron", "neville", "ginny", "fred", "joueur1"],
    "Serdaigle": ["luna", "cho", "joueur3"],
    "Poufsouffle": ["cedric", "ernie", "joueur2"],
    "Serpentard": ["joueur4", "voyageur"],
}
PREFECT = ("luna", "Serdaigle")
# (who gives, house, points, reason): the prefect for their own house, the staff for the others.
AWARDS = [
    ("luna", "Serdaigle", 15, "Réponse brillante en cours de sortilèges"),
    ("equipe", "Poufsouffle", 20, "Club de révisions organisé pour les premières années"),
    ("equipe", "Serpentard", -5, "Couvre-feu non respecté"),
]


def cup_members(duellists: dict[str, Duellist], *, staff: User) -> None:
    """Before the duels: each demo duellist in their house (one staff put elsewhere keeps theirs)."""
    for house_name, names in HOUSES.items():
        house = house_by_name(house_name)
        for name in names:
            duellist = duellists.get(name)
            if house is not None and duellist is not None and not HouseMember.objects.filter(duellist=duellist).exists():
                house_member_set(by=staff, duellist=duellist, house=house)


def cup_life(*, staff: User) -> list[str]:
    """After the duels: the prefect, the finished duels' points, the awards. Returns what it did."""
    done = []
    prefect_name, prefect_house = PREFECT
    prefect = User.objects.get(username=prefect_name)
    if prefect_set(by=staff, user=prefect, house=house_by_name(prefect_house), prefect=True):
        done.append(f"{prefect_name} : préfète de {prefect_house}")
    for duel in Duel.objects.filter(status=DuelStatus.FINISHED):  # a demo made before the cup
        if duel_points_record(duel=duel):
            done.append(f"points du duel n°{duel.pk}")
    for giver, house_name, points, reason in AWARDS:
        if not LedgerEntry.objects.filter(cause=Cause.MANUAL, reason=reason).exists():
            points_award(by=User.objects.get(username=giver), house=house_by_name(house_name), points=points,
                         reason=reason)
            done.append(f"{points:+d} pour {house_name}")
    return done


def accounts_line() -> str:
    return (f"  {PREFECT[0]} : préfète de {PREFECT[1]} — ses points, {reverse('cup:points')} ; "
            f"la coupe des maisons, {reverse('cup:standings')}")


DEMO = DemoExtra(name="Coupe des maisons", before_duels=cup_members, after_duels=cup_life, accounts_line=accounts_line)
