"""A club (one forum's duel club, the tenant) and a member's roles in it.

Users stay global (one account, one login); what a user may do is said per club by their Membership.
Every club-owned table carries `club_id` and reads through a scoped manager (clubs/scoping.py), so a
query that forgets its club raises instead of mixing two forums' data.
"""
import secrets
import zoneinfo
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# First path segments the site keeps for itself (besides the club URLconf's own, see clubs.urls_layout):
# a club named like one of them would hide a page or be hidden by it.
SITE_SEGMENTS = frozenset({"admin", "api", "i18n", "static", "media", "favicon.ico", "healthz", "clubs",
                           "robots.txt", "site", "plateforme"})


def validate_club_slug(value: str) -> None:
    from clubs.urls_layout import reserved_segments  # the URLconf imports the apps' models: read it lazily

    if value in SITE_SEGMENTS or value in reserved_segments():
        raise ValidationError(_("« %(slug)s » est réservé par le site : choisissez un autre identifiant."),
                              params={"slug": value}, code="reserved")


def validate_house_rules(value) -> None:
    """RULES.md §8: the knobs a club changes, each within its range (`{}` is the rulebook). The engine sits
    above clubs: its house rules are read lazily."""
    from duels.engine.house_rules import HouseRules, HouseRulesError

    try:
        HouseRules.from_dict(value)
    except HouseRulesError as exc:
        raise ValidationError(_("Règle maison invalide (%(key)s) : %(message)s."),
                              params={"key": exc.key, "message": exc.message}, code="house_rules") from exc


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("Fuseau horaire inconnu : %(tz)s."), params={"tz": value}, code="time_zone")


def new_verification_key() -> str:
    return secrets.token_hex(24)


def origin_of(url: str) -> str:
    """An address's origin, lower-cased ("https://club.forumactif.com"); empty when it has none (or is
    no URL)."""
    try:
        parts = urlsplit((url or "").strip())
    except ValueError:  # "http://[…": an unbalanced IPv6 bracket
        return ""
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else ""


class Club(models.Model):
    name = models.CharField(_("nom"), max_length=100)
    slug = models.SlugField(_("identifiant dans les adresses"), max_length=40, unique=True,
                            validators=[validate_club_slug])
    forum_url = models.URLField(_("adresse du forum"), blank=True,
                                help_text=_("Origine du forum, par exemple https://club.forumactif.com"))
    # Further origins the forum answers on (a custom domain beside *.forumactif.com): the bridge's CORS.
    forum_origins = models.JSONField(_("autres origines du forum"), default=list, blank=True)
    duel_section = models.PositiveIntegerField(_("section des duels sur le forum"), default=0)
    forum_profile_url = models.CharField(_("modèle d'adresse d'un profil du forum"), max_length=200, blank=True)
    language = models.CharField(_("langue"), max_length=8, choices=settings.LANGUAGES, default="fr")
    time_zone = models.CharField(_("fuseau horaire"), max_length=64, default="Europe/Paris",
                                 validators=[validate_time_zone])
    is_public = models.BooleanField(_("public"), default=True,
                                    help_text=_("Listé sur la page d'accueil du site."))
    created_at = models.DateTimeField(_("créé le"), default=timezone.now)
    # RULES.md §8: the knobs that differ from the rulebook (HouseRules.to_dict); each duel freezes them
    # when it starts (Duel.house_rules), so a change applies to duels started afterwards.
    house_rules = models.JSONField(_("règles maison"), default=dict, blank=True, validators=[validate_house_rules])
    # Opening by a forum's staff (clubs/opening.py): a club is verified once its loader reported from the
    # forum's own origin with this key; until then its forum publishing stays off. Clubs the operator makes
    # (the admin, the first club of an installation) are trusted from the start.
    verification_key = models.CharField(_("clé de vérification"), max_length=64, unique=True,
                                        default=new_verification_key, editable=False)
    verified_at = models.DateTimeField(_("vérifié le"), null=True, blank=True)
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="clubs_opened", verbose_name=_("ouvert par"))
    suspended_at = models.DateTimeField(_("suspendu le"), null=True, blank=True)
    suspension_reason = models.CharField(_("motif de la suspension"), max_length=300, blank=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    # Where clubs.selectors.home_club keeps the oldest club (any club saved or deleted may be it).
    HOME_CACHE_KEY = "club:home"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        cache.delete_many([self.cache_key(self.slug), self.HOME_CACHE_KEY])

    def delete(self, *args, **kwargs):
        cache.delete_many([self.cache_key(self.slug), self.HOME_CACHE_KEY])
        return super().delete(*args, **kwargs)

    @staticmethod
    def cache_key(slug: str) -> str:
        """Where clubs.selectors.club_by_slug keeps the club of an address."""
        return f"club:slug:{slug}"

    def clean(self):
        super().clean()
        if self.suspended_at is not None and not self.suspension_reason.strip():
            raise ValidationError({"suspension_reason": _("Donnez le motif de la suspension.")})

    @property
    def is_verified(self) -> bool:
        return self.verified_at is not None

    @property
    def is_suspended(self) -> bool:
        return self.suspended_at is not None

    @property
    def forum_origin(self) -> str:
        return origin_of(self.forum_url)

    @property
    def allowed_origins(self) -> list[str]:
        """The forum's origins, for the bridge's CORS and its scripts' checks."""
        origins = [self.forum_url.rstrip("/")] if self.forum_url else []
        return origins + [o for o in self.forum_origins if o not in origins]


class Role(models.TextChoices):
    PLAYER = "player", _("joueur")
    REFEREE = "referee", _("arbitre")
    STAFF = "staff", _("staff")
    OWNER = "owner", _("propriétaire")


class Membership(models.Model):
    """A user's place in one club: their roles there (a referee of one club is nobody in another)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships",
                             verbose_name=_("compte"))
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club"))
    is_referee = models.BooleanField(_("arbitre"), default=False)
    is_staff = models.BooleanField(_("staff du club"), default=False)
    is_owner = models.BooleanField(_("propriétaire"), default=False)
    joined_at = models.DateTimeField(_("arrivé le"), default=timezone.now)

    class Meta:
        verbose_name = _("adhésion")
        verbose_name_plural = _("adhésions")
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_one_per_club")]
        indexes = [models.Index(fields=["user", "club"], name="membership_user_idx")]

    def __str__(self) -> str:
        return f"{self.user} @ {self.club}"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        if kwargs.get("update_fields") is None:  # joined (or moved): the member's club menu is read again
            self.member_clubs_store(self.user_id)

    def delete(self, *args, **kwargs):
        cache.delete(self.clubs_cache_key(self.user_id))
        return super().delete(*args, **kwargs)

    @staticmethod
    def clubs_cache_key(user_id: int) -> str:
        """Where clubs.selectors.member_clubs keeps a member's clubs (the header's club menu)."""
        return f"club:member:{user_id}"

    CLUBS_CACHE_SECONDS = 300  # the header's club menu: a renamed club shows its new name within this

    @classmethod
    def member_clubs_store(cls, user_id: int) -> list[dict]:
        """Read the member's clubs ({"slug", "name"} by name) in one statement and keep them in the cache."""
        found = list(Club.objects.filter(memberships__user_id=user_id).order_by("name", "pk").values("slug", "name"))
        cache.set(cls.clubs_cache_key(user_id), found, cls.CLUBS_CACHE_SECONDS)
        return found
