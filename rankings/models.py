"""Rewards (RULES.md §3.3.2) and the staff-editable salary scale."""
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from accounts.models import YEAR_CHOICES
from clubs.scoping import ClubOwned


class SalaryScale(ClubOwned):
    """Daily salary in galleons for a year (1..7, 8 = Adult). Edited by staff in the admin."""

    year = models.PositiveSmallIntegerField(
        _("année"), choices=YEAR_CHOICES, validators=[MinValueValidator(1), MaxValueValidator(8)]
    )
    daily_salary = models.PositiveIntegerField(_("salaire journalier (gallions)"))

    class Meta:
        ordering = ["year"]
        verbose_name = _("salaire journalier")
        verbose_name_plural = _("barème des salaires")
        constraints = [
            models.CheckConstraint(condition=models.Q(year__gte=1, year__lte=8), name="salary_year_1_8"),
            models.UniqueConstraint(fields=["club", "year"], name="salary_once_per_year"),
        ]

    def __str__(self) -> str:
        return f"{self.get_year_display()} : {self.daily_salary} gallions/jour"


class Outcome(models.TextChoices):
    WIN = "win", _("victoire")
    LOSS = "loss", _("défaite")
    DRAW = "draw", _("match nul")
    DISQUALIFIED = "disqualified", _("disqualification")


