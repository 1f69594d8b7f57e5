"""What the club's journal page shows of each entry: the action in words, who, what it concerned (with a
link when there is a page for it) and its details in words rather than JSON."""
from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.core.exceptions import FieldDoesNotExist
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.text import Truncator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.models import AuditAction, AuditLog
from audit.selectors import duels_played, usernames_by_id
from clubs.house_rules_page import changes as house_rules_changes
from clubs.models import Club
from duels.engine.house_rules import HouseRules, HouseRulesError
from duels.services.journal import COMMENT_ACTIONS, PRIVATE_REASON_ACTIONS

SUMMARY_ITEMS = 2
SUMMARY_CHARS = 90
# Details that name an account by its id (shown by its name).
ACCOUNT_KEYS = {"referee", "previous_referee"}
# Details not worth a line: the club is the page's, the before/after pair is shown as its changes.
SKIPPED_KEYS = {"club", "before", "after", "username", "user", "reason", "season", "token"}
SEASON_ACTIONS = {AuditAction.SEASON_CREATE, AuditAction.SEASON_CHANGE, AuditAction.SEASON_DELETE}
TOKEN_ACTIONS = {AuditAction.API_TOKEN_CREATE, AuditAction.API_TOKEN_REVOKE}
CUP_ACTIONS = {AuditAction.CUP_HOUSE, AuditAction.CUP_MEMBER, AuditAction.CUP_PREFECT, AuditAction.CUP_SETTINGS}

KEY_LABELS = {
    "absences": gettext_lazy("absents"),
    "batch": gettext_lazy("lot de MP"),
    "by": gettext_lazy("auteur"),
    "cancels": gettext_lazy("annule l'attribution n°"),
    "colour": gettext_lazy("couleur"),
    "crest": gettext_lazy("blason"),
    "deleted": gettext_lazy("supprimée"),
    "duellist": gettext_lazy("duelliste"),
    "entry": gettext_lazy("attribution n°"),
    "house": gettext_lazy("maison"),
    "period": gettext_lazy("période"),
    "points": gettext_lazy("points"),
    "prefect": gettext_lazy("préfet"),
    "prefects_own_house_only": gettext_lazy("les préfets ne touchent qu'à leur maison"),
    "deadline": gettext_lazy("échéance"),
    "delta": gettext_lazy("variation"),
    "decisions": gettext_lazy("décisions"),
    "declaration": gettext_lazy("déclaration"),
    "duellists": gettext_lazy("duellistes"),
    "ends_on": gettext_lazy("dernier jour"),
    "event": gettext_lazy("événement"),
    "exemption": gettext_lazy("dispense"),
    "fault": gettext_lazy("faute"),
    "forum_id": gettext_lazy("n° de membre du forum"),
    "forum_to_verify": gettext_lazy("forum à vérifier"),
    "granted": gettext_lazy("accordé"),
    "invitation": gettext_lazy("invitation"),
    "key": gettext_lazy("clé"),
    "kind": gettext_lazy("type"),
    "message": gettext_lazy("message"),
    "mode": gettext_lazy("mode"),
    "name": gettext_lazy("nom"),
    "object": gettext_lazy("objet"),
    "participant": gettext_lazy("duelliste"),
    "pf_penalty": gettext_lazy("pénalité de PF"),
    "phase": gettext_lazy("phase"),
    "post": gettext_lazy("message"),
    "previous_referee": gettext_lazy("arbitre précédent"),
    "purpose": gettext_lazy("usage"),
    "reason": gettext_lazy("motif"),
    "recipients": gettext_lazy("destinataires"),
    "referee": gettext_lazy("arbitre"),
    "replaced": gettext_lazy("liens remplacés"),
    "revision": gettext_lazy("version"),
    "role": gettext_lazy("rôle"),
    "seed_sha256": gettext_lazy("empreinte de la graine"),
    "slug": gettext_lazy("identifiant"),
    "starts_on": gettext_lazy("premier jour"),
    "status": gettext_lazy("statut"),
    "target": gettext_lazy("cible"),
    "to": gettext_lazy("destinataire"),
    "turn": gettext_lazy("tour"),
    "url": gettext_lazy("adresse"),
    "void": gettext_lazy("message annulé"),
    "voided_post": gettext_lazy("message annulé"),
    "window": gettext_lazy("fenêtre"),
    "zone": gettext_lazy("zone"),
}
VALUE_LABELS = {
    "event": {"batch": gettext_lazy("lot préparé"), "sent": gettext_lazy("MP envoyé"),
              "created": gettext_lazy("lien créé"), "revoked": gettext_lazy("lien révoqué")},
    "role": {"staff": gettext_lazy("staff"), "referee": gettext_lazy("arbitre")},
    "phase": {"action": gettext_lazy("action"), "defence": gettext_lazy("défense")},
    "period": {"month": gettext_lazy("le mois"), "school_year": gettext_lazy("l'année scolaire (septembre à août)"),
               "custom": gettext_lazy("une période choisie")},
}


