from django.urls import path

from push import views

app_name = "push"
urlpatterns = [
    path("sw.js", views.service_worker, name="sw"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("hors-ligne/", views.offline, name="offline"),
    path("push/abonnement/", views.subscribe, name="subscribe"),
    path("push/desabonnement/", views.unsubscribe, name="unsubscribe"),
    path("push/preferences/", views.preferences, name="preferences"),
]
