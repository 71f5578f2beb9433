"""Legal orders of every power in a standard mid-game position: warjudge's
`DiplomacyGame.legal_actions` against MILA's `Game.get_all_possible_orders`, side by side
(issue 12; target: warjudge at least 5x faster).

    .venv-bench/bin/python benchmarks/legal_orders.py [--seed S] [--year Y] [--repeats R]

The position comes from random play through the interface to spring of --year; MILA is
given the same units. Each engine's time is the best of --repeats runs, taken in turns
(warjudge, MILA, warjudge, ...), every run from a cold cache (warjudge's per-phase cache
of movement orders is cleared; MILA's `get_all_possible_orders` has no cache of its own).
The order counts are printed too (the two lists differ in scope: see the notes printed).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

try:
    import diplomacy
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit("the `diplomacy` package is missing: run `make bench` first and use .venv-bench/bin/python")

from adjudication import mila_unit

from warjudge.core import games


def mid_game(seed: int, year: int):
    rng = random.Random(seed)
    game = games.new("diplomacy", seed=seed)
    while not (game.state.phase.year == year and game.state.phase.kind == "M" and game.state.phase.season == "S"):
        power = rng.choice(game.to_act())
        orders = [a for a in game.legal_actions(power) if a["type"] == "order"]
        moves = [a for a in orders if " - " in a["order"] and " S " not in a["order"]]
        game.act(power, rng.choice(moves if moves and rng.random() < 0.7 else orders))
    return game


def warjudge_orders(game) -> int:
    game._cached_for = None   # cold: every run computes the phase's orders again
    return sum(len(game.legal_actions(p)) for p in game.to_act())


def mila_position(game):
    mila = diplomacy.Game()
    mila.clear_units()
    for power in game.players:
        mila.set_units(power, [mila_unit(u) for u in game.state.units.values() if u.power == power], reset=True)
    return mila


def mila_orders(mila) -> int:
    return sum(len(v) for v in mila.get_all_possible_orders().values())


def best(fn, arg, repeats_box: list[float]) -> int:
    t0 = time.perf_counter()
    n = fn(arg)
    repeats_box.append(time.perf_counter() - t0)
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--year", type=int, default=1905)
    ap.add_argument("--repeats", type=int, default=20)
    args = ap.parse_args(argv)
    game = mid_game(args.seed, args.year)
    mila = mila_position(game)
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(max(1, args.repeats)):
        n_ours = best(warjudge_orders, game, ours)
        n_theirs = best(mila_orders, mila, theirs)
    w, m = min(ours), min(theirs)
    print(f"position: {game.state.phase}, {len(game.state.units)} units, seed {args.seed}")
    print(f"warjudge legal_actions, all powers:     {w * 1e3:8.2f} ms  ({n_ours} orders)")
    print(f"MILA get_all_possible_orders:           {m * 1e3:8.2f} ms  ({n_theirs} orders)")
    print(f"ratio: warjudge {m / w:.1f}x faster (best of {args.repeats}, taken in turns)")
    print("note: MILA lists every location's orders, its convoy moves only along chains of fleets on the "
          "board; warjudge lists each unit's orders the same way (docs/rulings.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
