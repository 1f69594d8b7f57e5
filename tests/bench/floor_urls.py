"""The benchmarks' URLs: the site's own, plus the "login floor" every figure is a ratio to: a view that
goes through the whole middleware stack and reads the session and the user (2 queries), nothing else."""
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import include, path


@login_required
def floor(request):
    return HttpResponse(request.user.get_username())


urlpatterns = [path("bench/floor/", floor), path("", include("config.urls"))]
