"""Issue 23's audit, SPI 4.0 Movement and 5.0 Stacking, from the rule text alone: each
position is a scenario file, play goes through `act`, and what the rules allow is read
from `legal_actions` and `view`."""

import pytest

from warjudge.core.errors import IllegalAction
from warjudge.hexwar.gondor_sauron.scenario import ScenarioError
from tests.support.gs_audit import S, W, charts, leader, moves, new, of_type, piece, play_until, scenario, unit, where

GROVE_ROWS = {f"{c:02d}{r:02d}": "G0" for c in range(1, 10) for r in (4, 6)}   # row 05 a corridor for cavalry


def test_allowances_infantry_four_cavalry_and_leaders_six():
    # SPI 4.0: a unit moves hex by hex paying the Terrain Effects Chart's cost, up to its
    # allowance; 4.1, 4.21: never more than its Movement Allowance; 4.11: cavalry and
    # Leaders six; 4.12: infantry four
    doc = scenario([unit("i", W, "0105"), unit("c", W, "0107", "B3X", "cavalry"), unit("f", W, "0103"),
                    unit("s", S, "0909")], [leader("l", W, "0103")])
    g = new(doc)
    play_until(g, "F", W)
    assert "0505" in moves(g, W, "i") and "0605" not in moves(g, W, "i")
    assert "0707" in moves(g, W, "c") and "0807" not in moves(g, W, "c")
    assert "0703" in moves(g, W, "l") and "0803" not in moves(g, W, "l")


def test_magic_leaders_move_in_both_magic_phases_but_not_in_one_they_cast_in():
    # SPI 4.11: a Magic Leader expends its allowance in both Magic Leader Movement Phases
    # if it casts no spell, and does not move in the Phase it attempts a spell in
    spells = [{"id": "fear", "side": W, "cost": 1, "effect": "fear", "range": 9}]
    doc = scenario([unit("w", W, "0105"), unit("x", W, "0705"), unit("s", S, "0909")],
                   [leader("gandalf", W, "0105", magic=5), leader("orc", S, "0909")], spells=spells)
    g = new(doc, 6, 6)                                   # 12: the spell fails
    assert "0705" in moves(g, W, "gandalf")
    g.act(W, {"type": "move", "piece": "gandalf", "to": "0705"})
    play_until(g, "E", W)
    assert "0105" in moves(g, W, "gandalf")              # moves again in E
    g.act(W, {"type": "cast", "leader": "gandalf", "spell": "fear", "target": "orc"})
    assert not moves(g, W, "gandalf")                    # cast (and failed) in E: no move


def test_everything_not_cavalry_moves_as_infantry():
    # SPI 4.13: all units but cavalry and Leaders are infantry for movement: bowmen move
    # four and enter groves (closed to cavalry); a scenario names no third kind
    doc = scenario([unit("bow", W, "0105", "e1Y"), unit("c", W, "0107", "B3X", "cavalry"), unit("s", S, "0909")],
                   tokens={"0205": "G0", "0207": "G0"})
    g = new(doc)
    play_until(g, "F", W)
    assert "0205" in moves(g, W, "bow") and "0405" in moves(g, W, "bow") and "0605" not in moves(g, W, "bow")
    assert "0207" not in moves(g, W, "c")
    doc["units"][0]["kind"] = "beast"
    with pytest.raises(ScenarioError, match="kind"):
        new(doc)


def test_pieces_move_only_in_their_own_phases_and_no_combat_while_moving():
    # SPI 4.22: units move only in their own Movement Phase (Magic Leaders in the Magic
    # Phases); 4.23: no combat during a Movement Phase, even next to the enemy
    doc = scenario([unit("a", W, "0503"), unit("d", S, "0505"), unit("bow", W, "0303", "e1Y")])
    g = new(doc)
    assert {a["type"] for a in g.legal_actions(W)} == {"end"}        # A: no Magic Leader, nothing moves
    play_until(g, "C", S)
    assert g.legal_actions(W) == [] and {a.get("piece") for a in of_type(g, S, "move")} == {"d"}
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "a", "to": "0504"})           # into d's zone
    assert {a["type"] for a in g.legal_actions(W)} <= {"move", "end"}
    play_until(g, "G", W, "missile")
    assert not of_type(g, W, "move")


def test_unused_movement_points_are_lost():
    # SPI 4.24: a unit may use part of its allowance; what is left is not kept for later
    # phases (nor for a second move in this one), nor given to another unit
    doc = scenario([unit("i", W, "0105"), unit("j", W, "0107"), unit("s", S, "0909")])
    g = new(doc)
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "i", "to": "0205"})           # one of four points used
    assert not moves(g, W, "i") and "0607" not in moves(g, W, "j")
    play_until(g, "F", W, turn=2)
    assert "0605" in moves(g, W, "i") and "0705" not in moves(g, W, "i")   # four again, not seven


