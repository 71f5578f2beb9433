"""Issue 26: the movement listing searches each start hex once, at the largest allowance
its groups have, builds each cheapest path from its predecessor's and keeps the search
for the next listing; it must list exactly what searching each group's allowance and
walking each path back one by one with `path_to` gives (4.1-4.4), and only actions `act`
accepts."""

import random
from copy import deepcopy

import pytest

from warjudge.core import games
from warjudge.core.events import Refusal
from warjudge.hexwar.grid import distance
from warjudge.hexwar.movement import path_to, reachable_in
from warjudge.hexwar.sjg import legal, phase_movement
from warjudge.hexwar.sjg.bots import random_action, to_move
from warjudge.hexwar.sjg.moves import move_problem, step_table


def _walked_back(reached, start, lying):
    return [(h, p, not lying.isdisjoint(p)) for h in sorted(reached) if h != start for p in [path_to(reached, h)]]


def _played(seed, steps):
    """A necromancer-sjg game after `steps` random actions."""
    rng = random.Random(seed)
    game = games.new("necromancer-sjg", seed=seed)
    for _ in range(steps):
        game.act(to_move(game), random_action(game, rng))
    return game


def test_a_start_searched_once_gives_each_allowance_its_own_cheapest_paths():  # SJG 4.1-4.4
    rng = random.Random(3)
    game = games.new("necromancer-sjg", seed=3)
    board = game.state.position.board
    steps, hexes, edges = step_table(board), sorted(board.hexes), legal._cliff_edges(board)
    checked = 0
    for _ in range(300):
        if game.is_over:
            break
        game.act(to_move(game), random_action(game, rng))
        pos = game.state.position
        lying = {j.hex for j in pos.jewels.values() if j.delivered_to is None and j.hex is not None}
        start = rng.choice(hexes)
        blocked, stops = set(rng.sample(hexes, 20)) - {start}, set(rng.sample(hexes, 20))
        most = rng.randint(1, 12)
        reach = legal._StartReach(board, reachable_in(start, most, steps, blocked, stops), start, lying, edges, stops)
        for allowance in {most, rng.randint(0, most)}:
            reached = reachable_in(start, allowance, steps, blocked, stops)
            assert reach.ends(allowance) == _walked_back(reached, start, lying)
            checked += len(reached)
    assert checked > 1000


def test_every_listed_move_is_accepted_by_act_on_a_clone():  # SJG 4.1-4.4, 4.21, 6.7
    game = _played(3, 110)  # black's first movement phase, a few units moved
    side = to_move(game)
    assert game._decision_for(side).kind == "move"
    listed = legal.legal_actions(game, side)   # not kept by the game: act checks each in full
    for action in listed:
        game.clone(reseed=False).act(side, action)  # raises if refused
    assert len(listed) > 2000 and sum(1 for a in listed if a.get("suicide")) > 100


def test_changing_a_listed_action_leaves_the_next_listing_as_it_was():  # issue 26
    game = _played(3, 104)
    side = to_move(game)
    first = legal.legal_actions(game, side)
    as_listed = deepcopy(first)
    for action in first:
        if action["type"] == "move":
            action["path"].append(action["path"][0])
            action["units"].clear()
    assert legal.legal_actions(game, side) == as_listed


def test_the_kept_searches_stay_within_their_bound_and_change_nothing(monkeypatch):  # issue 26
    game = _played(3, 104)
    side = to_move(game)
    monkeypatch.setattr(legal, "KEPT_REACHES", 3)
    monkeypatch.setattr(legal, "_kept", {})
    kept = legal.legal_actions(game, side)
    assert 0 < len(legal._kept) <= 3
    again = legal.legal_actions(game, side)
    legal.forget_searches()
    assert not legal._kept
    assert kept == again == legal.legal_actions(game, side)


def test_a_listed_walk_is_not_checked_again_and_a_changed_one_is_refused_as_before(monkeypatch):
    # issue 26: act takes a plain move listed for this very position as checked (4.1-4.4);
    # a listed action changed in place, or any other, is checked and refused as ever
    game = _played(3, 110)
    side = to_move(game)
    walks = [a for a in game.legal_actions(side) if a["type"] == "move" and set(a) == {"type", "side", "units", "path"}]
    checks = []

    def counted(*args, **kwargs):
        checks.append(args)
        return move_problem(*args, **kwargs)

    monkeypatch.setattr(phase_movement, "move_problem", counted)
    for action in walks[:50]:
        game.clone().act(side, action)
    assert checks == []
    fresh = games.load(game.record)   # the same position, no listing made for it: checked
    replayed = len(checks)
    fresh.act(side, walks[0])
    assert len(checks) == replayed + 1
    far = next(h for h in sorted(game.state.position.board.hexes) if distance(h, walks[1]["path"][0]) == 9)
    walks[1]["path"][-1] = far   # changed in place after the listing
    refusals = []
    for trial in (game.clone(), games.load(game.record)):
        with pytest.raises(Refusal) as refused:
            trial.act(side, walks[1])
        refusals.append((refused.value.code, refused.value.params))
    assert refusals[0] == refusals[1] and refusals[0][0] == "sjg.refused.bad_path"
