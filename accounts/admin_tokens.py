"""API tokens in the admin (the platform operator's), one per account and club, never in clear: the list,
the change and delete pages, the history and the admin's messages show a token as its first characters and
an ellipsis (a token is a password for the API, and admin pages are seen over shoulders and in
screenshots). The key is shown once, on the page that answers its creation. Django REST framework's own
tokens (one per account, for every club) are no longer issued: their admin is gone."""
from django import forms
from django.contrib import admin
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.models import TokenProxy

from accounts.models import ApiToken
from clubs.models import Club

admin.site.unregister(TokenProxy)


class ApiTokenForm(forms.ModelForm):
    club = forms.ModelChoiceField(Club.objects.all(), label=_("club"),
                                  help_text=_("Le jeton ne sert que l'API de ce club."))

    class Meta:
        model = ApiToken
        fields = ("user",)

    def clean(self):
        cleaned = super().clean()
        club, user = cleaned.get("club"), cleaned.get("user")
        if club and user and ApiToken._base_manager.filter(club=club, user=user).exists():
            raise forms.ValidationError(_("Ce compte a déjà un jeton pour ce club : supprimez-le d'abord."))
        return cleaned


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("masked", "user", "club", "created", "last_used")
    list_filter = ("club",)
    list_select_related = ("user", "club")
    search_fields = ("user__username", "club__slug")
    autocomplete_fields = ("user",)
    ordering = ("-created",)

    @admin.display(description=_("Jeton"))
    def masked(self, token: ApiToken) -> str:
        return token.masked_key

    def has_change_permission(self, request, obj=None):
        return False  # a token is created or deleted, never edited

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:  # the club is the form's own field (a club-owned row's club is not editable)
            kwargs.update(form=ApiTokenForm, fields=("user",))
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request, obj=None):
        return ("club", "user") if obj is None else ("masked", "club", "user", "created", "last_used")

    def get_readonly_fields(self, request, obj=None):
        return () if obj is None else ("masked", "club", "user", "created", "last_used")

    def save_model(self, request, obj, form, change):
        if not change:
            obj.club = form.cleaned_data["club"]
        super().save_model(request, obj, form, change)

    def response_add(self, request, obj, post_url_continue=None):
        """The only page that shows the key: answered to the POST that created it, never stored in a
        message or a cookie."""
        return render(request, "accounts/admin_token_created.html", {
            **self.admin_site.each_context(request), "token": obj, "opts": self.opts,
            "title": _("Jeton d'API créé"),
        })
