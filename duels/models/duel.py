"""The duel and its duellists (DESIGN.md: persisted state machine)."""
from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import YEAR_CHOICES
from clubs.scoping import ClubOwned
from duels.models.choices import DuelFormat, DuelKind


class DuelStatus(models.TextChoices):
    MATCHED = "matched", _("en attente d'un arbitre")
    SETUP = "setup", _("choix des types de magie")
    READY = "ready", _("prêt, en attente du signal")
    ACTION = "action", _("phase d'action")
    AWAITING_FIRST = "awaiting_first", _("en attente de la première déclaration")
    DEFENCE = "defence", _("phase de défense")
    AWAITING_SECOND = "awaiting_second", _("en attente de la seconde déclaration")
    FINISHED = "finished", _("terminé")
    CANCELLED = "cancelled", _("annulé")


NOT_STARTED = (DuelStatus.MATCHED, DuelStatus.SETUP, DuelStatus.READY)
RUNNING = (DuelStatus.ACTION, DuelStatus.AWAITING_FIRST, DuelStatus.DEFENCE, DuelStatus.AWAITING_SECOND)
OVER = (DuelStatus.FINISHED, DuelStatus.CANCELLED)


class Duel(ClubOwned):
    kind = models.CharField(_("type de duel"), max_length=8, choices=DuelKind.choices)
    format = models.CharField(_("format"), max_length=3, choices=DuelFormat.choices)
    status = models.CharField(_("statut"), max_length=16, choices=DuelStatus.choices, default=DuelStatus.MATCHED)
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="refereed_duels",
        verbose_name=_("arbitre"),
    )
    matchmaking_warning = models.CharField(_("avertissement d'appariement"), max_length=300, blank=True)
    # Dice (DESIGN.md "Dice you can trust"): the seed stays secret until the duel is over.
    seed = models.CharField(_("graine des dés (secrète)"), max_length=64, blank=True)
    seed_sha256 = models.CharField(_("empreinte SHA-256 de la graine"), max_length=64, blank=True)
    spells = models.JSONField(_("catalogue figé au début du duel"), default=list, blank=True)
    # RULES.md §8: the club's house rules frozen at the start signal, as the catalog is (HouseRules.to_dict,
    # `{}` = the rulebook); null until then (the club's current rules apply: duels.selectors.house_rules).
    house_rules = models.JSONField(_("règles maison figées au début du duel"), null=True, blank=True)
    state = models.JSONField(_("état du moteur (dernière déclaration publiée)"), null=True, blank=True)
    turn = models.PositiveIntegerField(_("tour"), default=0)
    winner_team = models.PositiveSmallIntegerField(_("équipe gagnante"), null=True, blank=True)
    is_draw = models.BooleanField(_("match nul"), default=False)
    created_at = models.DateTimeField(_("créé le"), default=timezone.now)
    started_at = models.DateTimeField(_("commencé le"), null=True, blank=True)
    finished_at = models.DateTimeField(_("terminé le"), null=True, blank=True, db_index=True)
    # Cancellation (before the start signal only, services.cancel): not an ending, no wand rest.
    cancelled_at = models.DateTimeField(_("annulé le"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("annulé par"),
    )
    cancel_reason = models.TextField(_("motif de l'annulation"), blank=True)
    # RULES.md §2.1: a duel played in a tournament whose duels do not count for the wand rest starts no
    # rest for its duellists (duels.selectors.wand_rest); every other duel does.
    counts_for_rest = models.BooleanField(_("compte pour le repos de la baguette"), default=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("duel")
        verbose_name_plural = _("duels")
        permissions = [("referee_any_duel", _("Arbitrer tout duel où l'on ne joue pas"))]
        constraints = [
            models.CheckConstraint(condition=models.Q(status__in=DuelStatus.values), name="duel_status_valid"),
            models.CheckConstraint(condition=models.Q(kind__in=DuelKind.values), name="duel_kind_valid"),
            models.CheckConstraint(condition=models.Q(format__in=DuelFormat.values), name="duel_format_valid"),
            models.CheckConstraint(
                condition=models.Q(winner_team__isnull=True) | models.Q(winner_team__in=[1, 2]),
                name="duel_winner_team_1_2",
            ),
            models.CheckConstraint(
                condition=~models.Q(is_draw=True, winner_team__isnull=False), name="duel_draw_has_no_winner"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=[s.value for s in NOT_STARTED + (DuelStatus.CANCELLED,)])
                | models.Q(started_at__isnull=False, seed_sha256__gt=""),
                name="duel_started_has_seed",
            ),
            models.CheckConstraint(
                condition=~models.Q(status=DuelStatus.FINISHED)
                | (models.Q(finished_at__isnull=False) & (models.Q(is_draw=True) | models.Q(winner_team__isnull=False))),
                name="duel_finished_has_result",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=[DuelStatus.MATCHED, DuelStatus.CANCELLED])
                | models.Q(referee__isnull=False),
                name="duel_has_referee_after_matched",
            ),
            models.CheckConstraint(
                condition=~models.Q(status=DuelStatus.CANCELLED) | models.Q(cancelled_at__isnull=False),
                name="duel_cancelled_has_date",
            ),
        ]
        indexes = [
            # Lists newest first (the API, the admin), whole or of one status: an index range scan.
            models.Index(fields=["club", "-created_at", "-id"], name="duel_created_idx"),
            models.Index(fields=["club", "status", "-created_at", "-id"], name="duel_status_created_idx"),
            # Finished duels in the order they ended: the wand rest ("4 duels ended since?") and the
            # statistics' mark read a few entries of it.
            models.Index(fields=["club", "finished_at", "id"], condition=models.Q(status="finished"),
                         name="duel_finished_order_idx"),
        ]

    def __str__(self) -> str:
        return f"Duel n°{self.pk} ({self.format}, {self.get_kind_display()})"

    @property
    def is_rp(self) -> bool:
        return self.kind == DuelKind.RP

    @property
    def is_running(self) -> bool:
        return self.status in RUNNING

    @property
    def revealed_seed(self) -> str | None:
        """The seed, once the duel is over; never before (anyone may then re-derive every roll)."""
        return self.seed if self.status == DuelStatus.FINISHED else None


