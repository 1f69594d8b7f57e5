from django.urls import path

from rankings import api

urlpatterns = [
    path("rankings/", api.RankingListView.as_view(), name="api-rankings"),
    path("rankings.bbcode", api.RankingBBCodeView.as_view(), name="api-rankings-bbcode"),
    path("rankings.html", api.RankingHTMLView.as_view(), name="api-rankings-html"),
    path("seasons/", api.SeasonListView.as_view(), name="api-seasons"),
    path("seasons/<slug:slug>/", api.SeasonDetailView.as_view(), name="api-season"),
    path("duellists/", api.DuellistListView.as_view(), name="api-duellists"),
    path("duellists/<int:forum_id>/", api.DuellistDetailView.as_view(), name="api-duellist"),
]
