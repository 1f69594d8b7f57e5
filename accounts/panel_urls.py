"""The club control panel's pages of this app (included by clubs/urls.py under /<club>/gestion/)."""
from django.urls import path

from accounts.views import panel_tokens

app_name = "tokens"

urlpatterns = [
    path("", panel_tokens.token_list, name="list"),
    path("nouveau/", panel_tokens.token_new, name="new"),
    path("<int:pk>/revoquer/", panel_tokens.token_revoke, name="revoke"),
]
