"""Every legal answer to the decision a side faces, as flat JSON actions (issue 12).

Each action is spelled as the record stores it (the side named, defaults left out), so a
bot may pick any one and `act` accepts it. Movement lists each unit or group of units
standing together with every destination it can reach, by one cheapest path (4.1-4.4,
4.21, 6.7, 10.54); the rarer decisions (retreats, advances, conversions, searches) are
listed by asking each candidate the checks `act` makes of it (which change nothing), so
the list holds only what the engine accepts. See docs/engines.md for what the lists leave out.
"""

from __future__ import annotations

from itertools import chain, combinations, combinations_with_replacement, product
from math import prod
from threading import Lock
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, cast

from warjudge.core.errors import IllegalAction
from warjudge.hexwar.grid import from_axial, to_axial
from warjudge.hexwar.movement import reachable_in
from warjudge.hexwar.sjg.actions import Move, Retreat, parse_action
from warjudge.hexwar.sjg.combat import can_boulder, can_direct, indirect_modifier
from warjudge.hexwar.sjg.deploy import legal_placements
from warjudge.hexwar.sjg.items import WEIGHT, Pick, choice_problem
from warjudge.hexwar.sjg.phase_movement import dead_end, stacked
from warjudge.hexwar.sjg.moves import SUICIDE_COST, climbs_cliffs, mixes_mercenaries, riders, step_table
from warjudge.hexwar.sjg.state import STACK_LIMIT, UNDEAD, Position, Unit, other
from warjudge.hexwar.sjg.tables import JewelEffect, UnitType

if TYPE_CHECKING:
    from warjudge.hexwar.decisions import Decision
    from warjudge.hexwar.hexmap import HexMap
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

Action = dict[str, Any]
# group (its unit ids as listed) -> its start's search, its allowance and the hexes left
# out (4.4 dead ends): the plain moves a listing made (`_walks`), which `act` finds
# again with `listed_walk`
PlainWalks = dict[tuple[int, ...], tuple["_StartReach", int, frozenset[str]]]
# group (its unit ids) -> its start's search and the MP it may spend before going over a
# cliff edge: the suicides carrying no Jewel a grouped listing names (`_StartReach.drops`)
Drops = dict[tuple[int, ...], tuple["_StartReach", int]]
Stacked = tuple[int, frozenset[UnitType]]   # units as 4.4 counts them (phase_movement.stacked)
MAX_COMBINATIONS = 4096  # attacker splits listed one by one per target set; beyond, twins by count


def legal_actions(game: "SjgNecromancerGame", side: str, walks: PlainWalks | None = None,
                  plain: bool = True, drops: Drops | None = None) -> list[Action]:
    """The list; `walks`, if given, is filled with the plain moves listed (`listed_walk`);
    without `plain`, those moves are left out of the list, and with `drops` the suicides
    that carry no Jewel, filled in instead (`legal_groups` names them)."""
    if game.is_over or side not in game.to_act():
        return []
    decision = game._decision_for(side)
    accepts = set(decision.accepts)
    found = (_move(game, decision, side, walks, plain, drops) if decision.kind == "move"
             else _BY_KIND[decision.kind](game, decision, side))
    actions = [a for a in found if a["type"] in accepts]
    if _may_end(game, decision):
        actions.append({"type": "end", "side": side})
    if _may_undo(game, decision, side):
        actions.append({"type": "undo", "side": side})
    return actions


def legal_groups(game: "SjgNecromancerGame", side: str, walks: PlainWalks) -> dict[str, Any]:
    """The list grouped (the play server's `?group=unit`): each group of units standing
    together with the hexes its plain moves reach (no Jewel picked up, no suicide: the
    bulk of a movement listing, thousands of moves) under `moves`, each hex's path once per
    start under `paths`; after it, the same group's suicides carrying no Jewel (6.7: the
    action marked `suicide`, the hexes below the cliff edges it reaches, each path once per
    start under `drops`, hundreds in a movement listing); every other action as
    `legal_actions` lists it under `actions`. A plain move forfeits nothing and a grouped
    suicide its units whatever the hex (costs.py), so the other costly actions are all in
    `actions`. Made without one action per move: `walks` (filled, as by `legal_actions`)
    holds the plain ones."""
    drops: Drops = {}
    rest = legal_actions(game, side, walks, plain=False, drops=drops)
    if (walks or drops) and "move" not in game._decision_for(side).accepts:   # as legal_actions keeps only what is accepted
        walks.clear()
        drops.clear()
    moves: list[dict[str, Any]] = []
    reaches: dict[str, tuple[_StartReach, int, set[str]]] = {}   # start -> its search, largest allowance, hexes listed
    below: dict[str, tuple[_StartReach, int, set[str]]] = {}     # the same for the suicides: largest limit, hexes below
    for ids, (reach, allowance, dead_ends) in walks.items():
        hexes = reach.hexes(allowance)
        to = [dest for dest in hexes if dest not in dead_ends] if dead_ends else list(hexes)
        if to:
            moves.append({"action": {"type": "move", "side": side, "units": list(ids)}, "from": reach.start, "to": to})
            _listed(reaches, reach, allowance, to)
        if ids in drops and (over := reach.belows(drops[ids][1])):
            moves.append({"action": {"type": "move", "side": side, "units": list(ids), "suicide": True},
                          "from": reach.start, "to": over})
            _listed(below, reach, drops[ids][1], over)
    paths = {start: _path_table(reach.path_map(most), listed) for start, (reach, most, listed) in reaches.items()}
    over_edges = {start: _path_table(reach.drop_map(most), listed) for start, (reach, most, listed) in below.items()}
    return {"actions": rest, "moves": moves, "paths": paths, "drops": over_edges}


