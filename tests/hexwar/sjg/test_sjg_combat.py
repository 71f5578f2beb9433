"""SJG Necromancer section 6 (combat), with 2.12/2.16 (terrain effects on combat), through
the public game API. Dice are scripted (sjg_helpers.ScriptedDice)."""



from tests.hexwar.sjg.sjg_helpers import act, end, end_until, make_map, nb, refused, start, two

from warjudge.presentation.sjg.wording_en import lines as log_lines
from warjudge.hexwar.sjg.tables import odds_column

RN = {"rn": ("necromancer", "red", "0208")}
BN = {"bn": ("necromancer", "black", "2208")}
RIDGE = ["1010", "1110", "1210", "1310", "1410"]  # level 2, cliffs on their south sides


def ridge_board(extra=None, extra_cliffs=()):
    cliffs = tuple(dict.fromkeys((h, nb(h, d)) for h in RIDGE for d in ("SE", "SW")))
    return make_map({h: "2" for h in RIDGE} | (extra or {}), cliffs=cliffs + tuple(extra_cliffs))


def attack(targets, **kw):
    return {"type": "attack", "targets": targets, **kw}


def ids(u, *names):
    return [u[n].id for n in names]


def last(game, text):
    return next(line for line in reversed(log_lines(game.events)) if text in line)


# --- 6.2, 6.21: direct attacks and odds -----------------------------------------------

def test_odds_examples_through_the_game():
    # SJG 6.1, 3.4, 6.21: four zombies of strength 6 against two skeletons of strength 5: 24 to 10 = 2-1
    # (red controls 62 units: zombies 6; black 56: skeletons 5, Conversion Track)
    game, u = start({"z1": ("zombie", "red", "1010"), "z2": ("zombie", "red", "1010"),
                     "z3": ("zombie", "red", "1210"), "z4": ("zombie", "red", "1210"),
                     "s1": ("skeleton", "black", "1110"), "s2": ("skeleton", "black", "1110"), **RN, **BN},
                    fill={"red": 58, "black": 54})
    end_until(game, "combat")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], direct=ids(u, "z1", "z2", "z3", "z4"))
    assert "24 to 10, 2-1 column, roll 2+0: NE" in last(game, "attacks 1110")


def test_odds_rounding_examples():
    # SJG 6.21: rounded down in the defender's favour: 15 to 10 = 1-1, 16 to 17 = 1-2
    assert odds_column(24, 10) == "2-1"
    assert odds_column(15, 10) == "1-1"
    assert odds_column(16, 17) == "1-2"


def test_units_attack_once_but_may_be_attacked_often():
    # SJG 6.2: units attack once per turn; a hex may be attacked any number of times
    game, u = start({"z1": ("zombie", "red", "1010"), "z2": ("zombie", "red", "1210"),
                     "e": ("zombie", "black", "1110"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(5), *two(5))  # 1-1 twice: NE
    act(game, "attack", targets=["1110"], direct=ids(u, "z1"))
    refused(game, attack(["1110"], direct=ids(u, "z1")), "already attacked")
    act(game, "attack", targets=["1110"], direct=ids(u, "z2"))
    assert log_lines(game.events)[-1].count("NE") and game.pending.kind == "combat"

def test_enemy_in_zoc_must_be_attacked():
    # SJG 6.21: all enemy units in friendly ZOCs must be attacked in the combat phase
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("zombie", "black", "1110"), **RN, **BN})
    end_until(game, "combat")
    refused(game, {"type": "end"}, "must be attacked")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    end(game)
    assert game.pending.kind != "combat"


