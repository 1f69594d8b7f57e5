"""Houses for the cup tests: the home club's four, and a duellist put in one."""
from __future__ import annotations

from cup.models import House, HouseMember


def house(name: str) -> House:
    return House.objects.get(name=name)


def put(duellist, name: str) -> House:
    target = house(name)
    HouseMember.objects.update_or_create(duellist=duellist, defaults={"house": target})
    return target
