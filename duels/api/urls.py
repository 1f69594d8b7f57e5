from django.urls import path

from duels.api import views as api

urlpatterns = [
    path("duels/", api.DuelListView.as_view(), name="api-duels"),
    path("duels/<int:pk>/", api.DuelDetailView.as_view(), name="api-duel"),
]
