"""A club's duel tournament: its entrants, rounds and matches (DESIGN.md "Growing it"). A match points to
its duel; the tournament engine (tournaments/engine/, pure) decides brackets, pairings and standings from
the entrants in seed order and the matches' recorded results. Writes go through tournaments/services/.

Combat years (the "year rule"): an RP tournament's duels use each entrant's RP year (RULES.md §1.2: an RP
duellist fights at their RP year), so `combat_year` stays empty. A non-RP tournament either fixes one
year for everyone (`combat_year`, at most each entrant's homework year: checked at sign-up) or, empty,
lets each entrant fight at their own homework year. The year is frozen on the entrant at sign-up.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import YEAR_CHOICES
from clubs.scoping import ClubOwned
from duels.models import DuelFormat, DuelKind


class TournamentFormat(models.TextChoices):
    SINGLE_ELIMINATION = "single_elimination", _("élimination directe")
    GROUPS_THEN_ELIMINATION = "groups_then_elimination", _("poules puis élimination directe")
    SWISS = "swiss", _("système suisse")


class DrawRule(models.TextChoices):
    """What a drawn elimination duel leads to (the engine's REMATCH / HIGHER_SEED)."""
    REMATCH = "rematch", _("un nouveau duel")
    HIGHER_SEED = "higher-seed", _("la meilleure tête de série passe")


class Seeding(models.TextChoices):
    CHAMPIONS = "champions", _("classement des champions")
    RANDOM = "random", _("au hasard")


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", _("brouillon")
    SIGNUP = "signup", _("inscriptions ouvertes")
    CHECKIN = "checkin", _("confirmation de présence")
    RUNNING = "running", _("en cours")
    FINISHED = "finished", _("terminé")
    CANCELLED = "cancelled", _("annulé")


class Stage(models.TextChoices):
    GROUP = "group", _("poules")
    ELIMINATION = "elimination", _("élimination directe")
    SWISS = "swiss", _("ronde suisse")


class Outcome(models.TextChoices):
    A = "a", _("victoire du côté A")
    B = "b", _("victoire du côté B")
    DRAW = "draw", _("match nul")


class How(models.TextChoices):
    PLAYED = "played", _("joué")
    FORFEIT = "forfeit", _("abandon")
    DISQUALIFICATION = "disqualification", _("disqualification")


class Tournament(ClubOwned):
    """A tournament of the club. Its options are set while it is a draft and frozen from the draw on.

    - format: single elimination, round-robin groups then elimination, or Swiss.
    - team_format: 1v1 or 2v2 (a 2v2 entrant is a pair that registered together).
    - duel_kind / combat_year: see the module's docstring (the year rule).
    - draw_rule: an elimination duel ending in a draw is replayed (rematch) or won by the better seed.
    - third_place: the two semi-final losers play for third place.
    - group_count / qualifiers_per_group: groups then elimination only (the top N of each group go on).
    - swiss_rounds: Swiss only, how many rounds.
    - seeding: the seed order comes from the club's champions table, or is drawn at random.
    - counts_for_rest: whether the tournament's duels count for the wand rest (Duel.counts_for_rest).
    - round_days: how long a round lasts: a round's `ends_at` is its draw plus this many days.
    - status: draft → signup → checkin → running → finished (or cancelled at any point before finished).
    - checkin_closes_at: when check-in closes (staff draw after it; unchecked entrants are left out).
    - seed_order: the entrants' ids in seed order, frozen at the first draw (the engine's input).
    - elimination_order: groups then elimination, the bracket's seed order (the qualifiers cross-seeded
      from the group standings), frozen when the elimination stage is drawn; single elimination: the same
      as seed_order.
    - winner: the entrant who won the final (or topped the Swiss), once finished.
    """

    name = models.CharField(_("nom"), max_length=120)
    slug = models.SlugField(_("identifiant dans les adresses"), max_length=60)
    description = models.TextField(_("présentation"), blank=True)
    format = models.CharField(_("formule"), max_length=32, choices=TournamentFormat.choices,
                              default=TournamentFormat.SINGLE_ELIMINATION)
    team_format = models.CharField(_("format des duels"), max_length=3, choices=DuelFormat.choices,
                                   default=DuelFormat.ONE_V_ONE)
    duel_kind = models.CharField(_("type de duel"), max_length=8, choices=DuelKind.choices, default=DuelKind.NON_RP)
    combat_year = models.PositiveSmallIntegerField(
        _("année de combat imposée"), null=True, blank=True, choices=YEAR_CHOICES,
        help_text=_("Duels non-RP : une année pour tous ; vide, chacun combat à son année (RP : l'année RP)."),
    )
    draw_rule = models.CharField(_("en cas de match nul"), max_length=16, choices=DrawRule.choices,
                                 default=DrawRule.REMATCH)
    third_place = models.BooleanField(_("match pour la troisième place"), default=False)
    group_count = models.PositiveSmallIntegerField(_("nombre de poules"), null=True, blank=True)
    qualifiers_per_group = models.PositiveSmallIntegerField(_("qualifiés par poule"), null=True, blank=True)
    swiss_rounds = models.PositiveSmallIntegerField(_("nombre de rondes suisses"), null=True, blank=True)
    seeding = models.CharField(_("têtes de série"), max_length=16, choices=Seeding.choices,
                               default=Seeding.CHAMPIONS)
    counts_for_rest = models.BooleanField(_("les duels comptent pour le repos de la baguette"), default=True)
    round_days = models.PositiveSmallIntegerField(_("durée d'une ronde (jours)"), default=14)
    status = models.CharField(_("statut"), max_length=12, choices=TournamentStatus.choices,
                              default=TournamentStatus.DRAFT)
    checkin_closes_at = models.DateTimeField(_("fin de la confirmation de présence"), null=True, blank=True)
    seed_order = models.JSONField(_("ordre des têtes de série (figé au tirage)"), default=list, blank=True)
    elimination_order = models.JSONField(_("ordre du tableau final (figé à son tirage)"), default=list, blank=True)
    forum_topic_url = models.URLField(_("sujet du tournoi sur le forum"), blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("créé par"))
    winner = models.ForeignKey("tournaments.Entrant", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="+", verbose_name=_("vainqueur"))
    created_at = models.DateTimeField(_("créé le"), default=timezone.now)
    updated_at = models.DateTimeField(_("modifié le"), default=timezone.now)
    started_at = models.DateTimeField(_("premier tirage le"), null=True, blank=True)
    finished_at = models.DateTimeField(_("terminé le"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("tournoi")
        verbose_name_plural = _("tournois")
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_per_club"),
            models.CheckConstraint(condition=models.Q(status__in=TournamentStatus.values),
                                   name="tournament_status_valid"),
            models.CheckConstraint(condition=models.Q(format__in=TournamentFormat.values),
                                   name="tournament_format_valid"),
            models.CheckConstraint(condition=~models.Q(duel_kind=DuelKind.RP) | models.Q(combat_year__isnull=True),
                                   name="tournament_rp_has_no_fixed_year"),
            models.CheckConstraint(condition=models.Q(combat_year__isnull=True)
                                   | models.Q(combat_year__gte=1, combat_year__lte=8),
                                   name="tournament_combat_year_1_8"),
        ]
        indexes = [models.Index(fields=["club", "status", "-created_at"], name="tournament_status_idx")]

    def __str__(self) -> str:
        return self.name

    @property
    def is_two_v_two(self) -> bool:
        return self.team_format == DuelFormat.TWO_V_TWO


class Entrant(ClubOwned):
    """One side of the tournament: a duellist (1v1), or a pair registered together (2v2: `partner`).
    `year` / `partner_year` are their combat years, frozen at sign-up (the year rule). `seed` is their
    place in the seed order (1 = best), set at the draw; `checked_in_at` when they confirmed they play;
    `withdrawn_at` when they left (before the draw, or a forfeit of the rest of the tournament)."""

    club_parent = "tournament"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants",
                                   verbose_name=_("tournoi"))
    duellist = models.ForeignKey("accounts.Duellist", on_delete=models.PROTECT, related_name="tournament_entries",
                                 verbose_name=_("duelliste"))
    partner = models.ForeignKey("accounts.Duellist", on_delete=models.PROTECT, null=True, blank=True,
                                related_name="tournament_partner_entries", verbose_name=_("partenaire"))
    year = models.PositiveSmallIntegerField(_("année de combat"), choices=YEAR_CHOICES)
    partner_year = models.PositiveSmallIntegerField(_("année de combat du partenaire"), null=True, blank=True,
                                                    choices=YEAR_CHOICES)
    seed = models.PositiveSmallIntegerField(_("tête de série"), null=True, blank=True)
    registered_at = models.DateTimeField(_("inscrit le"), default=timezone.now)
    checked_in_at = models.DateTimeField(_("présence confirmée le"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("retiré le"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "seed", "registered_at", "pk"]
        verbose_name = _("participant au tournoi")
        verbose_name_plural = _("participants au tournoi")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "duellist"], name="entrant_once_per_tournament"),
            models.UniqueConstraint(fields=["tournament", "partner"], name="entrant_partner_once_per_tournament"),
            models.UniqueConstraint(fields=["tournament", "seed"], name="entrant_seed_once_per_tournament"),
            models.CheckConstraint(condition=~models.Q(partner=models.F("duellist")), name="entrant_partner_not_self"),
        ]
        indexes = [models.Index(fields=["club", "duellist"], name="entrant_duellist_idx"),
                   models.Index(fields=["club", "partner"], name="entrant_partner_idx")]

    def __str__(self) -> str:
        if self.partner_id:
            return f"{self.duellist} & {self.partner}"
        return str(self.duellist)

    @property
    def duellists(self) -> list:
        return [self.duellist, self.partner] if self.partner_id else [self.duellist]

    @property
    def is_active(self) -> bool:
        return self.withdrawn_at is None


