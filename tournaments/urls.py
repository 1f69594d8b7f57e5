"""The club's tournaments as everyone sees them (/<club>/tournois/), and a player's sign-up."""
from django.urls import path

from tournaments.views import public

app_name = "tournaments"

urlpatterns = [
    path("", public.tournament_list, name="list"),
    path("<slug:slug>/", public.tournament_page, name="page"),
    path("<slug:slug>/tableau.png", public.bracket_png, name="bracket_png"),
]
