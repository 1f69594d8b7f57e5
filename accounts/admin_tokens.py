"""API tokens in the admin, never in clear: the list, the change and delete pages, the history and the
admin's messages show a token as its first characters and an ellipsis (a token is a password for the API,
and admin pages are seen over shoulders and in screenshots). The key is shown once, on the page that
answers its creation."""
from django.contrib import admin
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.admin import TokenAdmin
from rest_framework.authtoken.models import TokenProxy

SHOWN_CHARACTERS = 4


def masked_key(key: str) -> str:
    return f"{key[:SHOWN_CHARACTERS]}…" if key else ""


# TokenProxy is DRF's model for the admin alone (its pk is the user's id): every admin page names an
# object by str(obj), so its name is the masked key. The Token model itself, which the API reads, keeps
# Django REST framework's.
TokenProxy.__str__ = lambda self: masked_key(self.key)

admin.site.unregister(TokenProxy)


@admin.register(TokenProxy)
class MaskedTokenAdmin(TokenAdmin):
    list_display = ("masked", "user", "created")

    @admin.display(description=_("Jeton"))
    def masked(self, token: TokenProxy) -> str:
        return masked_key(token.key)

    def response_add(self, request, obj, post_url_continue=None):
        """The only page that shows the key: answered to the POST that created it, never stored in a
        message or a cookie."""
        return render(request, "accounts/admin_token_created.html", {
            **self.admin_site.each_context(request), "token": obj, "opts": self.opts,
            "title": _("Jeton d'API créé"),
        })
