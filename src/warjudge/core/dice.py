"""Seeded dice owned by a game record.

Rolls are derived from SHA-256 of (seed, roll number) rather than from `random`, so a
record replays to the same rolls bit for bit on any Python version or platform, and the
whole dice state is two integers that the record can store.
"""

from __future__ import annotations

import hashlib


class Dice:
    def __init__(self, seed: int, rolls_made: int = 0):
        self.seed = seed
        self.rolls_made = rolls_made

    def _next_word(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.rolls_made}".encode()).digest()
        self.rolls_made += 1
        return int.from_bytes(digest[:8], "big")

    def roll(self, sides: int = 6) -> int:
        """One roll of a `sides`-sided die, 1..sides, uniform (rejection sampling over
        enough 64-bit words that the rejected share stays below 1/2**8)."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        words = (sides.bit_length() + 8 + 63) // 64
        span = 1 << (64 * words)
        limit = span - (span % sides)
        while True:
            value = 0
            for _ in range(words):
                value = (value << 64) | self._next_word()
            if value < limit:
                return value % sides + 1

    def state(self) -> dict[str, int]:
        return {"seed": self.seed, "rolls_made": self.rolls_made}
