from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournois")

    def ready(self) -> None:
        from rankings.extras import record_extra, statistics_extra
        from tournaments import bridge
        from tournaments.pages.record import duellist_record_extra, statistics_figures

        record_extra(duellist_record_extra)
        statistics_extra(statistics_figures)
        bridge.connect()  # the tournament's topic and its rounds' replies through the forum bridge
