"""A member's own choices for the notices outside the site: Discord id and mentions, the daily digest."""
from __future__ import annotations

from django.db import transaction

from accounts.models import User

PING_FIELDS = ("discord_user_id", "discord_mention", "daily_digest")


@transaction.atomic
def member_pings_set(*, user: User, discord_user_id: str, discord_mention: bool, daily_digest: bool) -> None:
    """Save them (the id already validated: 17 to 20 digits, or empty). No id: nobody to mention."""
    discord_user_id = (discord_user_id or "").strip()
    User.objects.filter(pk=user.pk).update(discord_user_id=discord_user_id,
                                           discord_mention=bool(discord_mention and discord_user_id),
                                           daily_digest=bool(daily_digest))
    user.discord_user_id, user.discord_mention, user.daily_digest = (
        discord_user_id, bool(discord_mention and discord_user_id), bool(daily_digest))
