import logging
import secrets

from django.contrib.auth.models import AbstractUser
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import OuterRef
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.menu_extras import menu_fact_expressions, menu_fact_names
from accounts.permissions import USER_PERMISSIONS
from clubs.models import Membership
from clubs.roles import is_club_referee, is_club_staff, referee_membership_exists, staff_membership_exists
from clubs.scoping import ClubOwned, current_club_or_none
from common.access import staff_may
from common.i18n import say
from common.queries import BoundedCount

REFEREE_GROUP = "Arbitres"  # the single-club layout's referees (clubs/0002 made them the first club's)
YEAR_CHOICES = [(year, _("Adulte") if year == 8 else str(year)) for year in range(1, 9)]

logger = logging.getLogger(__name__)


BELL_MAX = 99  # the bell shows "99+" beyond


def bell_label(unread: int) -> str:
    return f"{BELL_MAX}+" if unread > BELL_MAX else str(unread)


class User(AbstractUser):
    """Site account, one for every club: a member has a Duellist profile and a Membership (their roles,
    the referee role among them) in each club they belong to."""

    language = models.CharField(
        _("langue"), max_length=10, choices=[("fr", "Français"), ("en", "English")], default="fr"
    )
    # Where the member is pinged and how often mailed (Discord webhooks and the daily digest: webhooks/).
    discord_user_id = models.CharField(
        _("identifiant Discord"), max_length=20, blank=True,
        validators=[RegexValidator(r"^[0-9]{17,20}\Z", _("Un identifiant Discord est un nombre de 17 à 20 chiffres."))],
        help_text=_("Le nombre que donne « Copier l'identifiant » sur votre profil Discord (mode développeur)."),
    )
    discord_mention = models.BooleanField(
        _("Me mentionner sur Discord pour « à vous de poster » et les rappels"), default=False
    )
    daily_digest = models.BooleanField(
        _("Un e-mail récapitulatif par jour au lieu d'un e-mail par « à vous de poster »"), default=False
    )
    digest_sent_on = models.DateField(_("dernier récapitulatif"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("utilisateur")
        verbose_name_plural = _("utilisateurs")
        permissions = USER_PERMISSIONS  # the staff pages' (accounts/permissions.py)

    @property
    def is_referee(self) -> bool:
        """The referee role in the club being served: the club's referees, or its staff. Read once per club (the permission check and the menu of one request)."""
        known = self.__dict__.setdefault("_referee_in", {})
        club = current_club_or_none()
        key = club.pk if club else None
        if key not in known:
            known[key] = has_referee_role(self)
        return known[key]

    def menu_facts(self) -> dict:
        """The site menu's {"unread": notices not read, "is_referee": bool, "is_staff": the club's staff} in
        one statement; the roles this request already checked (a page's permission) are not read again."""
        # The bell counts at most BELL_MAX + 1 unread notices (shown "99+"), along the partial index on them.
        facts = {"unread": BoundedCount(Notification.objects.filter(user=OuterRef("pk"), read_at__isnull=True),
                                        BELL_MAX + 1)}
        club = current_club_or_none()
        key = club.pk if club else None
        referee_in = self.__dict__.setdefault("_referee_in", {})
        staff_in = self.__dict__.setdefault("_staff_in", {})
        if key not in referee_in:
            facts["in_club"] = referee_membership_exists()
        if club is not None and key not in staff_in:
            facts["staff_here"] = staff_membership_exists()
        extras = menu_fact_expressions() if club is not None else {}
        facts.update(extras)
        row = User.objects.filter(pk=self.pk).annotate(**facts).values(*facts).get()
        if "staff_here" in row:
            staff_in[key] = row["staff_here"]
        if "in_club" in row:
            referee_in[key] = has_referee_role(self, in_club=row["in_club"])  # is_referee, answered
        return {"unread": row["unread"], "unread_shown": bell_label(row["unread"]), "is_referee": referee_in[key],
                "is_staff": is_club_staff(self), **{name: bool(row.get(name)) for name in menu_fact_names()}}


REFEREE_ANY_DUEL = "duels.referee_any_duel"  # declared by duels.Duel's Meta


def referees_any_duel(user) -> bool:
    """The club's staff (owners and superusers included) may referee any duel of the club they do not play
    in, take over or hand over duels (duels.permissions); `duels.referee_any_duel` names that capability."""
    return staff_may(user, REFEREE_ANY_DUEL)


def has_referee_role(user, *, in_club: bool | None = None) -> bool:
    """A referee of the club being served, or the club's staff (who may referee any duel). `in_club`:
    the club's answer when the caller already read it (the menu reads it in its own statement)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if in_club is None:
        in_club = is_club_referee(user)
    return bool(in_club) or referees_any_duel(user)


class Duellist(ClubOwned):
    """A forum member's duel profile, synced from the forum (CSV import or staff API)."""

    # One account, one character per club: a member of two forums has a profile in each.
    user = models.ForeignKey(
        User, on_delete=models.CASCADE, null=True, blank=True, related_name="duellists",
        verbose_name=_("compte"),
    )
    forum_id = models.PositiveIntegerField(_("identifiant forum"))
    forum_name = models.CharField(_("pseudo forum"), max_length=100)
    forum_joined_on = models.DateField(_("inscription au forum"))
    forum_post_count = models.PositiveIntegerField(_("messages sur le forum"), default=0)
    character_name = models.CharField(_("personnage"), max_length=150, blank=True)
    rp_year = models.PositiveSmallIntegerField(
        _("année RP"), null=True, blank=True, choices=YEAR_CHOICES,
        help_text=_("Vide : le personnage n'est pas dans la chronologie."),
    )
    homework_year = models.PositiveSmallIntegerField(
        _("année devoir"), choices=YEAR_CHOICES, default=1,
        validators=[MinValueValidator(1), MaxValueValidator(8)],
    )
    magic_types = models.ManyToManyField(
        "spells.MagicType", blank=True, related_name="duellists", verbose_name=_("types de magie enregistrés")
    )
    prodigium = models.BooleanField(_("membre du club Prodigium"), default=False)

    class Meta:
        ordering = ["forum_name"]
        verbose_name = _("duelliste")
        verbose_name_plural = _("duellistes")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(homework_year__gte=1, homework_year__lte=8), name="duellist_homework_year_1_8"
            ),
            models.CheckConstraint(
                condition=models.Q(rp_year__isnull=True) | models.Q(rp_year__gte=1, rp_year__lte=8),
                name="duellist_rp_year_1_8",
            ),
            models.UniqueConstraint(fields=["club", "forum_id"], name="duellist_forum_id_per_club"),
            models.UniqueConstraint(fields=["club", "user"], name="duellist_one_per_member_per_club"),
            models.UniqueConstraint(fields=["club", "forum_name"], name="duellist_forum_name_per_club"),
        ]

    def __str__(self) -> str:
        return self.forum_name

    def save(self, *args, **kwargs):
        """A profile linked to an account is that account's membership of the club: the member reads the
        club's pages as a member (clubs.roles.is_club_member) whichever way the link was made."""
        super().save(*args, **kwargs)
        fields = kwargs.get("update_fields")
        if self.user_id and (fields is None or "user" in fields):
            Membership.objects.get_or_create(user_id=self.user_id, club_id=self.club_id)

    @property
    def in_chronology(self) -> bool:
        return self.rp_year is not None


