"""The cup in the club's control panel (included by clubs/urls.py under /<club>/gestion/coupe/)."""
from django.urls import path

from cup.views import panel

app_name = "cup_panel"

urlpatterns = [
    path("", panel.house_list, name="houses"),
    path("maisons/nouvelle/", panel.house_new, name="house_new"),
    path("maisons/<int:pk>/", panel.house_edit, name="house_edit"),
    path("maisons/<int:pk>/supprimer/", panel.house_remove, name="house_delete"),
    path("membres/", panel.members, name="members"),
    path("prefets/", panel.prefects, name="prefects"),
    path("reglages/", panel.settings_page, name="settings"),
]
