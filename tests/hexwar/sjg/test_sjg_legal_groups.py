"""Issue 22: `legal_groups`, the legal actions with the plain moves grouped by the units
that make them (each group the hexes it reaches, each path once per start hex) and so
their suicides (the hexes below the cliff edges, each path once per start), is the
flat listing regrouped, action for action and cost for cost, and is made without it: the forced pass and
`end`'s cost read it, so a movement phase's thousands of moves are never spelled one by
one unless someone asks for the flat listing."""

from __future__ import annotations

import json
import random

import pytest

from tests.hexwar.sjg.sjg_helpers import act, start
from tests.hexwar.sjg.test_sjg_movement import BLACK_FAR, RED_FAR, edge_board
from tests.support import legal_groups
from tests.support.sjg_deploy import deploy_action
from warjudge.core import games
from warjudge.hexwar.sjg.bots import random_action, to_move
from warjudge.hexwar.sjg.game import SjgNecromancerGame

PLAIN = {"type", "side", "units", "path"}


def _key(action):
    return json.dumps(action, sort_keys=True)


def _facts(costs, *left_out):
    return [{k: v for k, v in c.items() if k not in ("why", *left_out)} for c in costs]


def assert_regrouped(game, side):
    """The grouped listing of a fresh copy is the flat listing regrouped; a grouped move
    is plain and forfeits nothing, or a suicide and forfeits its units (its group's cost,
    the hex named)."""
    flat = game.clone(reseed=False).legal_actions(side)
    groups = game.clone(reseed=False).legal_groups(side)
    spelled = legal_groups.moves(groups)
    keys = {_key(a) for a in spelled}
    assert len(keys) == len(spelled)
    assert [a for a in flat if _key(a) in keys] == spelled
    assert [a for a in flat if _key(a) not in keys] == groups["actions"]
    for move in groups["moves"]:
        suicide, cost = move["action"].get("suicide"), game.cost(side, move["action"])
        table = groups["drops" if suicide else "paths"][move["from"]]
        assert move["action"]["units"] and set(move["to"]) <= set(table) and bool(cost) == bool(suicide)
        for to in move["to"]:
            action = legal_groups.spelled(groups, move, to)
            assert set(action) == (PLAIN | {"suicide"} if suicide else PLAIN)
            each = game.cost(side, action)
            assert _facts(each, "hex") == _facts(cost) and all(c["hex"] == to for c in each)
    for key, suicide in (("paths", False), ("drops", True)):
        assert ({h for m in groups["moves"] if bool(m["action"].get("suicide")) == suicide for h in m["to"]}
                == {h for p in groups[key].values() for h in p})
    assert not any(a.get("suicide") and not a.get("jewels") for a in groups["actions"] if a["type"] == "move")
    return groups


def _deployed(seed):
    """A standard game, both sides set up through `deploy`: the first move phase."""
    game = games.new("necromancer-sjg", seed=seed)
    for side, layout in (("red", 1), ("black", 2)):
        assert_regrouped(game, side)   # a set-up's decision: nothing grouped
        game.act(side, deploy_action(game, side, random.Random(layout)))
    return game


def test_a_random_game_s_listings_regrouped_at_every_decision():  # SJG 4.1-4.4, 6.7, 8.2
    rng = random.Random(3)
    game = _deployed(3)
    kinds, grouped = set(), 0
    for _ in range(24):
        side = to_move(game)
        kinds.add(game._decision_for(side).kind)
        grouped += len(assert_regrouped(game, side)["moves"])
        game.act(side, random_action(game, rng))
    assert len(kinds) > 1 and "move" in kinds and grouped > 100, kinds


