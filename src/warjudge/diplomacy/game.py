"""A whole game: state, pending orders, history, and the record that replays it.

Every change goes through an action appended to the game record ("orders", "process"),
so `DiplomacyGame.from_record(game.record)` rebuilds the same game exactly.
"""

from __future__ import annotations

from typing import Any

from warjudge.core.errors import InputError, RecordError
from warjudge.core.record import GameRecord
from warjudge.diplomacy.actions import ActionGame, checked_orders
from warjudge.diplomacy.mapdata import DipMap
from warjudge.diplomacy.phases import GameState, PhaseReport, initial_state, judge_phase

VARIANTS = ("standard",)                    # the maps this class plays
ALL_VARIANTS = ("standard", "necromancer")  # every Diplomacy variant warjudge plays


def load_variant_map(variant: str) -> DipMap:
    if variant == "standard":
        from warjudge.diplomacy.variants.standard import standard_map

        return standard_map()
    raise InputError(f"unknown variant {variant!r}; available: {', '.join(ALL_VARIANTS)}")


class DiplomacyGame(ActionGame):
    def __init__(self, variant: str = "standard", record: GameRecord | None = None):
        self.map = load_variant_map(variant)
        self.variant = variant
        self.record = GameRecord("diplomacy", 0, {"variant": variant})
        self.state: GameState = initial_state(self.map)
        self.history: list[PhaseReport] = []
        self.pending: dict[str, list[str]] = {}
        self.drawn: list[str] | None = None   # a draw agreed by all survivors
        if record is not None:
            for index, action in enumerate(record.actions):
                try:
                    self.apply(action)
                except InputError as exc:
                    raise RecordError(f"action {index} cannot be replayed: {exc}") from None

    @classmethod
    def from_record(cls, record: GameRecord) -> "DiplomacyGame":
        if record.game != "diplomacy":
            raise RecordError(f"this record is for {record.game!r}, not a Diplomacy game")
        unknown = sorted(set(record.options) - {"variant"})
        variant = record.options.get("variant", "standard")
        if unknown or variant not in VARIANTS:   # checked strictly: never read a wrong type as something else
            raise RecordError(f"the record's options must be {{\"variant\": \"standard\"}}, not {record.options!r:.80}")
        return cls(variant, record)

    @property
    def powers(self) -> list[str]:
        return list(self.map.powers)

    @property
    def is_over(self) -> bool:
        return self.state.winner is not None or self.drawn is not None

    def survivors(self) -> list[str]:
        return sorted(p for p in self.map.powers if self.state.centers.get(p)
                      or any(u.power == p for u in self.state.units.values()))

    def apply(self, action: dict[str, Any]) -> None:
        """Validate, then change state, then log: a rejected action changes nothing."""
        kind = action.get("type")
        if action.get("phase") != str(self.state.phase):
            raise InputError(f"the game is in {self.state.phase}, not {action.get('phase')}")
        if self.is_over:
            raise InputError(f"the game is over: {self.state.winner or 'drawn'}")
        if kind == "orders":
            power, orders = checked_orders(action, self.map.powers)
            self.pending[power] = orders
        elif kind == "draw":
            powers = action.get("powers")
            if not isinstance(powers, list) or sorted(powers) != self.survivors():
                raise InputError(f"a draw must include exactly the surviving powers: {', '.join(self.survivors())}")
            self.drawn = sorted(powers)
        elif kind == "process":
            report = judge_phase(self.map, self.state, self.pending)
            self.history.append(report)
            self.state = report.after
            self.pending = {}
        else:
            raise InputError(f"unknown action type {kind!r}")
        self.record.append(action)
