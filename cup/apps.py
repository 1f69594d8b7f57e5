from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CupConfig(AppConfig):
    name = "cup"
    verbose_name = _("Coupe des maisons")

    def ready(self) -> None:
        from cup import extensions, signals

        signals.connect()  # a new club gets the four houses
        extensions.register()  # the prefects' menu link, the imports' house column
