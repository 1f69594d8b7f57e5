"""The forum header widget's data (the bridge shows the houses' totals on every forum page)."""
from django.urls import path

from cup.views import widget

urlpatterns = [
    path("", widget.widget, name="widget"),
]
