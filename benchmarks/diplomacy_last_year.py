"""The Diplomacy `search` bot in a game's last year only (issue 26): seeded heuristic games
ending after `--max-year` are played by the heuristic to that year's spring, then the
search takes one power for the last year (spring and fall), the heuristic the rest. One
line per seed and power: seed, power, centres at the end, sum-of-squares share, 1 if it
ended alone in the lead. A change to how the search plays the end is measured by running
this on the old and the new source (PYTHONPATH) and pairing the lines; it costs a year of
search a game instead of fifteen.

    PYTHONPATH=src nice -n 19 .venv/bin/python benchmarks/diplomacy_last_year.py --seeds 0 6 --max-year 1905
"""

from __future__ import annotations

import argparse
import random

from warjudge.core import bots
from warjudge.core.game import Outcome
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.search import SearchBot


def searched_from(seed: int, power: str, max_year: int, phase: str) -> Outcome | None:
    """How seed `seed`'s heuristic game ending after `max_year` ends when the search plays
    `power` from `phase` on (through `act`, as a player would), or None if the power has no
    unit left by then."""
    game = DiplomacyGame(seed=seed, max_year=max_year)
    seats = {p: bots.make("diplomacy", "heuristic", bots.bot_rng(seed, p)) for p in game.powers}
    while str(game.state.phase) != phase:
        player = game.to_act()[0]
        game.act(player, seats[player].choose(game, player))
    if not any(u.power == power for u in game.state.units.values()):
        return None
    seats[power] = SearchBot(random.Random(7))
    while not game.is_over:
        player = game.to_act()[0]
        game.act(player, seats[player].choose(game, player))
    return game.outcome()


def last_year(seed: int, power: str, max_year: int) -> str | None:
    """The result line of `power` searched in the last year of seed `seed`'s game."""
    outcome = searched_from(seed, power, max_year, f"S{max_year}M")
    if outcome is None:
        return None
    squares = sum(v * v for v in outcome.scores.values())
    held = outcome.scores[power]
    return f"{seed} {power} {int(held)} {held * held / squares:.4f} {int(outcome.winners == (power,))}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 6), metavar=("FIRST", "END"))
    parser.add_argument("--max-year", type=int, default=1905)
    args = parser.parse_args()
    for seed in range(*args.seeds):
        for power in DiplomacyGame(seed=seed).powers:
            line = last_year(seed, power, args.max_year)
            if line is not None:
                print(line, flush=True)


if __name__ == "__main__":
    main()