def test_must_attack_only_while_some_unit_can():
    # SJG 6.21; ruling: the obligation lasts while an unspent friendly unit could attack
    # the enemy directly; a unit between two enemies may attack only one of them
    game, u = start({"z": ("zombie", "red", "1110"), "e1": ("zombie", "black", "1010"),
                     "e2": ("zombie", "black", "1210"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1010"], direct=ids(u, "z"))
    end(game)


def test_one_attack_on_several_hexes():
    # SJG 6.2: friendly units may combine to attack enemy units in one or more hexes
    game, u = start({"z": ("zombie", "red", "1110"), "e1": ("zombie", "black", "1010"),
                     "e2": ("zombie", "black", "1210"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1010", "1210"], direct=ids(u, "z"))
    assert "12 to 24, 1-2 column" in last(game, "attacks 1010+1210")
    end(game)


def test_stacked_units_may_split_their_attacks():
    # SJG 6.2: friendly units stacked together may split to attack different hexes
    game, u = start({"z1": ("zombie", "red", "1110"), "z2": ("zombie", "red", "1110"),
                     "e1": ("zombie", "black", "1010"), "e2": ("zombie", "black", "1210"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(2), *two(2))
    act(game, "attack", targets=["1010"], direct=ids(u, "z1"))
    act(game, "attack", targets=["1210"], direct=ids(u, "z2"))
    end(game)


def test_automatic_de_at_five_to_one():
    # SJG 6.21: 5-1 or better is an automatic DE (no dice needed)
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("wraith", "black", "1110"), **RN, **BN},
                    fill={"black": 76})  # black 77+: wraith 1; red zombie 12: 12-1
    end_until(game, "combat")
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert u["e"].id not in game.state.position.units
    assert game.dice.rolled == []


def test_automatic_ae_below_one_to_three():
    # SJG 6.21: worse than 1-3 is an automatic AE; indirect attackers ignore it (6.22)
    game, u = start({"w": ("wraith", "red", "1010"), "s": ("skeleton", "red", "0910"),
                     "e1": ("zombie", "black", "1110"), "e2": ("zombie", "black", "1110"),
                     "e3": ("zombie", "black", "1110"), **RN, **BN},
                    fill={"red": 75})  # red 77: wraith 1, skeleton 2; black zombies 12 each
    end_until(game, "combat")
    act(game, "attack", targets=["1110"], direct=ids(u, "w"), indirect=ids(u, "s"))
    assert u["w"].id not in game.state.position.units and u["s"].id in game.state.position.units
    assert game.dice.rolled == []


# --- 6.22 indirect ---------------------------------------------------------------------

def test_only_skeletons_and_necromancers_attack_indirectly():
    # SJG 2.23, 6.22: only Necromancers and skeletons make indirect attacks
    game, u = start({"z": ("zombie", "red", "0910"), "s": ("skeleton", "red", "0910"),
                     "e": ("zombie", "black", "1110"), **RN, **BN})
    end_until(game, "combat")
    refused(game, attack(["1110"], indirect=ids(u, "z")), "indirectly")
    refused(game, attack(["1110"], direct=ids(u, "s")), "directly")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], indirect=ids(u, "s"))


def test_indirect_at_two_hexes_same_or_lower_level():
    # SJG 6.22(a): two hexes away on identical or lower terrain; intervening units do not block
    board = make_map({"0910": "2", "1210": "2", "1310": "2"})
    game, u = start({"s": ("skeleton", "red", "0910"), "s2": ("skeleton", "red", "1010"),
                     "e": ("zombie", "black", "1110"), "high": ("zombie", "black", "1310"), **RN, **BN}, board=board)
    end_until(game, "combat")
    refused(game, attack(["1310"], indirect=ids(u, "s2")), "indirectly")  # level 2 above a level-1 shooter
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], indirect=ids(u, "s"))  # down from level 2, over the friendly unit


def test_line_of_sight_blocked_by_monolith_and_higher_terrain():
    # SJG 2.13, 6.22: monoliths or higher terrain between block a two-hex attack
    board = make_map({"1010": "M1", "1012": "2"})
    game, u = start({"s": ("skeleton", "red", "0910"), "t": ("skeleton", "red", "0912"),
                     "e": ("zombie", "black", "1110"), "f": ("zombie", "black", "1112"), **RN, **BN}, board=board)
    end_until(game, "combat")
    refused(game, attack(["1110"], indirect=ids(u, "s")), "line of sight")
    refused(game, attack(["1112"], indirect=ids(u, "t")), "line of sight")


def test_no_indirect_fire_over_a_cliff_unless_at_its_edge():
    # SJG 6.22(a): a unit may not attack over a cliff-edge unless it is adjacent to that edge
    game, u = start({"edge": ("skeleton", "red", "1110"), "back": ("skeleton", "red", "1109"),
                     "e": ("zombie", "black", "1212"), "f": ("zombie", "black", "1211"), **RN, **BN},
                    board=ridge_board({"1109": "2", "1209": "2"}))
    end_until(game, "combat")
    # 1109 -> 1110 -> 1211: the cliff 1110/1211 is not next to the shooter in 1109
    refused(game, attack(["1211"], indirect=ids(u, "back")), "indirectly")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1212"], indirect=ids(u, "edge"))  # 1110 is at the edge it shoots over


def test_adjacent_up_and_down_modifiers():
    # SJG 6.22(b): adjacent higher/lower hex: +1 from above, -1 from below; mixed: cancel
    game, u = start({"up": ("skeleton", "red", "1110"), "low": ("skeleton", "red", "1211"),
                     "e_low": ("zombie", "black", "1111"), "e_up": ("zombie", "black", "1210"), **RN, **BN},
                    board=ridge_board())  # 8 to 12: 1-2; AR results are ignored (indirect)
    end_until(game, "combat")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1111"], indirect=ids(u, "up"))
    assert "roll 2+1" in last(game, "attacks 1111")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1210"], indirect=ids(u, "low"))
    assert "roll 2-1" in last(game, "attacks 1210")


def test_mixed_modifiers_cancel():
    # SJG 6.22(b): some attackers above and some below the target: the modifiers cancel
    board = make_map({"1110": "2", "1210": "3"}, cliffs=(("1210", "1110"),))
    game, u = start({"above": ("skeleton", "red", "1210"), "below": ("skeleton", "red", "1010"),
                     "e": ("zombie", "black", "1110"), **RN, **BN}, board=board)
    end_until(game, "combat")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], indirect=ids(u, "above", "below"))
    assert "roll 2+0" in last(game, "attacks 1110")


