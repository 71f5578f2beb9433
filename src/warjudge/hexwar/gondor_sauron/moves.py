"""Movement and stacking in Gondor & Sauron (SPI 4.0, 5.0, and the movement effects of
6.0, 7.15, 7.57, 9.32). Every check is pure: it returns a reason, so an illegal move is
refused before anything changes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Set as AbstractSet

from warjudge.hexwar import movement
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import INFANTRY, CombatUnit, Engine, Leader

Piece = CombatUnit | Leader | Engine


def move_class(piece: Piece) -> str:
    """Leaders move as leaders, siege engines as infantry (ruling), units by kind."""
    if isinstance(piece, Leader):
        return "leader"
    return INFANTRY if isinstance(piece, Engine) else piece.kind


def step_cost(pos: Position, piece: Piece, a: str, b: str, occupied: dict[str, str] | None = None) -> int | None:
    """Movement points to step a -> b (4.26, 4.29); None into an enemy-occupied hex
    (4.27) or where the Terrain Effects Chart prohibits the step. `occupied`: the
    position's occupancy, when the caller has it."""
    side = (pos.occupancy() if occupied is None else occupied).get(b)
    if side not in (None, piece.side):
        return None
    if piece.id in pos.formations and (pos.map.terrain(b) != "clear" or pos.map.hexside_kind(a, b)):
        return None   # 8.41: formations keep to clear terrain
    return pos.terrain_cost(a, b, move_class(piece))


def avoids_enemy_zoc(pos: Position, unit: CombatUnit) -> bool:
    """7.15: missile-only units never voluntarily enter an enemy ZOC; 9.32: nor do the
    Z units of a demoralized army."""
    return unit.ratings.missile_only or (unit.side in pos.demoralized and unit.ratings.morale == "Z")


def stops_for(piece: Piece, zoc: set[str]) -> Callable[[str], bool]:
    """6.11: a combat unit stops on entering an enemy ZOC; 6.15: Leaders never do."""
    if isinstance(piece, Leader):
        return lambda h: False
    return lambda h: h in zoc


def move_problem(pos: Position, piece: Piece, path: list[str], spent: int = 0) -> str | None:
    """Why moving `piece` along `path` (its hex first) is illegal, None if legal.
    `spent`: movement points it already used this phase (4.21, 4.24)."""
    if len(path) < 2 or path[0] != piece.hex:
        return f"a move is a path of hexes starting where the piece stands ({piece.hex})"
    if any(h not in pos.map.hexes for h in path):
        return "the path leaves the map"
    if isinstance(piece, CombatUnit):
        if piece.disrupted:
            return "a disrupted unit may not move until rallied (SPI 7.57)"
        if piece.hex in pos.enemy_zoc(piece.side):
            return "a unit in an enemy zone of control leaves it only by retreat or advance (SPI 6.11)"
        if avoids_enemy_zoc(pos, piece) and set(path[1:]) & pos.enemy_zoc(piece.side):
            return ("this unit may never enter an enemy zone of control "
                    + ("(SPI 7.15: missile fire only)" if piece.ratings.missile_only else "(SPI 9.32)"))
    allowance = pos.allowance(piece) - spent
    stops = stops_for(piece, pos.enemy_zoc(piece.side))
    occupied = pos.occupancy()
    why = movement.path_problem(path, allowance, lambda a, b: step_cost(pos, piece, a, b, occupied), stops,
                                lambda a, b: b in pos.map.neighbours(a), lambda a, b: blocked_because(pos, piece, a, b))
    if why:
        return why + (" (SPI 4.21)" if "movement points" in why else " (SPI 6.11)" if "zone" in why else "")
    return None


def blocked_because(pos: Position, piece: Piece, a: str, b: str) -> str:
    if pos.side_at(b) not in (None, piece.side):
        return "an enemy stands there (SPI 4.27)"
    kind = pos.map.hexside_kind(a, b)
    if kind and frozenset((a, b)) not in pos.breached and pos.rules.hexsides[kind].extra.get(move_class(piece)) is None:
        return f"an unbreached {kind} hexside lies between (SPI 7.53, Terrain Effects Chart)"
    return f"{pos.map.terrain(b)} is prohibited to {move_class(piece)} (Terrain Effects Chart)"


def destinations(pos: Position, piece: Piece, spent: int = 0, zoc: AbstractSet[str] | None = None,
                 occupied: dict[str, str] | None = None) -> list[str]:
    """Every hex `piece` may legally end a move in (its own excluded), sorted. `zoc`
    (its enemies' zones) and `occupied` may be passed in when computed already."""
    zoc = pos.enemy_zoc(piece.side) if zoc is None else zoc
    if isinstance(piece, CombatUnit) and (piece.disrupted or piece.hex in zoc):
        return []
    avoid = zoc if isinstance(piece, CombatUnit) and avoids_enemy_zoc(pos, piece) else set()
    occupied = pos.occupancy() if occupied is None else occupied
    enemy = {h for h, side in occupied.items() if side != piece.side}   # 4.27
    found = movement.reachable_in(piece.hex, pos.allowance(piece) - spent,
                                  pos.steps(move_class(piece), piece.id in pos.formations),
                                  enemy | avoid, () if isinstance(piece, Leader) else zoc)
    return sorted(h for h in found if h != piece.hex)


def stacking_problems(pos: Position, side: str) -> list[str]:
    """5.0, 4.28: at the end of its Movement Phase a side has at most one combat unit
    a hex (Leaders free; a special formation counts as one, 5.0 b)."""
    counts = Counter(u.hex for u in pos.units.values() if u.side == side
                     and not (u.id in pos.formations and u.id > pos.formations[u.id]))
    return [f"{h}: {n} combat units; one a hex (SPI 5.0)" for h, n in sorted(counts.items())
            if n > pos.rules.stacking]


__all__ = ["destinations", "move_problem", "stacking_problems", "step_cost"]
