"""The club's tournaments as everyone sees them (/<club>/tournois/), and a player's sign-up."""
from django.urls import path

from tournaments.views import player, public

app_name = "tournaments"

urlpatterns = [
    path("", public.tournament_list, name="list"),
    path("<slug:slug>/", public.tournament_page, name="page"),
    path("<slug:slug>/tableau.png", public.bracket_png, name="bracket_png"),
    path("<slug:slug>/inscription/", player.sign_up, name="sign_up"),
    path("<slug:slug>/presence/", player.check_in, name="check_in"),
    path("<slug:slug>/retrait/", player.withdraw, name="withdraw"),
]
