from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournois")

    def ready(self):
        from tournaments import bridge

        bridge.connect()  # the tournament's topic and its rounds' replies through the forum bridge
