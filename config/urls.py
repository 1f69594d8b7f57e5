from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("accounts.urls")),
    path("sorts/", include("spells.urls")),
    path("duels/", include("duels.urls")),
    path("classement/", include("rankings.urls")),
]
