"""The Combat Phase's first stages: missile fire, catapults and boiling oil (7.1), then
Leader combat (7.2)."""

from __future__ import annotations

from warjudge.core.game import Action
from warjudge.hexwar.gondor_sauron import cauldrons, combat, formations, siege, spells
from warjudge.hexwar.gondor_sauron.phase_retreats import CasualtiesAndRetreats
from warjudge.hexwar.gondor_sauron.units import WESTERNESSE, Cauldron, CombatUnit, Engine, Leader, other


LEADER_COMBAT_RETREAT = 2   # 7.23


class MissilesAndLeaderCombat(CasualtiesAndRetreats):
    """Missile fire, oil and Leader duels."""

    def _missile_targets(self, side: str) -> list[CombatUnit]:
        """The enemy units `side` may shoot or pour at: each alone or leading its formation."""
        return [t for t in self._own(other(side), CombatUnit) if formations.is_lead(self.state.position, t)]

    def _missile_actions(self, side: str) -> list[Action]:
        """7.1: each unit, catapult and (Westernesse's) cauldron shoots once a Game-Turn."""
        pos, st = self.state.position, self.state
        towers = siege.siege_towers(pos)
        targets = self._missile_targets(side)
        acts = [{"type": "fire", "unit": u.id, "target": t.id} for u in self._own(side, CombatUnit)
                for t in targets if not combat.missile_problem(pos, u, t, st.fired, siege_towers=towers)]
        acts += [{"type": "fire", "unit": e.id, "target": t.id} for e in self._own(side, Engine)
                 for t in targets if not combat.catapult_problem(pos, e, t, st.fired | st.sieged)]
        acts += [{"type": "pour", "cauldron": c.id, "target": t.id} for c in sorted(pos.cauldrons.values(),
                                                                                     key=lambda c: c.id)
                 for t in targets if side == WESTERNESSE and not cauldrons.pour_problem(pos, c, t, st.fired)]
        return acts + [{"type": "next"}]

    def _leader_actions(self, side: str) -> list[Action]:
        """7.21: Leader combat, each Leader once a Combat Phase, never obliged."""
        pos, st = self.state.position, self.state
        acts = [{"type": "duel", "leader": a.id, "target": d.id}
                for a in self._own(side, Leader) for d in self._own(other(side), Leader)
                if not combat.leader_combat_problem(pos, a, d, st.fought)
                and not spells.barred(st.bound, a.id, "duel")]
        return acts + [{"type": "next"}]

    def _a_cauldron_may_seem_to_pour(self, side: str) -> bool:
        st, pos = self.state, self.state.position
        if side != WESTERNESSE or self._phase().kind != "combat" or st.stage != "missile":
            return False
        return any(cauldrons.placed_problem(pos, c, t, st.fired) is None for c in pos.cauldrons.values()
                   for t in self._missile_targets(side))

    def _fire(self, shooter: CombatUnit | Engine, target: CombatUnit) -> None:
        """7.17: resolved as melee is, with the missile strength (combat.missile_terms)."""
        self.state.fired.add(shooter.id)
        self._strike("fire", combat.missile_terms(self.state.position, shooter, target), target, None, unit=shooter.id)

    def _pour(self, cauldron: Cauldron, target: CombatUnit) -> None:
        """Boiling oil (Gondor, reconstructed): resolved as missile fire is (7.17) at the
        cauldron's attack strength, the wall no cover (it is poured from above); one oil
        counter is used."""
        self.state.fired.add(cauldron.id)
        terms = cauldrons.pour_terms(self.state.position, cauldron, target)
        cauldrons.pour(cauldron)
        self._strike("pour", terms, target, None, cauldron=cauldron.id)

    def _duel(self, a: Leader, d: Leader) -> None:
        self.state.fought.add(a.id)
        diff, die, mine, theirs = combat.leader_fight(self.state.position, self.dice, a, d)
        self._log("duel", leader=a.id, target=d.id, differential=diff, die=die, result=f"{mine}/{theirs}")
        for ldr, res in ((a, mine), (d, theirs)):
            if res == "-":
                continue
            here = [u for u in self.state.position.units_at(ldr.hex) if u.side == ldr.side]
            self._wound(ldr, res)
            for u in here:   # 7.23: the unit stacked with him retreats two hexes, or flips, or dies
                formations.dissolve(self.state.position, u)
                self._retreat_or(u, LEADER_COMBAT_RETREAT, fallback="flip")
