"""/api/v1/: each app contributes its routes in <app>/api_urls.py."""
from django.urls import include, path

urlpatterns = [
    path("", include("accounts.api_urls")),
    path("", include("rankings.api_urls")),
    path("", include("duels.api_urls")),
    path("", include("spells.api_urls")),
]
