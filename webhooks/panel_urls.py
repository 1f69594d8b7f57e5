"""The club control panel's pages of this app (included by clubs/urls.py under /<club>/gestion/)."""
from django.urls import path

from webhooks import views_panel

app_name = "webhooks_panel"

urlpatterns: list = [
    path("", views_panel.webhook_list, name="list"),
    path("ajouter/", views_panel.webhook_add, name="add"),
    path("<int:pk>/", views_panel.webhook_edit, name="edit"),
    path("<int:pk>/secret/", views_panel.webhook_secret, name="secret"),
    path("<int:pk>/secret/nouveau/", views_panel.webhook_secret_new, name="secret_new"),
    path("<int:pk>/supprimer/", views_panel.webhook_remove, name="delete"),
    path("<int:pk>/envois/", views_panel.webhook_delivery_list, name="deliveries"),
    path("<int:pk>/envois/<int:delivery_pk>/renvoyer/", views_panel.webhook_delivery_resend, name="resend"),
]
