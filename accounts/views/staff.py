"""Staff pages: their index, the sign-up request queue, the referee role page and the member CSV import."""
from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import selectors
from accounts.forms import MemberCsvForm, SignupDecisionForm
from accounts.import_extras import import_column_names
from accounts.models import SignupRequest, User
from accounts.permissions import (
    DECIDE_SIGNUP_REQUESTS,
    GRANT_REFEREE_ROLE,
    IMPORT_MEMBERS,
    ISSUE_ACCOUNT_LINKS,
)
from accounts.services.invitations import InvitationError, invitation_links_issue, invitation_pm_bbcode
from accounts.services.member_upload import UploadRefused, forum_members_confirm, forum_members_preview
from accounts.services.membership import referee_role_set, signup_request_decide
from clubs.roles import referee_membership_exists, staff_membership_exists
from common.access import permission_required, staff_required
from common.links import site_url


def site_base(request) -> str:
    """Links given to members (e-mailed, pasted in a PM) start with SITE_URL, not the request's host."""
    return site_url()


@permission_required(DECIDE_SIGNUP_REQUESTS)
def signup_queue(request):
    """The pending requests, a page at a time, each with the member of the same name preset; `q` searches
    the members without an account (a few names, never the whole list)."""
    page = Paginator(selectors.pending_signups(), selectors.SIGNUPS_PER_PAGE).get_page(request.GET.get("page"))
    matches = selectors.members_named_like(list(page))
    query = request.GET.get("q", "").strip()[:100]
    return render(request, "accounts/signup_queue.html", {
        "page": page, "rows": [(signup, matches.get(signup.pk)) for signup in page],
        "query": query, "found": selectors.members_matching(query), "found_max": selectors.MEMBERS_FOUND,
    })


@permission_required(DECIDE_SIGNUP_REQUESTS)
@require_POST
def signup_decide(request, pk: int):
    signup = get_object_or_404(SignupRequest, pk=pk)
    approve = request.POST.get("decision") == "approve"
    form = SignupDecisionForm(request.POST)
    name = form.cleaned_data["member"].strip() if form.is_valid() else ""
    duellist = selectors.unlinked_member_named(name) if approve else None
    if approve and name and duellist is None:
        messages.error(request, _("Aucun membre synchronisé sans compte ne s'appelle « %(name)s » : cherchez-le "
                                  "ci-dessus (ou synchronisez-le).") % {"name": name})
        return redirect("signup_queue")
    try:
        decision = signup_request_decide(
            signup=signup, actor=request.user, approve=approve, duellist=duellist, base_url=site_base(request)
        )
    except InvitationError as error:
        messages.error(request, error.message)
        return redirect("signup_queue")
    if not approve:
        messages.success(request, _("Demande de %(name)s refusée.") % {"name": signup.forum_name})
        return redirect("signup_queue")
    return render(request, "accounts/invitations_issued.html", {
        "issued": [(decision.issued, invitation_pm_bbcode(issued=decision.issued, base_url=site_base(request)))],
        "emailed_to": decision.request.email if decision.emailed else "",
        "back_url": "signup_queue",
    })


@permission_required(GRANT_REFEREE_ROLE)
def roles_page(request):
    users = (  # the club's members, and whether each referees (and is staff) here
        User.objects.filter(is_active=True, memberships__club=request.club)
        .annotate(referee=referee_membership_exists(), club_staff=staff_membership_exists())
        .order_by("username")
    )
    query = request.GET.get("q", "").strip()
    if query:
        users = users.filter(username__icontains=query)
    return render(request, "accounts/roles.html", {"users": users[:200], "query": query})


@permission_required(GRANT_REFEREE_ROLE)
@require_POST
def role_set(request, pk: int):
    user = get_object_or_404(User, pk=pk)
    granted = request.POST.get("referee") == "1"
    try:
        changed = referee_role_set(actor=request.user, user=user, granted=granted)
    except InvitationError as error:
        messages.error(request, error.message)
    else:
        if changed:
            text = _("%(name)s est maintenant arbitre.") if granted else _("%(name)s n'est plus arbitre.")
            messages.success(request, text % {"name": user.username})
    return redirect("roles")


@staff_required
def staff_index(request):
    """The staff pages are gathered in the club's control panel (its one menu): the old address leads there."""
    return redirect("clubs:panel")


@permission_required(IMPORT_MEMBERS)
def members_import(request):
    """Upload the forum's member CSV: a preview first (what would be created and updated, or each bad line),
    then the import on confirmation — the command line's all-or-nothing check both times."""
    report = None
    confirming = request.method == "POST" and "confirm" in request.POST
    form = MemberCsvForm(None if confirming else request.POST or None, None if confirming else request.FILES or None)
    status = 200
    try:
        if confirming:
            report = forum_members_confirm(token=request.POST["confirm"], by=request.user)
        elif request.method == "POST" and form.is_valid():
            report = forum_members_preview(upload=form.cleaned_data["file"], by=request.user)
        elif request.method == "POST":
            status = 422
    except UploadRefused as refused:
        if confirming:  # the form was not sent: the refusal stands above it
            messages.error(request, refused.message)
        else:
            form.add_error("file", refused.message)
        status = 422
    if report is not None and not (report.imported or report.previewed):
        status = 422
    return render(request, "accounts/members_import.html", {"form": form, "report": report,
                                                            "extra_columns": import_column_names()}, status=status)


@permission_required(ISSUE_ACCOUNT_LINKS)
@require_POST
def invitation_links(request):
    """« Obtenir les liens » (Invitations et MP): every member without an account gets a link, shown once with
    its ready-to-paste PM, for staff who send them by hand rather than through the forum bridge."""
    try:
        issued = invitation_links_issue(by=request.user)
    except InvitationError as error:
        messages.error(request, error.message)
        return redirect("forum:invitations")
    base = site_base(request)
    return render(request, "accounts/invitations_issued.html", {
        "issued": [(item, invitation_pm_bbcode(issued=item, base_url=base)) for item in issued],
        "back_url": "forum:invitations",
    })
