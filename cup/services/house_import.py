"""The member imports' column « maison » (the CSV, the staff API's forum members): each member named is put
in the house of that name (any case and spaces), a chunk of members in a few
statements. An empty name changes nothing; an unknown one is returned for the import's warnings. Runs in
the import's transaction, after the members were written."""
from __future__ import annotations

from accounts.models import Duellist
from cup.models import HouseMember
from cup.selectors import houses


def house_members_import(names: dict[int, str]) -> list[str]:
    """`names`: {forum_id: house name}. Returns the unknown names, one per member."""
    by_name = {house.name.casefold(): house for house in houses()}
    wanted, unknown = {}, []
    for forum_id, name in names.items():
        name = (name or "").strip()
        if not name:
            continue
        house = by_name.get(name.casefold())
        if house is None:
            unknown.append(name)
        else:
            wanted[forum_id] = house
    if not wanted:
        return unknown
    duellists = dict(Duellist.objects.filter(forum_id__in=list(wanted)).values_list("forum_id", "pk"))
    current = dict(HouseMember.objects.filter(duellist_id__in=list(duellists.values()))
                   .values_list("duellist_id", "house_id"))
    moving = {duellist_id: wanted[forum_id] for forum_id, duellist_id in duellists.items()
              if current.get(duellist_id) != wanted[forum_id].pk}
    HouseMember.objects.filter(duellist_id__in=[d for d in moving if d in current]).delete()
    HouseMember.objects.bulk_create([HouseMember(club_id=house.club_id, duellist_id=duellist_id, house=house)
                                     for duellist_id, house in moving.items()])
    return unknown
