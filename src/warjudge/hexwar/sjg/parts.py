"""What SJG Necromancer's parts (the phase mixins phase_*.py and interface.py) stand on:
the hex template (hexwar/hexgame.py) over `SjgState`, with the game's own fixed data and
undo history, its dice rolled and reported, its events said; and, for the type checker
only, the few methods one part calls on another (game.py or a sibling part defines each:
the record, dice, events, state and the hooks are the template's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warjudge.core.events import Event
from warjudge.hexwar.hexgame import HexGame, Stamp
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg.game_state import SjgState

if TYPE_CHECKING:
    from warjudge.core.json_types import EventJson
    from warjudge.hexwar.decisions import Decision
    from warjudge.hexwar.sjg.game import SjgNecromancerGame
    from warjudge.hexwar.sjg.legal import PlainWalks
    from warjudge.hexwar.sjg.setup import Options, Scenario
    from warjudge.hexwar.sjg.state import Unit
    from warjudge.hexwar.sjg.tables import CRTResult
    from warjudge.hexwar.sjg.view_types import BoardId

# The game a clone was made from, its state and its record's length then (game.py, _before_change)
Origin = tuple["SjgNecromancerGame", SjgState, int]


class GameParts(HexGame[SjgState, Event, A.Action]):
    """The template as SJG's parts see it, and what only SJG adds to it."""

    options: Options
    scenario: Scenario
    _origin: Origin | None   # the game this one was cloned from, as it was then (game.py)
    _lent: SjgState | None   # a state of this game's that a clone's undo holds (game.py)
    undo_stack: list[tuple[SjgState, EventJson]]
    _board_id: BoardId | None
    _walks: tuple[Stamp, dict[str, PlainWalks]] | None   # the plain moves each legal list holds
    _groups_kept: tuple[Stamp, dict[str, dict[str, Any]]] | None   # each side's `legal_groups` in this position

    def _roll(self, dice: int, reason: str, **params: Any) -> int:
        """`dice` dice from the game's chance source, reported with what they decide."""
        self.state.rolls += 1
        total = sum(self.dice.roll(6) for _ in range(dice))
        self._say("sjg.roll", total=total, reason=reason, **params)
        return total

    def _say(self, code: str, hidden_from: tuple[str, ...] = (), **params: Any) -> None:
        """Report what happened as an event (code and JSON parameters); the wording is
        presentation's (presentation/sjg/wording_en.py)."""
        self._tell(Event(code, params, hidden_from))

    if TYPE_CHECKING:
        @property
        def pending(self) -> Decision | None: ...
        def _decision_for(self, side: str) -> Decision: ...
        def _listed_walk(self, side: str, units: list[int], path: list[str]) -> bool: ...
        def _eliminate(self, unit: Unit, why: str, combat: bool = False) -> None: ...
        def _start_turn(self, side: str) -> None: ...
        def _next_phase(self, after: str) -> None: ...
        def _queue_retreat(self, side: str, hex_: str, units: list[int], losses: int,
                           enemies: list[str]) -> None: ...
        def _crt_roll(self, column: str, modifier: int, why: str, **params: Any) -> tuple[int | None, CRTResult]: ...
        def _demon_strikes(self, hex_: str) -> None: ...
        def _banish_demon(self, why: str, **params: Any) -> None: ...
        def _attempts_left(self) -> int: ...
