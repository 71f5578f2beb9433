"""Seeded dice owned by a game record.

Rolls are derived from SHA-256 of (seed, roll number) rather than from `random`, so a
record replays to the same rolls bit for bit on any Python version or platform, and the
whole dice state is the seed, the roll number and the record's reseeds.

A reseed (a games master's roll back, docs/record-format.md) gives the rolls from a roll
number on a new seed: roll `n` uses the seed of the last reseed in the record's list whose
`roll` is at most `n`, else the game's own seed. A roll back appends one at the roll number
the kept actions reached, so the kept rolls stay as they were and every later roll, the
ones the roll back took out included, is drawn afresh.

`commitment(seed)` is what the play server publishes while a game runs: SHA-256 of the
seed's decimal text, so anyone can check the revealed seed after the game, and nobody can
find the seed from it (a server seed has 128 random bits).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from warjudge.core.record import GameRecord, Reseed


def commitment(seed: int) -> str:
    """`sha256:` and the SHA-256 (hex) of the seed written in decimal, ASCII (`-` first if negative)."""
    return "sha256:" + hashlib.sha256(str(seed).encode("ascii")).hexdigest()


class Dice:
    def __init__(self, seed: int, rolls_made: int = 0, reseeds: Sequence["Reseed"] = ()):
        self.seed = seed
        self.rolls_made = rolls_made
        self.reseeds = tuple(reseeds)
        self.rolls = 0   # rolls made by this object (a roll draws one or more words): what verify reports

    @classmethod
    def of(cls, record: "GameRecord") -> "Dice":
        """The dice a record's game rolls: its seed, and its reseeds from their rolls on."""
        return cls(record.seed, 0, record.reseeds)

    def copy(self) -> "Dice":
        twin = Dice(self.seed, self.rolls_made, self.reseeds)
        twin.rolls = self.rolls
        return twin

    def _seed_of(self, number: int) -> int:
        for reseed in reversed(self.reseeds):
            if reseed.roll <= number:
                return reseed.seed
        return self.seed

    def _next_word(self) -> int:
        seed = self._seed_of(self.rolls_made) if self.reseeds else self.seed
        digest = hashlib.sha256(f"{seed}:{self.rolls_made}".encode()).digest()
        self.rolls_made += 1
        return int.from_bytes(digest[:8], "big")

    def roll(self, sides: int = 6) -> int:
        """One roll of a `sides`-sided die, 1..sides, uniform (rejection sampling over
        enough 64-bit words that the rejected share stays below 1/2**8)."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        self.rolls += 1
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
