"""Everything a Gondor & Sauron battle changes as it is played, as one value (issue 25).

The game (game.py) holds the rules, its fixed data (scenario, turn limit, pedestal, entry
hexes), the record, the dice and the events; whatever an action may change lives here,
as in SJG's state (hexwar/sjg/game_state.py). So a search's clone is `GondorSauronState.clone`
plus fresh record and dice: no hand-kept list says which attributes are copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warjudge.hexwar.copying import copied, copied_all
from warjudge.hexwar.gondor_sauron import melee
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import SIDES, CombatUnit, Leader


@dataclass
class Pending:
    """A choice the rules force in the middle of a phase."""

    kind: str               # "retreat", "advance", "evade"
    side: str
    unit: str
    hexes: int = 0          # retreat length
    vacated: str = ""       # advance: the hex; evade: the attacker's id
    then_advance: str = ""  # after a melee retreat, the attacker that may advance
    fallback: str = ""      # 7.23: "flip" when a Leader-combat retreat is impossible


@dataclass(eq=False)
class GondorSauronState:
    """The position, the forced choices waited for, the sequence of play's place, the
    armies' reinforcements and losses, and the marks the rules count per phase or turn."""

    position: Position
    to_come: dict[str, list[CombatUnit | Leader]]          # reinforcement groups not yet arrived
    levels: dict[str, int]                                 # 9.21, grown by arrivals
    queue: list[Pending] = field(default_factory=list)     # forced choices, the first one waited for
    waiting: dict[str, CombatUnit | Leader] = field(default_factory=dict)   # arrived, not yet entered
    losses: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SIDES})
    eliminated: list[str] = field(default_factory=list)
    turn: int = 1
    phase: str = "A"
    stage: str = "missile"
    acting: int = 0                                        # which of the phase's sides acts
    # --- the marks, cleared at each Game-Turn's start (reset_turn_marks), some per phase ---
    moved: set[str] = field(default_factory=set)        # pieces moved this phase (or cast: 8.52)
    fired: set[str] = field(default_factory=set)        # 7.14, per Game-Turn
    fought: set[str] = field(default_factory=set)       # 7.24, per Combat Phase
    attacked: set[str] = field(default_factory=set)     # 7.34, per Combat Phase
    meleed: set[str] = field(default_factory=set)       # 7.32: defenders stated against, per Combat Phase
    allocation: melee.Allocation | None = None          # 7.32: the statement being made or resolved
    advanced: set[str] = field(default_factory=set)     # 7.52, per Combat Phase
    rallied_by: dict[str, int] = field(default_factory=dict)   # 8.32
    tried: set[str] = field(default_factory=set)        # 8.36
    sieged: set[str] = field(default_factory=set)       # 3.0 B: catapults used, per Game-Turn
    casting: set[str] = field(default_factory=set)      # 8.52: Leaders that cast this phase
    attempts: set[tuple[str, str]] = field(default_factory=set)   # (Leader, spell) this phase (ruling)
    cast_in_a: set[str] = field(default_factory=set)    # 3.0 E
    bound: dict[str, set[str]] = field(default_factory=dict)   # Leader -> spells on it this turn

    def reset_turn_marks(self) -> None:
        """A new Game-Turn: nothing moved, fired, fought, rallied or cast yet."""
        self.moved, self.fired, self.fought, self.attacked, self.meleed = set(), set(), set(), set(), set()
        self.advanced, self.tried, self.sieged, self.casting = set(), set(), set(), set()
        self.attempts, self.cast_in_a = set(), set()
        self.allocation, self.rallied_by, self.bound = None, {}, {}

    def clone(self) -> "GondorSauronState":
        """An independent copy sharing only the map, the charts and frozen values. Written
        out field by field: a search clones the state at every step. The groups still to
        come are shared list by list: their pieces are copied as they arrive (game.py `_arrive`)."""
        twin = object.__new__(GondorSauronState)
        twin.__dict__ = mine = self.__dict__.copy()
        mine["position"] = self.position.clone()
        mine["to_come"] = dict(self.to_come)
        mine["levels"], mine["losses"] = dict(self.levels), dict(self.losses)
        mine["queue"] = [copied(p) for p in self.queue]
        mine["waiting"] = copied_all(self.waiting)
        mine["eliminated"] = list(self.eliminated)
        for name in _SETS:
            mine[name] = set(mine[name])
        mine["rallied_by"] = dict(self.rallied_by)
        mine["bound"] = {leader: set(spells) for leader, spells in self.bound.items()}
        if self.allocation is not None:
            allocation = mine["allocation"] = copied(self.allocation)
            allocation.attackers = list(allocation.attackers)
        return twin


_SETS = ("moved", "fired", "fought", "attacked", "meleed", "advanced", "tried", "sieged", "casting", "attempts",
         "cast_in_a")
