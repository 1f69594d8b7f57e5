from django.contrib.auth import views as auth_views
from django.urls import path

from accounts.forms import PasswordResetForm
from accounts.views import account, home, house_rules, staff

urlpatterns = [
    path("", home.home, name="home"),
    path("notifications/", home.notification_list, name="notifications"),
    path("notifications/lues/", home.notification_read, name="notifications_read"),
    path("connexion/", auth_views.LoginView.as_view(), name="login"),
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("mot-de-passe/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("mot-de-passe/fait/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("mot-de-passe/oubli/", account.PasswordResetView.as_view(form_class=PasswordResetForm),
         name="password_reset"),
    path("mot-de-passe/oubli/envoye/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "mot-de-passe/nouveau/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("mot-de-passe/nouveau/fait/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("invitation/<str:token>/", account.invitation_accept_view, name="invitation_accept"),
    path("inscription/", account.signup_request_view, name="signup_request"),
    path("profil/", account.profile_view, name="profile"),
    path("langue/", account.language_choose, name="language_choose"),
    path("staff/", staff.staff_index, name="staff"),
    path("staff/membres/", staff.members_import, name="members_import"),
    path("staff/demandes/", staff.signup_queue, name="signup_queue"),
    path("staff/liens/", staff.invitation_links, name="invitation_links"),
    path("staff/demandes/<int:pk>/", staff.signup_decide, name="signup_decide"),
    path("staff/roles/", staff.roles_page, name="roles"),
    path("staff/regles/", house_rules.house_rules, name="house_rules"),
    path("staff/roles/<int:pk>/", staff.role_set, name="role_set"),
]
