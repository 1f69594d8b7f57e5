from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from accounts import admin_tokens  # noqa: F401 - registers the masked API-token admin
from accounts.models import Duellist, EmailPreference, Invitation, Notification, SignupRequest, User
from accounts.permissions import ISSUE_ACCOUNT_LINKS
from accounts.services.invitations import (
    InvitationError,
    invitation_create,
    invitation_pm_bbcode,
    invitation_revoke,
)
from clubs.scoping import activate_club
from common.links import site_url


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    pass


@admin.register(Duellist)
class DuellistAdmin(admin.ModelAdmin):
    list_display = (
        "forum_name", "forum_id", "character_name", "rp_year", "homework_year", "forum_post_count",
        "forum_joined_on", "prodigium",
    )
    list_filter = ("prodigium", "homework_year", "rp_year")
    search_fields = ("forum_name", "character_name", "=forum_id")
    filter_horizontal = ("magic_types",)
    raw_id_fields = ("user",)
    actions = ["make_invitations", "make_reset_links"]

    def has_issue_account_links_permission(self, request) -> bool:
        """The link actions change things (a link per member, the open one revoked): their own permission."""
        return request.user.has_perm(ISSUE_ACCOUNT_LINKS)

    def _issue(self, request, queryset, purpose):
        issued = []
        base = site_url()  # never the request's Host header, which the client writes
        for duellist in queryset.select_related("club"):
            with activate_club(duellist.club):  # the site's admin lists every club's members: act in each one's
                try:
                    item = invitation_create(duellist=duellist, created_by=request.user, purpose=purpose)
                except InvitationError as error:
                    self.message_user(request, error.message, level=messages.WARNING)
                    continue
                issued.append((item, invitation_pm_bbcode(issued=item, base_url=base)))
        return render(request, "accounts/invitations_issued.html", {
            "issued": issued,
            "back_url": "admin:accounts_duellist_changelist",
            "title": _("Liens de nouveau mot de passe") if purpose == Invitation.Purpose.PASSWORD_RESET
            else _("Liens d'invitation"),
        })

    @admin.action(description=_("Générer le lien d'invitation (membres sans compte)"),
                  permissions=["issue_account_links"])
    def make_invitations(self, request, queryset):
        return self._issue(request, queryset, Invitation.Purpose.ACTIVATION)

    @admin.action(description=_("Générer un lien de nouveau mot de passe (membres sans e-mail)"),
                  permissions=["issue_account_links"])
    def make_reset_links(self, request, queryset):
        return self._issue(request, queryset, Invitation.Purpose.PASSWORD_RESET)


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    """Links are made by the Duellist admin's actions (the link is shown once); here: see and revoke."""

    list_display = ("duellist", "purpose", "created_at", "expires_at", "used_at", "revoked_at", "created_by")
    list_filter = ("purpose",)
    search_fields = ("duellist__forum_name", "=duellist__forum_id")
    readonly_fields = [field.name for field in Invitation._meta.fields]
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_issue_account_links_permission(self, request) -> bool:
        """Revoking changes the links: the permission that issues them, not the list's view permission."""
        return request.user.has_perm(ISSUE_ACCOUNT_LINKS)

    @admin.action(description=_("Révoquer les liens sélectionnés"), permissions=["issue_account_links"])
    def revoke(self, request, queryset):
        count = 0
        for item in queryset.select_related("club"):
            with activate_club(item.club):  # its audit entry goes to the link's club
                count += invitation_revoke(invitation=item, actor=request.user)
        self.message_user(request, _("%(count)d lien(s) révoqué(s).") % {"count": count})


@admin.register(SignupRequest)
class SignupRequestAdmin(admin.ModelAdmin):
    list_display = ("forum_name", "email", "created_at", "status", "duellist", "decided_by")
    list_filter = ("status",)
    search_fields = ("forum_name", "email")
    raw_id_fields = ("duellist", "decided_by")


@admin.register(EmailPreference)
class EmailPreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "send_email")
    raw_id_fields = ("user",)


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "created_at", "read_at", "email_state")
    list_filter = ("kind", "email_state")  # the outbox: pending, failed…
    raw_id_fields = ("user",)
