from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    """The tenant: one forum's duel club. Every club-owned row carries `club_id` (clubs/scoping.py)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = _("clubs")
