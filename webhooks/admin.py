"""Staff configure webhooks here (no redeploy): the address is write-only (shown masked once saved), the
signing secret is generated and shown once, on a page of its own read from the server-side session (never
in a cookie); the last deliveries are listed and can be resent."""
import secrets

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from clubs.models import Club
from clubs.scoping import activate_club
from webhooks.addresses import AddressRefused, url_check
from webhooks.models import DEFAULT_EVENTS, Delivery, EventKind, Webhook, WebhookKind
from webhooks.services.delivery import RESEND_PERMISSION, ResendRefused, delivery_resend

LAST_DELIVERIES = 10
URL_HELP = _("Discord : Paramètres du salon → Intégrations → Webhooks → Copier l'URL.")
URL_KEEP = _("Laissez vide pour garder l'adresse enregistrée.")
SECRET_HELP = _("Webhook signé seulement. Laissez vide : un secret est tiré au hasard et affiché une fois.")
SECRET_KEEP = _("Webhook signé seulement. Laissez vide pour garder le secret enregistré ; saisissez-en un pour "
                "le remplacer.")
SECRET_SESSION_KEY = "webhooks:secret-to-show"  # {"webhook": pk, "secret": …} until its one page is shown


class WebhookForm(forms.ModelForm):
    url = forms.CharField(
        label=_("Adresse"), required=False, max_length=500,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off", "size": 80}),
        help_text=URL_HELP,
    )
    events = forms.MultipleChoiceField(label=_("Événements transmis"), choices=EventKind.choices,
                                       widget=forms.CheckboxSelectMultiple, required=False)
    secret = forms.CharField(
        label=_("Secret de signature"), required=False, max_length=128,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text=SECRET_HELP,
    )
    # A new webhook names its club (the site's admin serves every club); with a single club, that one.
    in_club = forms.ModelChoiceField(Club.objects.none(), label=_("club"), required=False)

    class Meta:
        model = Webhook
        fields = ["name", "kind", "url", "secret", "events", "language", "enabled"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is None:
            self.initial.setdefault("events", DEFAULT_EVENTS)
            self.fields["in_club"].queryset = Club.objects.order_by("name")
        else:  # an address and a secret are saved: an empty field keeps them; a webhook stays in its club
            del self.fields["in_club"]
            self.fields["url"].help_text = format_lazy("{} {}", URL_HELP, URL_KEEP)
            if self.instance.secret:
                self.fields["secret"].help_text = SECRET_KEEP

    def clean_in_club(self):
        club = self.cleaned_data.get("in_club")
        if club is None and "in_club" in self.fields:
            clubs = list(Club.objects.order_by("pk")[:2])
            if len(clubs) != 1:
                raise forms.ValidationError(_("Choisissez le club du webhook."))
            club = clubs[0]
        if club is not None:
            self.instance.club = club
        return club

    def clean_url(self):
        url = (self.cleaned_data.get("url") or "").strip()
        if not url:
            if self.instance.pk and self.instance.url:
                return self.instance.url
            raise forms.ValidationError(_("Donnez l'adresse du webhook."))
        forms.URLField(assume_scheme="https").clean(url)
        try:
            url_check(url)
        except AddressRefused as refused:
            raise forms.ValidationError(refused.message) from refused
        return url

    def clean_secret(self):
        return (self.cleaned_data.get("secret") or "").strip() or self.instance.secret or ""


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    form = WebhookForm
    list_display = ("name", "kind", "shown_url", "enabled", "events_carried", "disabled_reason")
    list_filter = ("kind", "enabled")
    readonly_fields = ("shown_url", "disabled_reason", "last_deliveries")

    def get_fields(self, request, obj=None):
        fields = ["name", "kind", "url", "secret", "events", "language", "enabled"]
        return fields + (["shown_url", "disabled_reason", "last_deliveries"] if obj else ["in_club"])

    @admin.display(description=_("adresse"))
    def shown_url(self, obj):
        return obj.masked_url

    @admin.display(description=_("événements"))
    def events_carried(self, obj):
        labels = dict(EventKind.choices)
        return ", ".join(str(labels.get(event, event)) for event in obj.events or []) or "—"

    @admin.display(description=_("derniers envois"))
    def last_deliveries(self, obj):
        rows = obj.deliveries.order_by("-created_at", "-pk")[:LAST_DELIVERIES]
        if not rows:
            return "—"
        return format_html(
            "<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>{}</table>",
            _("événement"), _("statut"), _("créé le"), _("tentatives"), _("code"),
            format_html_join("", "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>", (
                (reverse("admin:webhooks_delivery_change", args=[d.pk]), d.get_event_display(), d.get_status_display(),
                 date_format(timezone.localtime(d.created_at), "DATETIME_FORMAT"), d.attempts,
                 d.last_status_code or "—")
                for d in rows
            )),
        )

    def save_model(self, request, obj, form, change):
        generated = obj.kind == WebhookKind.SIGNED and not obj.secret
        if generated:
            obj.secret = secrets.token_urlsafe(32)
        if obj.enabled:
            obj.disabled_reason = ""
        with activate_club(obj.club):  # its deliveries' links and its audit entries are its club's
            super().save_model(request, obj, form, change)
        if generated:
            request.session[SECRET_SESSION_KEY] = {"webhook": obj.pk, "secret": obj.secret}

    def response_add(self, request, obj, post_url_continue=None):
        return self._secret_page(request, obj) or super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        return self._secret_page(request, obj) or super().response_change(request, obj)

    def _secret_page(self, request, obj):
        pending = request.session.get(SECRET_SESSION_KEY) or {}
        if pending.get("webhook") != obj.pk:
            return None
        return HttpResponseRedirect(reverse("admin:webhooks_webhook_secret", args=[obj.pk]))

    def get_urls(self):
        return [path("<int:pk>/secret/", self.admin_site.admin_view(self.secret_view), name="webhooks_webhook_secret"),
                *super().get_urls()]

    def secret_view(self, request, pk):
        """The generated secret, once: taken out of the session as the page is built, so a reload, the
        back button or another tab finds it gone (and the page is not cached)."""
        webhook = get_object_or_404(Webhook, pk=pk)
        if not self.has_change_permission(request, webhook):
            raise PermissionDenied
        pending = request.session.get(SECRET_SESSION_KEY) or {}
        secret = ""
        if pending.get("webhook") == webhook.pk:
            secret = pending.get("secret", "")
            del request.session[SECRET_SESSION_KEY]
        return TemplateResponse(request, "admin/webhooks/webhook/secret.html", {  # admin_view: never cached
            **self.admin_site.each_context(request), "opts": self.opts, "original": webhook, "secret": secret,
            "title": _("Secret de signature de « %(name)s »") % {"name": webhook.name},
            "change_url": reverse("admin:webhooks_webhook_change", args=[webhook.pk]),
        })


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "webhook", "event", "status", "attempts", "last_status_code", "sent_at",
                    "next_try_at")
    list_filter = ("status", "event", "webhook")
    list_select_related = ("webhook",)
    actions = ["resend"]
    readonly_fields = [f.name for f in Delivery._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_resend_permission(self, request):
        return request.user.has_perm(RESEND_PERMISSION)

    @admin.action(description=_("Renvoyer"), permissions=["resend"])
    def resend(self, request, queryset):
        count = 0
        for delivery in queryset.select_related("webhook"):
            try:
                delivery_resend(delivery=delivery, by=request.user)
            except ResendRefused as refused:
                self.message_user(request, refused.message, messages.ERROR)
                return
            count += 1
        self.message_user(request, ngettext("%(n)d envoi renvoyé.", "%(n)d envois renvoyés.", count) % {"n": count},
                          messages.SUCCESS)
