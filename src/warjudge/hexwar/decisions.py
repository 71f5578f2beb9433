"""Pending decisions: what the engine waits for, from whom.

A hex wargame stops for choices in the middle of a phase (a retreat path, which units to
lose, an advance, CP to commit). The engine never chooses for a human: it queues a
`Decision` naming the player, the kind of answer it accepts and the facts needed to
answer, and refuses any action that does not answer the first decision in the queue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warjudge.core.errors import IllegalAction

__all__ = ["Decision", "IllegalAction"]


@dataclass
class Decision:
    player: str
    kind: str                      # e.g. "move", "retreat", "advance", "deploy"
    accepts: tuple[str, ...]       # the action types that answer it
    info: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "accepts": list(self.accepts), **self.info}
