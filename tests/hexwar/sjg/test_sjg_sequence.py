"""SJG Necromancer section 3 (sequence of play), 2.1 (the map), 9 (scenarios) and 10.1
(Conversion Point allowance), through the public game API."""



import random

import pytest
from tests.hexwar.sjg.sjg_helpers import act, end, end_until, refused, snapshot, start, two

from warjudge.presentation.sjg.wording_en import lines as log_lines
from warjudge.core import games
from warjudge.hexwar.decisions import IllegalAction
from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.board import load_board
from warjudge.hexwar.sjg.game import SjgNecromancerGame

RN = {"rn": ("necromancer", "red", "0208")}
BN = {"bn": ("necromancer", "black", "2208")}


def test_map_is_23_by_17():
    # SJG 2.1: the map is 23 hexes long by 17 wide; the Necromancer skulls and spirals
    board = load_board()
    assert (board.grid.width, board.grid.height) == (23, 17)
    assert board.points["start:black"] == "0309" and board.points["start:red"] == "2109"


# --- 3.1 counting --------------------------------------------------------------------------

def test_count_once_per_turn_opponent_at_previous_values():
    # SJG 3.1, 5.2: a side counts its units at the start of its turn; during the other
    # side's turn its units defend at the values of its own last count
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("wraith", "black", "1110"),
                     "f": ("zombie", "black", "1510"), **RN, **BN}, fill={"black": 15})
    pos = game.state.position
    assert pos.sides["black"].count == 17 and pos.defence_strength(u["f"]) == 11
    end_until(game, "combat")
    game.dice.push(*two(11))
    act(game, "attack", targets=["1110"], direct=[u["z"].id])  # 12 to 4: 3-1, 11: DE
    while game.pending.player == "red":
        if game.pending.kind == "advance":
            act(game, "advance", moves={})
        elif game.pending.kind == "retreat":
            act(game, "retreat", lose=game.pending.info["units"])
        else:
            end(game)
    assert u["e"].id not in pos.units
    assert pos.sides["black"].count == 16 and pos.defence_strength(u["f"]) == 12


def test_phases_in_order():
    # SJG 3.2-3.6: move (then the opponent's opportunity attacks), conversion, combat,
    # (the Jewel's wraith phase), search, Miasma conversion, then the opponent's turn
    game, u = start({"w": ("wraith", "red", "0711"), "s": ("skeleton", "black", "1111"),
                     "m": ("wraith", "red", "1209"), "e": ("zombie", "black", "1515"), **RN, **BN}, miasma="1209")
    game.state.position.sides["red"].wraith_phases = 1
    game.dice.push(1)  # the Miasma check on red's wraith in 1209
    seen = [(game.pending.player, game.pending.kind)]
    act(game, "move", units=[u["w"].id], path=["0711", "0811", "0911"])
    end(game)
    seen.append((game.pending.player, game.pending.kind))
    for _ in range(5):
        end(game)
        seen.append((game.pending.player, game.pending.kind))
        if game.pending.player == "black":
            break
    assert seen == [("red", "move"), ("black", "opportunity"), ("red", "convert"), ("red", "combat"),
                    ("red", "wraith"), ("red", "search"), ("black", "move")]


def test_phase_game_refuses_out_of_turn_and_out_of_phase_actions():
    # SJG 3.0: one player follows the sequence, then the other; refused actions change nothing
    game, u = start({"w": ("wraith", "red", "0710"), **RN, **BN})
    refused(game, {"type": "end", "side": "black"}, "red's decision")
    refused(game, {"type": "attack", "side": "red", "targets": ["1010"], "direct": [u["w"].id]}, "move decision")
    refused(game, {"type": "bogus", "side": "red"}, "malformed")


def test_miasma_conversion_ends_the_turn():
    # SJG 3.6: the turn is over when the Miasma conversion attempts are resolved
    game, u = start({"m": ("wraith", "red", "1209"), **RN, **BN}, miasma="1209")
    end_until(game, "search")
    game.dice.push(6)
    end(game)
    assert u["m"].side == "black" and (game.pending.player, game.pending.kind) == ("black", "move")


# --- 9.1 standard scenario ---------------------------------------------------------------

