"""What the phase mixins (phase_*.py) use of the game they are mixed into, spelled out
for the type checker: SjgNecromancerGame (game.py) or a sibling mixin defines each name.
Everything play changes is one value, `state` (game_state.py).
Nothing here exists at run time, so the game's own definitions are the only ones."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from warjudge.core.dice import Dice
    from warjudge.core.events import Event
    from warjudge.core.json_types import EventJson
    from warjudge.core.log import Log
    from warjudge.core.record import GameRecord
    from warjudge.hexwar.decisions import Decision
    from warjudge.hexwar.sjg.view_types import BoardId
    from warjudge.hexwar.sjg.game_state import SjgState
    from warjudge.hexwar.sjg.interface import LegalKept, Origin
    from warjudge.hexwar.sjg.setup import Options, Scenario
    from warjudge.hexwar.sjg.state import Unit
    from warjudge.hexwar.sjg.tables import CRTResult


class GameParts:
    if TYPE_CHECKING:
        options: Options
        scenario: Scenario
        record: GameRecord
        dice: Dice
        events: Log[Event]
        state: SjgState          # all that play changes (game_state.py)
        _origin: Origin | None   # the game this one was cloned from, as it was then (game.py)
        _lent: SjgState | None   # a state of this game's that a clone's undo holds (game.py)
        undo_stack: list[tuple[SjgState, EventJson]]
        _board_id: BoardId | None
        _legal_kept: LegalKept | None

        @property
        def pending(self) -> Decision | None: ...
        @property
        def is_over(self) -> bool: ...
        def _decision_for(self, side: str) -> Decision: ...
        def _listed_walk(self, side: str, units: list[int], path: list[str]) -> bool: ...
        def _say(self, code: str, hidden_from: tuple[str, ...] = (), **params: Any) -> None: ...
        def _roll(self, dice: int, reason: str, **params: Any) -> int: ...
        def _eliminate(self, unit: Unit, why: str, combat: bool = False) -> None: ...
        def _start_turn(self, side: str) -> None: ...
        def _next_phase(self, after: str) -> None: ...
        def _queue_retreat(self, side: str, hex_: str, units: list[int], losses: int,
                           enemies: list[str]) -> None: ...
        def _crt_roll(self, column: str, modifier: int, why: str, **params: Any) -> tuple[int | None, CRTResult]: ...
        def _demon_strikes(self, hex_: str) -> None: ...
        def _banish_demon(self, why: str, **params: Any) -> None: ...
        def _attempts_left(self) -> int: ...
