"""The Combat Phase's melee (7.3): attackers stated against a defender one by one, the
statement resolved (7.32, 7.34), each stated attack made in turn once the choices the
last one forced are made; the obligation to attack (7.31)."""

from __future__ import annotations

from warjudge.core.game import Action
from warjudge.hexwar.gondor_sauron import aftermath, combat, formations, melee
from warjudge.hexwar.gondor_sauron.game_state import Pending
from warjudge.hexwar.gondor_sauron.phase_retreats import CasualtiesAndRetreats
from warjudge.hexwar.gondor_sauron.units import CombatUnit


class Melee(CasualtiesAndRetreats):
    """Melee: statements and their attacks."""

    def _melee_actions(self, side: str) -> list[Action]:
        """7.3: units stated against defenders, one by one, then resolved (7.32)."""
        st = self.state
        acts = melee.actions(self.state.position, self._melee_pairs(side), st.allocation)
        if st.allocation is None and not self._obliged(side):
            acts.append({"type": "end"})
        return acts

    def _melee_pairs(self, side: str) -> list[tuple[CombatUnit, CombatUnit]]:
        st = self.state
        stated = st.allocation.attackers if st.allocation else []
        return melee.pairs(self.state.position, side, st.attacked | st.advanced | set(stated), st.advanced | st.meleed)

    def _obliged(self, side: str) -> list[str]:
        """7.31: units in an enemy ZOC that have not attacked nor been stated and still can."""
        return melee.obliged(self.state.position, self._melee_pairs(side)) if self.state.stage == "melee" else []

    def _state_attacker(self, side: str, unit: str, target: str) -> None:
        """7.32: one more unit stated against the defender; the statement closes by itself
        when no unit is left to add."""
        st = self.state
        if st.allocation is None:
            st.allocation = melee.Allocation(target, self.state.position.units[target].hex)
        st.allocation.attackers.append(unit)
        if melee.actions(self.state.position, self._melee_pairs(side), st.allocation) == [melee.RESOLVE]:
            self._resolve_allocation()

    def _resolve_allocation(self) -> None:
        """7.32, 7.34: every stated unit is spent now; the defender may first retreat
        before combat (7.7: cavalry only if no stated attacker is cavalry); the attacks
        follow in `_resume_melee`."""
        st, pos = self.state, self.state.position
        al = st.allocation
        assert al is not None
        al.resolving = True
        st.meleed.add(al.target)
        for uid in al.attackers:
            st.attacked |= {u.id for u in formations.members(pos, pos.units[uid])}
        self._log("allocated", target=al.target, units=list(al.attackers))
        defender = pos.units[al.target]
        if defender.id not in pos.formations and \
                aftermath.may_retreat_before_combat(defender, [pos.units[u] for u in al.attackers]) and \
                any(not c.chain for n in (1, 2) for c in aftermath.retreat_choices(pos, defender, n)):
            self.state.queue.insert(0, Pending("evade", defender.side, defender.id, vacated=al.attackers[0]))

    def _resume_melee(self) -> None:
        """The stated attacks, one at a time (7.32), each once the choices the last one
        forced (retreats, advances) are made; one whose defender is gone, has retreated or
        is out of reach lapses (ruling)."""
        al = self.state.allocation
        while al is not None and al.resolving and not self.state.queue:
            if al.done == len(al.attackers):
                self.state.allocation = None
                return
            uid = al.attackers[al.done]
            al.done += 1
            why = melee.lapse(self.state.position, al, uid)
            if why:
                self._log("attack-lapsed", unit=uid, target=al.target, why=why)
            else:
                self._melee(self.state.position.units[uid], self.state.position.units[al.target])
            self._settle_forced()

    def _melee(self, attacker: CombatUnit, defender: CombatUnit) -> None:
        self._strike("attack", combat.melee_terms(self.state.position, attacker, defender), defender, attacker,
                     unit=attacker.id)