def _listed(starts: dict[str, tuple["_StartReach", int, set[str]]], reach: "_StartReach", allowance: int,
            hexes: list[str]) -> None:
    """Counts a group's hexes in its start's table (`legal_groups`), kept at the largest allowance."""
    _, most, listed = starts.setdefault(reach.start, (reach, allowance, set()))
    starts[reach.start] = (reach, max(most, allowance), listed)
    listed.update(hexes)


def _path_table(every: dict[str, list[str]], listed: set[str]) -> dict[str, list[str]]:
    """The paths of the largest allowance's hexes (those of the others are among them), to
    the hexes some group lists."""
    return every if len(listed) == len(every) else {h: p for h, p in every.items() if h in listed}


def _subsets(items: list[Any], smallest: int = 1) -> Iterable[tuple[Any, ...]]:
    return chain.from_iterable(combinations(items, n) for n in range(smallest, len(items) + 1))


def _may_end(game: "SjgNecromancerGame", decision: "Decision") -> bool:
    return "end" in decision.accepts and game._end_problem(decision) is None


def _may_undo(game: "SjgNecromancerGame", decision: "Decision", side: str) -> bool:
    if decision.kind == "deploy":
        return bool(game.state.drafts[side])
    return bool(game.undo_stack)


# --- 10.5 and the set-up ------------------------------------------------------------------

