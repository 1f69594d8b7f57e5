from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.models import Duellist
from accounts.services.members import eligibility
from accounts.services.notifications import notifications_mark_read


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
    # No `id` at all: "mark all read". Ids given: only the well-formed ones (ASCII digits within the
    # column's range; "²" is a digit to str.isdigit) - none well-formed marks nothing.
    submitted = request.POST.getlist("id")
    ids = [int(value) for value in submitted if value.isascii() and value.isdigit() and int(value) < 2**63]
    notifications_mark_read(user=request.user, ids=ids if submitted else None)
    return redirect("notifications")
