"""Duel models, one module per domain."""
from duels.models.choices import DuelFormat, DuelKind, Phase
from duels.models.declaration import Declaration, DeclarationKind, DeclarationRevision, DeclarationStatus
from duels.models.duel import NOT_STARTED, OVER, RUNNING, Duel, DuelStatus, Participant
from duels.models.fault import Exemption, ExemptionStatus, Fault, FaultKind
from duels.models.post import ImmutableError, Post
from duels.models.registration import MatchmakingSettings, Registration, RegistrationStatus
from duels.models.window import SlotStatus, Window, WindowSlot, WindowState

__all__ = [
    "NOT_STARTED", "OVER", "RUNNING", "Declaration", "DeclarationKind", "DeclarationRevision", "DeclarationStatus", "Duel", "DuelFormat",
    "DuelKind", "DuelStatus", "Exemption", "ExemptionStatus", "Fault", "FaultKind", "ImmutableError", "Participant",
    "MatchmakingSettings", "Phase", "Post", "Registration", "RegistrationStatus", "SlotStatus", "Window", "WindowSlot", "WindowState",
]
