"""The JSON shapes every game's view shares (issue 25): an event or refusal, and an
outcome, as `Event.to_json` and `Outcome.to_json` write them. No `from __future__ import
annotations`: NotRequired must be seen at run time too (tests/core/test_view_shapes.py)."""

from typing import Any, NotRequired, TypedDict


class EventJson(TypedDict):
    """An event or refusal: its code, its facts, and who may not learn of it (absent:
    everyone may). `params` are free in shape: each code's wording table reads its own."""

    code: str
    params: dict[str, Any]
    hidden_from: NotRequired[list[str]]


class OutcomeJson(TypedDict):
    """How a game ended (core.game.Outcome)."""

    winners: list[str]
    draw: bool
    reason: str
    scores: dict[str, float]


__all__ = ["EventJson", "OutcomeJson"]
