"""Casualties and what follows them (7.4-7.6, 8.24): a result applied, Leaders sharing
it, eliminations, retreats with their displacements, retreats before combat (7.7) and
the victor's advance, each forced choice waiting in the state's queue."""

from __future__ import annotations

from typing import Any

from warjudge.core.game import Action
from warjudge.hexwar.gondor_sauron import aftermath, cauldrons, combat, formations, siege
from warjudge.hexwar.gondor_sauron.battle import Battle
from warjudge.hexwar.gondor_sauron.charts import CasualtyResult
from warjudge.hexwar.gondor_sauron.game_state import Pending
from warjudge.hexwar.gondor_sauron.morale import loss_value
from warjudge.hexwar.gondor_sauron.units import CombatUnit, Leader


class CasualtiesAndRetreats(Battle):
    """Combat results and the forced choices they queue."""

    def _pending_actions(self, p: Pending) -> list[Action]:
        unit = self.state.position.units[p.unit]
        if p.kind == "advance":
            return [{"type": "advance", "unit": p.unit}, {"type": "stay"}]
        if p.kind == "evade":   # 7.7: retreat one or two hexes before the melee, or stand
            acts = [{"type": "evade", "path": list(c.path)} for n in (1, 2)
                     for c in aftermath.retreat_choices(self.state.position, unit, n) if not c.chain]
            return acts + [{"type": "stand"}]
        acts = [{"type": "retreat", "path": list(c.path)} | _displacing(c.chain)
                for c in aftermath.retreat_choices(self.state.position, unit, p.hexes)]
        # 7.61: a friend *may* be displaced; declining loses the retreating unit
        return acts + ([{"type": "decline"}] if any("displace_to" in a for a in acts) else [])

    def _settle_forced(self) -> None:
        """Resolve forced choices that have become empty (a retreat with no way left is
        an elimination, 7.56; 7.23 flips), and drop those whose units are gone, so the
        side to act always has a legal action. Siege engines an enemy reached are lost."""
        for eid in siege.capture(self.state.position):
            self._log("engine-destroyed", engine=eid)
        for lost in cauldrons.capture(self.state.position):
            self._log("cauldron-taken", cauldron=lost.id, dummy=lost.dummy)
        while self.state.queue:
            p = self.state.queue[0]
            unit = self.state.position.units.get(p.unit)
            if unit is None or (p.kind == "evade" and p.vacated not in self.state.position.units):
                self.state.queue.pop(0)
            elif p.kind == "advance" and not aftermath.advance_hexes(self.state.position, unit, p.vacated, melee=True):
                self.state.queue.pop(0)
            elif p.kind == "retreat" and not self._pending_actions(p):
                self.state.queue.pop(0)
                self._cannot_retreat(unit, p.then_advance, p.fallback)
            else:
                return

    def _answer(self, p: Pending, action: Action) -> None:
        unit = self.state.position.units[p.unit]
        kind = action["type"]
        if kind == "advance":   # a formation advances whole (ruling)
            self._log("advance", unit=unit.id, to=p.vacated)
            self._carry_leaders(unit, p.vacated)
            for u in formations.members(self.state.position, unit):
                u.hex = p.vacated
                self.state.advanced.add(u.id)
        elif kind == "evade":
            here = unit.hex
            self._follow(unit, action["path"])
            die = self.dice.roll()
            unit.disrupted = die in aftermath.BEFORE_COMBAT_DISRUPTED   # 7.7: disrupted on 1-3
            self._log("evade", unit=unit.id, path=action["path"], die=die, disrupted=unit.disrupted)
            self._offer_advance(self.state.position.units[p.vacated], here)
        elif kind == "stand":   # the stated attacks follow (_resume_melee)
            self._log("stand", unit=unit.id)
        elif kind == "decline":
            self._log("declined", unit=unit.id)
            self._cannot_retreat(unit, p.then_advance, p.fallback)
        elif kind == "retreat":
            here = unit.hex
            self._displace(unit, [action["path"][-1], *_chain_of(action)])
            self._follow(unit, action["path"])
            unit.disrupted = True                               # 7.57
            self._log("retreat", unit=unit.id, path=action["path"])
            if p.then_advance and p.then_advance in self.state.position.units:
                self._offer_advance(self.state.position.units[p.then_advance], here)

    def _strike(self, event: str, terms: combat.Terms, target: CombatUnit, attacker: CombatUnit | None,
                **facts: Any) -> None:
        """A melee attack, missile fire or oil poured on the Combat Results Table (7.4),
        reported, its result suffered by `target` (the victor, `attacker`, may advance)."""
        hit = combat.strike(self.state.position.charts, self.dice, terms.attack, terms.armour, terms.morale, terms.fanatical)
        self._log(event, **facts, target=target.id, dice=hit.total, die=hit.die,
                  result=hit.result.code if hit.result else "-")
        if hit.result:
            self._casualty(target, hit.result, attacker=attacker)

    def _casualty(self, unit: CombatUnit, result: CasualtyResult, attacker: CombatUnit | None) -> None:
        """7.42 applied; 8.24 Leaders share A/E on 5-6; 7.51 a melee victor may advance."""
        here = unit.hex
        if result.shared_by_leader:
            self._share(unit, "E" if result.eliminated else "A")
        group = formations.members(self.state.position, unit)
        if result.half and len(group) == 2:      # 8.46: one unit of the formation is lost
            formations.dissolve(self.state.position, unit)
            self._eliminate(group[1], "half")
            return
        if result.retreat:                       # 8.46: each retreats to its own hex
            formations.dissolve(self.state.position, unit)
        for u in group:
            reduced = u.reduced
            if aftermath.casualty_eliminates(u, result):
                self._eliminate(u, "E" if result.eliminated else "reduced" if reduced else "no-reduced-side")
                continue
            if result.flip or result.half:
                self._log("flipped", unit=u.id)
            if result.retreat:
                self._retreat_or(u, result.retreat, advance=attacker.id if attacker else "")
        if attacker and not any(u.id in self.state.position.units for u in group):
            self._offer_advance(attacker, here)

    def _wound(self, ldr: Leader, res: str) -> None:
        """A Leader's A wounds him (Rally Rating -1, ruling), his E kills him (7.22, 8.21)."""
        if res == "E":
            del self.state.position.leaders[ldr.id]
            self._log("leader-killed", leader=ldr.id)
        else:
            ldr.rally = max(0, ldr.rally - 1)

    def _share(self, unit: CombatUnit, res: str) -> None:
        """8.24: each Leader stacked with a unit suffering an A or E result (by melee,
        missile, oil, catapult or 7.23) rolls a die and suffers the same on 5-6. Sharing
        is no Leader combat: it moves no unit (7.23 is for duels only)."""
        for ldr in [x for x in self.state.position.leaders.values() if x.hex == unit.hex and x.side == unit.side]:
            die = self.dice.roll()
            shared = aftermath.leader_shares(die)
            self._log("leader-share", leader=ldr.id, unit=unit.id, result=res, die=die, shared=shared)
            if shared:
                self._wound(ldr, res)

    def _retreat_or(self, unit: CombatUnit, hexes: int, advance: str = "", fallback: str = "") -> None:
        if aftermath.retreat_choices(self.state.position, unit, hexes):
            self.state.queue.insert(0, Pending("retreat", unit.side, unit.id, hexes, unit.hex, advance, fallback))
            return
        self._cannot_retreat(unit, advance, fallback)

    def _cannot_retreat(self, unit: CombatUnit, advance: str, fallback: str) -> None:
        """7.56 (7.63 when a displacement is declined): the unit is eliminated, and the
        victor may advance; 7.23: a Leader-combat retreat flips it first (8.24: an A or an
        E its Leaders may share; 7.57: a disrupted unit is eliminated instead)."""
        if fallback == "flip":
            if not unit.disrupted and not aftermath.flip(unit):
                self._log("flipped", unit=unit.id)
                self._share(unit, "A")
                return
            self._share(unit, "E")
        here = unit.hex
        self._eliminate(unit, "no-retreat")                    # 7.56
        if advance:
            self._offer_advance(self.state.position.units[advance], here)

    def _offer_advance(self, winner: CombatUnit, vacated: str) -> None:
        """7.51: the victor may advance, asked once (a unit that could not retreat is
        both a failed retreat and an emptied hex)."""
        if any(p.kind == "advance" and (p.unit, p.vacated) == (winner.id, vacated) for p in self.state.queue):
            return
        if aftermath.advance_hexes(self.state.position, winner, vacated, melee=True):
            self.state.queue.insert(0, Pending("advance", winner.side, winner.id, vacated=vacated))

    def _displace(self, unit: CombatUnit, hexes: list[str]) -> None:
        """7.61-7.65: each friend in `hexes` (but the last) retreats one hex into the next,
        the farthest first, so every hex is free when entered; displaced units are
        disrupted."""
        friends = [next(u for u in self.state.position.units_at(h) if u.side == unit.side) for h in hexes[:-1]]
        for friend, to in reversed(list(zip(friends, hexes[1:]))):
            self._follow(friend, [to])
            friend.disrupted = True                         # 7.65
            self._log("displaced", unit=friend.id, to=to)

    def _follow(self, unit: CombatUnit, path: list[str]) -> None:
        """A unit retreats along `path`."""
        self._carry_leaders(unit, path[-1])
        unit.hex = path[-1]

    def _carry_leaders(self, unit: CombatUnit, to: str) -> None:
        """Leaders stacked with a unit that retreats or advances go with it (ruling: 8.1
        wants them stacked, and a Leader left alone would bar the enemy's way, 4.27)."""
        for ldr in self.state.position.leaders.values():
            if ldr.hex == unit.hex and ldr.side == unit.side:
                ldr.hex = to

    def _eliminate(self, unit: CombatUnit, why: str) -> None:
        """9.13: its value counts towards its army's losses; 8.24: a Leader left alone
        is transferred to the nearest friendly combat unit (`leaders.restack_hex`).
        `why` tells the players: "E" (7.42), "reduced" (an A or a lone 1/2 E on a reduced unit),
        "no-reduced-side" (an A on a unit with none printed), "half" (8.46), "no-retreat" (7.56)."""
        formations.dissolve(self.state.position, unit)
        del self.state.position.units[unit.id]
        self.state.losses[unit.side] += loss_value([unit])
        self.state.eliminated.append(unit.id)
        self._log("eliminated", unit=unit.id, value=unit.full.demoralization_value(), why=why)
        for ldr in list(self.state.position.leaders.values()):
            if ldr.hex == unit.hex and ldr.side == unit.side and not self.state.position.units_at(unit.hex):
                self._transfer(ldr)


def _displacing(chain: tuple[str, ...]) -> Action:
    """A retreat action's displacement chain (7.64): where the friend in the path's last
    hex goes, then where each friend displaced in turn goes."""
    if not chain:
        return {}
    return {"displace_to": chain[0]} | ({"then_to": list(chain[1:])} if len(chain) > 1 else {})


def _chain_of(action: Action) -> list[str]:
    return [action["displace_to"], *action.get("then_to", [])] if "displace_to" in action else []
