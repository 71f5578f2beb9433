"""Movement adjudication: Kruijswijk's guess-and-check resolution of a dependency graph.

Input is a position and the *legal* orders (see legality.py); geography was settled by
legality, so the resolver needs only which provinces each sea touches, for convoy routes. Each order has one
decision (a move succeeds; a support is given; a convoying fleet stays put) that
`resolve` computes, guessing when it meets a dependency cycle. A cycle whose two guesses
disagree is settled by the backup rule: circular movement (all moves in it succeed), or
for a convoy paradox the Szykman rule (the convoyed armies in it hold and cut nothing),
as the DATC prefers (4.A.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.diplomacy.guess import RESOLVED, UNRESOLVED, GuessAndCheck
from warjudge.diplomacy.mapdata import province_of
from warjudge.diplomacy.orders import CONVOY, HOLD, MOVE, SUPPORT, Convoy, Order, SupportHold, SupportMove
from warjudge.diplomacy.units import Unit



@dataclass
class Resolution:
    success: list[int]                  # per order index, the decision (1 or True: yes)
    path_ok: list[bool]                 # per order index, for moves: did the route hold
    dislodged: dict[str, str]           # province -> province the dislodging attack came from
    dislodged_by_convoy: set[str]       # provinces whose unit was dislodged by a convoyed army
    standoffs: set[str]                 # vacant provinces where moves bounced
    matched: set[int]                   # supports and convoys whose unit was given the matching order


__all__ = ["CONVOY", "HOLD", "MOVE", "Resolution", "Resolver", "SUPPORT", "route_exists"]


class Resolver(GuessAndCheck):
    # Decisions that depend on no other decision are settled while the orders are read (issue 12:
    # about half the orders of a phase, each spared a trip through guess-and-check): a hold; a
    # support or convoy by a unit nothing moves against (neither cut nor dislodged); a move over
    # land into an empty province that no other unit moves to and no unit supports (strength 1
    # against nothing). `adjudicate` gives each the same answer without reading any other
    # decision, so settling them first cannot change a result: tests/diplomacy/
    # test_resolver_settled.py judges every DATC case and random phases with this off and on.
    settle_first = True

    def __init__(self, units: dict[str, Unit], orders: list[Order], convoyed: set[int],
                 sea_adj: dict[str, frozenset[str]]):
        """`orders`: legal, one per unit. `convoyed`: indices of moves that go by convoy.
        `sea_adj`: for each sea province, the provinces a fleet there borders."""
        self.units = units
        self._sea_adj = sea_adj
        self.orders = orders
        self.convoyed = convoyed
        n = len(orders)
        super().__init__(n)
        self.no_path: set[int] = set()  # Szykman: convoyed moves forced to hold

        # Per order, worked out once (issue 12: the decisions below ask for them thousands
        # of times a phase): its kind, its power, and for a move the province it goes to.
        self.kind = kind = [HOLD] * n
        self.dest = dest = [""] * n
        self.power = power = [""] * n
        self.order_at: dict[str, int] = {}
        self.moves_to: dict[str, list[int]] = {}    # province -> the moves to it
        self.move_from: dict[str, int] = {}         # province -> the move ordered to its unit
        self.supports_of: dict[int, list[int]] = {}   # a move -> the supports of it (only moves with some)
        self.hold_supports: dict[str, list[int]] = {}
        self.convoys_of: dict[int, list[int]] = {}    # a convoyed move -> the convoys of it
        self.opponent: dict[int, int] = {}
        self.matched: set[int] = set()
        arrivals, order_at, move_from = self.moves_to, self.order_at, self.move_from
        settle = self.settle_first
        state, value = self.state, self.value
        active: list[int] = []   # the orders other than holds, for the second pass (issue 26)
        for i, o in enumerate(orders):
            order_at[o.province] = i
            power[i] = o.power
            k = kind[i] = o.KIND
            if k == HOLD:
                if settle:
                    state[i], value[i] = RESOLVED, 1
                continue
            active.append(i)
            if k == MOVE:
                move_from[o.province] = i
                d = o.dest  # type: ignore[attr-defined]
                dest[i] = d = d[:d.index("/")] if "/" in d else d   # province_of, inline (issue 12)
                if d in arrivals:
                    arrivals[d].append(i)
                else:
                    arrivals[d] = [i]
        matched, supports_of = self.matched, self.supports_of
        for i in active:
            o = orders[i]
            k = kind[i]
            if settle and k != MOVE and o.province not in arrivals:
                state[i], value[i] = RESOLVED, 1
            if k == MOVE:
                if i not in convoyed:   # a move over land
                    j = order_at.get(dest[i])
                    if j is not None and j not in convoyed and kind[j] == MOVE and dest[j] == o.province:
                        self.opponent[i] = j   # rare enough to look up here
            elif isinstance(o, SupportHold):
                target = o.target
                target = target[:target.index("/")] if "/" in target else target
                j = order_at.get(target)
                if j is None or kind[j] != MOVE:
                    self.hold_supports.setdefault(target, []).append(i)
                    matched.add(i)
            elif isinstance(o, SupportMove):
                target = o.target
                j = order_at.get(target[:target.index("/")] if "/" in target else target)
                # the supported unit was ordered to move there; a support naming a coast
                # matches only a move to that coast (DATC 6.B.9)
                place = o.target_dest
                if j is not None and kind[j] == MOVE and (
                        orders[j].dest == place if "/" in place else dest[j] == place):  # type: ignore[attr-defined]
                    if j in supports_of:
                        supports_of[j].append(i)
                    else:
                        supports_of[j] = [i]
                    matched.add(i)
            elif isinstance(o, Convoy):
                j = order_at.get(o.army_from)
                if j is not None and j in convoyed and dest[j] == o.army_to:   # legality made army_to a province
                    self.convoys_of.setdefault(j, []).append(i)
                    self.matched.add(i)
        if settle:
            for d, movers in arrivals.items():
                if len(movers) == 1 and d not in units:
                    i = movers[0]
                    if i not in convoyed and i not in self.supports_of:
                        state[i], value[i] = RESOLVED, 1

    def backup(self, i: int, cycle: list[int], first: int) -> None:
        """Circular movement: every move in the cycle succeeds. A convoy paradox: the
        Szykman rule, the convoyed armies in it hold (and cut nothing)."""
        paradox: set[int] = set()
        for j in cycle:
            o = self.orders[j]
            if isinstance(o, Convoy):
                army = self.order_at.get(o.army_from)
                if army is not None and army in self.convoyed:
                    paradox.add(army)
        if paradox:
            self.no_path |= paradox
            for j in cycle:
                self.state[j] = UNRESOLVED
        else:
            for j in cycle:
                if self.kind[j] == MOVE:
                    self.value[j], self.state[j] = 1, RESOLVED
                else:
                    self.state[j] = UNRESOLVED
        if self.state[i] != RESOLVED:
            self.state[i] = UNRESOLVED

    # --- decisions ----------------------------------------------------------------
    def adjudicate(self, i: int) -> bool:
        kind = self.kind[i]
        if kind == MOVE:
            return self._move_succeeds(i)
        if kind == SUPPORT:
            return self._support_given(i)
        if kind == CONVOY:
            province = self.orders[i].province
            return province not in self.moves_to or not self._dislodged(province)
        return True

    def path(self, i: int) -> bool:
        if i not in self.convoyed:
            return True
        if i in self.no_path:
            return False
        fleets = {self.orders[c].province for c in self.convoys_of.get(i, ()) if self.resolve(c)}
        return route_exists(self.orders[i].province, self.dest[i], fleets, self._sea_adj)

    def _support_count(self, supports: list[int], exclude_power: str | None = None) -> int:
        n = 0
        state, value = self.state, self.value
        for s in supports:
            if exclude_power is not None and self.power[s] == exclude_power:
                continue
            if value[s] if state[s] == RESOLVED else self.resolve(s):   # most supports were settled
                n += 1
        return n

    # The strengths below skip a call where its answer is known (no supports: 0; a move over
    # land: its path holds): issue 12, they run tens of times a phase.
    def attack_strength(self, i: int) -> int:
        if i in self.convoyed and not self.path(i):
            return 0
        dest = self.dest[i]
        defender = self.units.get(dest)
        supports = self.supports_of.get(i)
        j = self.move_from.get(dest)
        if defender is None or (j is not None and self.opponent.get(i) != j and self.resolve(j)):
            return 1 + self._support_count(supports) if supports else 1
        if defender.power == self.power[i]:
            return 0
        return 1 + self._support_count(supports, exclude_power=defender.power) if supports else 1

    def defend_strength(self, i: int) -> int:
        supports = self.supports_of.get(i)
        return 1 + self._support_count(supports) if supports else 1

    def prevent_strength(self, i: int) -> int:
        if i in self.convoyed and not self.path(i):
            return 0
        j = self.opponent.get(i)
        if j is not None and self.resolve(j):
            return 0
        supports = self.supports_of.get(i)
        return 1 + self._support_count(supports) if supports else 1

    def hold_strength(self, province: str) -> int:
        if province not in self.units:
            return 0
        j = self.move_from.get(province)
        if j is not None:
            return 0 if self.resolve(j) else 1
        supports = self.hold_supports.get(province)
        return 1 + self._support_count(supports) if supports else 1

    def _move_succeeds(self, i: int) -> bool:
        dest = self.dest[i]
        attack = self.attack_strength(i)
        j = self.opponent.get(i)
        if j is not None:
            if attack <= self.defend_strength(j):
                return False
        elif attack <= self.hold_strength(dest):
            return False
        for k in self.moves_to[dest]:
            if k != i and attack <= self.prevent_strength(k):
                return False
        return True

    def _dislodged(self, province: str) -> bool:
        j = self.move_from.get(province)
        if j is not None and self.resolve(j):
            return False
        for k in self.moves_to.get(province, ()):
            if self.resolve(k):
                return True
        return False

    def _support_given(self, i: int) -> bool:
        o = self.orders[i]
        if o.province not in self.moves_to:
            return True   # not attacked: neither cut nor dislodged
        spared = province_of(o.target_dest) if isinstance(o, SupportMove) else None
        for k in self.moves_to.get(o.province, ()):
            if self.power[k] == o.power or self.orders[k].province == spared:
                continue
            if k not in self.convoyed or self.path(k):
                return False
        return not self._dislodged(o.province)

    # --- the whole phase -----------------------------------------------------------
    def run(self) -> Resolution:
        state = self.state
        for i in range(len(self.orders)):
            if state[i] != RESOLVED:
                self.resolve(i)
        path_ok = [k == MOVE for k in self.kind]   # only a convoy route can fail
        for i in self.convoyed:
            path_ok[i] = self.path(i)
        dislodged: dict[str, str] = {}
        by_convoy: set[str] = set()
        standoffs = set()
        value, units, move_from = self.value, self.units, self.move_from
        for prov, movers in self.moves_to.items():
            # is the province left empty by the phase (after resolution: no unit, or it moved)?
            j = move_from.get(prov)
            vacated = prov not in units or (j is not None and bool(value[j]))
            winner = None   # the move that arrived (at most one does); plain loops, as a
            for k in movers:   # comprehension is a call of its own (issue 12)
                if value[k]:
                    winner = k
                    break
            if winner is not None:
                if not vacated:
                    dislodged[prov] = self.orders[winner].province
                    if winner in self.convoyed:
                        by_convoy.add(prov)
            elif vacated:
                for k in movers:
                    if path_ok[k]:
                        standoffs.add(prov)
                        break
        return Resolution(value, path_ok, dislodged, by_convoy, standoffs, self.matched)


def route_exists(start: str, end: str, fleets: set[str], sea_adj: dict[str, frozenset[str]]) -> bool:
    """Is there a chain of the given fleets' provinces from `start` to `end`?"""
    if not fleets:
        return False
    todo = [f for f in fleets if start in sea_adj[f]]
    seen = set(todo)
    while todo:
        here = todo.pop()
        if end in sea_adj[here]:
            return True
        for n in sea_adj[here]:
            if n in fleets and n not in seen:
                seen.add(n)
                todo.append(n)
    return False
