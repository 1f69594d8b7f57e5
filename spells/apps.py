from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SpellsConfig(AppConfig):
    name = "spells"
    verbose_name = _("Sorts")
