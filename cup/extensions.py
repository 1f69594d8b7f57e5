"""What the cup adds to the apps below it, through their registries (they import nothing of the cup):
the site menu's « Points de maison » for prefects (accounts.menu_extras), the member imports' column
« maison » (accounts.import_extras) and the demo's cup (duels.demo_extras). Registered by CupConfig.ready()."""
from __future__ import annotations

from django.db.models import Exists, OuterRef

from accounts.import_extras import import_column
from accounts.menu_extras import menu_fact
from cup.demo import DEMO
from cup.models import Prefect
from cup.services.house_import import house_members_import
from duels.demo_extras import demo_extra

HOUSE_COLUMN = "maison"


def _is_prefect():
    return Exists(Prefect.objects.filter(user=OuterRef("pk")))


def register() -> None:
    menu_fact("is_prefect", _is_prefect)
    import_column(HOUSE_COLUMN, house_members_import)
    demo_extra(DEMO)
