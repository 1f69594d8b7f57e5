from django.apps import AppConfig


class SpellsConfig(AppConfig):
    name = "spells"
