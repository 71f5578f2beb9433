"""One Necromancer movement phase from written units and orders, for the rule tests; an
order read by the full reader alone, for the tests of the parser's fast path."""

import pytest

from warjudge.diplomacy.variants.necromancer import orders as order_parser
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


def full_reader(text: str, power: str, nmap=NMAP):
    """The order read with the fast path switched off (the parser's error if it refuses)."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(order_parser, "_parse_canonical", lambda *args: None)
        try:
            return order_parser._parse_norder(text, power, nmap)
        except Exception as exc:   # the fast path must then have declined too
            return exc
