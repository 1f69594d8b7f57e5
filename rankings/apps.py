from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingsConfig(AppConfig):
    name = "rankings"
    verbose_name = _("Classement et récompenses")

    def ready(self):
        from rankings import signals  # noqa: F401 - connects the receivers once the models are loaded
