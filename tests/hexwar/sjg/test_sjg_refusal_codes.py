"""Issue 12: every refusal the SJG rules give is a reason code with parameters, worded
at the edge (presentation/sjg/wording_en.py), never a generic code carrying an English
sentence. Each test breaks one rule and names the code it must get; the position is
left unchanged (`refused` checks that too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from warjudge.core.errors import IllegalAction
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.moves import move_problem
from warjudge.hexwar.sjg.state import Item
from warjudge.presentation.sjg.wording_en import EVENTS, REFUSALS

from tests.hexwar.sjg.sjg_helpers import act, end_until, make_map, nb, refused, start
from tests.hexwar.sjg.test_sjg_items import RIDGE, ridge_board
from tests.support.sjg_act import act_as_its_side

SJG = Path(__file__).parents[3] / "src" / "warjudge" / "hexwar" / "sjg"
RN, BN = {"N": ("necromancer", "red", "0414")}, {"n": ("necromancer", "black", "2014")}


def code_of(game, action) -> str:
    """The code `action` is refused with; `refused` also checks nothing changed."""
    action = {"side": game.pending.player, **action}
    try:
        act_as_its_side(game.clone(reseed=False), action)
    except IllegalAction as exc:
        refused(game, action)
        return exc.code  # type: ignore[attr-defined]
    raise AssertionError(f"{action} was accepted")


def emitted_codes() -> set[str]:
    """Every code literal the rules pass to Refusal, problem, _say or Event."""
    codes = set()
    for path in SJG.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                value = node.args[0].value
                if name in ("problem", "rule_problem") and isinstance(value, str):
                    codes.add("sjg.refused." + value)
                elif name in ("Refusal", "_say", "Event") and isinstance(value, str) and value.startswith("sjg."):
                    codes.add(value)
    return codes


def test_every_code_the_rules_emit_has_an_english_wording():
    codes = emitted_codes()
    assert len(codes) > 100   # the scan finds the codes (refusals and events)
    assert "sjg.refused.rule" not in REFUSALS and not any(".rule" == c[-5:] for c in codes)
    missing = sorted(c for c in codes if c not in REFUSALS and c not in EVENTS)
    assert not missing, missing


# --- 10.5 choices ----------------------------------------------------------------------------

def choosing():
    return SjgNecromancerGame.new(seed=1, items={"red": 2, "black": 2}, first="red")


@pytest.mark.parametrize("items, code", [
    (["banana", "sword"], "unknown_item"),                     # SJG 10.51-10.58
    (["sword:wishes", "bow"], "power_on_item"),                # SJG 10.51: only an extra Jewel has a power
    (["extra_jewel", "bow"], "jewel_needs_power"),             # SJG 10.51
    (["sword"], "items_worth"),                                # SJG 10.5
    (["ring", "ring"], "counters_left"),                       # SJG 10.5: one Ring counter
])
def test_choices(items, code):
    assert code_of(choosing(), {"type": "choose", "items": items}) == f"sjg.refused.{code}"


# --- 9.1, 9.2 set-up ---------------------------------------------------------------------------

def deploying(scenario="standard", board=None):
    game = SjgNecromancerGame.new(seed=1, scenario=scenario, first="red", **({"board": board} if board else {}))
    return game


def full_setup(game) -> dict[str, list[str]]:
    """A legal set-up for the side to deploy, found through the legal list."""
    trial = game.clone(reseed=False)
    side = trial.to_act()[0]
    while True:
        actions = trial.legal_actions(side)
        deploy = [a for a in actions if a["type"] == "deploy"]
        if deploy:
            return {h: list(ks) for h, ks in deploy[0]["placements"].items()}
        trial.act(side, next(a for a in actions if a["type"] == "place"))


def deploy(placements):
    return {"type": "deploy", "placements": placements}


def test_set_up_hex_problems():
    board = make_map({"0514": "M1"})
    game = deploying(board=board)
    side = game.to_act()[0]
    skull = game.state.position.necromancer(side).hex
    near = nb(skull, "NE")
    assert code_of(game, deploy({"0514" if side == "red" else "2114": ["zombie"]})) in (
        "sjg.refused.monolith", "sjg.refused.deploy_exactly")
    assert code_of(game, deploy({near: ["zombie"] * 4})) == "sjg.refused.stack_limit"            # SJG 4.4
    assert code_of(game, deploy({near: ["mercenary", "zombie"]})) == "sjg.refused.mercenaries_mixed"  # SJG 10.53
    assert code_of(game, deploy({near: ["dragon"]})) == "sjg.refused.not_in_forces"              # SJG 9.1
    enemy = game.state.position.necromancer("black" if side == "red" else "red").hex
    assert code_of(game, deploy({enemy: ["zombie"]})) == "sjg.refused.enemy_there"
    assert code_of(game, deploy({near: ["zombie"]})) == "sjg.refused.deploy_exactly"             # SJG 9.1
    assert code_of(game, {"type": "place", "kind": "zombie", "hex": "2301" if side == "red" else "0101"}) \
        == "sjg.refused.deploy_near_necromancer"                                                  # SJG 9.1
    assert code_of(game, {"type": "place", "kind": "dragon", "hex": near}) == "sjg.refused.none_left_to_place"


def test_a_monolith_takes_no_unit_at_set_up():
    # SJG 2.13
    game = deploying(board=make_map({"0514": "M1", "2114": "M1"}))
    assert code_of(game, {"type": "place", "kind": "zombie", "hex": "0514" if game.to_act()[0] == "red" else "2114"}) \
        == "sjg.refused.monolith"


def test_standard_set_up_keeps_the_necromancer_on_his_skull_and_units_near():
    game = deploying()
    setup = full_setup(game)
    side = game.to_act()[0]
    skull = game.state.position.necromancer(side).hex
    with_necro = {**setup, skull: [*setup.get(skull, []), "necromancer"]}
    assert code_of(game, deploy(with_necro)) == "sjg.refused.necromancer_on_skull"            # SJG 9.1
    far = dict(setup)
    hex_, kinds = next(iter(far.items()))
    far.pop(hex_)
    far["2301" if side == "red" else "0101"] = kinds
    assert code_of(game, deploy(far)) == "sjg.refused.deploy_near_necromancer"                  # SJG 9.1


def test_conversion_set_up():
    game = deploying("conversion")
    assert game.to_act() == ("black",)
    setup = full_setup(game)
    no_necro = {h: [k for k in ks if k != "necromancer"] for h, ks in setup.items()}
    assert code_of(game, deploy({h: ks for h, ks in no_necro.items() if ks})) == "sjg.refused.place_necromancer"
    outside = [h for h in game.state.position.board.hexes if h not in game.state.position.board.regions["large_level4_plateau"]
               and game.state.position.board.terrain(h) == "plateau"]
    moved = dict(setup)
    hex_, kinds = next((h, ks) for h, ks in moved.items() if "necromancer" not in ks)
    moved.pop(hex_)
    moved[outside[0]] = kinds
    assert code_of(game, deploy(moved)) == "sjg.refused.black_on_plateau"                        # SJG 9.2
    game.act("black", deploy(setup))
    red = full_setup(game)
    black_hex = game.state.position.side_units("black")[0].hex
    hex_, kinds = next((h, ks) for h, ks in red.items() if "necromancer" not in ks)
    red.pop(hex_)
    red[nb(nb(black_hex, "E"), "E")] = kinds
    assert code_of(game, deploy(red)) == "sjg.refused.red_too_near"                              # SJG 9.2


# --- items taken in play (10.55-10.58) ---------------------------------------------------------

def take_game():
    game, u = start({"z": ("zombie", "red", "1008"), "d": ("dragon", "red", "1008"), "a": ("apprentice", "red", "1010"),
                     "e": ("zombie", "black", "1508"), **RN, **BN})
    game.state.position.items["sword"] = Item("sword", hex="1008")
    game.state.position.items["ring"] = Item("ring", holder=u["a"].id)
    return game, u


@pytest.mark.parametrize("unit, item, code", [
    ("e", "sword", "not_yours"),
    ("z", "bow", "no_such_item"),
    ("d", "sword", "dragon_takes"),            # SJG 10.54
    ("a", "ring", "already_holds"),
    ("z", "ring", "item_not_here"),            # SJG 10.55
])
def test_taking_items(unit, item, code):
    game, u = take_game()
    assert code_of(game, {"type": "take", "unit": u[unit].id, "item": item}) == f"sjg.refused.{code}"


# --- movement (4.0, 6.7, 8.2) ------------------------------------------------------------------

def mv(units, path, **kw):
    return {"type": "move", "units": units, "path": path, **kw}


def test_movement_problems():
    board = make_map({"1207": "M1", "1008": "2"}, cliffs=[("1008", nb("1008", "SE"))])
    game, u = start({"z": ("zombie", "red", "1006"), "w": ("wraith", "red", "1008"), "n2": ("apprentice", "red", "0806"),
                     "s": ("skeleton", "red", "0608"), "e2": ("zombie", "black", "0708"),
                     "e": ("zombie", "black", "1305"), **RN, **BN}, board=board)
    z, w, s = u["z"].id, u["w"].id, u["s"].id
    assert code_of(game, mv([z], ["1006", "2401"])) == "sjg.refused.path_off_map"
    assert code_of(game, mv([z], ["1106", "1206"])) == "sjg.refused.not_at_start"
    assert code_of(game, mv([s], ["0608", "0607"])) == "sjg.refused.locked_in_zoc"                 # SJG 4.3
    assert code_of(game, mv([u["n2"].id], ["0806", "0807"], suicide=True)) == "sjg.refused.suicide_undead_only"  # 6.7
    assert code_of(game, mv([z], ["1006", "1007"], suicide=True)) == "sjg.refused.suicide_down_cliff"  # SJG 6.7
    below = nb("1008", "SE")
    paths = {"not_adjacent": ["1006", "1206"], "blocked": ["1006", "1106", "1207"],          # SJG 2.13
             "must_stop": ["1006", "1106", "1206", "1306"],                                      # SJG 4.3
             "too_dear": ["1006", "0906", "0806", "0706", "0606"]}                               # SJG 4.1
    for fault, path in paths.items():
        assert code_of(game, mv([z], path)) == "sjg.refused.bad_path"
        found = move_problem(game.state.position, [u["z"]], path, locked=game.state.locked)
        assert found.params["fault"] == fault and found.params["cliff"] is False
    assert move_problem(game.state.position, [u["z"]], paths["blocked"], locked=set()).params["why"] == "monolith"
    cliff = move_problem(game.state.position, [u["w"]], ["1008", below, nb(below, "E")], locked=set())
    assert cliff.params["cliff"] is True                                                          # SJG 4.21
    assert code_of(game, mv([w], ["1008", below, nb(below, "E")])) == "sjg.refused.bad_path"
    assert move_problem(game.state.position, [u["z"]], ["1006"], locked=set()).code == "sjg.refused.path_too_short"


def test_cliff_crossings():
    # SJG 4.21: only wraiths (and 10.54-10.55 flyers) cross a cliff, and not into a monolith
    board = make_map({"1008": "2", "1109": "M1"}, cliffs=[("1008", nb("1008", "SE")), ("1008", nb("1008", "SW"))])
    assert nb("1008", "SE") == "1109"
    game, u = start({"z": ("zombie", "red", "1008"), "w": ("wraith", "red", "1008"), **RN, **BN}, board=board)
    assert code_of(game, mv([u["z"].id], ["1008", nb("1008", "SW")])) == "sjg.refused.cliff_climbers_only"
    assert code_of(game, mv([u["w"].id], ["1008", "1109"])) == "sjg.refused.step_blocked"


def test_suicide_may_not_pass_a_zone_of_control():
    # SJG 4.3, 6.7: a unit entering an enemy zone stops there, at the edge or not
    board = make_map({"1007": "2"}, cliffs=[("1007", "1008")])
    game, u = start({"z": ("zombie", "red", "1006"), "e": ("zombie", "black", "0907"), **RN, **BN}, board=board)
    assert code_of(game, mv([u["z"].id], ["1006", "1007", "1008"], suicide=True)) == "sjg.refused.suicide_from_zoc"


def test_dead_ends_and_stacking_at_the_end_of_movement():
    # SJG 4.4 (stacking counts at the end of the phase), 10.53 mercenaries
    game, u = start({"a": ("zombie", "red", "1006"), "b": ("zombie", "red", "1006"), "c": ("zombie", "red", "1006"),
                     "d": ("zombie", "red", "1107"), "m": ("mercenary", "red", "0806"), "y": ("zombie", "red", "0506"),
                     **RN, **BN})
    game.act("red", {"type": "move", "side": "red", "units": [u["y"].id], "path": ["0506", "0606"]})
    game.act("red", {"type": "move", "side": "red", "units": [u["a"].id, u["b"].id], "path": ["1006", "1007"]})
    game.act("red", {"type": "move", "side": "red", "units": [u["c"].id], "path": ["1006", "1007"]})
    assert code_of(game, mv([u["d"].id], ["1107", "1007"])) == "sjg.refused.dead_end_stack"
    assert code_of(game, mv([u["m"].id], ["0806", "0706", "0606"])) == "sjg.refused.dead_end_mercenaries"
    game2, v = start({"a": ("zombie", "red", "1006"), "b": ("zombie", "red", "1006"), "c": ("zombie", "red", "1006"),
                      "d": ("zombie", "red", "1006"), "m": ("mercenary", "red", "0806"), "w": ("wraith", "red", "0806"),
                      **RN, **BN})
    assert code_of(game2, {"type": "end"}) == "sjg.refused.stacking_at_end"
    with pytest.raises(IllegalAction) as info:
        game2.act("red", {"type": "end", "side": "red"})
    inner = [p["code"] for p in info.value.params["problems"]]
    assert inner == ["sjg.refused.mercenaries_mixed", "sjg.refused.stack_over_limit"]
    assert "at most 3 may stack (SJG 4.4)" in str(info.value) and "SJG 10.53" in str(info.value)


def test_the_extra_wraith_phase():
    # SJG 8.2: after combat, wraiths not in an enemy zone move one hex, no cliff but down to suicide
    board = make_map({"1008": "2", "1108": "M1", "1105": "2"}, cliffs=[("1105", "1006")])
    game, u = start({"w": ("wraith", "red", "1006"), "w2": ("wraith", "red", "1008"), "z": ("zombie", "red", "0806"),
                     "lock": ("wraith", "red", "0506"),
                     "f1": ("wraith", "red", "1106"), "f2": ("wraith", "red", "1106"), "f3": ("wraith", "red", "1106"),
                     **RN, **BN}, board=board)
    game.state.position.sides["red"].wraith_phases = 1
    end_until(game, "wraith")
    game.state.locked.add(u["lock"].id)   # as if it began the phase in an enemy zone of control
    w = u["w"].id
    assert code_of(game, mv([u["z"].id], ["0806", "0906"])) == "sjg.refused.wraiths_only"
    assert code_of(game, mv([w], ["1006", "1106", "1206"])) == "sjg.refused.wraith_one_hex"
    assert code_of(game, mv([u["lock"].id], ["0506", "0507"])) == "sjg.refused.wraith_in_zoc"
    assert code_of(game, mv([w], ["1005", "1006"])) == "sjg.refused.wraith_step"
    assert code_of(game, mv([w], ["1006", "1105"])) == "sjg.refused.wraith_cliff"
    assert code_of(game, mv([u["w2"].id], ["1008", "1108"])) == "sjg.refused.wraith_blocked"
    assert code_of(game, mv([w], ["1006", "1106"])) == "sjg.refused.overstacked"                  # SJG 4.4


# --- combat (6.2-6.23, 7.3, 10.4) --------------------------------------------------------------

def attack(targets, **kw):
    return {"type": "attack", "targets": targets, **kw}


def test_combat_problems():
    game, u = start({"z": ("zombie", "red", "1008"), "z2": ("zombie", "red", "1008"), "s": ("skeleton", "red", "0408"),
                     "mz": ("zombie", "red", "1404"), "e": ("zombie", "black", "1108"), "e2": ("zombie", "black", "1405"),
                     **RN, **BN}, miasma={"1404"})
    end_until(game, "combat")
    z, z2 = u["z"].id, u["z2"].id
    assert code_of(game, attack(["1108"])) == "sjg.refused.no_attackers"
    assert code_of(game, attack(["1108"], direct=[z, z])) == "sjg.refused.attacker_twice"
    assert code_of(game, attack(["1108", "1108"], direct=[z])) == "sjg.refused.targets_once"
    assert code_of(game, attack(["1108"], direct=[u["e"].id])) == "sjg.refused.not_yours"
    assert code_of(game, attack(["1405"], direct=[u["mz"].id])) == "sjg.refused.attacks_from_miasma"  # SJG 7.3
    assert code_of(game, attack(["1108"], direct=[z], demon=True)) == "sjg.refused.no_demon_there"     # SJG 10.4
    assert code_of(game, attack(["1109"], direct=[z])) == "sjg.refused.no_enemy_there"
    assert code_of(game, attack(["1108"], direct=[u["s"].id])) == "sjg.refused.cannot_attack_directly"  # SJG 6.21
    assert code_of(game, attack(["1108"], indirect=[z])) == "sjg.refused.cannot_attack_indirectly"     # SJG 6.22
    assert code_of(game, attack(["1108"], boulder=[z])) == "sjg.refused.not_above"                     # SJG 6.23
    game.dice.push(6, 6)
    game.act("red", {"type": "attack", "side": "red", "targets": ["1108"], "direct": [z]})
    while game.pending.kind != "combat":
        act_as_its_side(game, game.legal_actions(game.pending.player)[0])
    assert code_of(game, attack(["1405"], direct=[z])) == "sjg.refused.already_attacked"              # SJG 6.2
    assert z2


def test_boulder_problems():
    # SJG 6.23: boulders alone, on one hex, not on wizards
    game, u = start({"b1": ("zombie", "black", "1110"), "b3": ("zombie", "black", "1210"),
                     "rz": ("zombie", "red", "1211"), "rn": ("necromancer", "red", nb("1310", "SE")),
                     "n": ("necromancer", "black", "2014")}, board=ridge_board(), first="black")
    assert RIDGE
    end_until(game, "combat")
    b1, b3 = u["b1"].id, u["b3"].id
    assert code_of(game, attack(["1211"], boulder=[b3], direct=[b1])) == "sjg.refused.boulders_alone"
    assert code_of(game, attack(["1211", nb("1310", "SE")], boulder=[b3])) == "sjg.refused.boulder_one_hex"
    assert code_of(game, attack([nb("1310", "SE")], boulder=[b3])) in ("sjg.refused.immune_to_boulders",
                                                                         "sjg.refused.not_above")


# --- conversion (5.2-5.4, 8.2, 10.52) ----------------------------------------------------------

def test_conversion_problems():
    units = {"N": ("necromancer", "red", "0414"), "n": ("necromancer", "black", "1410"),
             "g": ("zombie", "black", "1411"), "a": ("apprentice", "black", "0808"), "b": ("zombie", "black", "0808"),
             "x": ("zombie", "black", "0610")}
    game, u = start(units, cp={"red": 10})
    end_until(game, "convert")
    conv = {"type": "convert"}
    assert code_of(game, {**conv, "target": "0909", "multiple": 1}) == "sjg.refused.nothing_to_convert"
    assert code_of(game, {**conv, "target": "1411", "multiple": 1}) == "sjg.refused.near_enemy_necromancer"  # 5.4
    assert code_of(game, {**conv, "target": "0808", "multiple": 1}) == "sjg.refused.with_apprentice"        # 10.52
    assert code_of(game, {**conv, "target": "0610", "free": True}) == "sjg.refused.no_free_attempt"         # 8.2
    assert code_of(game, {**conv, "target": "0610"}) == "sjg.refused.bad_multiple"                          # 5.2
    assert code_of(game, {**conv, "target": "0610", "multiple": 4}) == "sjg.refused.cp_short"               # 5.2
    game, u = start(units, cp={"red": 100})
    game.state.position.sides["red"].free_attempts = 1   # before play: a Jewel's free roll (8.2) keeps the phase open
    end_until(game, "convert")
    game.dice.push(1, 1)
    for _ in range(2):                             # the red column's two attempts, both failing (5.2)
        act(game, "convert", target="0610", multiple=1)
    assert code_of(game, {**conv, "target": "0610", "multiple": 1}) == "sjg.refused.no_attempts_left"       # 5.2


def test_mercenaries_may_not_be_converted():
    # SJG 10.53: "... and may not be converted"
    game, u = start({"N": ("necromancer", "red", "0414"), "n": ("necromancer", "black", "2014"),
                     "x": ("mercenary", "black", "0610")}, cp={"red": 100})
    end_until(game, "convert")
    assert code_of(game, {"type": "convert", "target": "0610", "multiple": 1}) == "sjg.refused.unconvertible"


def test_enemies_in_a_zone_of_control_must_be_attacked():
    # SJG 6.21: the combat phase may not end while they stand unattacked
    game, u = start({"z": ("zombie", "red", "1008"), "e": ("zombie", "black", "1108"), **RN, **BN})
    end_until(game, "combat")
    assert code_of(game, {"type": "end"}) == "sjg.refused.must_attack"
