"""The Rally Phase (8.3): Leaders try to rally disrupted units."""

from __future__ import annotations

from warjudge.core.game import Action
from warjudge.hexwar.gondor_sauron import leaders, spells
from warjudge.hexwar.gondor_sauron.battle import Battle
from warjudge.hexwar.gondor_sauron.units import CombatUnit, Leader


class Rally(Battle):
    """Rally attempts."""

    def _rally_actions(self, side: str) -> list[Action]:
        st = self.state
        acts = [{"type": "rally", "leader": ldr.id, "unit": u.id}
                for ldr in self._own(side, Leader) for u in self._own(side, CombatUnit)
                if not leaders.rally_problem(self.state.position, ldr, u, st.rallied_by, st.tried)
                and not spells.barred(st.bound, ldr.id, "rally")]
        return acts + [{"type": "end"}]

    def _rally(self, ldr: Leader, u: CombatUnit) -> None:
        """8.34: one attempt (8.32: counted per Leader; 8.36: once a unit a turn)."""
        self.state.rallied_by[ldr.id] = self.state.rallied_by.get(ldr.id, 0) + 1
        self.state.tried.add(u.id)
        total, ok = leaders.rally(self.state.position, self.dice, ldr, u)
        self._log("rally", leader=ldr.id, unit=u.id, dice=total, rallied=ok)
