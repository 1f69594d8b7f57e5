from django.urls import path

from spells import views

app_name = "spells"

urlpatterns = [
    path("", views.catalog, name="catalog"),
    path("<slug:slug>/", views.spell_detail, name="detail"),
]
