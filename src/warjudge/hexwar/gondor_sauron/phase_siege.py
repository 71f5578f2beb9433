"""The Siege Phase (3.0 B): catapults bombard walls, gates and towers."""

from __future__ import annotations

from warjudge.core.game import Action
from warjudge.hexwar.gondor_sauron import combat, siege
from warjudge.hexwar.gondor_sauron.battle import Battle
from warjudge.hexwar.gondor_sauron.units import Engine


class Siege(Battle):
    """Bombardment."""

    def _siege_actions(self, side: str) -> list[Action]:
        """3.0 B: each catapult may bombard one wall, gate or tower hexside in range."""
        acts = []
        for e in self._own(side, Engine):
            for hs in siege.breachable_sides(self.state.position):
                if not siege.bombard_problem(self.state.position, e, hs, self.state.sieged):
                    acts.append({"type": "bombard", "engine": e.id, "hexside": list(hs)})
        return acts + [{"type": "end"}]

    def _bombard(self, engine: Engine, hexside: tuple[str, str]) -> None:
        """3.0 B: two dice against the scenario's breach numbers for the hexside."""
        self.state.sieged.add(engine.id)
        total = combat.two_dice(self.dice)
        breach_on = self.scenario.spec.siege.breach_on if self.scenario.spec.siege else {}
        made = siege.bombard(self.state.position, hexside, total, {k: list(v) for k, v in breach_on.items()})
        self._log("bombard", engine=engine.id, hexside=list(hexside), dice=total, breached=made)
