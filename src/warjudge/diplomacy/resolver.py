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
from warjudge.diplomacy.orders import Convoy, Move, Order, SupportHold, SupportMove
from warjudge.diplomacy.units import Unit



@dataclass
class Resolution:
    success: list[bool]                 # per order index, the decision
    path_ok: list[bool]                 # per order index, for moves: did the route hold
    dislodged: dict[str, str]           # province -> province the dislodging attack came from
    dislodged_by_convoy: set[str]       # provinces whose unit was dislodged by a convoyed army
    standoffs: set[str]                 # vacant provinces where moves bounced


class Resolver(GuessAndCheck):
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

        self.order_at: dict[str, int] = {o.province: i for i, o in enumerate(orders)}
        self.moves_to: dict[str, list[int]] = {}
        self.supports_of: dict[int, list[int]] = {i: [] for i in range(n)}
        self.hold_supports: dict[str, list[int]] = {}
        self.convoys_of: dict[int, list[int]] = {i: [] for i in range(n)}
        self.opponent: dict[int, int] = {}
        for i, o in enumerate(orders):
            if isinstance(o, Move):
                self.moves_to.setdefault(province_of(o.dest), []).append(i)
        for i, o in enumerate(orders):
            if isinstance(o, SupportHold):
                j = self.order_at.get(province_of(o.target))
                if j is None or not isinstance(orders[j], Move):
                    self.hold_supports.setdefault(province_of(o.target), []).append(i)
            elif isinstance(o, SupportMove):
                j = self.order_at.get(province_of(o.target))
                if j is not None and self._is_move_to(j, o.target_dest):
                    self.supports_of[j].append(i)
            elif isinstance(o, Convoy):
                j = self.order_at.get(o.army_from)
                if j is not None and j in convoyed and self._is_move_to(j, o.army_to):
                    self.convoys_of[j].append(i)
        for i, o in enumerate(orders):
            if isinstance(o, Move) and i not in convoyed:
                j = self.order_at.get(province_of(o.dest))
                if j is not None and j not in convoyed and self._is_move_to(j, o.province):
                    self.opponent[i] = j

    def _move(self, i: int) -> Move:
        """Order `i`, which the caller only asks about because it is a move (convoyed, attacking, opposed)."""
        o = self.orders[i]
        assert isinstance(o, Move), f"order {i} is not a move"
        return o

    def _is_move_to(self, i: int, place: str) -> bool:
        """Is order i a move to `place` (a province, or an exact coast when one is named)?"""
        return moves_to(self.orders[i], place)

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
                if isinstance(self.orders[j], Move):
                    self.value[j], self.state[j] = 1, RESOLVED
                else:
                    self.state[j] = UNRESOLVED
        if self.state[i] != RESOLVED:
            self.state[i] = UNRESOLVED

    # --- decisions ----------------------------------------------------------------
    def adjudicate(self, i: int) -> bool:
        o = self.orders[i]
        if isinstance(o, Move):
            return self._move_succeeds(i)
        if isinstance(o, (SupportHold, SupportMove)):
            return self._support_given(i)
        if isinstance(o, Convoy):
            return not self._dislodged(o.province)
        return True

    def path(self, i: int) -> bool:
        if i not in self.convoyed:
            return True
        if i in self.no_path:
            return False
        o = self._move(i)
        fleets = {self.orders[c].province for c in self.convoys_of[i] if self.resolve(c)}
        return route_exists(o.province, province_of(o.dest), fleets, self._sea_adj)

    def _support_count(self, supports: list[int], exclude_power: str | None = None) -> int:
        n = 0
        for s in supports:
            if exclude_power is not None and self.orders[s].power == exclude_power:
                continue
            if self.resolve(s):
                n += 1
        return n

    def attack_strength(self, i: int) -> int:
        if not self.path(i):
            return 0
        o = self._move(i)
        dest = province_of(o.dest)
        defender = self.units.get(dest)
        j = self.order_at.get(dest)
        if defender is None or (
            j is not None and isinstance(self.orders[j], Move) and self.opponent.get(i) != j and self.resolve(j)
        ):
            return 1 + self._support_count(self.supports_of[i])
        if defender.power == o.power:
            return 0
        return 1 + self._support_count(self.supports_of[i], exclude_power=defender.power)

    def defend_strength(self, i: int) -> int:
        return 1 + self._support_count(self.supports_of[i])

    def prevent_strength(self, i: int) -> int:
        if not self.path(i):
            return 0
        j = self.opponent.get(i)
        if j is not None and self.resolve(j):
            return 0
        return 1 + self._support_count(self.supports_of[i])

    def hold_strength(self, province: str) -> int:
        if province not in self.units:
            return 0
        j = self.order_at.get(province)
        if j is not None and isinstance(self.orders[j], Move):
            return 0 if self.resolve(j) else 1
        return 1 + self._support_count(self.hold_supports.get(province, []))

    def _move_succeeds(self, i: int) -> bool:
        dest = province_of(self._move(i).dest)
        attack = self.attack_strength(i)
        j = self.opponent.get(i)
        if j is not None:
            if attack <= self.defend_strength(j):
                return False
        elif attack <= self.hold_strength(dest):
            return False
        for k in self.moves_to.get(dest, ()):
            if k != i and attack <= self.prevent_strength(k):
                return False
        return True

    def _dislodged(self, province: str) -> bool:
        j = self.order_at.get(province)
        if j is not None and isinstance(self.orders[j], Move) and self.resolve(j):
            return False
        return any(self.resolve(k) for k in self.moves_to.get(province, ()))

    def _support_given(self, i: int) -> bool:
        o = self.orders[i]
        spared = province_of(o.target_dest) if isinstance(o, SupportMove) else None
        for k in self.moves_to.get(o.province, ()):
            attacker = self.orders[k]
            if attacker.power == o.power or attacker.province == spared:
                continue
            if self.path(k):
                return False
        return not self._dislodged(o.province)

    # --- the whole phase -----------------------------------------------------------
    def run(self) -> Resolution:
        for i in range(len(self.orders)):
            self.resolve(i)
        path_ok = [isinstance(o, Move) and self.path(i) for i, o in enumerate(self.orders)]
        dislodged: dict[str, str] = {}
        by_convoy: set[str] = set()
        for prov, movers in self.moves_to.items():
            winners = [k for k in movers if self.value[k]]
            if winners:
                if prov in self.units and not (
                    prov in self.order_at and isinstance(self.orders[self.order_at[prov]], Move)
                    and self.value[self.order_at[prov]]
                ):
                    dislodged[prov] = self.orders[winners[0]].province
                    if winners[0] in self.convoyed:
                        by_convoy.add(prov)
        standoffs = set()
        for prov, movers in self.moves_to.items():
            if any(self.value[k] for k in movers):
                continue
            vacated = prov not in self.units or (
                prov in self.order_at and isinstance(self.orders[self.order_at[prov]], Move)
                and self.value[self.order_at[prov]]
            )
            if vacated and any(path_ok[k] for k in movers):
                standoffs.add(prov)
        return Resolution([bool(v) for v in self.value], path_ok, dislodged, by_convoy, standoffs)


def moves_to(order: Order | None, place: str) -> bool:
    """A support naming a coast matches only a move to that coast (DATC 6.B.9)."""
    if not isinstance(order, Move):
        return False
    return order.dest == place if "/" in place else province_of(order.dest) == place


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
