from django.urls import path

from rankings import api, api_records

urlpatterns = [
    path("rankings/", api.RankingListView.as_view(), name="api-rankings"),
    path("rankings.bbcode", api.RankingBBCodeView.as_view(), name="api-rankings-bbcode"),
    path("rankings.html", api.RankingHTMLView.as_view(), name="api-rankings-html"),
    path("seasons/", api_records.SeasonListView.as_view(), name="api-seasons"),
    path("seasons/<slug:slug>/", api_records.SeasonDetailView.as_view(), name="api-season"),
    path("duellists/", api_records.DuellistListView.as_view(), name="api-duellists"),
    path("duellists/<int:forum_id>/", api_records.DuellistDetailView.as_view(), name="api-duellist"),
]
