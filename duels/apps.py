from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DuelsConfig(AppConfig):
    name = "duels"
    verbose_name = _("Duels")
