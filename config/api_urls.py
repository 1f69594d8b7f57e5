"""/api/v1/: each app contributes its routes in <app>/api/urls.py."""
from django.urls import include, path

urlpatterns = [
    path("", include("accounts.api.urls")),
    path("", include("rankings.api.urls")),
    path("", include("duels.api.urls")),
    path("", include("spells.api.urls")),
    path("", include("tournaments.api.urls")),
    path("", include("cup.api.urls")),
]