class Participant(ClubOwned):
    """A duellist in one duel. `engine_id` is the id the rules engine knows them by (see services.setup)."""

    club_parent = "duel"

    duel = models.ForeignKey(Duel, on_delete=models.CASCADE, related_name="participants", verbose_name=_("duel"))
    duellist = models.ForeignKey(
        "accounts.Duellist", on_delete=models.PROTECT, related_name="participations", verbose_name=_("duelliste")
    )
    registration = models.OneToOneField(
        "duels.Registration", on_delete=models.SET_NULL, null=True, blank=True, related_name="participant",
        verbose_name=_("inscription"),
    )
    engine_id = models.CharField(_("identifiant moteur"), max_length=120)
    team = models.PositiveSmallIntegerField(_("équipe"))
    year = models.PositiveSmallIntegerField(_("année de combat"), choices=YEAR_CHOICES)
    magic_types = models.JSONField(_("types de magie choisis"), default=list, blank=True)
    prodigium = models.BooleanField(_("Prodigium au début du duel"), default=False)
    exemption_used = models.BooleanField(_("dispense utilisée"), default=False)
    absence_faults = models.PositiveSmallIntegerField(_("fautes d'absence"), default=0)
    disqualified = models.BooleanField(_("disqualifié"), default=False)
    forfeited = models.BooleanField(_("abandon"), default=False)
    # When and in which phase they gave up: the thread, its forum copy and the notices say so.
    forfeited_at = models.DateTimeField(_("abandon le"), null=True, blank=True)
    forfeit_window = models.ForeignKey(
        "duels.Window", on_delete=models.SET_NULL, null=True, blank=True, related_name="forfeits",
        verbose_name=_("phase de l'abandon"),
    )

    class Meta:
        ordering = ["duel", "team", "pk"]
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        constraints = [
            models.UniqueConstraint(fields=["duel", "duellist"], name="participant_once_per_duel"),
            models.UniqueConstraint(fields=["duel", "engine_id"], name="participant_engine_id_unique"),
            models.CheckConstraint(condition=models.Q(team__in=[1, 2]), name="participant_team_1_2"),
            models.CheckConstraint(condition=models.Q(year__gte=1, year__lte=8), name="participant_year_1_8"),
        ]

    def __str__(self) -> str:
        return f"{self.duellist} (équipe {self.team})"

    @property
    def types_needed(self) -> int:
        """RULES.md §2.5: one magic type for years 1–5, two for 6–8."""
        return 1 if self.year <= 5 else 2
