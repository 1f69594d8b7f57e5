"""/api/v1/: each app contributes its routes in <app>/api_urls.py."""
from django.urls import include, path

urlpatterns = [
    path("", include("accounts.api_urls")),
]
