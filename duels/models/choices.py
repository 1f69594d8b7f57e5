"""Choices shared by the duel models (RULES.md §1.2, DESIGN.md state machine)."""
from django.db import models
from django.utils.translation import gettext_lazy as _


class DuelKind(models.TextChoices):
    RP = "rp", _("RP")
    NON_RP = "non_rp", _("non-RP")


class DuelFormat(models.TextChoices):
    ONE_V_ONE = "1v1", _("1 contre 1")
    TWO_V_TWO = "2v2", _("2 contre 2")


class Phase(models.TextChoices):
    ACTION = "action", _("action")
    DEFENCE = "defence", _("défense")

