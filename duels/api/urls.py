from django.urls import path

from duels.api import views as api
from duels.api.club import ClubView

urlpatterns = [
    path("club/", ClubView.as_view(), name="api-club"),
    path("duels/", api.DuelListView.as_view(), name="api-duels"),
    path("duels/<int:pk>/", api.DuelDetailView.as_view(), name="api-duel"),
]
