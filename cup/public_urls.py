"""The cup's public pages (standings by period, history, ledger, embed, PNG, BBCode) and the forum widget."""
from django.urls import path

from cup.views import public

urlpatterns = [
    path("", public.standings, name="standings"),
    path("journal/", public.ledger, name="ledger"),
    path("embed/", public.embed, name="embed"),
    path("classement.png", public.standings_image, name="standings_png"),
]
