from __future__ import annotations

from accounts.permissions import MANAGE_CUP
from common.access import staff_may


class CupRefused(Exception):
    """A cup action refused: `message` says why, in words for the member."""

    def __init__(self, message, code: str = "refused"):
        super().__init__(str(message))
        self.message = message
        self.code = code


def may_manage_cup(user) -> bool:
    """The club's staff: houses, members, prefects, settings, and points for every house."""
    return staff_may(user, MANAGE_CUP)