def test_no_skipping_hexes():
    # SPI 4.25: movement is from hex to adjacent hex; cavalry ringed by groves (which it
    # may not enter) cannot reach the clear hexes beyond them, whatever its allowance
    ring = {h: "G0" for h in ("0504", "0404", "0405", "0605", "0406", "0506")}
    doc = scenario([unit("c", W, "0505", "B3X", "cavalry"), unit("s", S, "0909")], tokens=ring)
    g = new(doc)
    play_until(g, "F", W)
    assert moves(g, W, "c") == set()


def test_a_hex_costing_more_than_is_left_is_not_entered():
    # SPI 4.26, 4.29: after three clear hexes (3 points) infantry may not enter a grove (2)
    doc = scenario([unit("i", W, "0105"), unit("s", S, "0909")], tokens={"0505": "G0", "0504": "G0", "0506": "G0"})
    g = new(doc)
    play_until(g, "F", W)
    assert "0405" in moves(g, W, "i") and "0505" not in moves(g, W, "i")
    doc["map"]["rows"][4] = " ".join(["0"] * 9)                        # all clear: 4 points reach 0505
    g = new(doc)
    play_until(g, "F", W)
    assert "0505" in moves(g, W, "i")


def test_through_friends_never_into_the_enemy():
    # SPI 4.27: friendly units and their zones do not hinder movement through their hexes,
    # and any number may pass through; no unit ever enters an enemy-occupied hex (a lone
    # Leader's too). 5.0: units may always move through friendly occupied hexes
    doc = scenario([unit("c", W, "0105", "B3X", "cavalry"), unit("f", W, "0205", "B3X", "cavalry"),
                    unit("d", W, "0305", "B3X", "cavalry"), unit("s", S, "0101"),
                    unit("o", S, "0705")], tokens=GROVE_ROWS)
    g = new(doc)
    play_until(g, "F", W)
    reach = moves(g, W, "c")                                            # through f and d, not into o
    assert {"0405", "0505", "0605"} <= reach and "0705" not in reach
    g.act(W, {"type": "move", "piece": "c", "to": "0605"})
    assert {"0405", "0505"} <= moves(g, W, "f")                         # through d's hex as well
    with pytest.raises(IllegalAction):
        g.act(W, {"type": "move", "piece": "d", "to": "0705"})


def test_stacking_one_combat_unit_a_hex_leaders_and_formations_excepted():
    # SPI 5.0: one combat unit a hex at the end of the Movement Phase (4.28); a: Leaders
    # stack freely with units and each other; b: a special formation puts two in a hex
    doc = scenario([unit("a", W, "0505", "B3X"), unit("b", W, "0605", "B3X"), unit("c", W, "0303"),
                    unit("s", S, "0909")],
                   [leader("l1", W, "0505"), leader("l2", W, "0303"), leader("l3", W, "0303")])
    g = new(doc)
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "l2", "to": "0505"})            # two Leaders and a unit in 0505
    g.act(W, {"type": "form", "units": ["a", "b"], "leader": "l1"})
    assert piece(g, "a")["hex"] == piece(g, "b")["hex"] == "0505"
    play_until(g, "G", W)
    hexes = [u["hex"] for u in g.view(None)["units"] if u["formation"] is None]
    assert len(hexes) == len(set(hexes))


def test_siege_equipment_stacks_with_a_unit():
    # SPI 5.0 c: siege equipment (Gondor) does not count for stacking
    doc = scenario([unit("orc", S, "0505"), unit("w", W, "0101")], game="gondor",
                   engines=[{"id": "ladder", "side": S, "kind": "ladder", "allowance": 4, "hex": "0505"}])
    g = new(doc)
    assert {e["hex"] for e in g.view(None)["engines"]} == {"0505"} and piece(g, "orc")["hex"] == "0505"
    play_until(g, "C", S)
    g.act(S, {"type": "move", "piece": "ladder", "to": "0506"})
    g.act(S, {"type": "move", "piece": "orc", "to": "0506"})
    assert where(g)[0] == "C" and piece(g, "orc")["hex"] == "0506"


def test_terrain_costs_are_read_from_the_terrain_effects_chart():
    # SPI 4.3, 4.29 (and 2.2): the Terrain Effects Chart is the chart sheet's: on a
    # transcription where a grove costs infantry 1 point, four points reach the grove
    # at 0505 that the shipped chart (2 points) puts out of reach
    doc = scenario([unit("i", W, "0105"), unit("s", S, "0909")], tokens={"0505": "G0", "0504": "G0", "0506": "G0"})
    cheap = charts()["terrain_effects"]
    cheap["terrain"]["grove"]["cost"]["infantry"] = 1
    g = new(doc, charts=charts(terrain_effects=cheap))
    play_until(g, "F", W)
    assert "0505" in moves(g, W, "i")
