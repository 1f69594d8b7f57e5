"""The club control panel's pages of this app (included by clubs/urls.py under /<club>/gestion/)."""
from django.urls import path

from rankings.views import panel

app_name = "seasons"

urlpatterns = [
    path("", panel.season_list, name="list"),
    path("nouvelle/", panel.season_new, name="new"),
    path("<int:pk>/", panel.season_edit, name="edit"),
    path("<int:pk>/supprimer/", panel.season_delete, name="delete"),
]