def test_indirect_attackers_ignore_adverse_results_and_do_not_advance():
    # SJG 6.22: indirect attackers ignore retreat and elimination; 6.6: no advance
    game, u = start({"s": ("skeleton", "red", "0910"), "e": ("zombie", "black", "1110"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(2))  # 1-2 (8 to 12), roll 2: AR-1
    act(game, "attack", targets=["1110"], indirect=ids(u, "s"))
    assert "AR-1" in last(game, "attacks 1110") and u["s"].hex == "0910"
    assert game.pending.kind == "combat"


def test_necromancer_or_skeleton_in_direct_combat_suffers_results():
    # SJG 6.22: Necromancers or skeletons attacking directly suffer adverse results
    game, u = start({"s": ("skeleton", "red", "1010"), "e": ("zombie", "black", "1110"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(2))  # 8 to 12: 1-2, roll 2: AR-1; a lone unit loses 1: eliminated
    act(game, "attack", targets=["1110"], direct=ids(u, "s"))
    assert u["s"].id not in game.state.position.units


def test_direct_and_indirect_combined():
    # SJG 6.22: indirect and direct methods may be combined in one attack
    game, u = start({"z": ("zombie", "red", "1010"), "s": ("skeleton", "red", "0910"),
                     "e": ("zombie", "black", "1110"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"), indirect=ids(u, "s"))
    assert "20 to 12, 1-1 column" in last(game, "attacks 1110")


# --- 6.23 boulders ---------------------------------------------------------------------

def boulder_game(**kw):
    """Black's turn: zombies on the ridge (1110, 1210) above red's stack in 1211."""
    units = {"b1": ("zombie", "black", "1110"), "b2": ("zombie", "black", "1110"), "b3": ("zombie", "black", "1210"),
             "rz": ("zombie", "red", "1211"), "rs": ("skeleton", "red", "1211"), "rw": ("wraith", "red", "1211"),
             **RN, **BN}
    return start(units, board=ridge_board(), first="black", **kw)


def test_boulder_example_two_to_one_per_unit():
    # SJG 6.23: three zombies of strength 8 (black 45 units) against red with 36 units:
    # every red unit defends at 11, whatever its type: 24 to 11 is 2-1 for each
    game, u = boulder_game(fill={"black": 42, "red": 33})
    assert game.state.position.sides["red"].count == 36 and game.state.position.sides["black"].count == 45
    end_until(game, "combat")
    game.dice.push(*two(2), *two(7), *two(3))  # NE, DR-1 (destroyed), DR
    act(game, "attack", targets=["1211"], boulder=ids(u, "b1", "b2", "b3"))
    lines = [line for line in log_lines(game.events) if "drops boulders" in line]
    assert all("24 to 11, 2-1" in line for line in lines) and len(lines) == 3
    # the stack is scattered: one missed, one destroyed, one retreats
    assert u["rs"].id not in game.state.position.units
    assert game.pending.kind == "retreat" and game.pending.info["units"] == [u["rw"].id]


def test_boulder_ar_results_destroy_the_target():
    # SJG 6.23: AR-1, AR-2 or DE destroys the target unit; plain AR is ignored
    game, u = boulder_game(fill={"red": 33, "black": 68})  # red boulder defence 11
    assert game.state.position.sides["black"].count == 71  # zombie strength 4 -> 4 to 11
    end_until(game, "combat")
    game.dice.push(*two(4), *two(5), *two(2))  # 1-3 column (4 to 11): AR-1, AR, AR-2
    act(game, "attack", targets=["1211"], boulder=ids(u, "b3"))
    assert "4 to 11, 1-3" in last(game, "boulders on")
    left = {uid for uid in ids(u, "rz", "rs", "rw") if uid in game.state.position.units}
    assert left == {u["rs"].id}
    assert game.pending.kind == "combat"


def test_boulders_need_a_cliff_and_do_not_mix():
    # SJG 6.23: boulders go down through a cliff hexside to an adjacent lower hex; they may
    # not be combined with direct or indirect combat; the Necromancer is immune
    game, u = boulder_game()
    end_until(game, "combat")
    refused(game, attack(["1211"], boulder=ids(u, "b3"), direct=ids(u, "b1")), "may not be combined")
    refused(game, attack(["1211"], boulder=ids(u, "b3"), indirect=ids(u, "b1")), "may not be combined")
    game, u = start({"b1": ("zombie", "black", "1110"), "b3": ("zombie", "black", "1210"),
                     "rn": ("necromancer", "red", "1311"), **BN},  # 1311: below 1210 (b3), not below 1110
                    board=ridge_board(), first="black")
    end_until(game, "combat")
    refused(game, attack(["1311"], boulder=ids(u, "b1")), "cliff edge")


def test_necromancer_immune_to_boulders():
    # SJG 2.21, 6.23, 6.4: the Necromancer is not affected by boulder attacks
    game, u = start({"b": ("zombie", "black", "1110"), "rn": ("necromancer", "red", "1211"), **BN},
                    board=ridge_board(), first="black")
    end_until(game, "combat")
    refused(game, attack(["1211"], boulder=ids(u, "b")), "immune")


# --- 6.24 opportunity attacks ----------------------------------------------------------

def test_opportunity_boulder_after_movement():
    # SJG 3.2, 6.24: units ending their move beneath an enemy-held edge may be attacked by
    # the opponent before the mover's combat phase; direct attack is not allowed
    game, u = start({"w": ("wraith", "red", "1213"), "b": ("zombie", "black", "1110"),
                     "b2": ("zombie", "black", "1210"), **RN, **BN}, board=ridge_board())
    act(game, "move", units=ids(u, "w"), path=["1213", "1212", "1211"])
    end(game)
    assert game.pending.player == "black" and game.pending.kind == "opportunity"
    assert game.pending.info["targets"] == ["1211"]
    refused(game, attack(["1211"], direct=ids(u, "b")), "indirect or boulder")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1211"], boulder=ids(u, "b"))
    # each unit undergoes one opportunity attack: the phase is over, red goes on
    assert game.pending.player == "red"


def test_each_unit_one_opportunity_attack_each_attacker_once():
    # SJG 6.24: each unit may undergo one opportunity attack; no unit makes more than one
    game, u = start({"w1": ("wraith", "red", "1213"), "w2": ("wraith", "red", "1313"),
                     "b": ("zombie", "black", "1210"), "b2": ("zombie", "black", "1310"), **RN, **BN},
                    board=ridge_board())
    act(game, "move", units=ids(u, "w1"), path=["1213", "1212", "1211"])
    act(game, "move", units=ids(u, "w2"), path=["1313", "1312", "1311"])
    end(game)
    assert game.pending.info["targets"] == ["1211", "1311"]
    game.dice.push(*two(2))
    act(game, "attack", targets=["1211"], boulder=ids(u, "b"))
    refused(game, attack(["1211"], boulder=ids(u, "b2")), "opportunity")
    refused(game, attack(["1311"], boulder=ids(u, "b")), "already attacked")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1311"], boulder=ids(u, "b2"))
    assert game.pending.player == "red"


def test_opportunity_indirect_by_skeleton_in_range():
    # SJG 6.24: units ending their move within range and sight of an enemy skeleton
    game, u = start({"z": ("zombie", "red", "0710"), "s": ("skeleton", "black", "1110"), **RN, **BN})
    act(game, "move", units=ids(u, "z"), path=["0710", "0810", "0910"])
    end(game)
    assert game.pending.kind == "opportunity"
    game.dice.push(*two(2))
    act(game, "attack", targets=["0910"], indirect=ids(u, "s"))
    assert "attacks 0910" in last(game, "attacks")


def test_opportunity_declined_and_unmoved_units_safe():
    # SJG 6.24: at the opponent's discretion; ruling: only units that moved this phase are
    # open to it ("end their movement" there)
    game, u = start({"w": ("wraith", "red", "1211"), "x": ("wraith", "red", "1413"),
                     "b": ("zombie", "black", "1110"), **RN, **BN}, board=ridge_board())
    act(game, "move", units=ids(u, "x"), path=["1413", "1513"])
    end(game)
    assert game.pending.kind != "opportunity"


def test_opportunity_into_the_miasma():
    # SJG 6.24, 7.3: a unit that ends its move in the Miasma may still be attacked, at -1
    game, u = start({"w": ("wraith", "red", "1411"), "b": ("zombie", "black", "1210"), **RN, **BN},
                    board=ridge_board(), miasma="1312")
    act(game, "move", units=ids(u, "w"), path=["1411", "1311"])
    end(game)
    assert game.pending.kind == "opportunity"
    game.dice.push(*two(7))
    act(game, "attack", targets=["1311"], boulder=ids(u, "b"))
    assert "roll 7-1" in last(game, "boulders")


# --- 6.31, 6.32 terrain ----------------------------------------------------------------

def test_slopes_halve_attack_except_necromancer():
    # SJG 2.12, 6.3, 6.31: units in slope hexes attack at half strength, rounded down;
    # Necromancers attack at normal strength
    board = make_map({"1010": "S2", "1211": "S2"})
    game, u = start({"z": ("zombie", "red", "1010"), "rn": ("necromancer", "red", "1211"),
                     "e": ("zombie", "black", "1110"), **BN}, board=board, fill={"red": 2})
    end_until(game, "combat")  # red 3 units: zombie 12, Necromancer 24
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], direct=ids(u, "z", "rn"))
    assert "30 to 12" in last(game, "attacks 1110")


def test_units_in_the_miasma_may_not_attack_and_attacks_into_it_are_minus_one():
    # SJG 6.32, 7.3: units within the Miasma may not attack; attacks into it subtract 1;
    # an enemy adjacent but in the Miasma (so outside the ZOC) may be attacked directly
    game, u = start({"z": ("zombie", "red", "1409"), "inside": ("zombie", "red", "1108"),
                     "e": ("zombie", "black", "1309"), "f": ("zombie", "black", "1008"), **RN, **BN},
                    miasma="1209")
    end_until(game, "combat")
    refused(game, attack(["1008"], direct=ids(u, "inside")), "Miasma")
    game.dice.push(*two(7))
    act(game, "attack", targets=["1309"], direct=ids(u, "z"))
    assert "roll 7-1" in last(game, "attacks 1309")


# --- 6.4 the Necromancer ---------------------------------------------------------------

def test_necromancer_strength_example():
    # SJG 6.4: a wizard with 58 units attacks directly at 14, indirectly at 10, defends at 10
    game, u = start({"rn": ("necromancer", "red", "1010"), "e": ("zombie", "black", "1110"), **BN},
                    fill={"red": 58})
    pos = game.state.position
    n = u["rn"]
    assert (pos.direct_strength(n), pos.indirect_strength(n), pos.defence_strength(n)) == (14, 10, 10)
    end_until(game, "combat")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], direct=ids(u, "rn"))
    assert "14 to 12" in last(game, "attacks 1110")


def test_necromancer_without_troops_attacks_at_their_value():
    # SJG 6.4: with no zombies left he attacks as two zombies would (1-16 column: 24)
    game, u = start({"rn": ("necromancer", "red", "1010"), "w": ("wraith", "red", "0510"), **BN})
    assert game.state.position.direct_strength(u["rn"]) == 24
    assert game.state.position.indirect_strength(u["rn"]) == 16


def test_necromancer_defends_with_boulder_value():
    # SJG 2.21, 6.4: the Necromancer's defence strength is his units' boulder defence
    game, u = start({"z": ("zombie", "red", "1010"), "bn": ("necromancer", "black", "1110")},
                    fill={"black": 40})
    end_until(game, "combat")
    game.dice.push(*two(2))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert "12 to 11" in last(game, "attacks 1110")


# --- 6.5 results -----------------------------------------------------------------------

def dr_game(rolls, count=77, **units):
    """Red zombie (12) in 1010 attacks black's stack in 1110; black's units defend at
    the values of their last count (`count`; 77+: zombie 3, wraith 1)."""
    game, u = start({"z": ("zombie", "red", "1010"), **units, **RN, **BN}, board=units.pop("board", None)
                    if "board" in units else None)
    if count:
        game.state.position.sides["black"].count = count
    end_until(game, "combat")
    game.dice.push(*rolls)
    return game, u

def test_no_effect():
    # SJG 6.5, 6.51: results apply at once; no effect
    game, u = dr_game(two(5), count=None, e=("zombie", "black", "1110"))  # 12 to 12: 1-1
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert "NE" in last(game, "attacks") and u["e"].hex == "1110" and game.pending.kind == "combat"


def test_defender_retreats_one_hex_farther_owner_chooses():
    # SJG 6.52: the owning player retreats the stack one hex farther from the victors
    game, u = dr_game(two(3), e=("zombie", "black", "1110"), f=("wraith", "black", "1110"))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))  # 12 to 4: 3-1, 3: DR
    d = game.pending
    assert (d.player, d.kind) == ("black", "retreat") and sorted(d.info["options"]) == ["1209", "1210", "1211"]
    refused(game, {"type": "retreat", "side": "black", "to": "1109"}, "not a legal retreat")
    refused(game, {"type": "retreat", "side": "black"}, "say where")
    refused(game, {"type": "retreat", "side": "black", "to": "1210", "lose": [u["z"].id]}, "only the retreating")
    act(game, "retreat", side="black", to="1210")
    assert u["e"].hex == u["f"].hex == "1210"

def test_retreat_not_into_slope_zoc_or_off_map():
    # SJG 6.52: units may not retreat into slope hexes or enemy ZOCs (1209 is a slope,
    # 1211 is next to red's 1212); off the map: see the next test
    game, u = start({"z": ("zombie", "red", "1010"), "r": ("zombie", "red", "1212"),
                     "e": ("zombie", "black", "1110"), **RN, **BN}, board=make_map({"1209": "S2"}))
    game.state.position.sides["black"].count = 77
    end_until(game, "combat")
    game.dice.push(*two(2))  # 12 to 3: 4-1, 2: DR
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert game.pending.kind == "retreat" and game.pending.info["options"] == ["1210"]

def test_cannot_retreat_means_lost():
    # SJG 6.52: units which cannot retreat are lost (here: the map edge and enemy ZOC)
    game, u = start({"z": ("zombie", "red", "0201"), "e": ("zombie", "black", "0101"),
                     "r": ("zombie", "red", "0102"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(7))
    act(game, "attack", targets=["0101"], direct=ids(u, "z", "r"))
    assert u["e"].id not in game.state.position.units
    assert game.pending.kind == "advance"


def test_retreat_over_a_cliff_is_lost_even_for_wraiths():
    # SJG 2.16, 6.52: a unit that must retreat over a cliff is lost; this applies to wraiths
    board = make_map({"1110": "2", "1010": "2", "1109": "2"},
                     cliffs=tuple(("1110", h) for h in ("1209", "1210", "1211", "1111")))
    game, u = start({"z": ("zombie", "red", "1010"), "y": ("zombie", "red", "1109"),
                     "w1": ("wraith", "black", "1110"), "w2": ("wraith", "black", "1110"), **RN, **BN}, board=board)
    end_until(game, "combat")
    game.dice.push(*two(3))  # 24 to 10: 2-1, 3: DR
    act(game, "attack", targets=["1110"], direct=ids(u, "z", "y"))
    assert not game.state.position.at("1110") and game.pending.kind == "advance"

def test_owner_may_lose_units_instead_of_retreating():
    # SJG 6.52: the owning player may choose to lose units instead of retreating them
    game, u = dr_game(two(3), e=("zombie", "black", "1110"), f=("wraith", "black", "1110"))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    act(game, "retreat", side="black", lose=ids(u, "e"), to="1210")
    assert u["e"].id not in game.state.position.units and u["f"].hex == "1210"


def test_retreat_minus_owner_chooses_losses():
    # SJG 6.53: -1/-2 units per stack removed, owner's choice; the others retreat
    game, u = dr_game(two(5), e=("wraith", "black", "1110"), f=("zombie", "black", "1110"))  # 3-1, 5: DR-1
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert game.pending.info["losses"] == 1
    refused(game, {"type": "retreat", "side": "black", "to": "1210"}, "costs 1")
    act(game, "retreat", side="black", lose=ids(u, "f"), to="1210")
    assert u["f"].id not in game.state.position.units and u["e"].hex == "1210"


def test_defender_eliminated():
    # SJG 6.54: DE: every defending unit is removed
    game, u = dr_game(two(11), e=("zombie", "black", "1110"), f=("wraith", "black", "1110"))  # 3-1, 11: DE
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert not game.state.position.at("1110")


def test_attacker_retreats():
    # SJG 6.52: AR: the attacking units retreat, chosen by their owner
    game, u = dr_game(two(3), count=None, e=("zombie", "black", "1110"), f=("zombie", "black", "1110"))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))  # 12 to 24: 1-2, 3: AR
    assert (game.pending.player, game.pending.kind) == ("red", "retreat")
    act(game, "retreat", side="red", to="0910")
    assert u["z"].hex == "0910" and game.pending.kind == "combat"


def test_advance_after_combat():
    # SJG 6.6: victorious direct attackers may advance one hex into the vacated hex
    game, u = dr_game((), e=("wraith", "black", "1110"), s=("skeleton", "red", "0910"))  # 20 to 1: auto DE
    act(game, "attack", targets=["1110"], direct=ids(u, "z"), indirect=ids(u, "s"))
    d = game.pending
    assert d.kind == "advance" and d.info["units"] == ids(u, "z")
    refused(game, {"type": "advance", "side": "red", "moves": {str(u["s"].id): "1110"}}, "may not advance")
    act(game, "advance", side="red", moves={str(u["z"].id): "1110"})
    assert u["z"].hex == "1110"


def test_displacement_makes_room_for_a_retreat():
    # SJG 6.52: friendly units (not in an enemy ZOC) may be moved one hex to make room
    game, u = dr_game(two(3), e=("zombie", "black", "1110"), f=("zombie", "black", "1110"),
                      g1=("zombie", "black", "1210"), g2=("zombie", "black", "1210"))
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))  # 12 to 6: 2-1, 3: DR
    refused(game, {"type": "retreat", "side": "black", "to": "1210"}, "would hold")
    refused(game, {"type": "retreat", "side": "black", "to": "1210",
                   "displace": [{"units": ids(u, "g1", "g2"), "to": "1410"}]}, "one hex")
    act(game, "retreat", side="black", to="1210", displace=[{"units": ids(u, "g1", "g2"), "to": "1310"}])
    assert u["g1"].hex == "1310" and u["e"].hex == "1210"

