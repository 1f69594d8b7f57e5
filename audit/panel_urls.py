"""The club control panel's pages of this app (included by clubs/urls.py under /<club>/gestion/)."""
from django.urls import path

from audit import views

app_name = "journal"

urlpatterns = [
    path("", views.journal, name="list"),
]
