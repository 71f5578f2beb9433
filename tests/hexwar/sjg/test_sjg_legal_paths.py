"""Issue 26: the movement listing builds each cheapest path from its predecessor's; it must
give exactly the paths (and Jewel flags) walked back one by one with `path_to` (4.1-4.4)."""

import random

from warjudge.core import games
from warjudge.hexwar.movement import path_to, reachable_in
from warjudge.hexwar.sjg.bots import random_action, to_move
from warjudge.hexwar.sjg.legal import _cheapest_paths
from warjudge.hexwar.sjg.moves import step_table


def _walked_back(reached, start, lying):
    return [(h, p, not lying.isdisjoint(p)) for h in sorted(reached) if h != start for p in [path_to(reached, h)]]


def test_cheapest_paths_match_walking_back_each_path():  # SJG 4.1-4.4
    rng = random.Random(3)
    game = games.new("necromancer-sjg", seed=3)
    board = game._game.position.board
    steps, hexes = step_table(board), sorted(board.hexes)
    checked = 0
    for _ in range(300):
        if game.is_over:
            break
        game.act(to_move(game), random_action(game, rng))
        pos = game._game.position
        lying = {j.hex for j in pos.jewels.values() if j.delivered_to is None and j.hex is not None}
        start = rng.choice(hexes)
        blocked = set(rng.sample(hexes, 20)) - {start}
        reached = reachable_in(start, rng.randint(1, 12), steps, blocked, set(rng.sample(hexes, 20)))
        assert _cheapest_paths(reached, start, lying) == _walked_back(reached, start, lying)
        checked += len(reached)
    assert checked > 1000
