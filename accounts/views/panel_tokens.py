"""The club's API tokens in its control panel (/<club>/gestion/jetons/): the list (the keys masked), a new
token — its key shown once, on the page that answers the creation, never stored in a message — and a
token's revocation after a confirmation. The club's staff only; the service checks again."""
from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from accounts.forms import ApiTokenForm
from accounts.models import ApiToken
from accounts.permissions import MANAGE_API_TOKENS
from accounts.selectors import club_api_tokens
from accounts.services.api_tokens import api_token_create, api_token_revoke
from common.access import permission_required

LIST = "clubs:tokens:list"


def _list(request, form, status=200):
    return render(request, "accounts/panel_tokens.html", {"tokens": club_api_tokens(), "form": form}, status=status)


@permission_required(MANAGE_API_TOKENS)
def token_list(request):
    return _list(request, ApiTokenForm(by=request.user))


@permission_required(MANAGE_API_TOKENS)
def token_new(request):
    if request.method != "POST":
        return HttpResponseRedirect(reverse(LIST))
    form = ApiTokenForm(request.POST, by=request.user)
    if form.is_valid():
        try:
            token = api_token_create(by=request.user, user=form.cleaned_data["username"])
        except ValidationError as refused:
            form.add_error("username", refused.message_dict["user"])
        else:
            response = render(request, "accounts/panel_token_created.html", {"token": token})
            add_never_cache_headers(response)  # the key is on this page only: never kept by a cache
            return response
    return _list(request, form, status=422)


@permission_required(MANAGE_API_TOKENS)
def token_revoke(request, pk: int):
    token = get_object_or_404(ApiToken.objects.select_related("user"), pk=pk)  # the club's only: else 404
    if request.method == "POST":
        api_token_revoke(by=request.user, token=token)
        messages.success(request, _("Jeton %(key)s de %(name)s révoqué : il ne sert plus.")
                         % {"key": token.masked_key, "name": token.user.username})
        return HttpResponseRedirect(reverse(LIST))
    return render(request, "accounts/panel_token_revoke.html", {"token": token})
