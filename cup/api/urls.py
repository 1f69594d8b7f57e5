from django.urls import path

from cup.api import views

urlpatterns = [
    path("cup/", views.CupStandingsView.as_view(), name="api-cup"),
    path("cup/ledger/", views.CupLedgerView.as_view(), name="api-cup-ledger"),
]
