"""Dice anyone can verify (DESIGN.md "Dice you can trust").

At the start the server draws a secret seed (32 random bytes, hex) and shows its SHA-256. Every roll is
derived from the seed and its place in the duel:

    message = f"{turn}:{phase}:{post_order}:{step_index}"      e.g. "2:defence:1:0"
    digest  = HMAC-SHA256(key=bytes.fromhex(seed), msg=message)

and the die is the first byte b of the digest with b < 252, as b % 6 + 1 (252 = 6 × 42, so each face
has exactly 42 of the 252 accepted byte values: unbiased). If all 32 bytes are >= 252 (probability
(4/256)^32), the digest of `message + ":1"`, `":2"`, … is read the same way. Once the duel is over the
seed is revealed and `manage.py verify_dice` re-derives every stored roll.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

ACCEPT_BELOW = 252


def seed_new() -> tuple[str, str]:
    """A fresh secret seed and its public SHA-256 (both hex)."""
    seed = secrets.token_hex(32)
    return seed, seed_fingerprint(seed)


def seed_fingerprint(seed: str) -> str:
    """SHA-256 of the seed as written (its hex text): `printf %s SEED | sha256sum` gives the same."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def roll_place(*, turn: int, phase: str, post_order: int, step_index: int) -> str:
    return f"{turn}:{phase}:{post_order}:{step_index}"


def roll_derive(*, seed: str, turn: int, phase: str, post_order: int, step_index: int) -> int:
    """The d6 at this place of the duel, 1..6."""
    message = roll_place(turn=turn, phase=phase, post_order=post_order, step_index=step_index)
    key = bytes.fromhex(seed)
    attempt = 0
    while True:
        suffix = f":{attempt}" if attempt else ""
        digest = hmac.new(key, (message + suffix).encode("ascii"), hashlib.sha256).digest()
        for byte in digest:
            if byte < ACCEPT_BELOW:
                return byte % 6 + 1
        attempt += 1
