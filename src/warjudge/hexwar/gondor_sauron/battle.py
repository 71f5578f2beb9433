"""What every part of a Gondor & Sauron battle stands on (hexwar/hexgame.py's template
over `GondorSauronState`): the scenario's fixed data, the sides' pieces, the phase now
played, the log, the reinforcements' arrival and a Leader's transfer (8.24)."""

from __future__ import annotations

from typing import Any

from warjudge.core.game import Action
from warjudge.hexwar.copying import copied
from warjudge.hexwar.gondor_sauron import leaders, sequence
from warjudge.hexwar.gondor_sauron.game_state import GondorSauronState
from warjudge.hexwar.gondor_sauron.scenario import Scenario
from warjudge.hexwar.gondor_sauron.units import SIDES, CombatUnit, Engine, Leader
from warjudge.hexwar.hexgame import HexGame


MOST_TURNS = 99


class Battle(HexGame[GondorSauronState, dict[str, Any], Action]):
    """The battle's fixed data and the helpers every phase uses."""

    scenario: Scenario
    max_turns: int | None
    pedestal: tuple[str, str] | None     # the Leader who casts only from his hex, and the hex
    entry_of: dict[str, list[str]]       # a reinforcement's entry hexes

    @property
    def last_turn(self) -> int:
        return min(self.scenario.spec.turns, self.max_turns or MOST_TURNS)

    @property
    def is_over(self) -> bool:
        return self.state.turn > self.last_turn or self._wiped_out() is not None

    def _wiped_out(self) -> str | None:
        """A side with no combat unit on the map, waiting to enter or still to come."""
        for side in SIDES:
            later = [p for ps in self.state.to_come.values() for p in ps] + list(self.state.waiting.values())
            if not any(u.side == side for u in (*self.state.position.units.values(), *later) if isinstance(u, CombatUnit)):
                return side
        return None

    def _phase(self) -> sequence.Phase:
        return sequence.phase(self.game_id, self.state.phase)

    def _own(self, side: str, kind: type) -> list[Any]:
        found: dict[type, dict[str, Any]] = {CombatUnit: self.state.position.units, Leader: self.state.position.leaders,
                                             Engine: self.state.position.engines}
        return sorted((p for p in found[kind].values() if p.side == side), key=lambda p: p.id)

    def _log(self, kind: str, **facts: Any) -> None:
        self._tell({"turn": self.state.turn, "phase": self.state.phase, "event": kind, **facts})

    def _arrive(self, group: str) -> None:
        for piece in self.state.to_come.pop(group):   # shared with clones until now: each takes its own
            self.state.waiting[piece.id] = copied(piece)
        spec = next(g for g in self.scenario.spec.reinforcements if g.group == group)
        self.state.levels[spec.side] += spec.demoralization
        self._log("arrived", group=group)

    def _transfer(self, ldr: Leader) -> None:
        to = leaders.restack_hex(self.state.position, ldr)
        if to is not None and to != ldr.hex:
            self._log("leader-transferred", leader=ldr.id, frm=ldr.hex, to=to)
            ldr.hex = to
