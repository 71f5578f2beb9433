"""What a legal action forfeits (issue 24: no move whose cost is hidden), as the game's
`cost` names it, through scenario files and `act` only: declining a displacement loses
the retreating unit; ending a Movement Phase gives up the moves left; a retreat, a move
or an end with nothing left to move costs nothing."""

from __future__ import annotations

from warjudge.hexwar.gondor_sauron.costs import printed_name
from tests.hexwar.gondor_sauron.test_gs_displacement_chain import D_BOXED, battle, unit, walled
from tests.support import gs_scenarios as gs

W, S = "westernesse", "sauron"


def test_declining_a_displacement_costs_the_retreating_unit_and_the_retreat_nothing():
    # SPI 7.61, 7.63: the friend may be displaced; declining, the retreating unit is eliminated
    g = battle([unit("f", W, "0506")], walled(D_BOXED))
    assert g.decision(W).kind == "displace"
    (cost,) = g.cost(W, {"type": "decline"})
    assert (cost["what"], cost["rule"], cost["units"], cost["hex"]) == ("units-lost", "SPI 7.63", ["d"], "0505")
    assert cost["why"] == "D does not displace its friends and is eliminated instead (SPI 7.61, 7.63)"
    retreats = [a for a in g.legal_actions(W) if a["type"] == "retreat"]
    assert retreats and not any(g.cost(W, a) for a in retreats)


def test_a_cost_names_the_piece_as_its_counter_is_printed_never_by_id():
    # SPI 7.61, 7.63; issue 24 finding 9: "Minas Tirith 3", not "minas-tirith-3"
    assert printed_name("knights-of-the-minas-tirith-3") == "Knights of the Minas Tirith 3"
    assert printed_name("the-nazgul") == "The Nazgul"


def test_ending_the_movement_phase_gives_up_the_moves_left():
    # SPI 4.11: movement not used in its phase is lost; ending with nothing left to move costs nothing
    g = gs.new("sauron", gs.battle("sauron", [gs.unit("a", S, "0202"), gs.unit("b", S, "0208"),
                                                gs.unit("d", W, "0808")]))
    gs.play_until(g, S, "C")
    (cost,) = g.cost(S, {"type": "end"})
    assert (cost["what"], cost["rule"], cost["units"]) == ("units-unmoved", "SPI 4.11", ["a", "b"])
    assert not any(g.cost(S, a) for a in g.legal_actions(S) if a["type"] == "move")
    g.act(S, {"type": "move", "piece": "a", "to": "0203"})   # a move spends the piece's movement
    (cost,) = g.cost(S, {"type": "end"})
    assert cost["units"] == ["b"] and cost["why"].startswith("1 piece could still move or enter: ending the phase")
    g.act(S, {"type": "move", "piece": "b", "to": "0609"})
    assert g.cost(S, {"type": "end"}) == []
    gs.play_until(g, S, "D")                  # SPI 7.0: ending the Combat Phase is no forfeit named here
    assert g.cost(S, {"type": "end"}) == []
