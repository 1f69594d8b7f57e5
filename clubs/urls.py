"""The club's own management pages (/<club>/gestion/): the control panel. Each app keeps its own pages
(its panel_urls) and the menu lists them (clubs/panel_menu.py)."""
from django.urls import include, path

from clubs import views_opening

app_name = "clubs"

urlpatterns = [
    path("", views_opening.panel_home, name="panel"),
    path("reglages/", views_opening.panel_settings, name="settings"),
    path("membres/", views_opening.panel_members, name="members"),
    path("membres/<int:pk>/role/", views_opening.panel_member_role, name="member_role"),
    path("verification/", views_opening.verification_report, name="verification_report"),
    path("sorts/", include("spells.panel_urls")),
    path("webhooks/", include("webhooks.panel_urls")),
    path("journal/", include("audit.panel_urls")),
    path("saisons/", include("rankings.panel_urls")),
    path("jetons/", include("accounts.panel_urls")),
    path("tournois/", include("tournaments.panel_urls")),
    path("coupe/", include("cup.panel_urls")),
]