def _choose(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    """Every multiset of items worth exactly the allowance (a dragon is two, 10.54), no
    more of a kind than the counters left; an extra Jewel names its power (10.51)."""
    allowance = decision.info["allowance"]
    names = [p.value for p in Pick if p != Pick.EXTRA_JEWEL and game.state.counters_left[p] > 0]
    names += [f"{Pick.EXTRA_JEWEL.value}:{e.value}" for e in JewelEffect]
    out = []
    for size in range(1, allowance + 1):
        for picks in combinations_with_replacement(names, size):
            if sum(WEIGHT.get(Pick(p.partition(":")[0]), 1) for p in picks) != allowance:
                continue
            if choice_problem(list(picks), allowance, game.state.counters_left) is None:
                out.append({"type": "choose", "side": side, "items": list(picks)})
    return out


def _deploy(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    return legal_placements(game, side)


# --- movement (4.0, 6.7, 8.2, 10.54) -------------------------------------------------------

def _move(game: "SjgNecromancerGame", decision: "Decision", side: str, walks: PlainWalks | None = None,
          plain: bool = True, drops: Drops | None = None) -> list[Action]:
    if decision.kind == "wraith":
        return _wraith_moves(game, side)
    pos = game.state.position
    board = pos.board
    occupied = pos.occupied()
    enemy = other(side)
    zoc = {n for h, s in occupied.items() if s == enemy for n in board.neighbours(h) if pos.zoc_reaches(h, n)}
    blocked = {h for h, s in occupied.items() if s == enemy}
    steps = step_table(board)
    stacks: dict[str, list[Unit]] = {}
    at: dict[str, list[Unit]] = {}  # Position.at, once for every hex
    for unit in pos.units.values():
        at.setdefault(unit.hex, []).append(unit)
        if unit.side == side and unit.id not in game.state.moved and unit.id not in game.state.locked:
            stacks.setdefault(unit.hex, []).append(unit)
    out = _takes(game, side, at)
    lying = {j.hex for j in pos.jewels.values() if j.delivered_to is None and j.hex is not None}
    stuck_at: dict[str, list[Unit]] = {}   # the units that can move no more, by hex
    for unit in pos.units.values():
        if unit.id in game.state.moved or unit.id in game.state.locked:
            stuck_at.setdefault(unit.hex, []).append(unit)
    stuck = _Stuck({h: stacked(here) for h, here in stuck_at.items()})
    edges = _cliff_edges(board)
    layout = (id(board), frozenset(blocked), frozenset(zoc), frozenset(lying))
    for start, here in sorted(stacks.items()):
        own = {u.id: pos.movement_allowance(u) for u in here}
        groups = [(list(g), _group_allowance(game, list(g), own)) for g in _subsets(sorted(here, key=lambda u: u.id))]
        key = (*layout, start, max(a for _, a in groups))
        reach = _kept_reach(key)
        if reach is None:
            reach = _keep_reach(key, _StartReach(board, reachable_in(start, key[-1], steps, blocked, zoc), start,
                                                  lying, edges, zoc))
        cliffs = [dest for dest in board.neighbours(start) if board.is_cliff(start, dest)
                  and board.terrain(dest) != "monolith" and occupied.get(dest) != enemy]   # 4.21's crossings
        for units, allowance in groups:
            count = stacked(units)
            out += _walks(game, side, units, reach, allowance, count, stuck, walks, plain)
            if cliffs:
                out += _cliff_crossings(game, side, units, cliffs, count, stuck)
            if all(u.kind in UNDEAD for u in units) and allowance >= SUICIDE_COST:
                out += _suicides(game, side, units, reach, allowance - SUICIDE_COST, lying, drops)
    return out


class _StartReach:
    """One search from a start hex at the largest allowance any of its groups has, and
    every cheapest path in it, shared by all the groups there. A smaller allowance's
    search is this one cut at that cost: the search settles hexes in (cost, hex) order
    and a hex's predecessor is cheaper than it, so the hexes within the smaller allowance,
    their costs and their paths are the same (issue 26)."""

    def __init__(self, board: Any, reached: dict[str, tuple[int, str | None]], start: str, lying: set[str],
                 edges: dict[str, list[str]], zoc: set[str]) -> None:
        self.board = board  # held, so that the board's id in the key stays its own while kept
        self.reached, self.start = reached, start
        self.paths = _paths(reached, start, lying)
        self._ends = [(h, *self.paths[h]) for h in sorted(reached) if h != start]  # every hex but the start
        self._by_allowance: dict[int, list[tuple[str, list[str], bool]]] = {}
        self._hexes: dict[int, list[str]] = {}
        self._path_maps: dict[int, dict[str, list[str]]] = {}
        self.edges = sorted(h for h in reached if h in edges)  # the cliff edges reached, for 6.7
        self._below, self._zoc = edges, zoc
        self._drops: dict[int, list[tuple[str, list[str], bool]]] = {}
        self._cheapest: list[tuple[str, int, list[str], bool]] | None = None   # `drops` at any limit

    def ends(self, allowance: int) -> list[tuple[str, list[str], bool]]:
        """Each hex but the start the search at `allowance` reaches, with its cheapest path
        and whether a Jewel lies on it, in hex order."""
        found = self._by_allowance.get(allowance)
        if found is None:
            reached = self.reached
            found = self._by_allowance[allowance] = [e for e in self._ends if reached[e[0]][0] <= allowance]
        return found

    def hexes(self, allowance: int) -> list[str]:
        """The hexes of `ends(allowance)`, in order (kept: a start's groups share them)."""
        found = self._hexes.get(allowance)
        if found is None:
            found = self._hexes[allowance] = [e[0] for e in self.ends(allowance)]
        return found

    def path_map(self, allowance: int) -> dict[str, list[str]]:
        """Each hex of `ends(allowance)` -> its path (kept, shared: read it, never change it)."""
        found = self._path_maps.get(allowance)
        if found is None:
            found = self._path_maps[allowance] = {e[0]: e[1] for e in self.ends(allowance)}
        return found

    def drops(self, limit: int) -> list[tuple[str, list[str], bool]]:
        """6.7: each hex below a cliff edge the search reaches within `limit` without
        stopping in an enemy zone (but at the start), once, with the path to its cheapest
        such edge (of equal ones, the first in hex order) and whether a Jewel lies on it:
        the same path at any limit, so a grouped listing names it once per start
        (`drop_map`); worked out once per limit for all the groups there (the enemy zones
        and the map are the search's own, in its key)."""
        found = self._drops.get(limit)
        if found is None:
            if self._cheapest is None:
                cheapest: dict[str, tuple[int, str]] = {}   # hex below -> the cost of its cheapest edge, the edge
                for edge in self.edges:
                    if edge != self.start and edge in self._zoc:
                        continue
                    cost = self.reached[edge][0]
                    for below in self._below[edge]:
                        if below not in cheapest or cost < cheapest[below][0]:
                            cheapest[below] = (cost, edge)
                self._cheapest = [(below, cost, *self.paths[edge]) for below, (cost, edge) in cheapest.items()]
            found = self._drops[limit] = [(below, walk, jewel) for below, cost, walk, jewel in self._cheapest
                                          if cost <= limit]
        return found

    def belows(self, limit: int) -> list[str]:
        """The hexes of `drops(limit)`, in order."""
        return [below for below, _, _ in self.drops(limit)]

    def drop_map(self, limit: int) -> dict[str, list[str]]:
        """Each hex of `drops(limit)` -> the whole path of the suicide into it."""
        return {below: [*walk, below] for below, walk, _ in self.drops(limit)}

    def walk_to(self, dest: str, allowance: int) -> list[str] | None:
        """The path `ends(allowance)` gives to `dest` (None: it lists no move there)."""
        reached = self.reached.get(dest)
        return self.paths[dest][0] if reached is not None and reached[0] <= allowance and dest != self.start else None


KEPT_REACHES = 512  # start searches kept across listings, the least recently used dropped beyond
_kept: dict[tuple[Any, ...], _StartReach] = {}
_kept_lock = Lock()


def _kept_reach(key: tuple[Any, ...]) -> "_StartReach | None":
    """The search kept for `key` (board id, enemy hexes, enemy zones, lying Jewels, start,
    allowance: everything it reads), if any. A search moves one group at a time, so the
    next listing's other stacks face the same enemy units and Jewels (issue 26)."""
    with _kept_lock:
        reach = _kept.pop(key, None)
        if reach is not None:
            _kept[key] = reach
    return reach


def forget_searches() -> None:
    """Drop every kept search (a benchmark times a listing made from nothing)."""
    with _kept_lock:
        _kept.clear()


def _keep_reach(key: tuple[Any, ...], reach: _StartReach) -> _StartReach:
    with _kept_lock:
        _kept[key] = reach
        if len(_kept) > KEPT_REACHES:
            del _kept[next(iter(_kept))]
    return reach


def _paths(reached: dict[str, tuple[int, str | None]], start: str,
           lying: set[str]) -> dict[str, tuple[list[str], bool]]:
    """Each reached hex's cheapest path and whether a Jewel lies on it, each path built
    from its predecessor's (not walked back from the end each time)."""
    built: dict[str, tuple[list[str], bool]] = {start: ([start], start in lying)}
    for hex_ in reached:
        chain = [hex_]
        while chain[-1] not in built:
            chain.append(reached[chain[-1]][1])  # type: ignore[arg-type]
        for h in reversed(chain[:-1]):
            path, jewel = built[reached[h][1]]  # type: ignore[index]
            built[h] = ([*path, h], jewel or h in lying)
    return built


def _group_allowance(game: "SjgNecromancerGame", units: list[Unit], own: dict[int, int]) -> int:
    """What the slowest of a group can spend; a wizard a dragon carries moves with the
    dragon's allowance (10.54). `own`: each unit's allowance, worked out once for all the
    groups of its stack (a stack of seven has 127)."""
    if all(u.kind != UnitType.DRAGON for u in units):   # no dragon, no rider
        return min(own[u.id] for u in units)
    carried = riders(units, game.state.position)
    dragon = max(own[u.id] for u in units if u.kind == UnitType.DRAGON)
    return min(dragon if u.id in carried else own[u.id] for u in units)


def _move_action(side: str, units: list[Unit], path: list[str], jewels: tuple[str, ...] = (),
                 suicide: bool = False) -> Action:
    action: Action = {"type": "move", "side": side, "units": [u.id for u in units], "path": path}
    if jewels:
        action["jewels"] = list(jewels)
    if suicide:
        action["suicide"] = True
    return action


def _jewel_choices(game: "SjgNecromancerGame", units: list[Unit], hexes: list[str],
                   lying: set[str] | None = None) -> list[tuple[str, ...]]:
    """Which Jewels lying on the path the group may pick up and carry on (none, or any
    of them; a dragon alone carries none, 10.54)."""
    if lying is not None and lying.isdisjoint(hexes) or all(u.kind == UnitType.DRAGON for u in units):
        return [()]
    there = sorted(j.id for j in game.state.position.jewels.values() if j.delivered_to is None and j.hex in hexes)
    return [(), *_subsets(there)]


def _walks(game: "SjgNecromancerGame", side: str, units: list[Unit], reach: _StartReach, allowance: int,
           count: Stacked, stuck: "_Stuck", walks: PlainWalks | None, plain: bool = True) -> list[Action]:
    """A move to each hex the group reaches (`reach.ends`: hex, path, a Jewel on the path);
    the 4.4 dead-end check where it can bite: a hex holding units that can move no more
    (`stuck`), or a group that could not stand together anywhere (`count`: the group as
    `stacked` counts it). Without `plain`, only the moves that pick up Jewels (the plain
    ones are in `walks`)."""
    ids = [u.id for u in units]
    ends = reach.ends(allowance)
    lone_problem = len(units) > 1 and dead_end(reach.start, *count) is not None
    if not lone_problem and stuck.hexes.isdisjoint(e[0] for e in ends) and not any(e[2] for e in ends):  # the usual case
        if walks is not None:
            walks[tuple(ids)] = (reach, allowance, frozenset())
        return [{"type": "move", "side": side, "units": ids[:], "path": path[:]} for _, path, _ in ends] if plain else []
    out, dead_ends = [], set()
    if lone_problem:   # too many (or mixed) to stand together anywhere: the units stuck at an end only add to them
        dead_ends, ends = {dest for dest, _, _ in ends}, []
    for dest, path, jewel in ends:
        if dest in stuck.hexes and stuck.dead_end(dest, count):
            dead_ends.add(dest)
            continue
        if not jewel:
            if plain:
                out.append({"type": "move", "side": side, "units": ids[:], "path": path[:]})
            continue
        for jewels in _jewel_choices(game, units, path)[0 if plain else 1:]:
            out.append(_move_action(side, units, path[:], jewels))   # the first carries none
    if walks is not None:
        walks[tuple(ids)] = (reach, allowance, frozenset(dead_ends))
    return out


class _Stuck:
    """The units that can move no more, hex by hex as `stacked` counts them, for the rules'
    4.4 dead end (`_dead_end_problem`, by `dead_end`): a listing asks it of each group at
    each such hex, and the groups and hexes count alike again and again, so each answer
    is kept for the listing."""

    def __init__(self, counts: dict[str, Stacked]) -> None:
        self.counts, self.hexes = counts, counts.keys()
        self._seen: dict[tuple[Stacked | None, Stacked], bool] = {}

    def dead_end(self, dest: str, count: Stacked) -> bool:
        """Whether a group counted `count` moving to `dest` could never stand there."""
        there = self.counts.get(dest)
        known = self._seen.get((there, count))
        if known is None:
            together = (count[0] + there[0], count[1] | there[1]) if there else count
            known = self._seen[(there, count)] = dead_end(dest, *together) is not None
        return known


def _cliff_crossings(game: "SjgNecromancerGame", side: str, units: list[Unit], cliffs: list[str],
                     count: Stacked, stuck: "_Stuck") -> list[Action]:
    """4.21: a wraith (a dragon with its rider, a wizard with the Ring) crosses a cliff
    hexside as its whole move, into one of `cliffs` (neither a monolith nor the enemy's)."""
    pos = game.state.position
    start = units[0].hex
    carried = riders(units, pos)
    if not all(climbs_cliffs(u, pos) or u.id in carried for u in units):
        return []
    out = []
    for dest in cliffs:
        if not stuck.dead_end(dest, count):
            for jewels in _jewel_choices(game, units, [start, dest]):
                out.append(_move_action(side, units, [start, dest], jewels))
    return out


def _suicides(game: "SjgNecromancerGame", side: str, units: list[Unit], reach: _StartReach, limit: int,
              lying: set[str], drops: Drops | None = None) -> list[Action]:
    """6.7: undead may end a move by going down over a cliff edge (1 MP), from any hex
    they reach (with 1 MP left: within `limit`) without stopping in an enemy zone; one
    action per hex below (`_StartReach.drops`). With `drops` (a grouped listing), only
    those that carry a Jewel: the rest are named by the group's entry there."""
    ids = [u.id for u in units]
    if drops is not None:
        drops[tuple(ids)] = (reach, limit)
    out = []
    for below, walk, jewel in reach.drops(limit):
        if not jewel:
            if drops is None:
                out.append({"type": "move", "side": side, "units": list(ids), "path": [*walk, below], "suicide": True})
            continue
        for jewels in _jewel_choices(game, units, walk, lying)[0 if drops is None else 1:]:
            out.append(_move_action(side, units, [*walk, below], jewels, suicide=True))
    return out


_EDGES: dict[int, tuple[Any, dict[str, list[str]]]] = {}


def _cliff_edges(board: HexMap) -> dict[str, list[str]]:
    """High hex -> the hexes below its cliff edges (computed once per board)."""
    cached = _EDGES.get(id(board))
    if cached is None or cached[0] is not board:
        edges: dict[str, list[str]] = {}
        for h in sorted(board.hexes):
            for n in board.neighbours(h):
                if board.cliff_high_side(h, n) == h:
                    edges.setdefault(h, []).append(n)
        cached = _EDGES[id(board)] = (board, edges)
    return cached[1]


def _wraith_moves(game: "SjgNecromancerGame", side: str) -> list[Action]:
    """8.2: each wraith group not in an enemy zone steps one hex (or down a cliff edge)."""
    pos = game.state.position
    stacks: dict[str, list[Unit]] = {}
    for u in pos.side_units(side):
        if u.kind == UnitType.WRAITH and u.id not in game.state.wraith_moved and u.id not in game.state.locked:
            stacks.setdefault(u.hex, []).append(u)
    out = []
    for start, here in sorted(stacks.items()):
        for group in _subsets(sorted(here, key=lambda u: u.id)):
            units = list(group)
            for dest in pos.board.neighbours(start):
                for suicide in (False, True):
                    step = Move.model_construct(type="move", side=side, units=[u.id for u in units],
                                                path=[start, dest], suicide=suicide)
                    if game._wraith_step_problem(units, step) is None:
                        out.append(_move_action(side, units, [start, dest], suicide=suicide))
    return out


def _takes(game: "SjgNecromancerGame", side: str, at: dict[str, list[Unit]]) -> list[Action]:
    pos = game.state.position
    out = []
    for item in sorted(pos.items.values(), key=lambda i: i.id):
        holder = pos.units.get(item.holder) if item.holder is not None else None
        where = holder.hex if holder else item.hex
        for unit in (at.get(where, []) if where else []):
            if game._take_problem(side, unit.id, item.id) is None:
                out.append({"type": "take", "side": side, "item": item.id, "unit": unit.id})
    return out


# --- attacks (6.2, 6.24, 10.4) ----------------------------------------------------------------

class _AttackChecks:
    """What `combat.plan_attack` checks, per unit and per target hex, worked out once per
    listing. An attack is legal exactly when its shape is (some attackers, each once;
    boulders alone, on one hex) and each of these facts holds for its units and hexes;
    strengths and odds never refuse one. So the listing checks each split of the
    attackers from the facts instead of planning it (issue 12, "Speed"; a test holds the
    list to the one `plan_attack` gives)."""

    def __init__(self, game: "SjgNecromancerGame", side: str, spent: set[int], hexes: Iterable[str]) -> None:
        self.position, self.side, self.spent, self.hexes = game.state.position, side, spent, frozenset(hexes)
        self._first_side: dict[str, str] = {}  # hex -> the side of its first unit (Position.at's order)
        for unit in self.position.units.values():
            self._first_side.setdefault(unit.hex, unit.side)
        self._facts: dict[tuple[Any, ...], bool] = {}
        self._reach: dict[tuple[str, int], frozenset[str]] = {}
        self._close: dict[str, list[str]] = {}

    def _fact(self, key: tuple[Any, ...], work: Callable[[], object]) -> bool:
        known = self._facts.get(key)
        if known is None:
            known = self._facts[key] = bool(work())
        return known

    def reach(self, unit: Unit, method: str) -> frozenset[str]:
        """The hexes of this listing (`hexes`: every target it names) `unit` may attack
        by `method` (6.21-6.23), among those one or two hexes away: every method needs
        that (an adjacent hex, a cliff hexside, or 6.22's two hexes)."""
        key = (method, unit.id)
        hexes = self._reach.get(key)
        if hexes is None:
            close = self._close.get(unit.hex)
            if close is None:
                close = self._close[unit.hex] = sorted(self.hexes.intersection(_one_or_two_away(unit.hex)))
            test = _METHODS[method]
            hexes = self._reach[key] = frozenset(t for t in close if test(self.position, unit, t))
        return hexes

    def may_attack(self, uid: int) -> bool:
        """Its side's, not spent this turn, not in the Miasma (6.2, 7.3)."""
        pos = self.position
        return self._fact(("unit", uid), lambda: (unit := pos.units.get(uid)) is not None and unit.side == self.side
                          and uid not in self.spent and not pos.in_miasma(unit.hex))

    def _enemy_at(self, target: str) -> bool:
        return self._first_side.get(target, self.side) != self.side

    def _boulders_bite(self, target: str) -> bool:
        pos = self.position
        return self._fact(("bites", target),
                          lambda: not all(pos.boulder_defence(u) is None for u in pos.at(target)))

    def open_to(self, targets: list[str], demon: bool) -> bool:
        """The target hexes, each once, hold the enemy (or are the demon's, 10.4)."""
        if not targets or len(set(targets)) != len(targets):
            return False
        if demon:
            return self.position.miasma.demon is not None and targets == [self.position.miasma.demon]
        return all(self._enemy_at(t) for t in targets)

    def legal(self, targets: list[str], direct: list[int], indirect: list[int], boulder: list[int],
              demon: bool) -> bool:
        ids = direct + indirect + boulder
        if not ids or len(set(ids)) != len(ids) or boulder and (direct or indirect or len(targets) != 1):
            return False
        if not self.open_to(targets, demon) or not all(self.may_attack(uid) for uid in ids):
            return False
        units = self.position.units
        return (all(self.reach(units[u], "direct").issuperset(targets) for u in direct)
                and all(self.reach(units[u], "indirect").issuperset(targets) for u in indirect)
                and all(targets[0] in self.reach(units[u], "boulder") for u in boulder)
                and (not boulder or demon or self._boulders_bite(targets[0])))


_ONE_OR_TWO_AWAY = [(dq, dr) for dq in range(-2, 3) for dr in range(-2, 3)
                    if 0 < max(abs(dq), abs(dr), abs(dq + dr)) <= 2]  # axial offsets
_NEAR: dict[str, tuple[str, ...]] = {}  # hex id -> the ids one or two away (geometry only: valid ids, bounded)


def _one_or_two_away(hex_: str) -> tuple[str, ...]:
    found = _NEAR.get(hex_)
    if found is None:
        q, r = to_axial(hex_)
        found = _NEAR[hex_] = tuple(from_axial(q + dq, r + dr) for dq, dr in _ONE_OR_TWO_AWAY)
    return found

_METHODS: dict[str, Callable[[Position, Unit, str], bool]] = {
    "direct": can_direct, "boulder": can_boulder,
    "indirect": lambda pos, unit, target: indirect_modifier(pos, unit, target) is not None}


def _opportunity(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    """6.24: indirect or boulder attacks, each by any group of the units able to, on one
    open hex or (indirect) on several open hexes every attacker reaches."""
    pos = game.state.position
    ways = game._opportunity_attackers()
    checks = _AttackChecks(game, side, game.state.opp_spent, ways)
    able = [pos.units[i] for w in ways.values() for i in w.get("indirect", [])]
    out = []
    for targets in _target_sets(sorted(ways), [checks.reach(u, "indirect") for u in able]):
        pool = [u for u in able if checks.reach(u, "indirect").issuperset(targets)]
        for group in _groups(game, sorted({u.id for u in pool})):
            if checks.legal(list(targets), [], group, [], False):
                out.append(_attack(side, targets, [], sorted(group), [], False))
    for target, w in sorted(ways.items()):
        for group in _groups(game, sorted(w.get("boulder", []))):
            if checks.legal([target], [], [], group, False):
                out.append(_attack(side, [target], [], [], sorted(group), False))
    return out


def _combat(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    """Attacks on one hex or on several hexes at once (6.2: a hex may be attacked any
    number of times; 6.21: each attacker reaches every target): every split of the units
    able to attack them all into direct and indirect attackers, or any group dropping
    boulders on one hex; the demon too."""
    pos = game.state.position
    free = [u for u in pos.side_units(side) if u.id not in game.state.attacked]
    targets = sorted({u.hex for u in pos.side_units(other(side))})
    checks = _AttackChecks(game, side, game.state.attacked, [*targets, *([pos.miasma.demon] if pos.miasma.demon else [])])
    ways = [(u.id, checks.reach(u, "direct"), checks.reach(u, "indirect"), checks.reach(u, "boulder")) for u in free]
    near = {t: [w for w in ways if t in w[1] or t in w[2] or t in w[3]] for t in checks.hexes}
    out = []
    for group in _target_sets(targets, [d | i for _, d, i, _ in ways]):
        out += _attacks_on(game, checks, side, near[group[0]], list(group), demon=False)
    if pos.miasma.demon:
        out += _attacks_on(game, checks, side, near[pos.miasma.demon], [pos.miasma.demon], demon=True)
    return out


def _target_sets(targets: list[str], reaches: list[frozenset[str]]) -> list[tuple[str, ...]]:
    """Every set of target hexes that some one unit reaches all of (each attacker must
    reach every target, 6.21-6.22; `reaches`: the hexes each unit may attack): single
    hexes, then the larger sets in order."""
    together: set[tuple[str, ...]] = set()
    for hexes in reaches:
        near = sorted(hexes.intersection(targets))
        together.update(_subsets(near, 2))
    return [(t,) for t in targets] + sorted(together, key=lambda g: (len(g), g))


def _twin_key(game: "SjgNecromancerGame", unit: Unit) -> tuple[Any, ...]:
    """Units that differ only by id: same side, kind and hex, holding no item, with the
    same turn bookkeeping. Swapping twins gives the same position up to their names."""
    pos = game.state.position
    held = tuple(sorted(i.id for i in pos.items.values() if i.holder == unit.id))
    marks = tuple(unit.id in s for s in (game.state.moved, game.state.locked, game.state.attacked, game.state.opp_spent,
                                          game.state.opp_targets, game.state.wraith_moved))
    return (unit.side, unit.kind, unit.hex, held, unit.id if held else None, marks)


def canonical(game: "SjgNecromancerGame", action: Action) -> Action:
    """`action` with each unit list spelled by the lowest ids of its twins (see
    _twin_key): the form the legal list uses where it lists twins by count."""
    pos = game.state.position
    out = dict(action)
    classes: dict[tuple[Any, ...], list[int]] = {}
    for u in sorted(pos.units.values(), key=lambda u: u.id):
        classes.setdefault(_twin_key(game, u), []).append(u.id)
    taken: dict[tuple[Any, ...], int] = {}
    for key in ("direct", "indirect", "boulder", "units", "lose"):
        if key in action:
            ids = []
            for uid in action[key]:
                unit = pos.units.get(uid)
                if unit is None:
                    ids.append(uid)
                    continue
                k = _twin_key(game, unit)
                ids.append(classes[k][taken.get(k, 0)])
                taken[k] = taken.get(k, 0) + 1
            out[key] = sorted(ids)
    return out


def _groups(game: "SjgNecromancerGame", ids: list[int]) -> list[list[int]]:
    """Every non-empty group of `ids`; beyond MAX_COMBINATIONS groups, one group per
    count of each class of twins (the lowest ids), which holds every distinct attack."""
    if 2 ** len(ids) <= MAX_COMBINATIONS:
        return [list(g) for g in _subsets(ids)]
    return [[u for u, r in split if r] for split in _twin_splits(game, [(u, (None, True)) for u in ids])]


def _twin_splits(game: "SjgNecromancerGame", roles: list[tuple[int, tuple[Any, ...]]]) -> list[list[tuple[int, Any]]]:
    """Each unit given one of its roles, up to twins: within a class of twins with the
    same roles the lowest ids take the roles in the order listed."""
    return [[pair for part in choice for pair in part] for choice in product(*_twin_options(game, roles))]


def _twin_options(game: "SjgNecromancerGame",
                  roles: list[tuple[int, tuple[Any, ...]]]) -> list[list[list[tuple[int, Any]]]]:
    """Per class of twins (in `_twin_splits`' order), each way to give its units roles."""
    pos = game.state.position
    classes: dict[tuple[Any, ...], list[int]] = {}
    for uid, ways in sorted(roles):
        classes.setdefault((_twin_key(game, pos.units[uid]), ways), []).append(uid)
    per_class = []
    for (_, ways), ids in sorted(classes.items(), key=lambda kv: kv[1]):
        options = []
        for counts in product(range(len(ids) + 1), repeat=len(ways) - 1):
            if sum(counts) <= len(ids):
                assigned = [r for r, n in zip(ways[1:], counts) for _ in range(n)]
                assigned += [ways[0]] * (len(ids) - len(assigned))
                options.append(list(zip(ids, assigned)))
        per_class.append(options)
    return per_class


def _attacks_on(game: "SjgNecromancerGame", checks: _AttackChecks, side: str, near: list[tuple[int, frozenset[str], frozenset[str], frozenset[str]]],
                targets: list[str], demon: bool) -> list[Action]:
    """Each split of the units able to attack `targets` into direct and indirect attackers
    (each unit's roles are the checks it passes on every target, so a split is legal when
    the targets are open and its units may attack at all), then the boulder groups.
    `near`: (id, direct, indirect, boulder reach) of each unit reaching the first target,
    in the listing's unit order."""
    direct = {uid for uid, d, _, _ in near if d.issuperset(targets)}
    indirect = {uid for uid, _, i, _ in near if i.issuperset(targets)}
    boulder = [uid for uid, _, _, b in near if targets[0] in b] if len(targets) == 1 else []
    out = []
    roles = sorted(direct | indirect)
    ways = [(None, *(["direct"] if u in direct else []), *(["indirect"] if u in indirect else [])) for u in roles]
    if checks.open_to(targets, demon):
        barred = {u for u in roles if not checks.may_attack(u)}
        for d, i in _splits(game, roles, ways):
            if (d or i) and not (barred and barred.intersection(d + i)):
                out.append(_attack(side, targets, d, i, [], demon))
    for group in _groups(game, boulder):
        if checks.legal(list(targets), [], [], group, demon):
            out.append(_attack(side, targets, [], [], sorted(group), demon))
    return out


def _splits(game: "SjgNecromancerGame", roles: list[int], ways: list[tuple[Any, ...]]) -> Iterable[tuple[list[int], list[int]]]:
    """The direct and indirect attackers (each list sorted) of each way to give every unit
    of `roles` one of its `ways`, in product order; beyond MAX_COMBINATIONS, up to twins."""
    if prod(len(w) for w in ways) <= MAX_COMBINATIONS:
        for choice in product(*ways):
            yield ([u for u, r in zip(roles, choice) if r == "direct"],
                   [u for u, r in zip(roles, choice) if r == "indirect"])
    else:  # `_twin_splits`, each class's part of the lists made once
        per_class = [[([u for u, r in option if r == "direct"], [u for u, r in option if r == "indirect"])
                      for option in options] for options in _twin_options(game, list(zip(roles, ways)))]
        for choice in product(*per_class):
            d = [u for part, _ in choice for u in part]
            i = [u for _, part in choice for u in part]
            d.sort()
            i.sort()
            yield d, i


def _attack(side: str, targets: Sequence[str], direct: list[int], indirect: list[int], boulder: list[int],
            demon: bool) -> Action:
    """The attack as the record spells it (each list of attackers given sorted)."""
    action: Action = {"type": "attack", "side": side, "targets": list(targets)}
    for key, ids in (("direct", direct), ("indirect", indirect), ("boulder", boulder)):
        if ids:
            action[key] = ids
    if demon:
        action["demon"] = True
    return action


# --- conversion, search, retreats, advances ---------------------------------------------------

def _convert(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    targets = sorted({u.hex for u in game.state.position.side_units(other(side))})
    terms: list[Action] = [{"free": True}, *({"multiple": m} for m in (1, 2, 3, 4))]
    candidates = [{"type": "convert", "side": side, "target": t, **term} for t in targets for term in terms]
    return [a for a in candidates if game._conversion_problem(side, a) is None]


def _search(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    if "search" not in decision.accepts:
        return []
    return [{"type": "search", "side": side, "hex": h} for h in game._searchable()
            if game._search_problem(side, h) is None]   # the search's own checks, no clone


def _retreat(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    """The `_retreat_candidates` the rules allow, each checked by the retreat's own
    checks (`_retreat_plan`), which change nothing: trying each on a clone, as the rarer
    decisions are, cost hundreds of milliseconds for a big stack (2^n choices of losses,
    each with its hexes, Jewels and displacements)."""
    return [a for a in _retreat_candidates(game, decision, side) if _retreat_allowed(game, decision, a)]


def _retreat_allowed(game: "SjgNecromancerGame", decision: "Decision", action: Action) -> bool:
    try:
        game._retreat_plan(cast(Retreat, parse_action(action)), decision)
    except IllegalAction:
        return False
    return True


def _retreat_candidates(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    """6.52-6.53: which units to lose (at least the result's count), then where the
    rest go (a retreat hex, a flight across a cliff, over a cliff edge with a Jewel),
    carrying any of the Jewels with them, with any displacement of the friendly units
    in the retreat hex."""
    pos, info = game.state.position, decision.info
    ids = sorted(u for u in info["units"] if u in pos.units)
    carries = [(), *_subsets(sorted(info["jewels"]))]
    candidates: list[Action] = []
    for lose in _subsets(ids, 0):
        base: Action = {"type": "retreat", "side": side, **({"lose": list(lose)} if lose else {})}
        if len(lose) == len(ids):
            candidates.append(base)
            continue
        for dest, key in chain(((h, "to") for h in [*info["options"], *info.get("flight", [])]),
                               ((h, "over_cliff") for h in info["over_cliff"])):
            candidates += [{**base, key: dest, **({"carry": list(c)} if c else {})} for c in carries]
        for dest in info["options"]:
            candidates += [{**base, "to": dest, "displace": d, **({"carry": list(c)} if c else {})}
                           for d in _displacements(game, side, dest) for c in carries]
    return candidates


def _displacements(game: "SjgNecromancerGame", side: str, dest: str) -> list[list[dict[str, Any]]]:
    """6.52: the friendly units in the retreat hex may each be moved one hex to make way
    (not out of an enemy zone; over a cliff if their owner wishes): every such plan,
    spelled with one group per hex they go to, in hex order."""
    pos = game.state.position
    board = pos.board
    occupied = pos.occupied()
    there = sorted(u.id for u in pos.at(dest) if u.side == side)
    if not there or pos.in_enemy_zoc(dest, side, occupied):
        return []
    open_hexes = [n for n in board.neighbours(dest) if board.is_cliff(dest, n) or (
        board.terrain(n) == "plateau" and occupied.get(n) != other(side) and not pos.in_enemy_zoc(n, side, occupied))]
    plans = []
    for choice in product([None, *sorted(open_hexes)], repeat=len(there)):
        groups: dict[str, list[int]] = {}
        for uid, to in zip(there, choice):
            if to is not None:
                groups.setdefault(to, []).append(uid)
        if groups:
            plans.append([{"units": g, "to": to} for to, g in sorted(groups.items())])
    return plans


def _advance(game: "SjgNecromancerGame", decision: "Decision", side: str) -> list[Action]:
    """6.6: each victor stays or advances one hex into a vacated hex, in the order of the
    product of their choices; each candidate checked by the advance's own checks, which
    change nothing (trying each on a clone, one per choice of the victors, took up to
    2.9 s a listing). A branch that already overstacks a hex or mixes mercenaries in (4.4,
    10.53) is cut: adding units never mends either."""
    pos, info = game.state.position, decision.info
    if "hexes" not in info:
        return []
    units = [u for u in info["units"] if u in pos.units]
    options = [[None, *(h for h in info["hexes"] if h in pos.board.neighbours(pos.units[u].hex)
                       and not pos.board.is_cliff(pos.units[u].hex, h))] for u in units]
    out: list[Action] = []

    def grow(i: int, moves: dict[int, str]) -> None:
        if i == len(units):
            if moves and game._advance_problem(moves, decision) is None:
                out.append({"type": "advance", "side": side, "moves": {str(u): h for u, h in moves.items()}})
            return
        for dest in options[i]:
            if dest is None:
                grow(i + 1, moves)
            elif _may_arrive(pos, [u for u, d in moves.items() if d == dest] + [units[i]]):
                grow(i + 1, {**moves, units[i]: dest})
    grow(0, {})
    return out


def _may_arrive(pos: Position, ids: list[int]) -> bool:
    """Whether the units `ids` may advance into one hex together (4.4: three units, the
    Necromancer free; 10.53: mercenaries with wizards and each other only)."""
    kinds = [pos.units[u].kind for u in ids]
    return sum(k != UnitType.NECROMANCER for k in kinds) <= STACK_LIMIT and not mixes_mercenaries(set(kinds))


def listed_walk(walks: PlainWalks, units: list[int], path: list[str]) -> bool:
    """Whether moving `units` along `path` (no Jewel carried, no suicide) is a move the
    listing that filled `walks` made in its usual case: every check `act` makes of a
    move (moves.move_problem, the 4.4 dead end) holds for it in that position, as the
    listing worked out, so `act` need not make them again (issue 26)."""
    found = walks.get(tuple(units))
    return found is not None and path[-1] not in found[2] and found[0].walk_to(path[-1], found[1]) == path


_BY_KIND = {"choose": _choose, "deploy": _deploy, "move": _move, "wraith": _move, "opportunity": _opportunity,
            "combat": _combat, "convert": _convert, "search": _search, "retreat": _retreat, "advance": _advance}

__all__ = ["PlainWalks", "forget_searches", "legal_actions", "legal_groups", "listed_walk"]