class Notification(ClubOwned):
    """An in-app notice (the bell); also e-mailed when the user has an address and wants that kind.

    ``dedupe_key`` makes a notice idempotent: a reminder claimed twice is stored (and sent) once.
    The notice is stored in the transaction of the action that causes it; its e-mail is an outbox entry
    (``email_state``) that a task delivers after commit, or the minute sweep later (see
    ``accounts.services.emails``).
    """

    club_parent = "duel"

    class EmailState(models.TextChoices):
        NONE = "", _("sans e-mail")
        PENDING = "pending", _("à envoyer")
        SENDING = "sending", _("en cours d'envoi")
        SENT = "sent", _("envoyé")
        SKIPPED = "skipped", _("non souhaité")
        FAILED = "failed", _("échec")

    class Kind(models.TextChoices):
        REMINDER = "reminder", _("Rappel d'échéance")
        DECLARATION_DUE = "declaration_due", _("Déclaration à rédiger")
        WINDOW_EXPIRED = "window_expired", _("Délai expiré")
        EXEMPTION = "exemption", _("Dispense")
        DUEL = "duel", _("Duel")

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notifications")
    # The duel the notice is about (none for an account's own notices): its lifetime follows the duel's.
    duel = models.ForeignKey("duels.Duel", on_delete=models.CASCADE, null=True, blank=True, related_name="notifications",
                             verbose_name=_("duel"))
    kind = models.CharField(_("type"), max_length=30, choices=Kind.choices)
    message = models.TextField(_("message"))  # the French sentence: admin, search, and rows older than message_id
    # The sentence as a gettext message id and its values, rendered in the reader's language (see `text`).
    message_id = models.TextField(_("identifiant du message"), blank=True, default="")
    params = models.JSONField(_("paramètres"), default=dict, blank=True)
    url = models.CharField(_("lien"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("créée le"), auto_now_add=True)
    read_at = models.DateTimeField(_("lue le"), null=True, blank=True)
    dedupe_key = models.CharField(max_length=200, null=True, blank=True, unique=True)
    email_state = models.CharField(_("e-mail"), max_length=10, choices=EmailState.choices, default="", blank=True)
    email_attempts = models.PositiveSmallIntegerField(_("tentatives d'envoi"), default=0)
    email_claimed_at = models.DateTimeField(_("envoi commencé le"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        indexes = [
            models.Index(fields=["user", "read_at"], name="notification_user_unread"),
            models.Index(fields=["email_state"], name="notification_email_due",
                         condition=models.Q(email_state__in=["pending", "sending"])),
            # The bell's count: only the unread notices, a few per user, whatever the history.
            models.Index(fields=["user"], condition=models.Q(read_at__isnull=True), name="notification_unread_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.message[:50]}"

    @property
    def text(self) -> str:
        """The notice in the active language; its stored French sentence if it has no message id (a row
        older than message ids) or a message id that no longer renders."""
        if not self.message_id:
            return self.message
        try:
            return say({"msgid": self.message_id, "params": self.params})
        except (KeyError, TypeError, ValueError, AttributeError):
            logger.warning("notification %s: message id does not render", self.pk)
            return self.message


class Invitation(ClubOwned):
    """A single-use link that lets a synced forum member create their account (or, for a member
    who has one but no e-mail, choose a new password). Only the SHA-256 of the link's random token
    is stored: the link itself is shown once, to the staff member who generated it."""

    club_parent = "duellist"

    class Purpose(models.TextChoices):
        ACTIVATION = "activation", _("Activation du compte")
        PASSWORD_RESET = "password_reset", _("Nouveau mot de passe")

    duellist = models.ForeignKey(
        Duellist, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("duelliste")
    )
    purpose = models.CharField(_("objet"), max_length=20, choices=Purpose.choices, default=Purpose.ACTIVATION)
    token_digest = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("créée par")
    )
    created_at = models.DateTimeField(_("créée le"))
    expires_at = models.DateTimeField(_("expire le"))
    used_at = models.DateTimeField(_("utilisée le"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("révoquée le"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            # A new link replaces the old one: at most one open (neither used nor revoked) per member.
            models.UniqueConstraint(
                fields=["duellist"], condition=models.Q(used_at__isnull=True, revoked_at__isnull=True),
                name="invitation_one_open_per_duellist",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.duellist} ({self.get_purpose_display()})"

    def state(self, now) -> str:
        if self.used_at is not None:
            return "used"
        if self.revoked_at is not None:
            return "revoked"
        if now >= self.expires_at:
            return "expired"
        return "pending"


class SignupRequest(ClubOwned):
    """A forum member without an invitation asks for an account; staff match it to a synced member."""

    club_parent = "duellist"

    class Status(models.TextChoices):
        PENDING = "pending", _("En attente")
        APPROVED = "approved", _("Acceptée")
        REJECTED = "rejected", _("Refusée")

    forum_name = models.CharField(_("pseudo forum"), max_length=100)
    profile_url = models.URLField(_("lien du profil forum"), blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    created_at = models.DateTimeField(_("demandée le"), auto_now_add=True)
    status = models.CharField(_("statut"), max_length=10, choices=Status.choices, default=Status.PENDING)
    duellist = models.ForeignKey(
        Duellist, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("membre")
    )
    decided_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("traitée par")
    )
    decided_at = models.DateTimeField(_("traitée le"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("demande d'inscription")
        verbose_name_plural = _("demandes d'inscription")

    def __str__(self) -> str:
        return self.forum_name


class EmailPreference(models.Model):
    """Whether a kind of notice is also e-mailed to the user (no row: yes). In-app notices always show."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="email_preferences")
    kind = models.CharField(_("type"), max_length=30)
    send_email = models.BooleanField(_("envoyer par e-mail"), default=True)

    class Meta:
        verbose_name = _("préférence d'e-mail")
        verbose_name_plural = _("préférences d'e-mail")
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="email_preference_once_per_kind")]

    def __str__(self) -> str:
        return f"{self.user}: {self.kind}={self.send_email}"


API_TOKEN_SHOWN = 4  # characters of a key the admin shows (a key is a password for the API)


class ApiToken(ClubOwned):
    """A key for one club's API (`Authorization: Token <key>` on `/api/v1/clubs/<club>/…`, or `/api/v1/` for
    the home club's): its requests act as `user`, with their roles in that club; another club's API refuses
    it (accounts/api/auth.py). The platform operator issues it in the admin, which shows the key once."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("compte"))
    key = models.CharField(_("clé"), max_length=40, unique=True, editable=False)
    created = models.DateTimeField(_("créé le"), default=timezone.now, editable=False)
    last_used = models.DateTimeField(_("dernier usage"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("jeton d'API")
        verbose_name_plural = _("jetons d'API")
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="apitoken_one_per_member")]

    def __str__(self) -> str:
        return self.masked_key

    @property
    def masked_key(self) -> str:
        return f"{self.key[:API_TOKEN_SHOWN]}…" if self.key else ""

    def save(self, *args, **kwargs):
        if not self.key:
            self.key = secrets.token_hex(20)
        super().save(*args, **kwargs)
