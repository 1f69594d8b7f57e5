"""The club control panel's pages of this app (included by clubs/urls.py under /<club>/gestion/sorts/): the
club's catalogue editor."""
from django.urls import path

from spells import panel_views as views

app_name = "catalogue"

urlpatterns = [
    path("", views.catalogue_list, name="list"),
    path("nouveau/", views.spell_add, name="add"),
    path("importer/", views.catalogue_import_page, name="import"),
    path("exporter/", views.catalogue_export, name="export"),
    path("<slug:slug>/modifier/", views.spell_edit, name="edit"),
    path("<slug:slug>/retrait/", views.spell_retire, name="retire"),
]
