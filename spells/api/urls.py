from django.urls import path

from spells.api import views as api

urlpatterns = [
    path("spells/", api.SpellListView.as_view(), name="api-spells"),
    path("spells/<slug:slug>/", api.SpellDetailView.as_view(), name="api-spell"),
    path("magic-types/", api.MagicTypeListView.as_view(), name="api-magic-types"),
    path("magic-types/<slug:slug>/", api.MagicTypeDetailView.as_view(), name="api-magic-type"),
]
