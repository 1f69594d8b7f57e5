"""/<club>/coupe/…: the cup's public pages, the forum's widget, and the points page of prefects and staff.
The control panel's cup pages are in panel_urls.py (under /<club>/gestion/coupe/)."""
from django.urls import include, path

app_name = "cup"

urlpatterns = [
    path("", include("cup.public_urls")),
    path("points/", include("cup.award_urls")),
    path("bandeau/", include("cup.widget_urls")),
]
