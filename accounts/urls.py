from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import account_views, staff_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("notifications/", views.notification_list, name="notifications"),
    path("notifications/lues/", views.notification_read, name="notifications_read"),
    path("connexion/", auth_views.LoginView.as_view(), name="login"),
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("mot-de-passe/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("mot-de-passe/fait/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("mot-de-passe/oubli/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("mot-de-passe/oubli/envoye/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "mot-de-passe/nouveau/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("mot-de-passe/nouveau/fait/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("invitation/<str:token>/", account_views.invitation_accept_view, name="invitation_accept"),
    path("inscription/", account_views.signup_request_view, name="signup_request"),
    path("profil/", account_views.profile_view, name="profile"),
    path("staff/demandes/", staff_views.signup_queue, name="signup_queue"),
    path("staff/demandes/<int:pk>/", staff_views.signup_decide, name="signup_decide"),
    path("staff/roles/", staff_views.roles_page, name="roles"),
    path("staff/roles/<int:pk>/", staff_views.role_set, name="role_set"),
]