def test_several_retreats_then_advance():
    # SJG 6.52, 6.6: an attack on two hexes: each stack retreats in turn, then the advance
    game, u = start({"z": ("zombie", "red", "1110"), "y": ("zombie", "red", "1110"),
                     "e1": ("zombie", "black", "1010"), "e2": ("zombie", "black", "1210"), **RN, **BN})
    game.state.position.sides["black"].count = 77  # zombies 3: 24 to 6 = 4-1
    end_until(game, "combat")
    game.dice.push(*two(2))  # 4-1, 2: DR
    act(game, "attack", targets=["1010", "1210"], direct=ids(u, "z", "y"))
    kinds = [(d.player, d.kind) for d in game.state.queue]
    assert kinds[:3] == [("black", "retreat"), ("black", "retreat"), ("red", "advance")]
    refused(game, {"type": "advance", "side": "red", "moves": {}}, "retreat")
    act(game, "retreat", side="black", to=game.pending.info["options"][0])
    assert game.pending.kind == "retreat"
    act(game, "retreat", side="black", to=game.pending.info["options"][0])
    assert game.pending.kind == "advance" and sorted(game.pending.info["hexes"]) == ["1010", "1210"]
    act(game, "advance", side="red", moves={str(u["z"].id): "1010", str(u["y"].id): "1210"})
    assert game.pending.kind == "combat"

