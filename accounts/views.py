from django.shortcuts import render
from django.utils import timezone

from accounts.models import Duellist
from accounts.services import eligibility


def home(request):
    context = {}
    if request.user.is_authenticated:
        duellist = Duellist.objects.filter(user=request.user).first()
        context["duellist"] = duellist
        if duellist is not None:
            context["ineligibility_reasons"] = eligibility(duellist, timezone.localdate())
    return render(request, "accounts/home.html", context)
