"""The club's own management pages (/<club>/gestion/)."""
from django.urls import path

from clubs import views_opening

app_name = "clubs"

urlpatterns = [
    path("", views_opening.panel_home, name="panel"),
    path("verification.js", views_opening.verification_script, name="verification_script"),
    path("verification/", views_opening.verification_report, name="verification_report"),
]
