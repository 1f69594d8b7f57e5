from django.urls import path

from forum.views import api, pages, script, setup

app_name = "forum"

urlpatterns = [
    path("pont.js", script.pont_js, name="pont_js"),
    path("api/job/", api.job, name="api_job"),
    path("api/report/", api.report, name="api_report"),
    path("api/delivery/", api.delivery, name="api_delivery"),
    path("api/live/<int:topic_id>/", api.live, name="api_live"),
    path("ouvrir/<str:what>/<int:pk>/", pages.open_item, name="open"),
    path("duels/<int:pk>/lier/", pages.topic_link, name="topic_link"),
    path("duels/<int:pk>/rappels/", pages.reminders, name="reminders"),
    path("invitations/", pages.invitations, name="invitations"),
    path("installation/", setup.setup, name="setup"),
    path("lots/<int:pk>/", pages.batch_page, name="batch"),
    path("lots/<int:pk>/ouvrir/", pages.batch_open, name="batch_open"),
]
