"""Movement rules of SJG Necromancer (section 4, 6.7, 8.2's wraith phase).

Every check is pure: it reads the position and returns a reason (a Problem: a code and
its parameters) or a cost, so that an illegal move is refused before anything changes.
"""

from __future__ import annotations

from warjudge.hexwar.hexmap import HexMap
from warjudge.hexwar.movement import path_fault, reachable
from warjudge.hexwar.sjg.problems import Problem, problem
from warjudge.hexwar.sjg.state import FREE_OF_STACKING, STACK_LIMIT, UNDEAD, WIZARDS, Position, Unit, other
from warjudge.hexwar.sjg.tables import UnitType

PLATEAU_COST, SLOPE_COST, SUICIDE_COST = 1, 2, 1  # 4.2, 6.7


def climbs_cliffs(unit: Unit, position: Position) -> bool:
    """Wraiths (4.21), a dragon (10.54), a wizard wearing the Ring of Flight (10.55)."""
    return unit.kind in (UnitType.WRAITH, UnitType.DRAGON) or position.wields(unit, "ring")


def riders(units: list[Unit], position: Position) -> set[int]:
    """10.54: each dragon in a moving group carries one wizard (the Necromancer or an
    apprentice, not both), who moves with the dragon's allowance and over its cliffs.
    Ruling: "will carry him" holds for every move, not only cliff crossings."""
    dragons = sum(1 for u in units if u.kind == UnitType.DRAGON)
    wizards = sorted((u for u in units if u.kind in WIZARDS), key=lambda u: (climbs_cliffs(u, position), u.id))
    return {u.id for u in wizards[:dragons]}


def step_cost(position: Position, side: str, a: str, b: str, occupied: dict[str, str]) -> int | None:
    """MP to step from a to b without crossing a cliff, or None where no unit may."""
    board = position.board
    if board.terrain(b) == "monolith" or occupied.get(b) == other(side) or board.is_cliff(a, b):
        return None
    return SLOPE_COST if board.terrain(b) == "slope" else PLATEAU_COST


_STEPS: dict[int, tuple[HexMap, dict[str, tuple[tuple[str, int], ...]]]] = {}


def step_table(board: HexMap) -> dict[str, tuple[tuple[str, int], ...]]:
    """Hex -> (neighbour, MP) for every step the map allows (no monolith, no cliff),
    in neighbour order: `step_cost` without the enemy units, made once per map."""
    cached = _STEPS.get(id(board))
    if cached is None or cached[0] is not board:
        table = {a: tuple((b, SLOPE_COST if board.terrain(b) == "slope" else PLATEAU_COST)
                          for b in board.neighbours(a) if board.terrain(b) != "monolith" and not board.is_cliff(a, b))
                 for a in board.hexes}
        cached = _STEPS[id(board)] = (board, table)
    return cached[1]


def blocked_because(position: Position, side: str, a: str, b: str, occupied: dict[str, str]) -> str:
    """Why no unit may step from a to b (step_cost said None), as a word the wording
    knows: "monolith" (2.13), "enemy" (4.4), "cliff" (2.16, 4.21) or "closed"."""
    board = position.board
    if board.terrain(b) == "monolith":
        return "monolith"
    if occupied.get(b) == other(side):
        return "enemy"
    if board.is_cliff(a, b):
        return "cliff"
    return "closed"


