from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views

urlpatterns = [
    path("", views.home, name="home"),
    path("notifications/", views.notification_list, name="notifications"),
    path("notifications/lues/", views.notification_read, name="notifications_read"),
    path("connexion/", auth_views.LoginView.as_view(), name="login"),
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("mot-de-passe/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("mot-de-passe/fait/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
]