def test_jewel_left_in_the_hex_when_its_bearer_dies():
    # SJG 6.52, 8.3: a unit carrying a Jewel destroyed outside the Miasma leaves it in the hex
    game, u = dr_game((), e=("wraith", "black", "1110"))  # 12 to 1: auto DE
    game.state.position.jewels["green"].hex = "1110"
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert u["e"].id not in game.state.position.units and game.state.position.jewels["green"].hex == "1110"

def jewel_on_the_edge():
    """Black's two wraiths with the green Jewel on a ridge hex, hemmed in by red's four
    zombies, told to retreat (DR) with nowhere to go but over the edge."""
    game, u = start({"w": ("wraith", "black", "1110"), "x": ("wraith", "black", "1110"),
                     "z": ("zombie", "red", "1109"), "y": ("zombie", "red", "1209"),
                     "r": ("zombie", "red", "1010"), "q": ("zombie", "red", "1210"), **RN, **BN},
                    board=ridge_board({"1109": "2", "1209": "2"}), fill={"red": 73})
    game.state.position.jewels["green"].hex = "1110"
    assert game.state.position.sides["red"].count == 77  # red's zombies attack at 3 (77+ column)
    end_until(game, "combat")
    game.dice.push(*two(7))  # 12 to 10: 1-1, 7: DR
    act(game, "attack", targets=["1110"], direct=ids(u, "z", "y", "r", "q"))
    return game, u


