"""Everything an SJG Necromancer game changes as it is played, as one value (issue 25).

The game (game.py) holds the rules, its fixed data (options, scenario, board), the record,
the dice and the events; whatever an action may change lives here. So a search's clone
is `SjgState.clone` plus fresh record and dice, and undo keeps whole cloned states:
no hand-kept list says which attributes are copied.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.sjg.items import COUNTERS
from warjudge.hexwar.sjg.state import SIDES, Position
from warjudge.hexwar.sjg.tables import UnitType


def _per_side() -> dict[str, list[str]]:
    return {s: [] for s in SIDES}


@dataclass(eq=False)
class SjgState:
    """The position, the decisions waited for, the turn and the marks each turn keeps."""

    position: Position
    queue: list[Decision] = field(default_factory=list)
    winner: str | None = None
    turn_limit_reached: bool = False
    rolls: int = 0                                   # dice rolled by actions: undo never crosses one
    turn: int = 0
    phasing: str = "red"
    first: str = "red"
    deployed: set[str] = field(default_factory=set)
    item_owner: dict[str, str] = field(default_factory=dict)            # the side each held item came with
    choices: dict[str, list[str]] = field(default_factory=dict)         # 10.5: picks made this round, secret
    counters_left: Counter[Any] = field(default_factory=lambda: Counter(COUNTERS))
    extra_units: dict[str, dict[UnitType, int]] = field(default_factory=lambda: {s: {} for s in SIDES})
    drafts: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: {s: [] for s in SIDES})  # 9.1, secret
    moved_to: dict[str, list[str]] = field(default_factory=_per_side)  # each side's moves, its latest turn
    # --- the phasing side's marks, cleared at each turn's start (reset_turn_marks) ---
    moved: set[int] = field(default_factory=set)
    attacked: set[int] = field(default_factory=set)
    opp_spent: set[int] = field(default_factory=set)
    opp_targets: set[int] = field(default_factory=set)
    attacked_hexes: set[str] = field(default_factory=set)
    conversions_used: int = 0
    searched: set[str] = field(default_factory=set)
    locked: set[int] = field(default_factory=set)
    wraith_moved: set[int] = field(default_factory=set)
    wraith_phases_done: int = 0

    def reset_turn_marks(self) -> None:
        self.moved, self.attacked, self.opp_spent, self.opp_targets = set(), set(), set(), set()
        self.attacked_hexes, self.searched, self.locked, self.wraith_moved = set(), set(), set(), set()
        self.conversions_used = self.wraith_phases_done = 0

    def clone(self) -> "SjgState":
        """An independent copy sharing only the board and frozen values. Written out
        field by field: a search clones the state at every step."""
        twin = object.__new__(SjgState)
        twin.__dict__ = mine = self.__dict__.copy()
        mine["position"] = self.position.clone()
        mine["queue"] = [Decision(d.player, d.kind, d.accepts, _copied_info(d.info)) for d in self.queue]
        for name in _SETS:
            mine[name] = set(mine[name])
        mine["counters_left"] = Counter(self.counters_left)
        mine["item_owner"] = dict(self.item_owner)
        mine["choices"] = {k: list(v) for k, v in self.choices.items()}
        mine["extra_units"] = {k: dict(v) for k, v in self.extra_units.items()}
        mine["drafts"] = {k: list(v) for k, v in self.drafts.items()}
        mine["moved_to"] = {k: list(v) for k, v in self.moved_to.items()}
        return twin


_SETS = ("deployed", "moved", "attacked", "opp_spent", "opp_targets", "attacked_hexes", "searched", "locked",
         "wraith_moved")


def _copied_info(info: dict[str, object]) -> dict[str, object]:
    """A decision's facts, two levels deep (as deep as they go)."""
    return {k: type(v)(v) if type(v) in (set, list, dict) else v for k, v in info.items()}  # type: ignore[call-arg]
