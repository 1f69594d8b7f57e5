"""The « Notifications push » section of « Mon profil » (accounts' profile page includes it)."""
from django import template
from django.middleware.csrf import get_token
from django.urls import reverse

from push.forms import PushPreferencesForm
from push.keys import vapid_keys
from push.models import PushSubscription
from push.services.preferences import preference_of

register = template.Library()


@register.inclusion_tag("push/profile_section.html", takes_context=True)
def push_profile(context):
    request = context["request"]
    user, keys = request.user, vapid_keys()
    choices = preference_of(user)
    form = PushPreferencesForm(initial={"categories": sorted(choices.categories), "quiet_start": choices.quiet_start,
                                        "quiet_end": choices.quiet_end})
    return {
        "enabled": keys is not None, "public_key": keys.public_key if keys else "",
        "devices": list(PushSubscription.objects.filter(user=user).order_by("-created_at")),
        "form": form, "csrf_token": get_token(request),
        "sw_url": reverse("push:sw"), "scope": reverse("home"),
    }
