from django.urls import path

from rankings.views import pages, statistics

app_name = "rankings"

urlpatterns = [
    path("", pages.index, name="index"),
    path("duellistes/<int:forum_id>/", pages.duellist, name="duellist"),
    path("duels/<int:pk>/", pages.duel, name="duel"),
    path("statistiques/", statistics.statistics, name="statistics"),
    path("recompenses/", pages.rewards, name="rewards"),
]
