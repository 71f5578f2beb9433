"""Adjudication benchmark: warjudge against the `diplomacy` package (the MILA engine).

Run with the benchmark environment (``make bench`` creates it)::

    .venv-bench/bin/python benchmarks/adjudication.py [--phases N] [--seed S] [--repeats R]

It generates N random but legal movement phases on the standard map, adjudicates each
with both engines in the same run, and

* times only the adjudication step: for warjudge ``judge_movement`` (order parsing and
  legality included); for MILA ``Game.process()`` (building the game, placing the units
  and submitting the orders with ``set_orders`` are outside the timer). Each phase is
  timed ``--repeats`` times, the two engines in turn phase by phase (so neither runs with
  caches the other's run has cooled), and its best time is kept. As the two timed steps do not do
  the same work (MILA parses and checks orders in ``set_orders``, and ``process`` also
  keeps the game's history), like-for-like figures are printed too: warjudge given
  parsed orders, MILA's ``set_orders``, and MILA's resolution core ``Game._process``;
* compares the outcomes: the units standing after the phase, the dislodged units (with
  the province their attacker came from), and the success of every move and support;
* lists every disagreement, sorted: at a DATC option point where the engines take
  different options (convoy paradoxes, convoy to an adjacent province), acceptable;
  from a MILA bug this script recognises (each explained where it is printed); and
  unexplained ones, which are bug candidates in one engine or the other.

It then times the phases of ``--games`` games played by warjudge's random bot for at most
``--years`` years (movement, retreat and adjustment phases, as the games have them): for
warjudge ``judge_phase``, for MILA a game put at that phase with ``Game.set_state`` (outside
the timer), and checks that MILA ends each phase with the same units.

Timing is interleaved phase by phase, and which engine goes first alternates from one
phase and timing run to the next. Every timed step starts right after a garbage
collection, for MILA after its game is built: so both engines start equally cold (building
the game just before the timer warmed MILA's caches, about 20 % of its `_process` time). Per phase kind and overall it prints two ratios (MILA
time / warjudge time, of summed best times):

* from order text to results: warjudge's judge given order text, against MILA's
  ``set_orders`` (its parsing and checks) plus ``process``;
* resolution only: warjudge's judge given already parsed orders (legality checks stay:
  they are part of resolving), against MILA's ``_process`` on a game whose orders were set
  before the timer (no parsing; without ``process``'s state snapshot and history).

The machine load (``os.getloadavg``) before and after timing is printed beside them; on a
loaded machine `--cpu` times CPU seconds of this process instead of wall time. Every timer
starts cold, after a garbage collection, for both engines; `--warm` leaves the collections
out, so both judge with their code and tables hot, as a search judges (the best of
`--repeats` counts, so the first, colder run is dropped).

The exit status is 0 whatever the comparison finds; read the report.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

try:
    import diplomacy
    from diplomacy.utils import order_results as mila_codes
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit("the `diplomacy` package is missing: run `make bench`, or "
             "`.venv-bench/bin/pip install -e . diplomacy==1.1.2` and use .venv-bench/bin/python")

from warjudge.diplomacy.bots import random_orders
from warjudge.diplomacy.movement import judge_movement
from warjudge.diplomacy.orders import (Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold,
                                       SupportMove, parse_order)
from warjudge.diplomacy.phases import ADJUSTMENT, MOVEMENT, RETREAT, GameState, initial_state, judge_phase
from warjudge.diplomacy.retreats import retreat_options
from warjudge.diplomacy.units import Unit
from warjudge.diplomacy.variants.standard import standard_map

ARMY, FLEET = "A", "F"

# The timer: wall time, or with --cpu this process's CPU time (time.process_time), which a
# loaded machine does not inflate: a long step (MILA's set_orders) is preempted far more
# often than a short one, so wall-time ratios grow with the load.
clock = time.perf_counter

# Before every timer: a collection, whose walk over the heap evicts both engines' code and
# tables from the caches (a judge called once, cold). With --warm nothing: each engine
# judges with its code and tables hot from the step before, as a search judges thousands
# of times a move (the collector stays paused; it runs only between rounds).
cool = gc.collect

# warjudge province ids that MILA spells differently; every other id is the upper-cased one.
MILA_NAMES = {"gol": "LYO", "mid": "MAO", "nat": "NAO", "nrg": "NWG"}


def mila_loc(loc: str) -> str:
    """'spa/nc' -> 'SPA/NC', 'gol' -> 'LYO'."""
    prov, _, coast = loc.partition("/")
    name = MILA_NAMES.get(prov, prov.upper())
    return f"{name}/{coast.upper()}" if coast else name


def mila_unit(unit: Unit) -> str:
    return f"{unit.type} {mila_loc(unit.location)}"


def prov_of(loc: str) -> str:
    return loc.split("/", 1)[0]


# --- orders --------------------------------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """One generated order, written out for both engines."""
    kind: str                  # "H" hold, "M" move, "SH" support hold, "SM" support move, "C" convoy
    unit: Unit
    dest: str = ""             # M: location moved to; SM: province of the supported move; C: army's destination
    target: Unit | None = None  # SH, SM: the supported unit; C: the convoyed army
    via: bool = False          # M: "via convoy"

    def text(self) -> str:
        u = f"{self.unit.type} {self.unit.location}"
        t = f"{self.target.type} {self.target.location}" if self.target else ""
        return {
            "H": f"{u} H",
            "M": f"{u} - {self.dest}" + (" via convoy" if self.via else ""),
            "SH": f"{u} S {t}",
            "SM": f"{u} S {t} - {self.dest}",
            "C": f"{u} C {t} - {self.dest}",
        }[self.kind]

    def mila(self) -> str:
        u = mila_unit(self.unit)
        t = mila_unit(self.target) if self.target else ""
        return {
            "H": f"{u} H",
            "M": f"{u} - {mila_loc(self.dest)}" + (" VIA" if self.via else ""),
            "SH": f"{u} S {t}",
            "SM": f"{u} S {t} - {mila_loc(self.dest)}",
            "C": f"{u} C {t} - {mila_loc(self.dest)}",
        }[self.kind]


@dataclass
class Phase:
    index: int
    units: dict[str, Unit]
    plans: dict[str, Plan]     # province of the ordered unit -> its order (unordered units hold)
    entries: list[tuple[str, str]] = field(default_factory=list)
    mila_units: dict[str, list[str]] = field(default_factory=dict)
    mila_orders: dict[str, list[str]] = field(default_factory=dict)


# --- random positions and orders -------------------------------------------------------

class Generator:
    def __init__(self, dmap, rng: random.Random):
        self.dmap, self.rng = dmap, rng
        self.provs = sorted(dmap.provinces)
        self.seas = [p for p in self.provs if dmap.provinces[p].kind == "sea"]
        self.others = [p for p in self.provs if dmap.provinces[p].kind != "sea"]
        self.near_power = self._nearest_powers()

    def _nearest_powers(self) -> dict[str, list[str]]:
        """For every province, the powers whose nearest home centre is closest."""
        graph: dict[str, set[str]] = {p: set() for p in self.provs}
        for p, adj in self.dmap.army_adj.items():
            graph[p] |= adj
        for p, adj in self.dmap.fleet_province_adj.items():
            graph[p] |= adj
        dist: dict[str, dict[str, int]] = {}
        for power in self.dmap.powers:
            d = {h: 0 for h in self.dmap.home_centers(power)}
            todo = list(d)
            while todo:
                nxt = []
                for here in todo:
                    for n in sorted(graph[here]):
                        if n not in d:
                            d[n] = d[here] + 1
                            nxt.append(n)
                todo = nxt
            dist[power] = d
        out = {}
        for p in self.provs:
            best = min(dist[w].get(p, 99) for w in self.dmap.powers)
            out[p] = [w for w in self.dmap.powers if dist[w].get(p, 99) == best]
        return out

    # positions
    def position(self) -> dict[str, Unit]:
        rng, dmap = self.rng, self.dmap
        n = rng.randint(18, 30)
        n_sea = rng.randint(4, 9)
        chosen = rng.sample(self.seas, n_sea) + rng.sample(self.others, n - n_sea)
        units = {}
        for p in chosen:
            kind = dmap.provinces[p].kind
            if kind == "sea":
                utype = FLEET
            elif kind == "land":
                utype = ARMY
            else:
                utype = FLEET if rng.random() < 0.35 else ARMY
            loc = rng.choice(dmap.fleet_nodes(p)) if utype == FLEET else p
            power = rng.choice(self.near_power[p]) if rng.random() < 0.6 else rng.choice(dmap.powers)
            units[p] = Unit(power, utype, loc)
        return units

    # orders
    def orders(self, units: dict[str, Unit]) -> dict[str, Plan]:
        rng = self.rng
        plans: dict[str, Plan] = {}
        self._convoys(units, plans)
        targeted: dict[str, int] = {}
        for plan in plans.values():
            if plan.kind == "M":
                targeted[prov_of(plan.dest)] = targeted.get(prov_of(plan.dest), 0) + 1

        free = [p for p in units if p not in plans]
        rng.shuffle(free)
        for p in free:  # moves, biased towards occupied and contested provinces
            if rng.random() >= 0.5:
                continue
            u = units[p]
            options = self._destinations(u)
            weights = [1 + 2 * (prov_of(d) in units) + 2 * targeted.get(prov_of(d), 0) for d in options]
            dest = rng.choices(options, weights)[0]
            plans[p] = Plan("M", u, dest)
            targeted[prov_of(dest)] = targeted.get(prov_of(dest), 0) + 1

        for p in free:  # supports, mostly of moves that were ordered
            if p in plans:
                continue
            u = units[p]
            cands = self._support_candidates(u, units, plans)
            if cands and rng.random() < 0.8:
                plans[p] = rng.choices([c for c, _ in cands], [w for _, w in cands])[0]
            elif rng.random() < 0.85:
                plans[p] = Plan("H", u)
            # else: no order at all (the unit holds by default)
        return plans

    def _destinations(self, u: Unit) -> list[str]:
        if u.type == ARMY:
            return sorted(self.dmap.army_adj[u.province])
        return sorted(self.dmap.fleet_adj.get(u.location, ()))

    def _convoys(self, units: dict[str, Unit], plans: dict[str, Plan]) -> None:
        """Coastal armies convoyed by chains of fleets at sea (any power's)."""
        rng, dmap = self.rng, self.dmap
        armies = [p for p, u in units.items() if u.type == ARMY and dmap.is_coastal(p)]
        rng.shuffle(armies)
        for a in armies:
            if rng.random() >= 0.6:
                continue
            fleets = {p for p, u in units.items() if u.type == FLEET and dmap.is_sea(p) and p not in plans}
            parent: dict[str, str | None] = {f: None for f in sorted(fleets) if a in dmap.fleet_province_adj[f]}
            depth = {f: 0 for f in parent}
            todo = list(parent)
            while todo:
                here = todo.pop(0)
                for n in sorted(dmap.fleet_province_adj[here]):
                    if n in fleets and n not in parent:
                        parent[n], depth[n] = here, depth[here] + 1
                        todo.append(n)
            # Shortest chains only: MILA rejects a convoy order by a fleet that a shorter
            # chain of the fleets on the board makes unnecessary ("impossible convoy order").
            landing: dict[str, str] = {}
            for f in sorted(parent, key=lambda f: (depth[f], f)):
                for c in sorted(dmap.fleet_province_adj[f]):
                    if c != a and dmap.is_coastal(c) and c not in landing:
                        landing[c] = f
            if not landing:
                continue
            adjacent = [c for c in landing if c in dmap.army_adj[a]]
            far = [c for c in landing if c not in dmap.army_adj[a]]
            dest = rng.choice(adjacent if adjacent and (not far or rng.random() < 0.25) else far)
            last = landing[dest]
            chain, f = [], last
            while f is not None:
                chain.append(f)
                f = parent[f]
            plans[a] = Plan("M", units[a], dest, via=rng.random() < 0.5)
            if rng.random() < 0.12:
                continue  # the fleets are not ordered to convoy (they get other orders)
            for f in chain:
                plans[f] = Plan("C", units[f], dest, target=units[a])

    def _support_candidates(self, u: Unit, units, plans) -> list[tuple[Plan, float]]:
        dmap = self.dmap
        cands: list[tuple[Plan, float]] = []
        reach = {p for p in dmap.provinces if p != u.province and dmap.can_reach(u.type, u.location, p)}
        for p, plan in plans.items():  # supports of ordered moves
            if plan.kind == "M" and prov_of(plan.dest) in reach:
                cands.append((Plan("SM", u, prov_of(plan.dest), target=plan.unit),
                              6.0 if plan.unit.power == u.power else 3.0))
        for p in sorted(reach & units.keys()):
            other = units[p]
            plan = plans.get(p)
            if plan is None or plan.kind != "M":
                cands.append((Plan("SH", u, target=other), 1.5 if other.power == u.power else 1.0))
            else:
                cands.append((Plan("SH", u, target=other), 0.3))  # a unit that moves: gives nothing
            if plan is None or plan.kind != "M":  # plausible move support of a unit not moving there
                for d in self._destinations(other):
                    dp = prov_of(d)
                    if dp in reach and dp != p:
                        cands.append((Plan("SM", u, dp, target=other), 0.05))
        return cands


def make_phase(index: int, gen: Generator) -> Phase:
    units = gen.position()
    plans = gen.orders(units)
    ph = Phase(index, units, plans)
    order = list(plans.values())
    gen.rng.shuffle(order)
    ph.entries = [(p.unit.power, p.text()) for p in order]
    for power in gen.dmap.powers:
        ph.mila_units[power] = [mila_unit(u) for u in units.values() if u.power == power]
        ph.mila_orders[power] = [p.mila() for p in order if p.unit.power == power]
    return ph


# --- the two engines -------------------------------------------------------------------

def run_warjudge(dmap, ph: Phase, entries=None):
    """Time judge_movement: order text parsing, legality and resolution."""
    entries = ph.entries if entries is None else entries
    t0 = clock()
    out = judge_movement(dmap, ph.units, entries)
    return clock() - t0, out


def mila_game(ph: Phase, with_orders: bool = True):
    game = diplomacy.Game()
    assert game.get_current_phase() == "S1901M", game.get_current_phase()
    game.clear_units()
    for power, units in ph.mila_units.items():
        game.set_units(power, units, reset=True)
    if with_orders:
        set_mila_orders(game, ph)
    return game


def set_mila_orders(game, ph: Phase) -> None:
    for power, orders in ph.mila_orders.items():
        if orders:
            game.set_orders(power, orders)


def run_mila(ph: Phase):
    """Time Game.process() (and, separately, set_orders(): MILA's order parsing and checks)."""
    game = mila_game(ph, with_orders=False)
    cool()   # as before every timed step: the building must not warm MILA's timed steps
    t0 = clock()
    set_mila_orders(game, ph)
    t1 = clock()
    errors = list(game.error)
    t2 = clock()
    game.process()
    t3 = clock()
    return t3 - t2, t1 - t0, game, errors


def run_mila_core(ph: Phase) -> float:
    """Time Game._process(): resolution and phase advance, without process()'s bookkeeping
    (state snapshot, order and message history). The collection between building the game
    and the timer is the one every other timed step has just before its timer: without it,
    MILA's game and map come to `_process` warm from the building, outside its timer, while
    warjudge's judge starts cold after its collection (measured: MILA's `_process` about 20 %
    faster so). The bot-game phases already time it this way."""
    game = mila_game(ph)
    cool()
    t0 = clock()
    game._process()
    return clock() - t0


# --- phases of bot games (movement, retreats, adjustments) ----------------------------

@dataclass
class GamePhase:
    """One phase of a random-bot game: the position, every power's orders as text and
    parsed, and the same position and orders written for MILA."""
    kind: str                              # MOVEMENT, RETREAT or ADJUSTMENT
    state: GameState
    orders: dict[str, list[str]]
    parsed: dict[str, list[Order]]
    mila_state: dict
    mila_orders: dict[str, list[str]]
    after: set[tuple[str, str]]            # warjudge's units at the start of the next phase


def bot_game_phases(dmap, games: int, years: int, seed: int) -> list[GamePhase]:
    """Every phase of `games` games played by warjudge's random bot (legal orders only)
    for at most `years` years; retreat and adjustment phases come where the game has them."""
    out = []
    for g in range(games):
        rng = random.Random(f"adjudication-bench:{seed}:{g}")
        state = initial_state(dmap)
        last_year = state.phase.year + years - 1
        while state.winner is None and state.phase.year <= last_year:
            orders = {p: random_orders(dmap, state, p, rng) for p in dmap.powers}
            parsed = {p: [parse_order(t, p, dmap) for t in texts] for p, texts in orders.items()}
            report = judge_phase(dmap, state, orders)
            out.append(GamePhase(state.phase.kind, state, orders, parsed, mila_state(dmap, state),
                                 {p: [mila_order(o, state) for o in os] for p, os in parsed.items()},
                                 {(u.power, mila_unit(u)) for u in report.after.units.values()}))
            state = report.after
    return out


def mila_state(dmap, state: GameState) -> dict:
    """The position for MILA's Game.set_state (dislodged units starred, with our retreat
    options, which count the attacker's province and standoffs as MILA's own would)."""
    units = {p: [mila_unit(u) for u in state.units.values() if u.power == p] for p in dmap.powers}
    retreats: dict[str, dict[str, list[str]]] = {p: {} for p in dmap.powers}
    for d in state.dislodged:
        units[d.unit.power].append("*" + mila_unit(d.unit))
        retreats[d.unit.power][mila_unit(d.unit)] = [
            mila_loc(x) for x in retreat_options(dmap, state.units, d, state.standoffs)]
    centers = {p: [mila_loc(c) for c in sorted(state.centers.get(p, ()))] for p in dmap.powers}
    return {"name": str(state.phase), "units": units, "retreats": retreats, "centers": centers}


def mila_order(o: Order, state: GameState) -> str:
    """A parsed warjudge order in MILA's syntax (unit types MILA needs are looked up)."""
    def unit_at(loc: str) -> str:
        u = state.units.get(prov_of(loc))
        return mila_unit(u) if u is not None else f"A {mila_loc(loc)}"

    if isinstance(o, Build):
        return f"{o.unit_type} {mila_loc(o.location)} B"
    if state.phase.kind == RETREAT:  # the ordered unit is the dislodged one, not its attacker
        me = next(mila_unit(d.unit) for d in state.dislodged if d.unit.province == prov_of(o.location))
    else:
        me = unit_at(o.location)
    if isinstance(o, Hold):
        return f"{me} H"
    if isinstance(o, Move):
        return f"{me} - {mila_loc(o.dest)}" + (" VIA" if o.via_convoy else "")
    if isinstance(o, SupportHold):
        return f"{me} S {unit_at(o.target)}"
    if isinstance(o, SupportMove):
        return f"{me} S {unit_at(o.target)} - {mila_loc(o.target_dest)}"
    if isinstance(o, Convoy):
        return f"{me} C A {mila_loc(o.army_from)} - {mila_loc(o.army_to)}"
    if isinstance(o, Retreat):
        return f"{me} R {mila_loc(o.dest)}"
    if isinstance(o, Disband):
        return f"{me} D"
    raise ValueError(f"no MILA spelling for {o!r}")


def mila_game_at(gp: GamePhase, with_orders: bool):
    game = diplomacy.Game()
    game.set_state(gp.mila_state)
    if with_orders:
        set_game_phase_orders(game, gp)
    return game


def set_game_phase_orders(game, gp: GamePhase) -> None:
    for power, orders in gp.mila_orders.items():
        if orders:
            game.set_orders(power, orders)


def time_game_phase_warjudge(dmap, gp: GamePhase) -> tuple[float, float]:
    """judge_phase from order text, then from parsed orders (resolution without parsing)."""
    t0 = clock()
    judge_phase(dmap, gp.state, gp.orders)
    t1 = clock()
    cool()
    t2 = clock()
    judge_phase(dmap, gp.state, gp.parsed)
    return t1 - t0, clock() - t2


def time_game_phase_mila(gp: GamePhase) -> tuple[float, float, float, list, set[tuple[str, str]]]:
    """set_orders (parsing, checks), process(), and _process() on a second fresh game;
    game building (set_state) is outside every timer."""
    game = mila_game_at(gp, with_orders=False)
    cool()   # as before every timed step: the building must not warm MILA's timed steps
    t0 = clock()
    set_game_phase_orders(game, gp)
    t1 = clock()
    errors = list(game.error)
    t2 = clock()
    game.process()
    t3 = clock()
    after = {(p, u) for p, units in game.get_units().items() for u in units if not u.startswith("*")}
    core = mila_game_at(gp, with_orders=True)
    cool()
    t4 = clock()
    core._process()
    t5 = clock()
    return t1 - t0, t3 - t2, t5 - t4, errors, after


# --- comparison ------------------------------------------------------------------------

@dataclass
class Outcome:
    units: set[tuple[str, str]]          # (power, "A PAR") after the phase
    dislodged: dict[str, str]            # "A PAR" -> province (MILA spelling) the attacker came from
    orders: dict[str, str]               # ordered unit ("A PAR") -> normalised result


def warjudge_outcome(ph: Phase, out) -> tuple[Outcome, list[str]]:
    units = {(u.power, mila_unit(u)) for u in out.units.values()}
    dislodged = {mila_unit(d.unit): mila_loc(d.attacker_from) for d in out.dislodged}
    dislodged_provs = {d.unit.province for d in out.dislodged}
    orders, voids = {}, []
    for r in out.results:
        if r.default or r.order is None:
            if r.result == "void":
                voids.append(f"{r.power}: {r.text}: {r.reason}")
            continue
        unit = ph.units.get(r.order.province)
        if r.result == "void":
            voids.append(f"{r.power}: {r.text}: {r.reason}")
        if unit is None:
            continue
        plan = ph.plans[unit.province]
        if plan.kind == "M":
            orders[mila_unit(unit)] = "moves" if r.result == "succeeds" else "fails"
        elif plan.kind in ("SH", "SM"):
            if unit.province in dislodged_provs:
                orders[mila_unit(unit)] = "dislodged"
            elif r.result == "succeeds":
                orders[mila_unit(unit)] = "given"
            elif r.result == "void":
                orders[mila_unit(unit)] = "void"
            elif "matching order" in r.reason:
                orders[mila_unit(unit)] = "unmatched"
            elif r.reason == "dislodged":
                orders[mila_unit(unit)] = "dislodged"
            else:
                orders[mila_unit(unit)] = "cut"
    return Outcome(units, dislodged, orders), voids


def mila_outcome(ph: Phase, game) -> Outcome:
    units = set()
    for power in ph.mila_units:
        for u in game.get_units(power):
            if not u.startswith("*"):
                units.add((power, u))
    dislodged = dict(game.dislodged)
    results = game.result_history.last_value() if game.result_history else {}
    orders = {}
    for plan in ph.plans.values():
        key = mila_unit(plan.unit)
        res = {str(x) for x in results.get(key, [])}
        if plan.kind == "M":
            orders[key] = "fails" if res - {str(mila_codes.OK)} else "moves"
        elif plan.kind in ("SH", "SM"):
            if str(mila_codes.DISLODGED) in res:
                orders[key] = "dislodged"
            elif str(mila_codes.CUT) in res:
                orders[key] = "cut"
            elif res & {str(mila_codes.VOID), str(mila_codes.NO_CONVOY)}:
                orders[key] = "void"
            else:
                orders[key] = "given"
    return Outcome(units, dislodged, orders)


def support_results_agree(w: str, m: str) -> bool:
    """MILA says 'void' both for a support of a unit not ordered to match and for a support
    it discards because it would help dislodge its own power's unit or because the
    supported convoy has no route; warjudge reports those as 'unmatched', or as 'given'
    (the support is not cut; the rules on own units and routes make it useless). A void
    support is never checked for cuts by MILA."""
    if w == m:
        return True
    return m == "void" and w in ("unmatched", "given", "cut")


def compare(w: Outcome, m: Outcome) -> tuple[list[str], set[str]]:
    """The differences, and the provinces (warjudge ids) of the units they concern."""
    diffs, where = [], set()
    for power, unit in sorted(w.units - m.units):
        diffs.append(f"only warjudge has {power} {unit} after the phase")
        where.add(unit[2:5])
    for power, unit in sorted(m.units - w.units):
        diffs.append(f"only MILA has {power} {unit} after the phase")
        where.add(unit[2:5])
    for unit in sorted(w.dislodged.keys() | m.dislodged.keys()):
        a, b = w.dislodged.get(unit), m.dislodged.get(unit)
        if a != b:
            diffs.append(f"{unit} dislodged: warjudge {'by ' + a if a else 'no'}, MILA {'by ' + b if b else 'no'}")
            where.add(unit[2:5])
    for unit in sorted(w.orders.keys() | m.orders.keys()):
        a, b = w.orders.get(unit), m.orders.get(unit)
        if a in ("moves", "fails") or b in ("moves", "fails"):
            if a != b:
                diffs.append(f"{unit} move: warjudge {a}, MILA {b}")
                where.add(unit[2:5])
        elif a is not None and b is not None and not support_results_agree(a, b):
            diffs.append(f"{unit} support: warjudge {a}, MILA {b}")
            where.add(unit[2:5])
    return diffs, {FROM_MILA.get(x, x.lower()) for x in where}


FROM_MILA = {v: k for k, v in MILA_NAMES.items()}


# --- why the engines may differ ----------------------------------------------------------

OPTION, MILA_BUG = "DATC option", "known MILA bug"

EXPLAIN = {
    "1982": (OPTION, "convoy paradox rule (DATC 4.A.2). MILA applies the 1982 rulebook rule, in its own "
                     "words 'exception C': an army convoyed to a province does not cut a support given "
                     "there for, or against, a unit in a sea province holding a fleet that convoys it, "
                     "whether or not a paradox would arise. warjudge takes the DATC's preferred option "
                     "(2000 rules plus the Szykman rule): the convoyed attack cuts the support like any "
                     "other attack, unless the convoy is part of a paradox."),
    "adjacent": (OPTION, "convoy to an adjacent province (DATC 4.A.3). Both engines read a convoy order "
                         "given by the army's own power, or 'via convoy', as the intent to go by convoy. "
                         "When that convoy fails, MILA sends the army over land instead: when a convoying "
                         "fleet is dislodged (unless the order says VIA), and when the fleets ordered do "
                         "not make a whole route. warjudge keeps the army on its convoy, so it does not "
                         "move, as the DATC's preferred option has it (intent decides the route; compare "
                         "test 6.G.11)."),
    "paradox": (OPTION, "convoy paradox (DATC 4.A.2): warjudge applies the Szykman rule, MILA its "
                        "own paradox detection (the 1982 rule, extended)."),
    "disruption": (MILA_BUG, "a fleet convoying an army is attacked by a move supported by the fleet's own "
                             "power. The fleet is not dislodged (its owner's support does not count "
                             "towards dislodging it, DATC 6.D.12), yet MILA's convoy disruption check "
                             "(Game._check_disruptions) compares the attack's full strength with the "
                             "fleet's and cancels the convoy, though the fleet stays. A convoy fails only "
                             "when a fleet on every route is dislodged (2000 rules; DATC 6.F.4, an "
                             "attacked convoy is not disrupted): warjudge is right."),
    "head-to-head": (MILA_BUG, "a head-to-head battle in which a unit on one side is supported by the power "
                               "of the unit on the other side. Such a support cannot help dislodge its own "
                               "power's unit, but it still counts in the defence (the DATC's defend "
                               "strength counts every support; test 6.E.6). MILA (Game._bounce, step 6) "
                               "takes those supports out of both sides' strengths, so the defender is one "
                               "short and is dislodged: warjudge is right."),
    "via-support": (MILA_BUG, "an army ordered 'A X - Y VIA' is supported by the power that owns the unit "
                              "in Y. MILA looks for that unit at the word 'VIA' instead of at Y (Game."
                              "_resolve_moves, step 2: coord[-1]), so it counts the support towards the "
                              "dislodgement of the supporting power's own unit. The rules (2000 rulebook; "
                              "DATC 6.D.12 and 6.D.13 for the same case without a convoy) say such a support "
                              "does not count: warjudge is right."),
}


def classify(dmap, ph: Phase, w: Outcome, m: Outcome, where: set[str]) -> list[tuple[str, str]]:
    """Explanations for a disagreement: (key into EXPLAIN, the orders concerned)."""
    plans = ph.plans
    found: list[tuple[str, str]] = []
    convoys: dict[tuple[str, str], list[Plan]] = {}
    for p in plans.values():
        if p.kind == "C":
            convoys.setdefault((p.target.province, prov_of(p.dest)), []).append(p)
    convoyed = {prov for prov, p in plans.items() if p.kind == "M" and p.unit.type == ARMY
                and (prov_of(p.dest) not in dmap.army_adj[prov] or convoys.get((prov, prov_of(p.dest))))}

    # MILA's exception C: a support for or against a convoying fleet, given by the unit the
    # convoyed army attacks, is cut by warjudge but not by MILA.
    for prov in sorted(where):
        sup = plans.get(prov)
        unit = ph.units.get(prov)
        if sup is None or sup.kind not in ("SH", "SM") or unit is None:
            continue
        if (w.orders.get(mila_unit(unit)), m.orders.get(mila_unit(unit))) != ("cut", "given"):
            continue
        aimed = sup.target.province if sup.kind == "SH" else sup.dest
        for a in sorted(convoyed):
            if prov_of(plans[a].dest) == prov and any(c.unit.province == aimed
                                                      for c in convoys.get((a, prov), [])):
                found.append(("1982", f"{plans[a].text()} / {plans[aimed].text()} / {sup.text()}"))

    # MILA's 'VIA' bug: support by the owner of the unit attacked does not count.
    for prov, p in plans.items():
        if p.kind != "M" or not p.via or prov_of(p.dest) not in where | {prov}:
            continue
        defender = ph.units.get(prov_of(p.dest))
        if defender is None or defender.power == p.unit.power:
            continue
        helpers = [s for s in plans.values() if s.kind == "SM" and s.target.province == prov
                   and s.dest == prov_of(p.dest) and s.unit.power == defender.power]
        if helpers:
            found.append(("via-support", f"{p.text()} / " + " / ".join(s.text() for s in helpers)
                          + f" / {defender.power} {defender} attacked"))

    # MILA's convoy disruption check counts supports that cannot dislodge the fleet.
    for a in sorted(convoyed):
        dest = prov_of(plans[a].dest)
        if not ({a, dest} & where):
            continue
        for c in convoys.get((a, dest), []):
            f = c.unit
            for q, o in plans.items():
                if o.kind == "M" and prov_of(o.dest) == f.province:
                    helpers = [s for s in plans.values() if s.kind == "SM" and s.target.province == q
                               and s.dest == f.province and s.unit.power == f.power]
                    if helpers:
                        found.append(("disruption", f"{plans[a].text()} / {c.text()} / {o.text()} / "
                                      + " / ".join(s.text() for s in helpers)))

    # MILA's head-to-head battle leaves out of the defence supports given by the attacker's power.
    for x, p in plans.items():
        if p.kind != "M" or x in convoyed or not ({x, prov_of(p.dest)} & where):
            continue
        y = prov_of(p.dest)
        q = plans.get(y)
        if q is None or q.kind != "M" or y in convoyed or prov_of(q.dest) != x or x > y:
            continue
        helpers = [s for s in plans.values() if s.kind == "SM" and (
            (s.target.province == x and s.dest == y and s.unit.power == q.unit.power)
            or (s.target.province == y and s.dest == x and s.unit.power == p.unit.power))]
        if helpers:
            found.append(("head-to-head", f"{p.text()} / {q.text()} / " + " / ".join(s.text() for s in helpers)))
    if found:
        return found

    # Convoy to an adjacent province.
    for prov in sorted(convoyed):
        p = plans[prov]
        dest = prov_of(p.dest)
        if dest in dmap.army_adj[prov] and ({prov, dest} & where):
            found.append(("adjacent", p.text()))

    # Convoy paradoxes: a dependency cycle through a convoy order.
    deps: dict[str, set[str]] = {prov: set() for prov in plans}
    for prov, p in plans.items():
        if p.kind == "M" and prov in convoyed:
            deps[prov] |= {c.unit.province for c in convoys.get((prov, prov_of(p.dest)), [])}
        if p.kind == "C":
            for q, o in plans.items():
                if o.kind == "M" and prov_of(o.dest) == prov:
                    deps[prov].add(q)
                if o.kind == "SH" and o.target.province == prov:
                    deps[prov].add(q)
        if p.kind == "M":
            deps[prov] |= {q for q, o in plans.items()
                           if o.kind == "SM" and o.target.province == prov and o.dest == prov_of(p.dest)}
        if p.kind in ("SH", "SM"):
            deps[prov] |= {q for q, o in plans.items()
                           if o.kind == "M" and q in convoyed and prov_of(o.dest) == prov}
    for scc in _sccs(deps):
        reach = set(scc) | {prov_of(plans[x].dest) for x in scc if plans[x].kind in ("M", "SM", "C")}
        if len(scc) > 1 and any(plans[x].kind == "C" for x in scc) and reach & where:
            found.append(("paradox", "; ".join(plans[x].text() for x in sorted(scc))))
    return found


def _sccs(graph: dict[str, set[str]]) -> list[list[str]]:
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


# --- main ------------------------------------------------------------------------------

def check_names(dmap) -> None:
    mila_locs = {loc.upper() for loc in diplomacy.Map("standard").locs}
    ours = {mila_loc(n) for p in dmap.provinces for n in (p, *dmap.fleet_nodes(p))}
    missing = sorted(ours - mila_locs)
    if missing:
        sys.exit(f"province names unknown to MILA: {', '.join(missing)}")


def describe(ph: Phase) -> list[str]:
    lines = []
    for power in sorted(ph.mila_units):
        ordered = {prov_of(p.unit.location) for p in ph.plans.values() if p.unit.power == power}
        texts = [p.text() for p in ph.plans.values() if p.unit.power == power]
        texts += [f"{u} (no order)" for prov, u in ph.units.items() if u.power == power and prov not in ordered]
        if texts:
            lines.append(f"    {power}: " + ", ".join(sorted(texts)))
    return lines


def fmt_load(load: tuple[float, float, float]) -> str:
    return ", ".join(f"{x:.2f}" for x in load)


def print_by_kind(phases, w_best, wp_best, set_best, m_best, core_best,
                  games, gw_best, gwp_best, gset_best, gm_best, gcore_best) -> None:
    """Per phase kind and overall: mean ms per phase and MILA/warjudge ratios (of summed
    times), from order text to results and resolution only.

    From text: warjudge's judge function given order text vs MILA's set_orders() (which
    parses and checks orders) plus process(). Resolution only: warjudge given parsed
    orders (no parsing; its legality checks stay, as they are part of resolving) vs MILA's
    _process() on a game whose orders were set beforehand (no parsing, no state snapshot
    or history, which process() adds around it)."""
    rows: dict[str, list[tuple[float, float, float, float]]] = {}
    for i in range(len(phases)):
        rows.setdefault("random movement", []).append(
            (w_best[i], set_best[i] + m_best[i], wp_best[i], core_best[i]))
    names = {MOVEMENT: "bot movement", RETREAT: "bot retreat", ADJUSTMENT: "bot adjustment"}
    for name in names.values():
        rows[name] = []
    for i, gp in enumerate(games):
        rows.setdefault(names[gp.kind], []).append((gw_best[i], gset_best[i] + gm_best[i], gwp_best[i], gcore_best[i]))
    bot = [t for k in names.values() for t in rows.get(k, [])]
    if bot:
        rows["bot games, all phases"] = bot
    rows["all phases"] = [t for k in ("random movement", "bot games, all phases") for t in rows.get(k, [])]
    print("per phase kind, mean ms per phase (interleaved, best of the timing runs):")
    print(f"  {'kind':<22} {'phases':>6} | {'warjudge':>9} {'MILA':>9} {'ratio':>6} (text to results)"
          f" | {'warjudge':>9} {'MILA':>9} {'ratio':>6} (resolution only)")
    for kind, ts in rows.items():
        if not ts:
            continue
        sums = [sum(t[j] for t in ts) for j in range(4)]
        k = len(ts)
        print(f"  {kind:<22} {k:>6} | {1000 * sums[0] / k:9.3f} {1000 * sums[1] / k:9.3f} {sums[1] / sums[0]:5.1f}x"
              f"                   | {1000 * sums[2] / k:9.3f} {1000 * sums[3] / k:9.3f} {sums[3] / sums[2]:5.1f}x")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phases", type=int, default=300, help="random movement phases (default 300)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--repeats", type=int, default=3, help="timing runs per phase; the best counts (default 3)")
    ap.add_argument("--games", type=int, default=3, help="random-bot games timed phase by phase (default 3)")
    ap.add_argument("--years", type=int, default=10, help="years each bot game lasts at most (default 10)")
    ap.add_argument("--cpu", action="store_true",
                    help="time CPU seconds of this process, not wall time (for a loaded machine)")
    ap.add_argument("--warm", action="store_true",
                    help="no collection before each timer: both engines judge warm, as a search does")
    args = ap.parse_args(argv)
    global clock, cool
    clock = time.process_time if args.cpu else time.perf_counter
    cool = (lambda: None) if args.warm else gc.collect

    dmap = standard_map()
    check_names(dmap)
    gen = Generator(dmap, random.Random(args.seed))
    phases = [make_phase(i, gen) for i in range(args.phases)]
    n = len(phases)
    if n == 0:
        print("no phases")
        return 0

    # warjudge also accepts parsed orders: that variant leaves order parsing out, as MILA's
    # process() does (MILA parses and checks orders in set_orders()).
    parsed = [[(power, parse_order(text, power, dmap)) for power, text in ph.entries] for ph in phases]

    # Warm both engines up (imports, caches, the MILA map and convoy table).
    run_warjudge(dmap, phases[0])
    run_mila(phases[0])

    inf = float("inf")
    w_best, wp_best, m_best, set_best, core_best = ([inf] * n for _ in range(5))
    w_out, m_game, m_errors = [None] * n, [None] * n, [None] * n
    # Interleaved: both engines on each phase in turn (issue 12). The garbage collector is
    # paused while timing and run between runs, as timeit does: otherwise a collection the
    # other engine's garbage made due lands inside the next timed step.
    # Bot games: the same timing for movement, retreat and adjustment phases.
    games = bot_game_phases(dmap, args.games, args.years, args.seed)
    g = len(games)
    gw_best, gwp_best, gset_best, gm_best, gcore_best = ([inf] * g for _ in range(5))
    g_errors: list[list] = [[] for _ in range(g)]
    g_agree = [False] * g

    def time_random_warjudge(i: int) -> None:
        cool()
        t, w_out[i] = run_warjudge(dmap, phases[i])
        w_best[i] = min(w_best[i], t)
        cool()
        t, _ = run_warjudge(dmap, phases[i], parsed[i])
        wp_best[i] = min(wp_best[i], t)

    def time_random_mila(i: int) -> None:
        cool()
        t, t_set, m_game[i], m_errors[i] = run_mila(phases[i])
        m_best[i] = min(m_best[i], t)
        set_best[i] = min(set_best[i], t_set)
        cool()
        core_best[i] = min(core_best[i], run_mila_core(phases[i]))

    def time_game_warjudge(i: int) -> None:
        cool()
        t, tp = time_game_phase_warjudge(dmap, games[i])
        gw_best[i], gwp_best[i] = min(gw_best[i], t), min(gwp_best[i], tp)

    def time_game_mila(i: int) -> None:
        cool()
        t_set, t_proc, t_core, g_errors[i], after = time_game_phase_mila(games[i])
        gset_best[i], gm_best[i] = min(gset_best[i], t_set), min(gm_best[i], t_proc)
        gcore_best[i] = min(gcore_best[i], t_core)
        g_agree[i] = after == games[i].after

    # Interleaved phase by phase, and which engine goes first alternates from one phase
    # (and one timing run) to the next, so neither always runs on caches the other cooled
    # or warmed (issue 12). The garbage collector is paused while timing and run between
    # runs, as timeit does: otherwise a collection the other engine's garbage made due
    # lands inside the next timed step.
    load_before = os.getloadavg()
    gc.disable()
    for r in range(max(1, args.repeats)):
        for i in range(n):
            pair = (time_random_warjudge, time_random_mila)
            for step in (pair if (i + r) % 2 == 0 else pair[::-1]):
                step(i)
        for i in range(g):
            pair = (time_game_warjudge, time_game_mila)
            for step in (pair if (i + r) % 2 == 0 else pair[::-1]):
                step(i)
        gc.collect()   # between rounds, outside every timer
    gc.enable()
    load_after = os.getloadavg()

    # Compare.
    agreed, options, mila_bugs, unexplained, rejected, voided = 0, [], [], [], [], []
    move_orders = support_orders = agree_orders = compared_orders = 0
    for i, ph in enumerate(phases):
        w, voids = warjudge_outcome(ph, w_out[i])
        m = mila_outcome(ph, m_game[i])
        if voids:
            voided.append((i, voids))
        if m_errors[i]:
            rejected.append((i, m_errors[i]))
        for unit in w.orders.keys() & m.orders.keys():
            compared_orders += 1
            a, b = w.orders[unit], m.orders[unit]
            if a in ("moves", "fails"):
                move_orders += 1
                agree_orders += a == b
            else:
                support_orders += 1
                agree_orders += support_results_agree(a, b)
        diffs, where = compare(w, m)
        if not diffs:
            agreed += 1
            continue
        found = classify(dmap, ph, w, m, where)
        kinds_found = {EXPLAIN[k][0] for k, _ in found}
        if MILA_BUG in kinds_found:
            mila_bugs.append((i, diffs, found))
        elif OPTION in kinds_found:
            options.append((i, diffs, found))
        else:
            unexplained.append((i, diffs, found))

    kinds: dict[str, int] = {}
    for ph in phases:
        for p in ph.plans.values():
            kinds[p.kind] = kinds.get(p.kind, 0) + 1
    n_units = sum(len(ph.units) for ph in phases)
    n_orders = sum(len(ph.plans) for ph in phases)

    def ms(times: list[float]) -> float:
        return 1000 * statistics.fmean(times)

    w_ms, wp_ms, m_ms, set_ms, c_ms = ms(w_best), ms(wp_best), ms(m_best), ms(set_best), ms(core_best)

    print("Adjudication benchmark: warjudge vs diplomacy 1.1.2 (MILA engine), standard map")
    print(f"phases:               {n} (seed {args.seed}, best of {max(1, args.repeats)} timing runs per phase, "
          f"{'CPU' if args.cpu else 'wall'} time)")
    print(f"units:                {n_units} ({n_units / n:.1f} per phase)")
    print(f"orders:               {n_orders} ({n_orders / n:.1f} per phase): "
          + ", ".join(f"{k} {kinds.get(k, 0)}" for k in ("M", "SM", "SH", "C", "H"))
          + "  (M move, SM support move, SH support hold, C convoy, H hold; other units unordered)")
    rows = [
        ("warjudge judge_movement(), order text", w_ms, "parsing, legality, resolution"),
        ("warjudge judge_movement(), parsed orders", wp_ms, "legality, resolution"),
        ("MILA Game.process()", m_ms, "resolution, phase advance, history"),
        ("MILA Game._process()", c_ms, "resolution, phase advance"),
        ("MILA Game.set_orders(), all powers", set_ms, "order parsing and checks; not in process()"),
    ]
    print("mean time per phase (ms):")
    for label, value, note in rows:
        print(f"  {label:<42} {value:7.3f}   ({note})")
    # The headline is the whole job both engines do for a user: orders as text in, results out.
    # The headline is the whole job both engines do for a user: orders as text in, results out.
    print(f"ratio, orders as text to results, MILA set_orders() + process() / warjudge:  {(set_ms + m_ms) / w_ms:5.1f}x")
    print("  other cuts:")
    print(f"    parsing excluded, MILA process() / warjudge parsed orders:              {m_ms / wp_ms:5.1f}x")
    print(f"    resolution cores, MILA _process() / warjudge parsed orders:             {c_ms / wp_ms:5.1f}x")
    print(f"    MILA process() alone / warjudge with parsing (unequal work):            {m_ms / w_ms:5.1f}x")
    print_by_kind(phases, w_best, wp_best, set_best, m_best, core_best,
                  games, gw_best, gwp_best, gset_best, gm_best, gcore_best)
    print("caches: warjudge keeps only map facts between phases (the parser's table of locations, convoy"
          " routes, where a\n  move from one place to another can go), as a server keeps its loaded map;"
          " warmed by the first phase and\n  every phase timed before; no parsed order or position is kept"
          " from one run to the next (every run parses\n  all its order text again). MILA keeps its map and"
          " convoy table the same way.")
    print(f"machine load (1, 5, 15 min) before timing: {fmt_load(load_before)}; after: {fmt_load(load_after)}"
          f"  ({os.cpu_count()} cores)")
    g_rejected = [(i, e) for i, e in enumerate(g_errors) if e]
    print(f"bot-game phases where MILA's units after the phase equal warjudge's: {sum(g_agree)} of {g}"
          + (f"; phases with orders MILA rejected: {len(g_rejected)}" if g_rejected else ""))
    for i in [i for i in range(g) if not g_agree[i]][:10]:
        print(f"  units differ after bot-game phase {i} ({games[i].state.phase}): "
              f"{'; '.join(o for os in games[i].mila_orders.values() for o in os)}")
    if g_rejected:
        print("  (MILA refuses a convoy order that no chain of fleets now on the board completes, and the fleet")
        print("   holds; warjudge accepts it, as the rules do, and the convoy simply fails: units agree)")
    for i, errors in g_rejected[:3]:
        print(f"  MILA rejected in bot-game phase {i} ({games[i].state.phase}): " + "; ".join(map(str, errors)))
    print(f"phases agreeing:       {agreed} of {n}")
    print(f"order results compared: {compared_orders} ({move_orders} moves, {support_orders} supports), "
          f"agreeing: {agree_orders}")
    print(f"disagreements:         {len(options) + len(mila_bugs) + len(unexplained)} phases: "
          f"{len(options)} at a DATC option point, {len(mila_bugs)} from a known MILA bug, "
          f"{len(unexplained)} unexplained")
    if rejected:
        print(f"phases with orders MILA rejected: {len(rejected)}")
    if voided:
        print(f"phases with orders warjudge voided: {len(voided)}")

    for title, items in (("Disagreements at DATC option points (acceptable)", options),
                         ("Disagreements from known MILA bugs (warjudge is right)", mila_bugs),
                         ("Unexplained disagreements (bug candidates)", unexplained)):
        if not items:
            continue
        print()
        print(f"{title}:")
        for i, diffs, found in items:
            print(f"  phase {i}:")
            print("   orders:")
            for line in describe(phases[i]):
                print(line)
            print("   differences:")
            for d in diffs:
                print(f"    {d}")
            for key, orders in found:
                print(f"   {EXPLAIN[key][0]}, {key}: {orders}")
        keys = sorted({key for _, _, found in items for key, _ in found})
        for key in keys:
            print(f"  [{key}] {EXPLAIN[key][1]}")
    for title, items in (("Orders MILA rejected", rejected), ("Orders warjudge voided", voided)):
        if items:
            print()
            print(f"{title}:")
            for i, msgs in items:
                print(f"  phase {i}: " + "; ".join(map(str, msgs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
