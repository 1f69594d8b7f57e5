"""The referee's power tools: publish as is from the queue, correct the latest declaration,
extend a deadline, reopen a missed post, hand a duel over. Views parse and call one service."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.parsers import whole_number
from duels.forms.referee_tools import CorrectionForm, DeadlineExtendForm
from duels.models import (
    Declaration,
    Participant,
    Post,
)
from duels.pages import presenters
from duels.selectors.house_rules import rules_of
from duels.services import DuelError
from duels.services.corrections import correction_refusal, declaration_correct, latest_published
from duels.services.declarations import declaration_publish
from duels.services.referee_tools import (
    missed_post_reopen,
    referee_reassign,
    referee_release,
    window_deadline_extend,
)
from duels.views.common import referee_required, refereed_duel, refused


@referee_required
@require_POST
def publish_as_is(request, pk: int):
    """The queue's "Publier tel quel": publish the draft shown on the dashboard, without a comment. The
    draft is named in the form, so a draft recomputed meanwhile is not published blind (stale: refused)."""
    duel = refereed_duel(request, pk)
    draft = Declaration.objects.filter(pk=whole_number(request.POST, "declaration") or 0, window__duel=duel).first()
    if draft is None:
        messages.error(request, _("Préparez d'abord la déclaration."))
        return redirect("duels:referee")
    if draft.is_published:  # a double click: same idempotency as the publish service
        messages.info(request, _("Déclaration déjà publiée."))
        return redirect("duels:referee")
    if draft.prepared_at.isoformat() != request.POST.get("prepared_at"):
        messages.error(request, _("Le brouillon a été recalculé depuis : relisez-le avant de publier."))
        return redirect("duels:referee")
    try:
        declaration_publish(declaration=draft, by=request.user)
    except DuelError as error:
        return refused(request, error, "duels:referee")
    messages.success(request, _("Duel n°%(n)s : déclaration publiée.") % {"n": duel.pk})
    return redirect("duels:referee")


def _correction_choices(declaration: Declaration, participants: list[Participant]):
    names = {p.engine_id: p.duellist.forum_name for p in participants}
    voided = {entry["post"] for entry in declaration.window.voided_posts}
    posts = [
        (post, _("n°%(order)s — %(name)s") % {"order": post.order, "name": names.get(post.participant.engine_id, "?")})
        for post in Post.objects.filter(window=declaration.window).select_related("participant").order_by("order")
        if post.pk not in voided
    ]
    return posts, [(p.engine_id, p.duellist.forum_name) for p in participants]


@referee_required
def correct(request, pk: int):
    """The correction page of the duel's latest published declaration: the declaration as published,
    a post to void, the referee's decisions, the reason."""
    duel = refereed_duel(request, pk)
    declaration = latest_published(duel)
    if declaration is None:
        messages.error(request, _("Aucune déclaration publiée à corriger."))
        return redirect("duels:adjudicate", duel.pk)
    participants = list(duel.participants.all())
    posts, duellists = _correction_choices(declaration, participants)
    form = CorrectionForm(request.POST or None, posts=posts, duellists=duellists,
                          repost_hours=rules_of(duel).deadline_hours)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        void_post = Post.objects.filter(pk=data["void_post"]).first() if data["void_post"] else None
        try:
            declaration_correct(declaration=declaration, by=request.user, reason=data["reason"], void_post=void_post,
                                void_mode=data.get("void_mode") or "pass", adjustments=form.adjustments())
        except DuelError as error:  # said in the form, by the fields, not at the top of the page
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Déclaration corrigée : les duellistes sont prévenus."))
            return redirect("duels:adjudicate", duel.pk)
    refusal = correction_refusal(duel=duel, declaration=declaration, now=timezone.now())
    names = presenters.names_by_engine_id(participants)
    view = presenters.declaration_view(declaration, turn=declaration.window.turn, names=names,
                                       referee_name=declaration.published_by.get_username()
                                       if declaration.published_by else "")
    return render(request, "duels/correct.html", {
        "duel": duel, "declaration": declaration, "d": view, "form": form,
        "refusal": refusal.message if refusal else None,
    }, status=200 if request.method == "GET" or form.is_valid() else 422)  # refused: the form again, marked


def _tool_post(request, pk: int, action) -> object:
    duel = refereed_duel(request, pk)
    try:
        done = action(duel)
    except DuelError as error:
        return refused(request, error, "duels:adjudicate", duel.pk)
    if done:
        messages.success(request, done)
    return redirect("duels:adjudicate", duel.pk)


@referee_required
@require_POST
def deadline_extend(request, pk: int):
    def action(duel):
        form = DeadlineExtendForm(request.POST)
        if not form.is_valid():
            raise DuelError("refused", _("Indiquez la nouvelle date limite et le motif."))
        window_deadline_extend(duel=duel, by=request.user, deadline=form.cleaned_data["deadline"],
                               reason=form.cleaned_data["reason"])
        return _("Délai prolongé : les duellistes attendus sont prévenus.")

    return _tool_post(request, pk, action)


@referee_required
@require_POST
def reopen(request, pk: int):
    def action(duel):
        participant = get_object_or_404(Participant, pk=whole_number(request.POST, "participant") or 0, duel=duel)
        missed_post_reopen(duel=duel, participant=participant, by=request.user, reason=request.POST.get("reason", ""))
        return _("%(name)s peut poster à nouveau pendant %(hours)s h.") % {
            "name": participant.duellist.forum_name, "hours": rules_of(duel).deadline_hours}

    return _tool_post(request, pk, action)


@referee_required
@require_POST
def release(request, pk: int):
    """The referee gives the duel back to the queue: they no longer see its page, so back to the dashboard."""
    duel = refereed_duel(request, pk)
    try:
        referee_release(duel=duel, by=request.user, reason=request.POST.get("reason", ""))
    except DuelError as error:
        return refused(request, error, "duels:adjudicate", duel.pk)
    messages.success(request, _("Duel rendu à la file d'attente des arbitres."))
    return redirect("duels:referee")


@referee_required
@require_POST
def reassign(request, pk: int):
    def action(duel):
        referee = get_object_or_404(get_user_model(), pk=whole_number(request.POST, "referee") or 0)
        referee_reassign(duel=duel, referee=referee, by=request.user, reason=request.POST.get("reason", ""))
        return _("Arbitre du duel : %(name)s.") % {"name": referee.get_username()}

    return _tool_post(request, pk, action)

