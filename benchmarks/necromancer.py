"""Necromancer judge benchmark (no peer exists: no other program adjudicates this variant).

Prints (1) the time to adjudicate one movement phase with 40+ units, Multiple Units and
Double Movement (best and median of --runs runs, with the machine's load average before and
after: issue 12's target is a median of at most 0.5 ms with every order parsed again), (2) on that position through the game interface, the time to list every
legal order of all 8 powers from scratch and search steps (clone + legal actions + act) per
CPU second, and (3) the time for complete 8-power random-bot games from TA 2750 to TA 3020. Run: .venv/bin/python benchmarks/necromancer.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from warjudge.diplomacy.variants.necromancer.bots import random_orders
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.movement import (
    apply_movement, default_rules, double_movement, resolve_movement,
)
from warjudge.diplomacy.variants.necromancer.position import parse_position


def busy_phase(rng: random.Random):
    """A movement phase: the initial position plus extra Gondor MUs and Sauron's Nazgûl
    MU, everyone ordering, a Cavalry and the Nazgûl double-moving (their orders come first:
    the first order a unit gets counts, and the random bot orders them too)."""
    game = NecromancerDiplomacyGame()
    for power in game.powers:
        game.set_orders(power, random_orders(game, power, rng))
    game.process()  # TA 2750 opening
    units = {}
    for province, pieces in game.state.position.items():
        for p in pieces:
            units.setdefault(p.power, []).append(f"{p.component.kind}{'/' + p.component.aux if p.component.aux else ''} {province}")
    units["GONDOR"] += ["2A Los", "3A/1F TOL", "A/E Ano"]
    units["SAURON"] += ["2A MMo"]
    units["ROHAN"] += ["C Eas", "C Wes"]
    units["HARAD"] += ["A Har", "A WKh"]
    units["EASTERLINGS"] += ["A Dor", "A Lit"]
    position = parse_position(units, game.map)
    game.state.position = position
    orders = [("ROHAN", "C Eas - DrF - Ano"), ("SAURON", "N MMo - Gor - NoL")]
    orders += [(power, text) for power in game.powers for text in random_orders(game, power, rng)]
    return game, position, orders


def interface_figures(game, position) -> None:
    """Legal orders of every power with no cache (each position's lists are kept once
    listed), and search steps on a registry game at that position."""
    from dataclasses import replace

    from warjudge.core import games

    live = games.new("necromancer-diplomacy", seed=1)
    for power in live.to_act():
        live.act(power, {"type": "pass"})
    live.state = replace(live.state, position=position)
    times = []
    for _ in range(10):
        live.state = replace(live.state)   # a new state object: nothing listed is kept
        t = time.process_time()
        count = sum(len(live.legal_actions(p)) for p in live.powers)
        times.append(time.process_time() - t)
    print(f"legal orders of all 8 powers, {count} actions, from scratch: best {1000 * min(times):.1f} ms, "
          f"median {1000 * statistics.median(times):.1f} ms")
    rng, steps, start = random.Random(1), 0, time.process_time()
    while time.process_time() - start < 2:
        trial = live.clone()
        player = rng.choice(trial.to_act())
        trial.act(player, rng.choice(trial.legal_actions(player)))
        steps += 1
    print(f"search steps (clone + legal actions + act): {steps / (time.process_time() - start):,.0f} per CPU second")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=500, help="timed runs of the movement phase")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    game, position, orders = busy_phase(rng)
    rules = default_rules(game.map)
    n_units = sum(len(v) for v in position.values())
    groups, results, res = resolve_movement(game.map, position, orders, rules)
    after, dislodged = apply_movement(game.map, position, groups, res, rules)
    step = double_movement(game.map, after, groups, res, dislodged, rules, results)[2]
    seconds = sum(g.kind == "move" for g in step)
    print("Necromancer judge benchmark")
    load_before = os.getloadavg()
    for label, cold in (("parsed orders kept (a phase's orders are parsed several times in play)", False),
                        ("cold: every run parses every order again", True)):
        times = []
        for _ in range(args.runs):
            if cold:
                game.map.parsed_orders.clear()
            t = time.perf_counter()
            groups, results, res = resolve_movement(game.map, position, orders, rules)
            after, dislodged = apply_movement(game.map, position, groups, res, rules)
            double_movement(game.map, after, groups, res, dislodged, rules, results)
            times.append(time.perf_counter() - t)
        print(f"movement phase: {n_units} units, {len(orders)} orders (MUs, {seconds} second moves of Double "
              f"Movement), {args.runs} runs: "
              f"best {1000 * min(times):.3f} ms, median {1000 * statistics.median(times):.3f} ms; {label}")
    print("load average (1, 5, 15 min) before timing the phase: {}; after: {}".format(
        *(", ".join(f"{x:.2f}" for x in load) for load in (load_before, os.getloadavg()))))
    interface_figures(game, position)
    game_times, phases, winners = [], 0, {}
    for seed in range(args.seed, args.seed + args.games):
        brng = random.Random(seed)
        t = time.perf_counter()
        g = NecromancerDiplomacyGame()
        while not g.state.winner and g.state.phase.year <= 3020:
            for power in g.powers:
                g.set_orders(power, random_orders(g, power, brng))
            g.process()
        game_times.append(time.perf_counter() - t)
        phases += len(g.history)
        winners[g.state.winner or "none by TA 3020"] = winners.get(g.state.winner or "none by TA 3020", 0) + 1
    print(f"complete 8-power bot games to TA 3020: {args.games} games, {phases} phases, "
          f"mean {statistics.fmean(game_times):.2f} s a game ({1000 * sum(game_times) / phases:.1f} ms a phase)")
    print(f"winners: {winners}")


if __name__ == "__main__":
    main()
