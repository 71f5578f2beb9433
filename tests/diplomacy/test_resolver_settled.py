"""Issue 12 (speed): the resolver settles decisions that depend on no other decision before
guess-and-check runs (a hold; a support or convoy nothing moves against; a lone unsupported
move over land into an empty province). These tests judge the same phases with and without
that step and require identical outcomes: every DATC movement case, and random busy phases
whose supports and convoys mostly match the moves ordered."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warjudge.diplomacy.legal_orders import movement_orders
from warjudge.diplomacy.movement import judge_movement
from warjudge.diplomacy.guess import RESOLVED, UNRESOLVED
from warjudge.diplomacy.resolver import Resolver
from warjudge.diplomacy.units import Unit
from warjudge.diplomacy.variants.standard import standard_map as load_standard_map
from tests.diplomacy.datc_runner import _units

CASES = [c for c in json.loads((Path(__file__).parent.parent / "data" / "datc_v2.4_06.json").read_text())
         if c["phase"].endswith("M")]


def _outcome(out):
    """Everything a movement phase reports, comparable with ==."""
    results = [(r.power, r.text, r.order, r.order.__dict__ if r.order else None, r.result,
                r.why.to_json() if r.why else None, r.default) for r in out.results]
    dislodged = [(d.unit, d.attacker_from, d.via_convoy) for d in out.dislodged]
    return results, list(out.units.items()), dislodged, sorted(out.standoffs)


def _both_ways(monkeypatch, dmap, units, entries):
    """The outcome as judged, and as judged with every decision left to guess-and-check."""
    settled = _outcome(judge_movement(dmap, units, entries))
    with monkeypatch.context() as m:
        m.setattr(Resolver, "settle_first", False)
        plain = _outcome(judge_movement(dmap, units, entries))
    return settled, plain


def test_some_decisions_are_settled_before_guess_and_check(standard_map):
    # the step under test does something: a hold, an unattacked support, a lone move into an empty province
    units = {"par": Unit("FRANCE", "A", "par"), "mar": Unit("FRANCE", "A", "mar"), "bre": Unit("FRANCE", "F", "bre")}
    from warjudge.diplomacy.orders import Hold, Move, SupportHold
    orders = [Hold("FRANCE", "A", "par"), SupportHold("FRANCE", "A", "mar", "A", "par"),
              Move("FRANCE", "F", "bre", "mid")]
    r = Resolver(units, orders, set(), standard_map.fleet_province_adj)
    assert r.state == [RESOLVED] * 3 and r.value == [1, 1, 1]
    assert list(map(bool, r.run().success)) == [True, True, True]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(Resolver, "settle_first", False)
        r = Resolver(units, orders, set(), standard_map.fleet_province_adj)
        assert r.state == [UNRESOLVED] * 3   # the plain path the other tests compare with
        assert list(map(bool, r.run().success)) == [True, True, True]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc_cases_judged_the_same_without_settling(case, standard_map, monkeypatch):  # DATC 6.x
    units = _units(standard_map, case["units"])
    entries = [(power, text) for power, orders in case["orders"].items() for text in orders]
    settled, plain = _both_ways(monkeypatch, standard_map, units, entries)
    assert settled == plain


def _random_phase(dmap, rng: random.Random):
    """A random position and orders: moves first, then supports and convoys that mostly
    match them (so cuts, bounces, cycles and convoy paradoxes come up), a few orders for
    another power's unit and a few units left unordered."""
    provinces = sorted(dmap.provinces)
    units = {}
    for prov in rng.sample(provinces, rng.randint(6, 34)):
        p = dmap.provinces[prov]
        utype = "F" if p.kind == "sea" or (p.kind == "coastal" and rng.random() < 0.4) else "A"
        loc = rng.choice(dmap.fleet_nodes(prov)) if utype == "F" else prov
        units[prov] = Unit(rng.choice(dmap.powers), utype, loc)
    legal = movement_orders(dmap, units)
    chosen: dict[str, str] = {}
    for prov in rng.sample(sorted(units), len(units) // 2):
        moves = [o for o in legal[prov] if " - " in o and " S " not in o and " C " not in o]
        if moves:
            chosen[prov] = rng.choice(moves) + (" via convoy" if units[prov].type == "A" and rng.random() < 0.2 else "")
    ordered_moves = {o.removesuffix(" via convoy") for o in chosen.values()}
    for prov in sorted(units):
        if prov in chosen or rng.random() < 0.1:
            continue
        helping = [o for o in legal[prov] if any(f" {verb} " in o and o.split(f" {verb} ", 1)[1] in ordered_moves
                                                 for verb in "SC")]
        chosen[prov] = rng.choice(helping) if helping and rng.random() < 0.8 else rng.choice(legal[prov])
    entries = [(units[prov].power, text) for prov, text in chosen.items()]
    for prov in rng.sample(sorted(units), min(2, len(units))):   # orders for a unit not the power's own
        entries.append((rng.choice(dmap.powers), rng.choice(legal[prov])))
    rng.shuffle(entries)
    return units, entries


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_random_phases_judged_the_same_without_settling(seed, monkeypatch):  # DATC 4.A.2, 4.A.3
    dmap = load_standard_map()
    units, entries = _random_phase(dmap, random.Random(seed))
    settled, plain = _both_ways(monkeypatch, dmap, units, entries)
    assert settled == plain


def test_random_phases_reach_the_hard_cases(standard_map):
    # the generator above is busy enough: over 300 phases it makes dislodgements, bounces
    # with an empty province left behind, supports cut, and moves by convoy
    seen = {"dislodged": 0, "standoff": 0, "cut": 0, "convoyed": 0}
    for seed in range(300):
        units, entries = _random_phase(standard_map, random.Random(seed))
        out = judge_movement(standard_map, units, entries)
        seen["dislodged"] += bool(out.dislodged)
        seen["standoff"] += bool(out.standoffs)
        seen["cut"] += any(r.why is not None and r.why.code == "dip.cut" for r in out.results)
        seen["convoyed"] += any(r.result == "succeeds" and r.order is not None and getattr(r.order, "via_convoy", False)
                                for r in out.results)
    assert all(n >= 10 for n in seen.values()), seen
