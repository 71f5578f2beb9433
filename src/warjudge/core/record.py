"""The game record: a header plus an append-only log of actions.

Every game engine in warjudge is a pure function of its record: `replay` feeds the
actions, in order, to a fresh game, so the same record always yields the same state.
Records are saved as JSON and validated on load; a corrupt file raises RecordError and
loads nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from warjudge.core.errors import RecordError


class Replayable(Protocol):
    def apply(self, action: dict[str, Any]) -> None: ...


G = TypeVar("G", bound=Replayable)


class RecordFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    format: str = Field(pattern=r"^warjudge-record/1$")
    game: str = Field(min_length=1)
    seed: int
    options: dict[str, Any] = {}
    actions: list[dict[str, Any]] = []


class GameRecord:
    """Append-only action log. Actions are JSON-compatible dicts with a "type" key."""

    def __init__(self, game: str, seed: int = 0, options: dict[str, Any] | None = None):
        self.game = game
        self.seed = seed
        self.options = dict(options or {})
        self._actions: list[dict[str, Any]] = []

    @property
    def actions(self) -> tuple[dict[str, Any], ...]:
        return tuple(self._actions)

    def append(self, action: dict[str, Any]) -> None:
        if "type" not in action:
            raise RecordError("every action needs a 'type'")
        # Round-trip through JSON so a stored action can never be mutated afterwards
        # and never holds anything the file format could not store.
        self._actions.append(json.loads(json.dumps(action)))

    def replay(self, factory: Callable[["GameRecord"], G]) -> G:
        """Build a fresh game from the header and apply every action in order."""
        game = factory(GameRecord(self.game, self.seed, self.options))
        for index, action in enumerate(self._actions):
            try:
                game.apply(action)
            except RecordError:
                raise
            except Exception as exc:  # a record that cannot be replayed is corrupt
                raise RecordError(f"action {index} ({action.get('type')}) cannot be replayed: {exc}") from exc
        return game

    def to_json(self) -> str:
        return json.dumps(
            {"format": "warjudge-record/1", "game": self.game, "seed": self.seed,
             "options": self.options, "actions": self._actions},
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            data = RecordFile.model_validate_json(text)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'file'}: {e['msg']}" for e in exc.errors())
            raise RecordError(f"not a valid warjudge record: {problems}") from None
        record = cls(data.game, data.seed, data.options)
        for action in data.actions:
            record.append(action)
        return record

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write never leaves a half-written record."""
        path = Path(path)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.to_json())
        tmp.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        return cls.from_json(text)
