from django.urls import path

from tournaments.api import views

urlpatterns = [
    path("tournaments/", views.TournamentListView.as_view(), name="api-tournaments"),
    path("tournaments/<slug:slug>/", views.TournamentDetailView.as_view(), name="api-tournament"),
    path("tournaments/<slug:slug>/rounds/", views.TournamentRoundsView.as_view(), name="api-tournament-rounds"),
    path("tournaments/<slug:slug>/standings/", views.TournamentStandingsView.as_view(),
         name="api-tournament-standings"),
]
