"""The Magic Phases (3.0 A and E, 8.5): Magic Leaders move or cast the scenario's spells."""

from __future__ import annotations


from warjudge.core.game import Action
from warjudge.hexwar.gondor_sauron import cauldrons, leaders, spells
from warjudge.hexwar.gondor_sauron.phase_movement import MovementAndStacking
from warjudge.hexwar.gondor_sauron.units import Leader


class Magic(MovementAndStacking):
    """Magic Leaders' moves and spells."""

    def _magic_actions(self, side: str) -> list[Action]:
        # 3.0 A/E, 4.11: Magic Leaders move or cast spells
        acts = [a for ldr in self._own(side, Leader) if ldr.is_magic for a in self._moves_of(ldr)]
        return acts + self._casts(side) + [{"type": "end"}]

    def _casts(self, side: str) -> list[Action]:
        """8.52-8.55, 3.0 A/E: each spell of the scenario a Magic Leader can afford, once
        per Leader and spell a phase (ruling), at each target it may have."""
        st, acts = self.state, []
        for ldr in self._own(side, Leader):
            if leaders.cast_problem(ldr, 1, ldr.id in st.cast_in_a, self.state.phase, ldr.id in st.moved) \
                    or spells.barred(st.bound, ldr.id, "cast") or cauldrons.pedestal_problem(self.pedestal, ldr):
                continue
            for sp in self.scenario.spec.spells:
                if sp.side != side or (ldr.id, sp.id) in st.attempts or \
                        leaders.cast_problem(ldr, sp.cost, ldr.id in st.cast_in_a, self.state.phase, False):
                    continue
                for target in spells.targets(self.state.position, sp, ldr, st.bound, set(self.state.to_come)):
                    acts.append({"type": "cast", "leader": ldr.id, "spell": sp.id}
                                | ({"target": target} if target else {}))
        return acts

    def _cast(self, ldr: Leader, spell_id: str, target: str | None) -> None:
        """8.54-8.56: two dice on the Magic Spell Chart; a success spends the points and
        takes effect. The Leader moves no more this phase (8.52) and, having cast in A,
        casts nothing in E (3.0)."""
        spell = next(s for s in self.scenario.spec.spells if s.id == spell_id)
        st = self.state
        st.casting.add(ldr.id)
        st.attempts.add((ldr.id, spell_id))
        if self.state.phase == "A":
            st.cast_in_a.add(ldr.id)
        total, ok = leaders.cast(self.state.position, self.dice, ldr, spell.cost)
        self._log("cast", leader=ldr.id, spell=spell_id, target=target, dice=total, success=ok)
        if not ok:
            return
        if spell.effect == "arrive" and spell.group in self.state.to_come:
            self._arrive(spell.group)
        spells.take_effect(self.state.position, spell, target, st.bound)