class TournamentReferee(ClubOwned):
    """A referee the tournament's staff chose for its duels. None chosen: the club's referees in turn."""

    club_parent = "tournament"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="referees",
                                   verbose_name=_("tournoi"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+",
                             verbose_name=_("arbitre"))

    class Meta:
        verbose_name = _("arbitre du tournoi")
        verbose_name_plural = _("arbitres du tournoi")
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="tournament_referee_once")]

    def __str__(self) -> str:
        return str(self.user)


class Round(ClubOwned):
    """A round of the tournament (1 = first, across stages): drawn at `drawn_at`, due by `ends_at`
    (drawn_at + the tournament's round_days), complete at `completed_at` (every match decided)."""

    club_parent = "tournament"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds",
                                   verbose_name=_("tournoi"))
    number = models.PositiveSmallIntegerField(_("numéro"))
    stage = models.CharField(_("phase"), max_length=12, choices=Stage.choices)
    drawn_at = models.DateTimeField(_("tirée le"), default=timezone.now)
    ends_at = models.DateTimeField(_("se termine le"))
    completed_at = models.DateTimeField(_("complète le"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("ronde")
        verbose_name_plural = _("rondes")
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_once")]
        indexes = [models.Index(fields=["club", "completed_at", "ends_at"], name="round_open_due_idx")]

    def __str__(self) -> str:
        return f"{self.tournament} — ronde {self.number}"


class Match(ClubOwned):
    """One match of a round: the engine's key, its two sides, its duel and its recorded result.

    - Key: elimination — `bracket_round` (1 = the stage's first), `slot` (1 = top; the third-place match
      is slot 2 of the final round), `replay` (0, then n for the n-th rematch after draws); groups —
      `group` (1…) with `bracket_round` the group's round and `slot` the pairing; Swiss — `bracket_round`
      the Swiss round and `slot` the pairing. `group` is 0 outside the group stage.
    - side_a / side_b: the entrants; side_b empty is a bye (side_a advances, no duel).
    - duel: the duel played for it (null until created; a bye has none). Team 1 is side A.
    - outcome (a / b / draw) and how (played / forfeit / disqualification): empty while open.
    - pf_left_a/b, faults_a/b: each side's PF left at the end and the faults it received.
    - stale: a correction upstream changed who should have played this match after it was drawn
      (staff decide; nothing is rewritten silently).
    """

    club_parent = "tournament"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches",
                                   verbose_name=_("tournoi"))
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches", verbose_name=_("ronde"))
    group = models.PositiveSmallIntegerField(_("poule"), default=0)
    bracket_round = models.PositiveSmallIntegerField(_("tour"))
    slot = models.PositiveSmallIntegerField(_("rencontre"))
    replay = models.PositiveSmallIntegerField(_("nouveau duel n°"), default=0)
    side_a = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="+", verbose_name=_("côté A"))
    side_b = models.ForeignKey(Entrant, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("côté B"))
    duel = models.OneToOneField("duels.Duel", on_delete=models.PROTECT, null=True, blank=True,
                                related_name="tournament_match", verbose_name=_("duel"))
    outcome = models.CharField(_("issue"), max_length=4, choices=Outcome.choices, blank=True)
    how = models.CharField(_("décidé par"), max_length=16, choices=How.choices, blank=True)
    pf_left_a = models.PositiveSmallIntegerField(_("PF restants (A)"), default=0)
    pf_left_b = models.PositiveSmallIntegerField(_("PF restants (B)"), default=0)
    faults_a = models.PositiveSmallIntegerField(_("fautes (A)"), default=0)
    faults_b = models.PositiveSmallIntegerField(_("fautes (B)"), default=0)
    decided_at = models.DateTimeField(_("décidé le"), null=True, blank=True)
    stale = models.BooleanField(_("à revoir (résultat corrigé en amont)"), default=False)

    class Meta:
        ordering = ["round__number", "group", "slot", "replay"]
        verbose_name = _("rencontre")
        verbose_name_plural = _("rencontres")
        constraints = [
            models.UniqueConstraint(fields=["round", "group", "bracket_round", "slot", "replay"],
                                    name="match_key_once_per_round"),
            models.CheckConstraint(condition=models.Q(outcome="") | ~models.Q(how=""),
                                   name="match_outcome_has_how"),
            models.CheckConstraint(condition=~models.Q(outcome="draw") | models.Q(how="played"),
                                   name="match_draw_is_played"),
        ]
        indexes = [models.Index(fields=["club", "tournament", "round", "group", "slot"], name="match_round_idx")]

    def __str__(self) -> str:
        return f"{self.tournament} — ronde {self.round.number}, rencontre {self.slot}"

    @property
    def is_bye(self) -> bool:
        return self.side_b_id is None

    @property
    def is_decided(self) -> bool:
        return self.outcome != ""

    @property
    def winner_id(self) -> int | None:
        return {Outcome.A: self.side_a_id, Outcome.B: self.side_b_id}.get(self.outcome)