def test_the_suicides_are_grouped_as_the_moves_are_each_costing_its_units():  # SJG 6.7, issue 22
    # a first movement phase's listing had hundreds of suicides spelled one by one among
    # its other actions, each with its cost: now a group per group of undead, its cost once
    game = _deployed(3)
    side = to_move(game)
    flat = game.clone(reseed=False).legal_actions(side)
    groups = assert_regrouped(game, side)
    suicides = [m for m in groups["moves"] if m["action"].get("suicide")]
    assert sum(len(m["to"]) for m in suicides) == sum(1 for a in flat if a.get("suicide") and not a.get("jewels")) > 100
    assert len(groups["actions"]) < 50 and groups["drops"]
    for move in suicides:
        units = move["action"]["units"]
        assert game.cost(side, move["action"]) == [{
            "what": "units-lost", "case": "over-the-edge", "rule": "SJG 6.7", "units": units,
            "why": game.cost(side, legal_groups.spelled(groups, move, move["to"][0]))[0]["why"].replace(
                f" into {move['to'][0]}", "")}]


def test_a_jewel_on_the_way_a_dead_end_and_a_cliff_edge_regrouped():  # SJG 4.4, 6.7, 10.54
    # a lying Jewel: the moves past it that carry it stay actions, the one carrying none
    # is grouped; a hex two wraiths moved into is a dead end for a pair (4.4: three a
    # hex); undead on the ridge may go down over its edge (suicides, costly: actions)
    units = {"w0": ("wraith", "red", "1110"), "w1": ("wraith", "red", "1110"), "z": ("zombie", "red", "1110"),
             "m0": ("wraith", "red", "1012"), "m1": ("wraith", "red", "1012"), **RED_FAR, **BLACK_FAR}
    game, u = start(units, board=edge_board())
    game.state.position.jewels["red"].hex = "1210"
    act(game, "move", units=[u["m0"].id, u["m1"].id], path=["1012", "1011"])
    groups = assert_regrouped(game, "red")
    assert any(a.get("jewels") for a in groups["actions"]) and any(a.get("suicide") for a in groups["actions"])
    pair = next(m for m in groups["moves"] if m["action"]["units"] == [u["w0"].id, u["w1"].id])
    single = next(m for m in groups["moves"] if m["action"]["units"] == [u["w0"].id])
    assert "1011" in single["to"] and "1011" not in pair["to"] and "1210" in pair["to"]


def test_the_forced_pass_and_end_s_cost_are_read_from_the_groups(monkeypatch):  # SJG 4.1, issue 22
    rng = random.Random(5)
    game = _deployed(5)
    positions = []
    for _ in range(40):
        side = to_move(game)
        flat = game.clone(reseed=False).legal_actions(side)
        forced = flat[0] if len(flat) == 1 and flat[0]["type"] == "end" and game.pending.kind != "deploy" else None
        end = {"type": "end", "side": side}
        positions.append((game.clone(reseed=False), side, forced, game.clone(reseed=False).cost(side, end)))
        game.act(side, random_action(game, rng))
    assert any(c for *_, c in positions) and any(g._decision_for(s).kind == "move" for g, s, *_ in positions)

    def spelled(self, player):
        raise AssertionError("the flat listing was made")

    monkeypatch.setattr(SjgNecromancerGame, "_compute_legal", spelled)
    for game, side, forced, cost in positions:
        assert game.forced_action(side) == forced
        assert game.cost(side, {"type": "end", "side": side}) == cost
    with pytest.raises(AssertionError):
        positions[-1][0].legal_actions(positions[-1][1])


def test_a_copy_keeps_the_groups_of_its_position_and_its_own_after(monkeypatch):  # issue 22
    game = _deployed(3)
    side = to_move(game)
    groups = game.legal_groups(side)
    twin = game.clone()

    def spelled(*args, **kwargs):
        raise AssertionError("grouped again for the same position")

    monkeypatch.setattr("warjudge.hexwar.sjg.legal.legal_groups", spelled)
    assert twin.legal_groups(side) == groups   # the same position: carried over, not made again
    monkeypatch.undo()
    twin.act(side, legal_groups.moves(groups)[0])
    assert twin.legal_groups(side) != groups and game.legal_groups(side) is groups