@dataclass
class JournalRow:
    entry: AuditLog
    label: str
    actor: str
    target: str = ""
    target_url: str = ""
    reason_title: str = ""
    reason: str = ""
    details: list[tuple[str, str]] = field(default_factory=list)

    @property
    def summary(self) -> str:
        """The first details on one short line (the rest behind « détails »)."""
        shown = " · ".join(labelled(label, value) if label else value for label, value in self.details[:SUMMARY_ITEMS])
        return Truncator(shown).chars(SUMMARY_CHARS)


def labelled(label, value) -> str:
    """« label : valeur », with the reader's language's punctuation."""
    return _("%(label)s : %(value)s") % {"label": label, "value": value}


def journal_rows(entries: list[AuditLog], *, reader) -> list[JournalRow]:
    """One row per entry of a page, as `reader` (the club's staff) may read it. The accounts the details
    name, and the duels of the page the reader plays in, are read in one statement each for the page."""
    names = usernames_by_id(
        value for entry in entries if isinstance(entry.data, dict)
        for key, value in entry.data.items() if key in ACCOUNT_KEYS)
    played = duels_played(user=reader, duel_ids={entry.duel_id for entry in entries
                                                 if entry.duel_id and entry.action in PRIVATE_REASON_ACTIONS})
    return [_row(entry, names, played) for entry in entries]


def _private(entry: AuditLog, data: dict, played: dict[int, str]) -> bool:
    """An exemption's reason (often medical) is its duellist's and its referee's: the club's staff read it
    as whoever referees the duel does (duels.services.journal), unless they play in it — then only their own."""
    return (entry.action in PRIVATE_REASON_ACTIONS and entry.duel_id in played
            and data.get("participant") != played[entry.duel_id])


def _row(entry: AuditLog, names: dict[int, str], played: dict[int, str]) -> JournalRow:
    data = entry.data if isinstance(entry.data, dict) else {"data": entry.data}
    row = JournalRow(entry=entry, label=entry.action_label,
                     actor=entry.actor.username if entry.actor_id else _("automatique"))
    row.target, row.target_url = _target(entry, data)
    if entry.reason:
        row.reason_title = _("Commentaire") if entry.action in COMMENT_ACTIONS else _("Motif")
        row.reason = (_("réservé à l'arbitre et au duelliste concerné") if _private(entry, data, played)
                      else entry.reason)
    row.details = _changes(entry.action, data) + [
        (str(KEY_LABELS.get(key, key)), _value(key, value, names))
        for key, value in data.items() if key not in SKIPPED_KEYS]
    return row


