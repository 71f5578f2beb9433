"""Whole SJG Necromancer games between bots, with the invariants checked after every
action: nothing the rules forbid ever stands on the board, hidden set-ups stay hidden,
and the record replays to the same game bit for bit.

The number of games is WARJUDGE_SJG_GAMES (default 24, both scenarios and the optional
rules mixed; 24 keeps CI under its 30 minutes: set more for a deeper run); each seed is a different game.
"""

import json
import os
import random

import pytest

from warjudge.presentation.sjg.wording_en import lines as log_lines
from warjudge.hexwar.decisions import IllegalAction
from warjudge.hexwar.sjg.bots import random_action
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.heuristic import HeuristicBot
from warjudge.hexwar.sjg.moves import mixes_mercenaries
from warjudge.hexwar.sjg.state import FREE_OF_STACKING, STACK_LIMIT
from warjudge.hexwar.sjg.views import view

from tests.support.sjg_act import act_as_its_side

GAMES = int(os.environ.get("WARJUDGE_SJG_GAMES", "24"))
MAX_TURNS = 120
OPTIONS = [[], ["cp_allowance", "miasma_demon"], ["miasma_movement", "miasma_teleport"],
           ["fourth_jewel", "miasma_movement", "miasma_demon"]]
ITEMS = [{}, {"red": 2, "black": 2}, {"red": 3, "black": 1}]  # SJG 10.5, with a handicap


def snapshot(game: SjgNecromancerGame) -> str:
    v = view(game)
    v.pop("board")
    return json.dumps([v, game.dice.state(), log_lines(game.events)], sort_keys=True, default=str)


def heuristic_player(seed: int):
    """The heuristic bot (one for both seats: it keeps each side's turn apart) as the
    `(game, rng) -> action` function the loops below call."""
    bot = HeuristicBot(random.Random(seed))
    return lambda game, rng: bot.choose(game, game.to_act()[0])


def check_invariants(game: SjgNecromancerGame) -> None:
    pos = game.state.position
    sides_at: dict[str, set[str]] = {}
    stacks: dict[tuple[str, str], int] = {}
    for u in pos.units.values():
        assert u.hex in pos.board.hexes and pos.board.terrain(u.hex) != "monolith"  # SJG 2.13
        sides_at.setdefault(u.hex, set()).add(u.side)
        if u.kind not in FREE_OF_STACKING:
            stacks[(u.hex, u.side)] = stacks.get((u.hex, u.side), 0) + 1
    assert all(len(s) == 1 for s in sides_at.values()), "units never share a hex with the enemy (SJG 4.4)"
    if game.pending is None or game.pending.kind not in ("move", "deploy"):
        assert max(stacks.values(), default=0) <= STACK_LIMIT, "three units a hex after movement (SJG 4.4)"
        for h in sides_at:
            assert not mixes_mercenaries({u.kind for u in pos.at(h)}), "SJG 10.53"
    for item in pos.items.values():  # SJG 10.55-10.58: held by a living unit, or lying in a hex
        assert (item.holder in pos.units) != (item.hex is not None) or game.pending.kind in ("choose", "deploy")
    for side in pos.sides.values():
        assert side.cp >= 0  # SJG 5.2: CP are spent only when held
    placed = [j for j in pos.jewels.values() if j.hex or j.delivered_to]
    assert len(placed) == pos.miasma.jewels_found <= len(pos.jewels) <= 4  # SJG 8.4
    assert len({u.id for u in pos.units.values()}) == len(pos.units)


def check_views(game: SjgNecromancerGame) -> None:
    """SJG 9.1: a side deploying secretly is invisible to the other until both are down;
    SJG 10.4: no player sees the face-down demon counter; SJG 10.5: nor the other's choice."""
    for side in ("red", "black"):
        seen = view(game, side)
        if seen["demon"] is not None:
            assert "counter" not in seen["demon"]
            assert seen["demon"]["hex"] == game.state.position.miasma.demon
        assert set(seen["choices"]) <= {side}
    if game.pending and game.pending.kind == "deploy" and not game.scenario.deploy_order:
        waiting = game.pending.player
        for done in game.state.deployed:
            seen = {u["id"] for u in view(game, waiting)["units"]}
            hidden = {u.id for u in game.state.position.side_units(done) if u.kind.value != "necromancer"}
            assert not seen & hidden


@pytest.mark.parametrize("seed", range(GAMES))
def test_bot_game_keeps_every_invariant_and_replays(seed):
    rng = random.Random(seed)
    scenario = "conversion" if seed % 4 == 3 else "standard"
    game = SjgNecromancerGame.new(seed=seed, scenario=scenario, optional=OPTIONS[seed % len(OPTIONS)],
                               items=ITEMS[seed % len(ITEMS)])
    heuristic_action = heuristic_player(seed)
    red, black = [(heuristic_action, random_action), (heuristic_action, heuristic_action),
                  (random_action, heuristic_action)][seed % 3]
    players = {"red": red, "black": black}
    while not game.is_over and game.state.turn <= MAX_TURNS:
        if rng.random() < 0.02:  # bad input changes nothing
            before = snapshot(game)
            with pytest.raises(IllegalAction):
                act_as_its_side(game, {"type": "move", "side": game.pending.player, "units": [10_000], "path": ["0101", "0102"]})
            assert snapshot(game) == before
        act_as_its_side(game, players[game.pending.player](game, rng))
        check_invariants(game)
        check_views(game)
    replayed = SjgNecromancerGame.from_record(game.record)
    assert snapshot(replayed) == snapshot(game)


def test_bots_finish_games():
    """The heuristic bot hunts the enemy wizard: most of its games end in a win."""
    finished = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = SjgNecromancerGame.new(seed=seed)
        heuristic_action = heuristic_player(seed)
        while not game.is_over and game.state.turn <= MAX_TURNS:
            act_as_its_side(game, heuristic_action(game, rng))
        finished += game.is_over
    assert finished >= 4


BOT_GAME = """
from warjudge.presentation.sjg.wording_en import lines as log_lines
from warjudge.core.bots import bot_rng
from warjudge.hexwar.sjg.bots import play_game
from warjudge.hexwar.sjg.heuristic import HeuristicBot
game = play_game(HeuristicBot(bot_rng({seed}, "red")), HeuristicBot(bot_rng({seed}, "black")), {seed}, max_turns=12,
                 items={{"red": 2, "black": 2}}, optional=["miasma_demon"])
print(len(game.record.actions), log_lines(game.events)[-1])
"""


@pytest.mark.parametrize("seed", [0, 1])
def test_bot_games_are_the_same_in_every_process(seed):
    # Determinism: a seed is the whole game, whatever the interpreter's hash order
    # (bots iterating over a set of hexes once broke this)
    import subprocess
    import sys

    runs = {subprocess.run([sys.executable, "-c", BOT_GAME.format(seed=seed)], capture_output=True, text=True,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}, check=True).stdout for h in (1, 2)}
    assert len(runs) == 1
