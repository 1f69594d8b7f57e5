"""The site's own pages outside any club: the list of clubs (at / and /clubs/)."""
from django.urls import path

from clubs import views, views_opening

urlpatterns = [
    path("", views.club_list, {"at_root": True}, name="club_list_root"),
    path("clubs/", views.club_list, name="club_list"),
    path("clubs/ouvrir/", views_opening.club_open_page, name="club_open"),
]
