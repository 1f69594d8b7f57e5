from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.models import Duellist
from accounts.notifications import notifications_mark_read
from accounts.services import eligibility


def home(request):
    context = {}
    if request.user.is_authenticated:
        duellist = Duellist.objects.filter(user=request.user).first()
        context["duellist"] = duellist
        if duellist is not None:
            context["ineligibility_reasons"] = eligibility(duellist, timezone.localdate())
    return render(request, "accounts/home.html", context)


@login_required
def notification_list(request):
    notices = request.user.notifications.all()[:100]
    return render(request, "accounts/notifications.html", {"notices": notices})


@login_required
@require_POST
def notification_read(request):
    ids = [int(value) for value in request.POST.getlist("id") if value.isdigit()] or None
    notifications_mark_read(user=request.user, ids=ids)
    return redirect("notifications")
