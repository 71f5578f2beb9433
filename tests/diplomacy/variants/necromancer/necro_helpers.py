"""One Necromancer movement phase from written units and orders, for the rule tests."""

from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.necromancer.movement import (
    apply_movement, default_rules, double_movement, resolve_movement,
)
from warjudge.diplomacy.variants.necromancer.position import format_position, parse_position

NMAP = load_necromancer_map()


def turn(units, orders, edition="2002"):
    """-> (board by power, dislodged, order results, resolution, position, rules)"""
    position = parse_position(units, NMAP)
    rules = default_rules(NMAP, edition)
    entries = [(p, t) for p, ts in orders.items() for t in ts]
    groups, results, res = resolve_movement(NMAP, position, entries, rules)
    after, dislodged = apply_movement(NMAP, position, groups, res, rules)
    after, dislodged, _, _ = double_movement(NMAP, after, groups, res, dislodged, rules, results)
    board = {p: sorted(u) for p, u in format_position({k: v for k, v in after.items() if v}).items()}
    return board, dislodged, results, res, after, rules