def test_retreat_over_cliff_with_jewel():
    # SJG 6.52 exception: a stack with a Jewel that cannot retreat may go over an adjacent
    # edge: the units are destroyed, the Jewel lands in the hex below
    game, u = jewel_on_the_edge()
    d = game.pending
    assert d.kind == "retreat" and d.info["options"] == [] and sorted(d.info["over_cliff"]) == ["1111", "1211"]
    refused(game, {"type": "retreat", "side": "black", "over_cliff": "1209"}, "adjacent cliff")
    act(game, "retreat", side="black", over_cliff="1211", carry=["green"])
    assert not game.state.position.at("1110") and game.state.position.jewels["green"].hex == "1211"



def test_opportunity_phase_closes_after_its_retreats():
    # SJG 6.24, 6.52: the mover's units retreat from an opportunity attack; with nothing
    # left to attack the opportunity phase then ends by itself
    game, u = start({"w": ("wraith", "red", "1213"), "b": ("zombie", "black", "1210"),
                     "b2": ("zombie", "black", "1110"), **RN, **BN}, board=ridge_board())
    act(game, "move", units=ids(u, "w"), path=["1213", "1212", "1211"])
    end(game)
    game.dice.push(*two(3))  # 24 to 12 (boulder defence, 1-16 column): 2-1, 3: DR
    act(game, "attack", targets=["1211"], boulder=ids(u, "b", "b2"))
    assert (game.pending.player, game.pending.kind) == ("red", "retreat")
    act(game, "retreat", side="red", to=game.pending.info["options"][0])
    assert game.pending.player == "red" and game.pending.kind in ("convert", "combat")


