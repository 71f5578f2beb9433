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


def _frozen_copy(value: dict[str, Any], what: str) -> dict[str, Any]:
    """A JSON round trip: the record owns its data, and holds only what a file can store."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise RecordError(f"this {what} cannot be stored in a record: {exc}") from None


class GameRecord:
    """Append-only action log. Actions are JSON-compatible dicts with a "type" key."""

    def __init__(self, game: str, seed: int = 0, options: dict[str, Any] | None = None):
        if not isinstance(game, str) or not game:
            raise RecordError("a record needs the name of its game")
        self.game = game
        self.seed = int(seed)
        self.options = _frozen_copy(options or {}, "options")
        self._actions: list[dict[str, Any]] = []

    @property
    def actions(self) -> tuple[dict[str, Any], ...]:
        """Copies: what a caller does with them never changes the record."""
        return tuple(json.loads(json.dumps(a)) for a in self._actions)

    def append(self, action: dict[str, Any]) -> None:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RecordError("an action is an object with a 'type' string")
        self._actions.append(_frozen_copy(action, "action"))

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
        tmp.write_text(self.to_json(), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a warjudge record (not UTF-8 text)") from None
        return cls.from_json(text)
