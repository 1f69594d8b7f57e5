"""The club control panel's pages of this app (included by clubs/urls.py under /<club>/gestion/)."""
from django.urls import path  # noqa: F401

app_name = "webhooks_panel"

urlpatterns: list = []