def test_necromancer_lost_in_a_retreat_ends_the_game():
    # SJG 2.21, 6.52: a Necromancer lost instead of retreating: the game is over
    game, u = dr_game(two(7), bn2=("necromancer", "black", "1110"), e=("zombie", "black", "1110"))
    game.state.position.units.pop(u["bn"].id)
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))  # 12 to 3 + 8: 1-1, 7: DR
    assert game.pending.kind == "retreat"
    act(game, "retreat", side="black", lose=ids(u, "bn2", "e"))
    assert game.state.winner == "red" and game.pending is None


def test_a_unit_displaced_out_of_a_hex_no_longer_retreats_with_it():
    # SJG 6.52: a retreat into 0608 displaced skeleton 16 to 0709 before 0608's own retreat
    # (from a bot game, seed 12). It has left 0608: the retreat lists only units 3 and 17,
    # and naming 16 is refused, changing nothing. (It was listed, a retreat losing it and
    # displacing it eliminated it twice, and listing the legal actions crashed.)
    import json
    from pathlib import Path

    import pytest

    from warjudge.core.errors import IllegalAction
    from warjudge.core.record import GameRecord
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

    text = (Path(__file__).parent / "data" / "displaced_before_its_retreat.json").read_text()
    game = SjgNecromancerGame.from_record(GameRecord.from_json(text))
    assert game.state.position.units[16].hex == "0709"
    decision = game.pending
    assert (decision.player, decision.kind, decision.info["hex"]) == ("red", "retreat", "0608")
    assert decision.info["units"] == [3, 17]
    legal = game.legal_actions("red")
    assert legal and not any(16 in a.get("lose", []) for a in legal)
    before = json.dumps(game.view(None), sort_keys=True, default=str)
    with pytest.raises(IllegalAction):
        game.act("red", {"type": "retreat", "side": "red", "lose": [16], "to": "0709",
                         "displace": [{"units": [16], "to": "0809"}]})
    assert json.dumps(game.view(None), sort_keys=True, default=str) == before
    game.act("red", legal[0])
    assert decision not in game.state.queue
