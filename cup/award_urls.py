"""The points page of prefects and staff: give or take a house's points with a reason, cancel one."""
from django.urls import path

from cup.views import awards

urlpatterns = [
    path("", awards.points, name="points"),
    path("<int:pk>/annuler/", awards.cancel, name="points_cancel"),
]
