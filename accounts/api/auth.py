"""The API's tokens are a club's: `Authorization: Token <key>` authenticates on the API of the token's club
(`/api/v1/clubs/<club>/…`, or `/api/v1/…` for the home club) and is refused on any other club's, with its
own code. The account then acts with its roles in that club (config/api.py)."""
from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.models import ApiToken
from clubs.scoping import current_club_or_none, scopes_disabled

LAST_USED_EVERY = dt.timedelta(minutes=5)  # `last_used` is written at most this often (not one write a request)


class ClubTokenAuthentication(TokenAuthentication):
    model = ApiToken

    def authenticate(self, request):
        if current_club_or_none() is None:
            return None  # the site's own addresses (the schema): no club's data, nothing to authenticate for
        return super().authenticate(request)

    def authenticate_credentials(self, key):
        club = current_club_or_none()
        with scopes_disabled():  # a key of another club is told apart from an unknown one
            token = ApiToken.objects.select_related("user", "club").filter(key=key).first()
        if token is None:
            raise exceptions.AuthenticationFailed()
        if token.club_id != club.pk:
            raise exceptions.AuthenticationFailed({
                "code": "token_other_club",
                "message": _("Ce jeton sert l'API du club « %(club)s » seulement (/api/v1/clubs/%(slug)s/).")
                % {"club": token.club.name, "slug": token.club.slug},
            })
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed({"code": "authentication_failed",
                                                   "message": _("Compte désactivé.")})
        now = timezone.now()
        if token.last_used is None or now - token.last_used > LAST_USED_EVERY:
            ApiToken._base_manager.filter(pk=token.pk).update(last_used=now)
        return token.user, token
