"""What a legal action forfeits (issue 24: no move whose cost is hidden), as the game's
`cost` names it: units thrown over a cliff edge, units lost beyond a result's count, a
Jewel left behind, moves given up by ending the move phase; a safe action costs nothing."""

from __future__ import annotations

import random

from tests.hexwar.sjg.sjg_helpers import act, two
from tests.hexwar.sjg.test_sjg_combat import dr_game, ids, jewel_on_the_edge
from tests.support.sjg_deploy import deploy_action
from warjudge.core import games


def deployed():
    """A standard game, both sides set up through `deploy`: red's move phase."""
    game = games.new("necromancer-sjg", seed=5)
    game.act("red", deploy_action(game, "red", random.Random(1)))
    game.act("black", deploy_action(game, "black", random.Random(2)))
    assert game.decision("red").kind == "move"
    return game


def test_a_move_over_the_cliff_edge_costs_its_units_and_a_plain_move_nothing():
    # SJG 6.7: undead going down over a cliff edge are lost
    game = deployed()
    legal = game.legal_actions("red")
    suicide = next(a for a in legal if a.get("suicide"))
    (cost,) = game.cost("red", suicide)
    assert (cost["what"], cost["rule"], cost["units"], cost["hex"]) == \
           ("units-lost", "SJG 6.7", suicide["units"], suicide["path"][-1])
    assert f"over the cliff edge into {suicide['path'][-1]}: every one is lost (SJG 6.7)" in cost["why"]
    plain = [a for a in legal if a["type"] == "move" and not a.get("suicide")]
    assert plain and not any(game.cost("red", a) for a in plain)


def test_ending_the_move_phase_gives_up_the_moves_left_and_nothing_once_none_is():
    # SJG 4.1: a unit not moved in its side's move phase stays put until the next turn
    game = deployed()
    could = sorted({u for a in game.legal_actions("red") if a["type"] == "move" for u in a["units"]})
    (cost,) = game.cost("red", {"type": "end", "side": "red"})
    assert (cost["what"], cost["rule"], cost["units"]) == ("units-unmoved", "SJG 4.1", could)
    game.act("red", {"type": "end", "side": "red"})   # the next phase's end gives up no move
    side = game.to_act()[0]
    assert game.decision(side).kind != "move" and game.cost(side, {"type": "end", "side": side}) == []


def test_a_retreat_names_losses_beyond_the_result_and_the_plain_retreat_costs_nothing():
    # SJG 6.52: the owner may lose units instead of retreating them (a cost); retreating all costs nothing
    game, u = dr_game(two(3), e=("zombie", "black", "1110"), f=("wraith", "black", "1110"))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert game.cost("black", {"type": "retreat", "side": "black", "to": "1210"}) == []
    (cost,) = game.cost("black", {"type": "retreat", "side": "black", "to": "1210", "lose": ids(u, "e")})
    assert (cost["what"], cost["rule"], cost["units"]) == ("units-lost", "SJG 6.52", ids(u, "e"))
    # issue 24 finding 9: the units as printed, by kind, never by id ("zombie 12")
    assert cost["why"] == "a zombie is eliminated: the result takes no units, this loses 1 more (SJG 6.52)"


def test_a_retreat_losing_only_what_the_result_demands_costs_nothing():
    # SJG 6.53: DR-1 takes one unit, the owner's choice: that loss is no choice of cost
    game, u = dr_game(two(5), e=("wraith", "black", "1110"), f=("zombie", "black", "1110"))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert game.cost("black", {"type": "retreat", "side": "black", "to": "1210", "lose": ids(u, "f")}) == []


def test_a_retreat_over_the_edge_costs_the_stack_and_leaving_the_jewel_costs_it():
    # SJG 6.52 exception: a stack with a Jewel may go over an adjacent edge: its units are lost;
    # the Jewel is carried down or left in the hex
    game, u = jewel_on_the_edge()
    carried = {"type": "retreat", "side": "black", "over_cliff": "1211", "carry": ["green"]}
    assert carried in game.legal_actions("black")
    (lost,) = game.cost("black", carried)
    assert (lost["what"], lost["hex"], sorted(lost["units"])) == ("units-lost", "1211", ids(u, "w", "x"))
    left = {"type": "retreat", "side": "black", "over_cliff": "1211"}
    assert left in game.legal_actions("black")
    assert [c["what"] for c in game.cost("black", left)] == ["units-lost", "jewels-left"]
    assert game.cost("black", left)[1]["jewels"] == ["green"]