def placements(board, skull, kinds):
    room = sorted((h for h in board.within(skull, 3) if board.terrain(h) != "monolith" and h != skull),
                  key=lambda h: (distance(h, skull), h))
    out = {}
    for i, kind in enumerate(kinds):
        out.setdefault(room[i // 3], []).append(kind)
    return out


STANDARD = ["zombie"] * 17 + ["skeleton"] * 8 + ["wraith"] * 25


def test_standard_scenario_set_up():
    # SJG 9.1: 17 zombies, 8 skeletons, 25 wraiths and a Necromancer on his skull hex,
    # units within 3 hexes of him, stacking obeyed, 150 CP each
    game = SjgNecromancerGame.new(seed=5, first="red")
    pos = game.state.position
    assert pos.necromancer("red").hex == "2109" and pos.necromancer("black").hex == "0309"
    assert pos.sides["red"].cp == pos.sides["black"].cp == 150
    assert (game.pending.player, game.pending.kind) == ("red", "deploy")
    good = placements(pos.board, "2109", STANDARD)
    far = dict(good)
    far["1509"] = far.pop(next(iter(far)))
    refused(game, {"type": "deploy", "placements": far}, "within 3")
    short = placements(pos.board, "2109", STANDARD[1:])
    refused(game, {"type": "deploy", "placements": short}, "exactly")
    crowded = placements(pos.board, "2109", STANDARD[:-1])
    crowded[next(iter(crowded))].append("wraith")
    refused(game, {"type": "deploy", "placements": crowded}, "at most 3")
    refused(game, {"type": "deploy", "placements": good | {"2109": ["necromancer"]}}, "skull")
    act(game, "deploy", placements=good)
    assert game.pending.player == "black" and game.pending.info["simultaneous"]
    act(game, "deploy", placements=placements(pos.board, "0309", STANDARD))
    assert (game.pending.player, game.pending.kind) == ("red", "move")
    assert pos.sides["red"].count == pos.sides["black"].count == 50


@pytest.mark.parametrize("seed", range(6))
def test_coin_toss_for_first_player(seed):
    # SJG 9.1: toss a coin to see who moves first
    game = SjgNecromancerGame.new(seed=seed)
    roll = int(next(line for line in log_lines(game.events) if "coin toss" in line).split()[1])
    assert game.state.first == ("red" if roll <= 3 else "black")


# --- 9.2 conversion scenario ---------------------------------------------------------------

def test_conversion_scenario_set_up():
    # SJG 9.2: Red 27 zombies, 13 skeletons, 40 wraiths; Black 7, 3, 10 and 400 CP; Black
    # sets up on the large level-4 plateau, Red no unit within 13 hexes of a Black unit;
    # the Miasma at the central (3, 4) hex; Red moves first
    game = SjgNecromancerGame.new(seed=2, scenario="conversion")
    pos = game.state.position
    assert pos.miasma.centre == "1209" and pos.sides["black"].cp == 400 and pos.sides["red"].cp == 0
    assert game.pending.player == "black"
    plateau = sorted(pos.board.regions["large_level4_plateau"])
    black = {}
    for i, kind in enumerate(["zombie"] * 7 + ["skeleton"] * 3 + ["wraith"] * 10):
        black.setdefault(plateau[i // 3], []).append(kind)
    refused(game, {"type": "deploy", "placements": black}, "Necromancer")
    off = dict(black)
    off["1209"] = off.pop(plateau[0]) + ["necromancer"]
    refused(game, {"type": "deploy", "placements": off}, "large level-4 plateau")
    black[plateau[0]].append("necromancer")
    act(game, "deploy", placements=black)
    far = sorted((h for h in pos.board.hexes if pos.board.terrain(h) != "monolith"
                  and all(distance(h, b) >= 14 for b in plateau)), key=lambda h: (-int(h[:2]), h))
    red_kinds = ["zombie"] * 27 + ["skeleton"] * 13 + ["wraith"] * 40
    red = {}
    for i, kind in enumerate(red_kinds):
        red.setdefault(far[i // 3], []).append(kind)
    red[far[0]].append("necromancer")
    near = dict(red)
    near["0909"] = near.pop(far[1])
    refused(game, {"type": "deploy", "placements": near}, "13 hexes")
    act(game, "deploy", placements=red)
    assert (game.pending.player, game.pending.kind) == ("red", "move")
    assert pos.sides["red"].count == 80 and pos.sides["black"].count == 20


# --- 10.1 -----------------------------------------------------------------------------------

def test_cp_allowance():
    # SJG 10.1: 50 CP to start, 10 more at the beginning of each friendly conversion phase
    game = SjgNecromancerGame.new(seed=1, optional=["cp_allowance"])
    assert game.state.position.sides["red"].cp == game.state.position.sides["black"].cp == 50
    game, u = start({**RN, **BN}, optional=("cp_allowance",))
    assert game.state.position.sides["red"].cp == 50
    end(game)
    assert game.pending.kind == "convert" and game.state.position.sides["red"].cp == 60
    end_until(game, "move")
    end(game)
    assert game.state.position.sides["black"].cp == 60 and game.state.position.sides["red"].cp == 60


def test_refused_action_changes_nothing_even_mid_combat():
    # SJG 6.2 and the judge's contract: an illegal action is refused whole
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("zombie", "black", "1110"), **RN, **BN})
    end_until(game, "combat")
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        act(game, "attack", targets=["1110", "1310"], direct=[u["z"].id])
    assert snapshot(game) == before
    game.dice.push(*two(5))
    act(game, "attack", targets=["1110"], direct=[u["z"].id])


def test_a_lone_end_after_the_set_up_is_passed_for_the_side_and_nothing_else_is():
    # SJG 3.3-3.5 (conversion, combat, search: each may hold nothing to do) and ruling
    # "Empty stages are passed for the seat"; 9.1: never during the secret set-up
    game, rng, forced = games.new("necromancer-sjg", seed=3), random.Random(3), []
    for _ in range(400):
        side = game.to_act()[0]
        legal, lone = game.legal_actions(side), game.forced_action(side)
        if game.pending.kind == "deploy":
            assert lone is None
        else:
            assert lone == (legal[0] if len(legal) == 1 and legal[0]["type"] == "end" else None)
        if lone is not None:
            forced.append(game.pending.kind)
        game.act(side, rng.choice(legal))
    assert {"convert", "combat"} <= set(forced)
