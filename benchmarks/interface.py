"""The one game interface, per registered game: clone()/s, legal_actions()/s on a
mid-game position and full search steps (clone + legal actions + act) per second (issue 12),
and clone()/s at the start, middle and end of a game (issue 25: a clone must cost the same
at any point, at least 10,000/s).

Run: .venv/bin/python benchmarks/interface.py [GAME ...]. The SJG position is a game the
heuristic bots play to a movement phase with 47 units on the map; the others are random
legal play, a fixed number of actions from a fixed seed. SJG keeps a position's legal
lists until its next action and hands them to clones, so "legal_actions/s" times the
list being made (legal.legal_actions, no kept list) and "kept legal_actions/s" the
interface call a search makes again on the same position. A search step clones the
listed root, lists the clone's actions (kept: the same position) and plays one; "clone
and view/s" is a clone of the viewed root looked at by the seat to act (a search scoring
its rollouts), whose cost a long event history must not set.
"""

from __future__ import annotations

import os
import random
import sys
import time
from typing import Any, Callable

from warjudge.core import games


def _sjg_midgame() -> tuple[Any, str]:
    """An SJG position at the start of a movement phase with 47 units on the map (the
    issue's figure): the heuristic bots play seed 13 until the units are down to 47,
    or the game's smallest such position if the bots change."""
    from warjudge.hexwar.sjg.heuristic import HeuristicBot

    bots = {side: HeuristicBot(random.Random(f"13-{side}")) for side in ("red", "black")}
    game = games.new("necromancer-sjg", seed=13, first="red")
    best: tuple[int, Any] = (10**9, None)
    while not game.is_over and game.state.turn < 80:
        player = game.pending.player
        if game.pending.kind == "move" and not game.state.moved and len(game.state.position.units) < best[0]:
            best = (len(game.state.position.units), game.clone(reseed=False))
            if best[0] <= 47:
                break
        game.act(player, bots[player].choose(game, player))
    return best[1], best[1].pending.player


LONG = 4000   # actions: the Diplomacy games' random play lasts hundreds of turns, so "end" stops here


def _random_game(game_id: str, actions: int) -> Any:
    """Random legal play from seed 7 (the same moves every run) for `actions` actions,
    or until the game ends or nobody can act."""
    rng = random.Random(7)
    game = games.new(game_id, seed=7)
    for _ in range(actions):
        waiting = [p for p in game.to_act() if game.legal_actions(p)]
        if game.outcome() is not None or not waiting:
            break
        player = rng.choice(waiting)
        game.act(player, rng.choice(game.legal_actions(player)))
    return game


def _random_midgame(game_id: str, steps: int = 60) -> tuple[Any, str]:
    """`steps` random legal actions (fewer if the game ends): a mid-game position of any
    game on the interface."""
    game = _random_game(game_id, steps)
    return game, next(p for p in game.to_act() if game.legal_actions(p))


def _sjg_lists(game: Any, player: str) -> Callable[[], Any]:
    from warjudge.hexwar.sjg.legal import legal_actions

    return lambda: legal_actions(game, player)


MIDGAME: dict[str, Callable[[], tuple[Any, str]]] = {"necromancer-sjg": _sjg_midgame}
MADE: dict[str, Callable[[Any, str], Callable[[], Any]]] = {"necromancer-sjg": _sjg_lists}


def _rate(work: Callable[[], Any], seconds: float = 2.0) -> float:
    """Operations per CPU second of this process (the machine is shared: wall time
    would measure the neighbours)."""
    count, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        work()
        count += 1
    return count / elapsed


def measure(game_id: str) -> dict[str, float]:
    game, player = MIDGAME.get(game_id, lambda: _random_midgame(game_id))()
    rng = random.Random(1)
    made = MADE.get(game_id, lambda g, p: lambda: g.legal_actions(p))(game, player)

    def step() -> None:
        trial = game.clone()
        trial.act(player, rng.choice(trial.legal_actions(player)))

    game.legal_actions(player)  # a search lists its root once; each step's clone starts from it
    figures = {"clone/s": _rate(game.clone), "legal_actions/s": _rate(made)}
    if game_id in MADE:
        figures["kept legal_actions/s"] = _rate(lambda: game.legal_actions(player))
    figures["search steps/s"] = _rate(step)
    game.view(player)   # a search's root has been looked at; each step's clone looks again
    figures["clone and view/s"] = _rate(lambda: game.clone().view(player))
    units = game.view().get("units")
    return {**figures, **({"units": len(units)} if isinstance(units, list) else {}),
            "legal actions": len(game.legal_actions(player))}


def clones_over_game(game_id: str) -> dict[str, float]:
    """clone()/s at the start, the middle and the end of a random game (its end, or
    action LONG), and whether that game is over."""
    end = _random_game(game_id, LONG)
    played = end.record.action_count()
    figures: dict[str, float] = {}
    for name, game in (("start", games.new(game_id, seed=7)), ("middle", _random_game(game_id, played // 2)),
                       ("end", end)):
        figures[f"clone/s {name}"] = _rate(game.clone, 1.0)
    return {**figures, "actions played": played, "game over": float(end.outcome() is not None)}


def main(ids: list[str]) -> None:
    unknown = [i for i in ids if i not in games.ids()]
    if unknown:
        sys.exit(f"usage: interface.py [GAME ...]; games: {', '.join(games.ids())} (not {', '.join(unknown)})")
    for game_id in ids or games.ids():
        figures = measure(game_id)
        print(game_id + ": " + ", ".join(f"{k} {v:,.0f}" for k, v in figures.items()))
        over = clones_over_game(game_id)
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"{game_id}: " + ", ".join(f"{k} {v:,.0f}" for k, v in over.items()) + f" (load average {load})")


if __name__ == "__main__":
    main(sys.argv[1:])