def move_problem(position: Position, units: list[Unit], path: list[str], *, locked: set[int],
                 suicide: bool = False) -> Problem | None:
    """Why this group move is illegal (None: legal). `locked` are the units that began
    the phase in an enemy zone of control (4.3)."""
    if len(path) < 2:
        return problem("path_too_short")
    if any(not position.board.grid.contains(h) for h in path):
        return problem("path_off_map")
    start, side = path[0], units[0].side
    if any(u.hex != start for u in units):
        return problem("not_at_start", hex=start)
    if locked & {u.id for u in units}:
        return problem("locked_in_zoc")
    occupied = position.occupied()
    board = position.board
    last_a, last_b = path[-2], path[-1]
    if suicide:
        if any(u.kind not in UNDEAD for u in units):
            return problem("suicide_undead_only")
        if board.cliff_high_side(last_a, last_b) != last_a:
            return problem("suicide_down_cliff")
        walk = path[:-1]
        extra = SUICIDE_COST
    elif len(path) == 2 and board.is_cliff(*path):
        carried = riders(units, position)
        if not all(climbs_cliffs(u, position) or u.id in carried for u in units):
            return problem("cliff_climbers_only")
        if occupied.get(last_b) == other(side) or board.terrain(last_b) == "monolith":
            return problem("step_blocked", a=last_a, b=last_b, why=blocked_because(position, side, last_a, last_b,
                                                                                   occupied))
        return None  # the crossing takes all the unit's movement points (4.21)
    else:
        walk, extra = path, 0
    carried = riders(units, position)
    dragon_ma = max((position.movement_allowance(u) for u in units if u.kind == UnitType.DRAGON), default=0)
    for unit in units:
        allowance = dragon_ma if unit.id in carried else position.movement_allowance(unit)
        fault = path_fault(walk, allowance - extra, lambda a, b: step_cost(position, side, a, b, occupied),
                           lambda h: position.in_enemy_zoc(h, side, occupied), lambda a, b: b in board.neighbours(a))
        if fault:
            cliff = board.is_cliff(*path[:2]) or any(board.is_cliff(a, b) for a, b in zip(walk, walk[1:]))
            why = blocked_because(position, side, fault.a, fault.b, occupied) if fault.kind == "blocked" else None
            return problem("bad_path", unit=unit.ref(), fault=fault.kind, a=fault.a, b=fault.b,
                           allowance=fault.allowance, why=why, cliff=cliff)
        if suicide and position.in_enemy_zoc(walk[-1], side, occupied) and len(walk) > 1 and walk[-1] != start:
            return problem("suicide_from_zoc", unit=unit.ref(), hex=walk[-1])
    return None


def stacking_problems(position: Position, side: str) -> list[Problem]:
    """4.4 at the end of a movement phase; 10.53 mercenaries stack only with wizards."""
    problems = []
    hexes = {u.hex for u in position.side_units(side)}
    for h in sorted(hexes):
        here = [u for u in position.at(h) if u.side == side]
        size = sum(1 for u in here if u.kind not in FREE_OF_STACKING)
        if size > STACK_LIMIT:
            problems.append(problem("stack_over_limit", hex=h, size=size, limit=STACK_LIMIT))
        if mixes_mercenaries({u.kind for u in here}):
            problems.append(problem("mercenaries_mixed", hex=h))
    return problems


def mixes_mercenaries(kinds: set[UnitType] | frozenset[UnitType]) -> bool:
    """10.53 "Mercenaries may not stack with any units except the Necromancer and his
    apprentice" (ruling: the two mercenary units may stack together)."""
    return UnitType.MERCENARY in kinds and bool(kinds - {UnitType.MERCENARY} - WIZARDS)


def may_join(position: Position, units: list[Unit], hex_: str) -> bool:
    """Whether `units` may end up in `hex_` with the friendly units already there (4.4
    limit and 10.53), not counting units of the group that are there already."""
    ids = {u.id for u in units}
    there = [u for u in position.at(hex_) if u.id not in ids]
    size = sum(1 for u in there + units if u.kind not in FREE_OF_STACKING)
    return size <= STACK_LIMIT and not mixes_mercenaries({u.kind for u in there + units})


def reachable_hexes(position: Position, unit: Unit, locked: set[int]) -> dict[str, tuple[int, str | None]]:
    """Where `unit` can end a normal move this phase (cliff crossings not included)."""
    if unit.id in locked:
        return {unit.hex: (0, None)}
    occupied = position.occupied()
    side = unit.side
    return reachable(unit.hex, position.movement_allowance(unit), position.board.neighbours,
                     lambda a, b: step_cost(position, side, a, b, occupied),
                     lambda h: position.in_enemy_zoc(h, side, occupied))


def locked_units(position: Position, side: str) -> set[int]:
    occupied = position.occupied()
    return {u.id for u in position.side_units(side) if position.in_enemy_zoc(u.hex, side, occupied)}
