"""Runs one transcribed DATC case through the judge (shared by test_datc.py)."""

from __future__ import annotations

from collections import Counter

from warjudge.diplomacy.adjustments import judge_adjustments
from warjudge.diplomacy.movement import judge_movement
from warjudge.diplomacy.results import Dislodged
from warjudge.diplomacy.retreats import judge_retreats
from warjudge.diplomacy.units import parse_unit


def _units(dmap, spec):
    out = {}
    for power, units in spec.items():
        for text in units:
            u = parse_unit(text, power, dmap)
            out[u.province] = u
    return out


def _as_text(units):
    return Counter((u.power, str(u)) for u in units)


def _expected(dmap, spec):
    return Counter((u.power, str(u)) for u in _units(dmap, spec).values())


def run_case(dmap, case):
    units = _units(dmap, case["units"])
    entries = [(power, text) for power, orders in case["orders"].items() for text in orders]
    kind = case["phase"][-1]
    dislodged_after = []
    if kind == "M":
        out = judge_movement(dmap, units, entries)
        after, dislodged_after = out.units, [d.unit for d in out.dislodged]
    elif kind == "R":
        dislodged = [
            Dislodged(parse_unit(d["unit"], power, dmap), d["attacker_from"], d.get("via_convoy", False))
            for power, ds in case.get("dislodged", {}).items() for d in ds
        ]
        out = judge_retreats(dmap, units, dislodged, set(case.get("standoffs", [])), entries)
        after = out.units
    else:
        centers = {p: set(cs) for p, cs in case.get("supply_centers", {}).items()}
        out = judge_adjustments(dmap, units, centers, entries)
        after = out.units
    return out, _as_text(after.values()), _as_text(dislodged_after)
