"""The club control panel's pages of this app (included by clubs/urls.py under /<club>/gestion/tournois/)."""
from django.urls import path

from tournaments.views import forum, panel

app_name = "tournaments"

urlpatterns = [
    path("", panel.tournament_list, name="list"),
    path("nouveau/", panel.tournament_new, name="new"),
    path("<slug:slug>/", panel.tournament_manage, name="manage"),
    path("<slug:slug>/modifier/", panel.tournament_edit, name="edit"),
    path("<slug:slug>/rencontres/<int:pk>/resultat/", panel.match_record, name="match_record"),
    path("<slug:slug>/rencontres/<int:pk>/regler/", panel.stale_resolve, name="stale_resolve"),
    path("<slug:slug>/participants/<int:pk>/presence/", panel.entrant_check_in, name="entrant_check_in"),
    path("<slug:slug>/participants/<int:pk>/retrait/", panel.entrant_withdraw, name="entrant_withdraw"),
    path("<slug:slug>/inscriptions/", panel.signup_open, name="signup_open"),
    path("<slug:slug>/presence/", panel.checkin_open, name="checkin_open"),
    path("<slug:slug>/tirage/", panel.draw, name="draw"),
    path("<slug:slug>/arbitres/", panel.referees, name="referees"),
    path("<slug:slug>/relancer/", panel.advance, name="advance"),
    path("<slug:slug>/annuler/", panel.cancel, name="cancel"),
    path("<slug:slug>/forum/", forum.forum_topic, name="forum_topic"),
]
