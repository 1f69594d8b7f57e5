from django.urls import path

from accounts.api import views as api

urlpatterns = [
    path("forum-members/bulk/", api.ForumMemberBulkView.as_view(), name="forum-members-bulk"),
    path("forum-members/<int:forum_id>/", api.ForumMemberView.as_view(), name="forum-member"),
    path(
        "forum-members/<int:forum_id>/invitation/", api.ForumMemberInvitationView.as_view(),
        name="forum-member-invitation",
    ),
]