class Result(ClubOwned):
    """One row per duellist per finished duel: what they won. Champion points sum into the ranking."""

    club_parent = "duel"

    duel = models.ForeignKey("duels.Duel", on_delete=models.PROTECT, related_name="results", verbose_name=_("duel"))
    participant = models.OneToOneField(
        "duels.Participant", on_delete=models.PROTECT, related_name="result", verbose_name=_("participant")
    )
    duellist = models.ForeignKey(
        "accounts.Duellist", on_delete=models.PROTECT, related_name="results", verbose_name=_("duelliste")
    )
    year = models.PositiveSmallIntegerField(_("année de combat"), choices=YEAR_CHOICES)
    outcome = models.CharField(_("issue"), max_length=12, choices=Outcome.choices)
    champion_points = models.PositiveSmallIntegerField(_("points de champion"), default=0)
    purse = models.PositiveIntegerField(_("bourse (gallions)"), default=0)
    chocogrenouille = models.BooleanField(_("chocogrenouille"), default=False)
    recorded_at = models.DateTimeField(_("enregistré le"), default=timezone.now)
    # The purse follows the duellist's year of study (RP year in an RP duel, homework year in a
    # non-RP one), not the year fought at; null for results recorded before it was kept.
    salary_year = models.PositiveSmallIntegerField(_("année d'étude de la bourse"), choices=YEAR_CHOICES, null=True,
                                                   blank=True)
    # Rewards are handed out on the forum by its bank: staff mark them paid here.
    paid_at = models.DateTimeField(_("payé le"), null=True, blank=True)
    paid_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="+", verbose_name=_("payé par"))

    class Meta:
        ordering = ["-recorded_at", "pk"]
        verbose_name = _("résultat")
        verbose_name_plural = _("résultats")
        permissions = [("pay_rewards", _("Marquer les récompenses versées sur le forum"))]
        constraints = [
            models.UniqueConstraint(fields=["duel", "duellist"], name="result_once_per_duellist_per_duel"),
            models.CheckConstraint(condition=models.Q(outcome__in=Outcome.values), name="result_outcome_valid"),
            models.CheckConstraint(
                condition=models.Q(outcome="win") | models.Q(champion_points=0), name="result_points_only_for_a_win"
            ),
        ]
        indexes = [
            # The rewards still to hand out, oldest first (the rewards page): the unpaid ones only.
            models.Index(fields=["recorded_at", "id"], condition=models.Q(paid_at__isnull=True),
                         name="result_unpaid_idx"),
            # The newest first (the default order: the admin list, a duellist's recent results).
            models.Index(fields=["-recorded_at", "id"], name="result_recent_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.duellist} — {self.get_outcome_display()} ({self.duel})"


SEASON_YEARS = (1900, 2999)


class Season(ClubOwned):
    """A date range the club's staff define in its control panel (both days included, in the club's time zone).

    A result counts for a season when its duel finished on a day of the range."""

    name = models.CharField(_("nom"), max_length=100)
    slug = models.SlugField(_("identifiant"), max_length=50)
    starts_on = models.DateField(_("premier jour"))
    ends_on = models.DateField(_("dernier jour"))

    class Meta:
        ordering = ["-starts_on", "pk"]
        verbose_name = _("saison")
        verbose_name_plural = _("saisons")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_per_club",
                                    violation_error_message=_("Une saison porte déjà ce nom.")),
            models.UniqueConstraint(fields=["club", "slug"], name="season_slug_per_club",
                                    violation_error_message=_("Une saison porte déjà cet identifiant.")),
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")), name="season_ends_after_start",
                violation_error_message=_("Le dernier jour précède le premier."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({date_format(self.starts_on, 'DATE_FORMAT')} – {date_format(self.ends_on, 'DATE_FORMAT')})"

    def clean(self) -> None:
        # The table is computed from midnight before the first day to midnight after the last one, in
        # UTC: days at the ends of the calendar (0001-01-01, 9999-12-31) have no such midnight.
        for field in ("starts_on", "ends_on"):
            day = getattr(self, field)
            if day and not SEASON_YEARS[0] <= day.year <= SEASON_YEARS[1]:
                raise ValidationError({field: _("Choisissez un jour entre l'an %(first)d et l'an %(last)d.")
                                       % {"first": SEASON_YEARS[0], "last": SEASON_YEARS[1]}})
        if self.starts_on and self.ends_on:
            if self.ends_on < self.starts_on:
                raise ValidationError({"ends_on": _("Le dernier jour précède le premier.")})
            overlapping = Season.objects.filter(starts_on__lte=self.ends_on, ends_on__gte=self.starts_on)
            if self.club_id is not None:  # the site's admin serves every club: the season's own only
                overlapping = overlapping.filter(club_id=self.club_id)
            if self.pk:
                overlapping = overlapping.exclude(pk=self.pk)
            other = overlapping.first()
            if other is not None:
                raise ValidationError(
                    {"starts_on": _("Chevauche la saison « %(name)s ».") % {"name": other.name}}
                )


ALL_KINDS = ""  # Standing.kind / .format for "every kind" / "every format"
ALL_FORMATS = ""
ALL_YEARS = 0  # Standing.year for "every year"


class Standing(ClubOwned):
    """One duellist's line of the champions table in one scope, kept up to date by
    `rankings.services.standings.standings_apply` in the transaction that records the results, and recomputable
    from the Result rows (`manage.py rankings_rebuild`).

    A scope is (season or all-time) × (kind or all) × (format or all) × (year fought at or all): each
    result updates 2 × 2 × 2 × (1 + its seasons) lines, and any filter combination is one indexed read.

    Order of the table (the tie-break rule): more points; then fewer duels; then the earlier
    `reached_at` (when the duellist reached their current score: their last win in the scope, or their
    first duel in the scope for 0 points); then the older duellist profile (lower id)."""

    club_parent = "duellist"

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, null=True, blank=True, related_name="standings",
        verbose_name=_("saison"), help_text=_("Vide : classement de tous les temps."),
    )
    kind = models.CharField(_("type de duel"), max_length=8, blank=True, help_text=_("Vide : tous les types."))
    format = models.CharField(_("format"), max_length=3, blank=True, help_text=_("Vide : tous les formats."))
    year = models.PositiveSmallIntegerField(_("année de combat"), default=ALL_YEARS, help_text=_("0 : toutes."))
    duellist = models.ForeignKey(
        "accounts.Duellist", on_delete=models.CASCADE, related_name="standings", verbose_name=_("duelliste")
    )
    points = models.PositiveIntegerField(_("points"), default=0)
    duels = models.PositiveIntegerField(_("duels"), default=0)
    wins = models.PositiveIntegerField(_("victoires"), default=0)
    draws = models.PositiveIntegerField(_("matchs nuls"), default=0)
    losses = models.PositiveIntegerField(_("défaites"), default=0)
    disqualifications = models.PositiveIntegerField(_("disqualifications"), default=0)
    purse = models.PositiveIntegerField(_("bourse (gallions)"), default=0)
    chocogrenouilles = models.PositiveIntegerField(_("chocogrenouilles"), default=0)
    reached_at = models.DateTimeField(_("score atteint le"))

    class Meta:
        ordering = ["-points", "duels", "reached_at", "duellist_id"]
        verbose_name = _("ligne du classement")
        verbose_name_plural = _("classement (agrégats)")
        constraints = [
            models.UniqueConstraint(
                fields=["duellist", "kind", "format", "year"], condition=models.Q(season__isnull=True),
                name="standing_once_per_alltime_scope",
            ),
            models.UniqueConstraint(
                fields=["season", "duellist", "kind", "format", "year"], condition=models.Q(season__isnull=False),
                name="standing_once_per_season_scope",
            ),
            models.CheckConstraint(
                condition=models.Q(duels=models.F("wins") + models.F("draws") + models.F("losses")
                                   + models.F("disqualifications")),
                name="standing_duels_add_up",
            ),
            models.CheckConstraint(condition=models.Q(year__gte=0, year__lte=8), name="standing_year_0_8"),
        ]
        indexes = [
            # The table of one scope, already in ranking order: a page is an index range scan. Two
            # partial indexes because PostgreSQL does not take `season_id IS NULL` as fixing the
            # column, so with it leading the order could not be used for the all-time tables.
            models.Index(
                fields=["club", "kind", "format", "year", "-points", "duels", "reached_at", "duellist"],
                condition=models.Q(season__isnull=True), name="standing_alltime_order_idx",
            ),
            models.Index(
                fields=["season", "kind", "format", "year", "-points", "duels", "reached_at", "duellist"],
                condition=models.Q(season__isnull=False), name="standing_season_order_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.duellist_id}: {self.points} pts / {self.duels} duels"

    @property
    def win_rate(self) -> float:
        return self.wins / self.duels if self.duels else 0.0


class ScopeSize(ClubOwned):
    """How many lines one scope of the table has (see Standing): the API's and pages' `count` is one
    primary-key-like read instead of counting the scope's lines. Kept with the lines: `standings_apply`
    adds the lines it creates, in its transaction; `standings_rebuild` recomputes and checks it."""

    club_parent = "season"

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, null=True, blank=True, related_name="sizes", verbose_name=_("saison"),
    )
    kind = models.CharField(_("type de duel"), max_length=8, blank=True)
    format = models.CharField(_("format"), max_length=3, blank=True)
    year = models.PositiveSmallIntegerField(_("année de combat"), default=ALL_YEARS)
    lines = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = "taille d'un classement"  # internal, not in the admin: not translated
        verbose_name_plural = "tailles des classements"
        constraints = [
            models.UniqueConstraint(
                fields=["club", "kind", "format", "year"], condition=models.Q(season__isnull=True),
                name="scopesize_once_per_alltime_scope",
            ),
            models.UniqueConstraint(
                fields=["season", "kind", "format", "year"], condition=models.Q(season__isnull=False),
                name="scopesize_once_per_season_scope",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season_id or '*'}/{self.kind or '*'}/{self.format or '*'}/{self.year or '*'}: {self.lines}"


class TableRevision(ClubOwned):
    """One row per club: a token that changes whenever anything shown in the club's champions table may
    have changed (results recorded, a rebuild fixing lines, a season saved or deleted, a duellist
    saved). The API keys its cached pages and ETags on it (and on the club), so one cheap read tells
    whether a cached page still holds."""

    token = models.CharField(max_length=32, default="")

    class Meta:
        verbose_name = _("révision du classement")
        verbose_name_plural = _("révision du classement")
        constraints = [models.UniqueConstraint(fields=["club"], name="table_revision_once_per_club")]

    def __str__(self) -> str:
        return self.token


class DuelFigures(ClubOwned):
    """What one finished duel adds to the club's statistics (`rankings.services.statistics`): its
    counters by name ("duels", "month:2026-05", "cast:<spell>", "face:3"…). Kept so that a correction
    replaces the duel's contribution instead of adding a second one."""

    club_parent = "duel"

    duel = models.OneToOneField("duels.Duel", on_delete=models.CASCADE, related_name="figures")
    counters = models.JSONField(default=dict)

    class Meta:
        verbose_name = "chiffres d'un duel"  # internal, not in the admin: not translated
        verbose_name_plural = "chiffres des duels"

    def __str__(self) -> str:
        return f"{self.duel_id}: {len(self.counters)}"


class ClubFigure(ClubOwned):
    """One counter of the club's statistics, the sum of every finished duel's (DuelFigures): the
    statistics page reads these few rows, however many duels the club played."""

    name = models.CharField(max_length=150)
    value = models.BigIntegerField(default=0)

    class Meta:
        verbose_name = "chiffre du club"  # internal, not in the admin: not translated
        verbose_name_plural = "chiffres du club"
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="club_figure_once")]

    def __str__(self) -> str:
        return f"{self.name} = {self.value}"
