"""Duel services: the persisted state machine (DESIGN.md). Views, tasks and commands call only these.

The names below are found in their module on first use (PEP 562): importing the package loads no
service, so a module that needs one service (or `rules`) does not load them all, and no import cycle
runs through the package. `from duels.services import post_submit` reads `duels.services.posting`."""
from importlib import import_module

WHERE = {
    "duel_cancel": "cancel",
    "SweepReport": "deadlines", "window_expire_overdue": "deadlines",
    "declaration_prepare": "declarations", "declaration_publish": "declarations",
    "MESSAGES": "errors", "DuelError": "errors",
    "absence_confirm": "faults", "exemption_decide": "faults", "exemption_refusal": "faults",
    "exemption_request": "faults", "fault_record": "faults", "forfeit": "faults",
    "MatchmakingReport": "matchmaking", "matchmaking_run": "matchmaking",
    "post_submit": "posting", "rp_word_count": "posting",
    "registration_create": "registration", "registration_withdraw": "registration",
    "duel_start": "setup", "magic_types_choose": "setup", "referee_assign": "setup",
}
__all__ = sorted(WHERE)


def __getattr__(name: str):
    if name not in WHERE:
        raise AttributeError(f"module 'duels.services' has no attribute {name!r}")
    value = getattr(import_module(f"duels.services.{WHERE[name]}"), name)
    globals()[name] = value  # found once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *WHERE})
