"""Every address of a suspended club (ClubMiddleware serves them with this URLconf): the page saying so,
or the API's JSON refusal. The club's routes follow the catch-all, so the page's links still reverse."""
from django.urls import re_path

from clubs import views_opening
from config.urls import urlpatterns as club_routes

urlpatterns = [re_path(r"^", views_opening.suspended), *club_routes]