def _target(entry: AuditLog, data: dict) -> tuple[str, str]:
    """What the entry concerned and the page that shows it."""
    if entry.duel_id:
        return _("Duel n° %(n)s") % {"n": entry.duel_id}, reverse("duels:duel", args=[entry.duel_id])
    if entry.action == AuditAction.ROLE_CHANGE and data.get("username"):
        name = str(data["username"])
        return name, f"{reverse('clubs:members')}?{urlencode({'q': name})}"
    if entry.action == AuditAction.INVITATION and isinstance(data.get("forum_id"), int):
        return (_("Membre n° %(n)s du forum") % {"n": data["forum_id"]},
                reverse("rankings:duellist", args=[data["forum_id"]]))
    if entry.action == AuditAction.HOUSE_RULES:
        return _("Règles du club"), reverse("house_rules")
    if entry.action == AuditAction.CLUB_SETTINGS:
        return _("Réglages du club"), reverse("clubs:settings")
    if entry.action == AuditAction.FORUM_PM:
        return _("Invitations et MP"), reverse("forum:invitations")
    if entry.action in SEASON_ACTIONS:
        name = (data.get("after") or data).get("name") or ""
        return _("Saison « %(name)s »") % {"name": name}, reverse("clubs:seasons:list")
    if entry.action == AuditAction.CUP_POINTS:
        return _("Points de maison"), reverse("cup:points")
    if entry.action == AuditAction.CUP_PREFECT and data.get("user"):
        return str(data["user"]), reverse("clubs:cup_panel:prefects")
    if entry.action in CUP_ACTIONS:
        return _("Coupe des maisons"), reverse("clubs:cup_panel:houses")
    if entry.action in TOKEN_ACTIONS:
        return (_("Jeton d'API de %(name)s") % {"name": data.get("username", "?")},
                reverse("clubs:tokens:list"))
    return "", ""


def _changes(action: str, data: dict) -> list[tuple[str, str]]:
    """A settings change (`before`/`after`) as one line per value changed: « nom : avant → après », named
    as the page that changes it names it (house rules: whole lines, as their page words them)."""
    before, after = data.get("before"), data.get("after")
    if not isinstance(before, dict) or not isinstance(after, dict):
        return []
    if action == AuditAction.HOUSE_RULES:
        try:
            return [("", line) for line in house_rules_changes(HouseRules.from_dict(before), HouseRules.from_dict(after))]
        except HouseRulesError:
            pass  # rules of an older shape: shown knob by knob below
    keys = [key for key in after if before.get(key) != after.get(key)]
    keys += [key for key in before if key not in after]
    return [(_setting_label(action, key), f"{_value(key, before.get(key), {})} → {_value(key, after.get(key), {})}")
            for key in keys]


def _setting_label(action: str, key: str) -> str:
    """A changed value's name: a club setting as its field is named, anything else by KEY_LABELS."""
    if action == AuditAction.CLUB_SETTINGS:
        try:
            return str(Club._meta.get_field(key).verbose_name)
        except FieldDoesNotExist:
            pass
    return str(KEY_LABELS.get(key, key))


def _value(key: str, value, names: dict[int, str]) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    if key in ACCOUNT_KEYS and isinstance(value, int):
        return names.get(value, f"#{value}")
    if isinstance(value, str):
        known = VALUE_LABELS.get(key, {}).get(value)
        return str(known) if known is not None else _when(value)
    if isinstance(value, list):
        return ", ".join(_value(key, item, names) for item in value) or "—"
    if isinstance(value, dict):
        return "; ".join(labelled(KEY_LABELS.get(k, k), _value(k, v, names)) for k, v in value.items()) or "—"
    return str(value)


def _when(text: str) -> str:
    """An ISO date-time written by a service, in the club's time zone and the reader's format."""
    if len(text) < 16 or "T" not in text:
        return text
    try:
        moment = parse_datetime(text)
    except ValueError:
        return text
    if moment is None or timezone.is_naive(moment):
        return text
    return date_format(timezone.localtime(moment), "DATETIME_FORMAT")
