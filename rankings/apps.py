from django.apps import AppConfig


class RankingsConfig(AppConfig):
    name = "rankings"

    def ready(self):
        from rankings import signals  # noqa: F401
