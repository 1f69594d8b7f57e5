"""The club's houses, who belongs to which, its prefects and its cup settings: the club's staff only
(`MANAGE_CUP`), each change in the audit log. A house with entries in the ledger is never deleted."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from audit.models import AuditAction
from audit.services import audit_record
from clubs.models import Membership
from clubs.scoping import current_club
from cup.models import DEFAULT_HOUSES, CupSettings, House, HouseMember, LedgerEntry, PeriodKind, Prefect
from cup.services.common import CupRefused, may_manage_cup


def _staff_only(by) -> None:
    if not may_manage_cup(by):
        raise CupRefused(_("Réservé à l'équipe du club."), "staff-only")


def default_houses_create(club) -> list[House]:
    """The four houses of a new club (none if it has houses already)."""
    if House._base_manager.filter(club=club).exists():  # the club may not be the active one yet
        return []
    return House._base_manager.bulk_create([House(club=club, name=name, colour=colour, crest=crest, position=index)
                                      for index, (name, colour, crest) in enumerate(DEFAULT_HOUSES)])


def _validated(house: House) -> House:
    try:
        house.full_clean(exclude=["club"])
    except ValidationError as exc:
        raise CupRefused(" ".join(message for messages in exc.message_dict.values() for message in messages),
                         "house-invalid") from exc
    return house


@transaction.atomic
def house_save(*, by, house: House) -> House:
    """Create or change a house (name unique in the club, colour #rrggbb)."""
    _staff_only(by)
    if house.club_id is None:
        house.club_id = current_club().pk
    if House.objects.filter(name__iexact=house.name.strip()).exclude(pk=house.pk).exists():
        raise CupRefused(_("Le club a déjà une maison de ce nom."), "house-name-taken")
    house.name = house.name.strip()
    _validated(house).save()
    audit_record(actor=by, action=AuditAction.CUP_HOUSE, data={"house": house.name, "colour": house.colour,
                                                                 "crest": house.crest})
    return house


@transaction.atomic
def house_delete(*, by, house: House) -> None:
    _staff_only(by)
    if LedgerEntry.objects.filter(house=house).exists():
        raise CupRefused(_("Cette maison a des points dans le registre : elle reste (renommez-la plutôt)."),
                         "house-has-entries")
    audit_record(actor=by, action=AuditAction.CUP_HOUSE, data={"house": house.name, "deleted": True})
    house.delete()


def _member_set(*, duellist, house: House | None) -> bool:
    """Put a duellist in `house` (None: in none). True when it changed."""
    current = HouseMember.objects.filter(duellist=duellist).first()
    if house is None:
        if current is None:
            return False
        current.delete()
        return True
    if current is not None:
        if current.house_id == house.pk:
            return False
        current.delete()
    HouseMember.objects.create(duellist=duellist, house=house)
    return True


@transaction.atomic
def house_member_set(*, by, duellist, house: House | None) -> bool:
    """The club's staff put a member in a house (or none). Points already earned stay with the house
    that earned them."""
    _staff_only(by)
    if house is not None and house.club_id != duellist.club_id:
        raise CupRefused(_("Maison inconnue."), "house-unknown")
    changed = _member_set(duellist=duellist, house=house)
    if changed:
        audit_record(actor=by, action=AuditAction.CUP_MEMBER,
                     data={"duellist": duellist.forum_name, "house": house.name if house else None})
    return changed


def house_by_name(name: str) -> House | None:
    """The active club's house of that name, whatever its case and spaces."""
    name = (name or "").strip()
    return House.objects.filter(name__iexact=name).first() if name else None


@transaction.atomic
def prefect_set(*, by, user, house: House, prefect: bool) -> bool:
    """Name (or remove) a club member as a prefect of `house`."""
    _staff_only(by)
    if not Membership.objects.filter(club_id=house.club_id, user=user).exists():
        raise CupRefused(_("Seul un membre du club peut être préfet."), "not-a-member")
    if prefect:
        try:
            with transaction.atomic():
                Prefect.objects.create(user=user, house=house)
        except IntegrityError:
            return False
    elif not Prefect.objects.filter(user=user, house=house).exists():
        return False
    else:
        Prefect.objects.filter(user=user, house=house).delete()
    audit_record(actor=by, action=AuditAction.CUP_PREFECT,
                 data={"user": user.username, "house": house.name, "prefect": prefect})
    return True


@transaction.atomic
def cup_settings_save(*, by, settings: CupSettings) -> CupSettings:
    _staff_only(by)
    if settings.period == PeriodKind.CUSTOM:
        if not settings.starts_on or not settings.ends_on:
            raise CupRefused(_("Donnez le début et la fin de la période choisie."), "period-dates-missing")
        if settings.ends_on < settings.starts_on:
            raise CupRefused(_("La fin de la période vient avant son début."), "period-dates-order")
    if settings.club_id is None:
        settings.club_id = current_club().pk
    existing = CupSettings.objects.select_for_update().filter(club_id=settings.club_id).first()
    if existing is not None:
        settings.pk = existing.pk
    settings.save()
    audit_record(actor=by, action=AuditAction.CUP_SETTINGS, data={
        "period": settings.period, "starts_on": str(settings.starts_on or ""), "ends_on": str(settings.ends_on or ""),
        "prefects_own_house_only": settings.prefects_own_house_only})
    return settings
