from django.urls import path

from duels import api

urlpatterns = [
    path("duels/", api.DuelListView.as_view(), name="api-duels"),
    path("duels/<int:pk>/", api.DuelDetailView.as_view(), name="api-duel"),
]
