"""The Movement Phase (4.0-6.0, 8.4): pieces moved hex by hex, formations formed, split
and moved whole, reinforcements entering; the stacking limit met when the phase ends
(4.28, 5.0) and the Leaders stacked (8.1). Where a piece may go is searched once per
position and kept while nothing it depends on changes."""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from warjudge.core.game import Action
from warjudge.hexwar import stacking
from warjudge.hexwar.gondor_sauron import formations, leaders, moves, spells
from warjudge.hexwar.gondor_sauron.battle import Battle
from warjudge.hexwar.gondor_sauron.units import WESTERNESSE, CombatUnit, Engine, Leader


class StackingPlan(NamedTuple):
    """A side's combat units as stacking pieces (a formation one, 5.0 b): hex and the
    hexes it may end the phase in; where each could end it within the limit (None:
    nothing can meet it); how many stand in each hex; the hexes over the limit (none
    when nothing can put them right)."""

    pieces: dict[str, tuple[str, tuple[str, ...]]]
    plan: stacking.Assignment | None
    counts: Counter[str]
    over: list[str]


class MovementAndStacking(Battle):
    """Moves, formations, entries and the stacking the phase must end within."""

    _facts: tuple[Any, Any]                                     # see _movement_facts
    _reach: tuple[Any, dict[tuple[Any, ...], list[str]]]         # see _movement_facts
    _plan: tuple[Any, Any]                                      # see _stacking_plan

    def _moves_of(self, piece: CombatUnit | Leader | Engine) -> list[Action]:
        reach = self._reach_of(piece)
        if isinstance(piece, Engine):   # ruling: one siege engine a hex
            taken = {e.hex for e in self.state.position.engines.values()}
            reach = [h for h in reach if h not in taken]
        elif isinstance(piece, CombatUnit) and reach:   # 4.28, 5.0: onto a friend if the phase can still end
            plan = self._stacking_plan(piece.side).plan
            reach = reach if plan is None else [h for h in reach if h not in plan.held or plan.allows(piece.id, h)]
        return [{"type": "move", "piece": piece.id, "to": h} for h in reach]

    def _reach_of(self, piece: CombatUnit | Leader | Engine) -> list[str]:
        """Every hex the piece may still move to this phase, friends' hexes included."""
        st = self.state
        if piece.id in st.moved | st.casting | st.sieged or spells.barred(st.bound, piece.id, "move"):
            return []
        zoc, occupied = self._movement_facts(piece.side)
        found = self._reach[1]
        unit = piece if isinstance(piece, CombatUnit) else None   # a Leader or an engine has no step
        mine = (piece.id, piece.hex, piece.id in self.state.position.formations, unit is not None and unit.reduced,
                unit is not None and unit.disrupted)
        if mine not in found:
            found[mine] = moves.destinations(self.state.position, piece, zoc=zoc, occupied=occupied)
        return found[mine]

    def _movement_facts(self, side: str) -> tuple[frozenset[str], dict[str, str]]:
        """The enemy ZOC and the occupancy, once per position (keyed by actions applied).
        The hexes each piece can reach are remembered while nothing they depend on
        changes (the enemy's pieces and zones, breaches, demoralization): a side's own
        moves change none of these, so a Movement Phase searches each piece once."""
        key = (self.record.action_count(), side, tuple(sorted((p.id, p.hex) for p in self.state.position.leaders.values())))
        if self._facts[0] != key:
            zoc, occupied = frozenset(self.state.position.enemy_zoc(side)), self.state.position.occupancy()
            stable = (side, zoc, frozenset(h for h, s in occupied.items() if s != side), self.state.position.breached,
                      frozenset(self.state.position.demoralized))
            if self._reach[0] != stable:
                self._reach = (stable, {})
            self._facts = (key, (zoc, occupied))
        facts: tuple[frozenset[str], dict[str, str]] = self._facts[1]
        return facts

    def _movement_actions(self, side: str) -> list[Action]:
        # 3.0 C/F: every piece but the Magic Leaders; a formation moves as one (8.45),
        # breaks up by moving one unit away (8.48), forms with a Leader (8.43)
        acts = []
        for u in self._own(side, CombatUnit):
            if u.id in self.state.position.formations:
                acts += self._moves_of(u) if formations.is_lead(self.state.position, u) else []
                acts += self._splits_of(u)
            else:
                acts += self._moves_of(u)
        acts += [a for ldr in self._own(side, Leader) if not ldr.is_magic for a in self._moves_of(ldr)]
        acts += [a for e in self._own(side, Engine) for a in self._moves_of(e)]
        acts += self._entries(side)
        acts += self._forms(side) if side == WESTERNESSE else []
        ended = not self._restackable(side, acts) and not self._overstacked_at_end_of_movement(side)
        return acts + ([{"type": "end"}] if ended else [])

    def _splits_of(self, unit: CombatUnit) -> list[Action]:
        """8.48: one unit of a formation moves away on its own, which disbands it (and
        the one left may still move)."""
        partner = self.state.position.units[self.state.position.formations[unit.id]]
        lead = formations.members(self.state.position, unit)[0].id
        self._stacking_plan(unit.side)   # made for the formation as it stands
        formations.dissolve(self.state.position, unit)
        try:
            found, left = self._reach_of(unit), (partner.hex, (partner.hex, *self._reach_of(partner)))
        finally:
            self.state.position.formations.update({unit.id: partner.id, partner.id: unit.id})
        return [{"type": "split", "unit": unit.id, "to": h} for h in found
                if self._phase_can_end_after(unit.side, {lead: None, partner.id: left, unit.id: (h, (h,))})]

    def _forms(self, side: str) -> list[Action]:
        """8.43: two like units with or beside a Leader that has not moved."""
        acts = []
        for ldr in self._own(side, Leader):
            if spells.barred(self.state.bound, ldr.id, "form"):   # 8.47
                continue
            near = [u for u in self._own(side, CombatUnit)
                    if u.hex == ldr.hex or u.hex in self.state.position.map.neighbours(ldr.hex)]
            acts += [{"type": "form", "units": [a.id, b.id], "leader": ldr.id}
                     for i, a in enumerate(near) for b in near[i + 1:]
                     if not formations.form_problem(self.state.position, a, b, ldr, self.state.moved)
                     and self._phase_can_end_after(side, {b.id: None, a.id: (ldr.hex, (ldr.hex,))})]
        return acts

    def _entries(self, side: str) -> list[Action]:
        """Reinforcements that have arrived enter at a free entry hex of their group
        (ruling: they stop there; with every entry hex blocked they wait)."""
        occupied = self.state.position.occupancy()
        acts = []
        for pid, piece in sorted(self.state.waiting.items()):
            if piece.side != side:
                continue
            acts += [{"type": "enter", "piece": pid, "to": h} for h in self.entry_of[pid]
                     if occupied.get(h) in (None, side) and not (isinstance(piece, CombatUnit)
                                                                 and not self._phase_can_end_after(side, {pid: (h, (h,))}))]
        return acts

    def _stacking_pieces(self, side: str) -> dict[str, tuple[str, tuple[str, ...]]]:
        """Each combat unit of `side` (a formation as one, named by its first unit, 5.0 b):
        its hex and the hexes it may end this phase in (its own, then its moves')."""
        return {u.id: (u.hex, (u.hex, *self._reach_of(u))) for u in self._own(side, CombatUnit)
                if formations.is_lead(self.state.position, u)}

    def _stacking_plan(self, side: str) -> StackingPlan:
        """Where each piece could end the phase within the limit, once per position."""
        key = (self.record.action_count(), side)
        if self._plan[0] != key:
            pieces = self._stacking_pieces(side)
            plan = stacking.assignment({p: o for p, (_, o) in pieces.items()}, self.state.position.rules.stacking,
                                       {p: h for p, (h, _) in pieces.items()})
            counts = Counter(h for h, _ in pieces.values())
            over = [] if plan is None else sorted(h for h, n in counts.items() if n > self.state.position.rules.stacking)
            self._plan = (key, StackingPlan(pieces, plan, counts, over))
        found: StackingPlan = self._plan[1]
        return found

    def _phase_can_end_after(self, side: str, changes: dict[str, tuple[str, tuple[str, ...]] | None]) -> bool:
        """Whether the phase could still end within the stacking limit once `changes`
        are made (a piece's new hex and where it may then end, or None: gone). A move
        that could not is refused: it would leave a stack nothing may put right."""
        pieces, plan, counts, over = self._stacking_plan(side)
        if plan is None:
            return True
        [(piece, change)] = changes.items() if len(changes) == 1 else [("", None)]
        if change is not None and change[1] == (change[0],):
            return plan.allows(piece, change[0])   # one piece fixed in one hex: one search
        leaving = Counter(pieces[p][0] for p in changes if p in pieces)
        if not over and all(c is None or counts[c[0]] <= leaving[c[0]] for c in changes.values()):
            return True   # the position stays within the limit
        options, start = {p: o for p, (_, o) in pieces.items()}, dict(plan.hexes)
        for p, change in changes.items():
            options.pop(p, None)
            start.pop(p, None)
            if change is not None:
                start[p], options[p] = change
        return stacking.assignment(options, self.state.position.rules.stacking, start) is not None

    def _overstacked_at_end_of_movement(self, side: str) -> list[str]:
        """4.28, 5.0: the hexes where `side` has more combat units than the limit (a
        formation counting one), which it must put right before its Movement Phase
        ends; none when no move left could (ruling: what cannot be put right does not
        stop the game)."""
        return self._stacking_plan(side).over

    def _stacking_remedy(self, side: str) -> Action | None:
        """The games master's move for a side that may not end its Movement Phase for
        its stacking: a piece of an overstacked hex (then any) to where the plan puts it."""
        pieces, plan, _, over = self._stacking_plan(side)
        crowded = set(over)
        for p in sorted(pieces, key=lambda p: (pieces[p][0] not in crowded, p)):
            if plan and plan.hexes[p] != pieces[p][0]:
                return {"type": "move", "piece": p, "to": plan.hexes[p]}
        return None

    def _restackable(self, side: str, acts: list[Action]) -> list[str]:
        """8.1: every Leader must stand with a combat unit he may stack with (of his
        nationality unless he is a Magic Leader) when his side's Combat Phase begins, that
        is when its Movement Phase ends, however he came to be alone (moved, left behind,
        entered alone). The Leaders of `side` not so stacked whom one of the `acts` would
        stack (he moves to such a unit, or such a unit moves, splits, enters or forms
        into his hex): while there are any the phase may not end (ruling: one whom no
        action can stack is transferred when it ends, `_restack`)."""
        pos = self.state.position
        alone = [ldr for ldr in self._own(side, Leader) if leaders.stacking_problem(pos, ldr)]
        if not alone:
            return []
        found = set()
        for a in acts:
            if a["type"] == "form":
                to, movers = pos.leaders[a["leader"]].hex, [pos.units[x] for x in a["units"]]
            elif a["type"] in ("move", "split", "enter"):
                mover = a.get("piece") or a["unit"]
                to = a["to"]
                piece = pos.units.get(mover) or pos.leaders.get(mover) or self.state.waiting.get(mover)
                if isinstance(piece, Leader):
                    if piece in alone and any(leaders.accepts(piece, u) for u in pos.units_at(to)):
                        found.add(piece.id)
                    continue
                movers = [piece] if isinstance(piece, CombatUnit) else []
            else:
                continue
            found |= {ldr.id for ldr in alone if ldr.hex == to and any(leaders.accepts(ldr, u) for u in movers)}
        return sorted(found)

    def _restack(self, side: str) -> None:
        """8.1 when a Movement Phase ends (its side's Combat Phase begins): a Leader still
        not stacked as he must be, whom no action could stack (`_restackable`), is
        transferred as 8.24 transfers a Leader whose unit is eliminated (ruling)."""
        for ldr in self._own(side, Leader):
            if leaders.stacking_problem(self.state.position, ldr):
                self._transfer(ldr)

    def _move(self, pid: str, to: str) -> None:
        piece: CombatUnit | Leader | Engine = self.state.position.units.get(pid) or self.state.position.leaders.get(pid) \
            or self.state.position.engines[pid]
        group: list[CombatUnit | Leader | Engine] = \
            list(formations.members(self.state.position, piece)) if isinstance(piece, CombatUnit) else [piece]
        self._log("move", piece=pid, frm=piece.hex, to=to)
        for p in group:
            p.hex = to
            self.state.moved.add(p.id)

    def _split(self, uid: str, to: str) -> None:
        """8.48: the unit leaves its formation, which is disbanded."""
        formations.dissolve(self.state.position, self.state.position.units[uid])
        self._move(uid, to)

    def _form(self, units: list[str], leader: str) -> None:
        """8.43: the two units stack in their Leader's hex as one formation."""
        a, b = (self.state.position.units[x] for x in units)
        a.hex = b.hex = self.state.position.leaders[leader].hex
        self.state.position.formations.update({a.id: b.id, b.id: a.id})
        self.state.moved |= {a.id, b.id}                    # 8.45: no move the turn formed
        self._log("form", units=units, leader=leader, hex=a.hex)

    def _enter(self, pid: str, to: str) -> None:
        """A reinforcement that has arrived enters the map (`_entries`)."""
        piece = self.state.waiting.pop(pid)
        piece.hex = to
        if isinstance(piece, CombatUnit):
            self.state.position.units[piece.id] = piece
        else:
            self.state.position.leaders[piece.id] = piece
        self.state.moved.add(piece.id)
        self._log("enter", piece=piece.id, to=piece.hex)
