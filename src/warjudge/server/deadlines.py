"""When a phase ends, as players of web Diplomacy expect: a duration per kind of phase
(retreats and adjustments usually shorter than movement), optionally rounded up to a clock
time (say 20:00 UTC), and a games master's pause and extension. Pure functions: the
server stores the rules with the game and calls these at each new phase."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from warjudge.core.game import Game


@dataclass(frozen=True)
class PhaseRules:
    """`seconds`: a phase's duration (None: no deadlines); `by_kind`: durations for the
    phases whose decision is of that kind (Diplomacy: "orders", "retreats",
    "adjustments"); `at`: "HH:MM" UTC, each deadline moved on to the first such time
    (so a phase lasts at least its duration)."""

    seconds: int | None = None
    by_kind: dict[str, int] = field(default_factory=dict)
    at: str | None = None

    @property
    def timed(self) -> bool:
        return self.seconds is not None or bool(self.by_kind) or self.at is not None

    def to_json(self) -> str:
        return json.dumps({"by_kind": self.by_kind, "at": self.at}, sort_keys=True)

    @classmethod
    def stored(cls, seconds: int | None, text: str | None) -> "PhaseRules":
        """The rules from a game's row (`phase_seconds` and the JSON of `phase_rules`)."""
        extra: dict[str, Any] = json.loads(text) if text else {}
        return cls(seconds, dict(extra.get("by_kind") or {}), extra.get("at"))


def clock_minutes(at: str) -> int:
    """"HH:MM" (UTC, 24-hour) as minutes after midnight; ValueError if it is not one."""
    hours, sep, minutes = at.partition(":")
    if not (sep and len(hours) == 2 and len(minutes) == 2 and hours.isdigit() and minutes.isdigit()):
        raise ValueError(f"{at!r} is not a time HH:MM")
    if int(hours) > 23 or int(minutes) > 59:
        raise ValueError(f"{at!r} is not a time of day (00:00 to 23:59)")
    return int(hours) * 60 + int(minutes)


def phase_kind(game: Game) -> str | None:
    """The kind of decision the current phase asks for (that of the first seat to act)."""
    for seat in game.to_act():
        decision = game.decision(seat)
        if decision is not None:
            return decision.kind
    return None


def next_deadline(rules: PhaseRules, kind: str | None, now: float) -> float | None:
    """The deadline of a phase of `kind` beginning at `now` (Unix seconds); None if the
    game has no deadlines."""
    if not rules.timed:
        return None
    seconds = rules.by_kind.get(kind, rules.seconds) if kind is not None else rules.seconds
    if seconds is None and rules.at is None:
        return None   # only other kinds of phase are timed: this one waits for its players
    earliest = now + (seconds or 0)
    if rules.at is None:
        return earliest
    moment = datetime.fromtimestamp(earliest, timezone.utc)
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    deadline = midnight + timedelta(minutes=clock_minutes(rules.at))
    if deadline < moment:
        deadline += timedelta(days=1)
    return deadline.timestamp()
