from django.urls import path

from rankings import statistics_views, views

app_name = "rankings"

urlpatterns = [
    path("", views.index, name="index"),
    path("duellistes/<int:forum_id>/", views.duellist, name="duellist"),
    path("duels/<int:pk>/", views.duel, name="duel"),
    path("statistiques/", statistics_views.statistics, name="statistics"),
    path("recompenses/", views.rewards, name="rewards"),
]
