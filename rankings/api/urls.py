from django.urls import path

from rankings.api import records, table

urlpatterns = [
    path("rankings/", table.RankingListView.as_view(), name="api-rankings"),
    path("rankings.bbcode", table.RankingBBCodeView.as_view(), name="api-rankings-bbcode"),
    path("rankings.html", table.RankingHTMLView.as_view(), name="api-rankings-html"),
    path("seasons/", records.SeasonListView.as_view(), name="api-seasons"),
    path("seasons/<slug:slug>/", records.SeasonDetailView.as_view(), name="api-season"),
    path("duellists/", records.DuellistListView.as_view(), name="api-duellists"),
    path("duellists/<int:forum_id>/", records.DuellistDetailView.as_view(), name="api-duellist"),
]
