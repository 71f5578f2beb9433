"""SJG Necromancer section 5 (converting enemy units) and 3.3, through the public API."""



from tests.hexwar.sjg.sjg_helpers import act, end, end_until, make_map, refused, start

from warjudge.hexwar.sjg.tables import UnitType

RN = {"rn": ("necromancer", "red", "0208")}
BN = {"bn": ("necromancer", "black", "2208")}
STACK = {"bz": ("zombie", "black", "1110"), "bs": ("skeleton", "black", "1110"), "bw": ("wraith", "black", "1110")}


def convert(target, multiple=0, **kw):
    return {"type": "convert", "target": target, "multiple": multiple, **kw}


def example_game(**kw):
    """SJG 5.2's players: red ('B') has 25 units, black ('A') 38."""
    game, u = start({**STACK, **RN, **BN}, fill={"red": 25, "black": 35}, cp={"red": 150, "black": 150}, **kw)
    end_until(game, "convert")
    return game, u


def test_example_38_and_25_units():
    # SJG 5.1, 5.2, 2.22: 38 units fall under 35-44: zombie 10-8, skeleton 7-6, wraith 3-3, one
    # attempt; 25 units under 17-25: two attempts, and B's units are stronger
    game, u = example_game()
    pos = game.state.position
    black, red = pos.sides["black"].column, pos.sides["red"].column
    assert (black.label, red.label) == ("35-44", "17-25")
    assert [(pos.defence_strength(u[n]), pos.resistance(u[n])) for n in ("bz", "bs", "bw")] == [(10, 8), (7, 6), (3, 3)]
    assert black.attempts == 1 and red.attempts == 2
    assert game.pending.info["attempts"] == 2


def test_conversion_spends_cp_and_converted_units_take_the_new_values():
    # SJG 2.2, 3.3, 5.2, 5.3: the stack's resistances are totalled (8+6+3 = 17); x2 = 34 CP; on the
    # x2 column a 4 converts; the CP are spent; converted units take red's values at once
    game, u = example_game(dice=())
    game.dice.push(4)
    act(game, "convert", target="1110", multiple=2)
    assert all(u[n].side == "red" for n in ("bz", "bs", "bw"))
    assert game.state.position.sides["red"].cp == 150 - 34
    assert game.state.position.direct_strength(u["bz"]) == 11  # 17-25 column
    # SJG 3.1, 5.2: values are fixed once per turn: the counts do not change mid-turn
    assert game.state.position.sides["red"].count == 25 and game.state.position.sides["black"].count == 38


def test_cp_must_be_one_to_four_times_the_resistance_and_held():
    # SJG 5.2: exactly 1, 2, 3 or 4 times the total resistance, from the CP supply
    game, u = example_game()
    refused(game, convert("1110", 0), "1, 2, 3 or 4")
    refused(game, convert("1110", 5), "malformed")
    game.state.position.sides["red"].cp = 50
    refused(game, convert("1110", 3), "51 CP")
    refused(game, convert("1010"), "no enemy units")


def test_no_effect_keeps_cp_and_the_same_stack_may_be_tried_again():
    # SJG 5.2: no effect: the CP are kept; a further attempt may try the same units again
    game, u = example_game()
    game.dice.push(3, 3)
    act(game, "convert", target="1110", multiple=2)  # x2, 3: no effect
    assert game.state.position.sides["red"].cp == 150 and u["bz"].side == "black"
    act(game, "convert", target="1110", multiple=1)
    assert game.state.position.sides["red"].cp == 150
    # SJG 3.3, 5.2: two attempts a turn at 17-25 units; a third is refused
    refused(game, convert("1110", 1), "no conversion attempts left|answer")
    end(game)
    assert game.pending.kind == "combat"


def test_eliminated_result_destroys_the_stack_and_costs_the_cp():
    # SJG 5.2: E: all units in the hex are eliminated; all CP allocated are lost
    game, u = example_game()
    game.dice.push(6)
    act(game, "convert", target="1110", multiple=4)
    assert not game.state.position.at("1110") and game.state.position.sides["red"].cp == 150 - 68


def test_necromancer_protects_his_stack_and_neighbours():
    # SJG 5.4: the enemy Necromancer, units with him and units in the six hexes around him
    # (in his ZOC or not: here across a cliff) may not be converted
    board = make_map({"1210": "2"}, cliffs=(("1210", "1110"),))
    game, u = start({**STACK, "bn": ("necromancer", "black", "1210"), "x": ("zombie", "black", "1310"),
                     "far": ("zombie", "black", "1510"), **RN}, board=board)
    end_until(game, "convert")
    for hex_ in ("1110", "1210", "1310"):
        refused(game, convert(hex_, 1), "SJG 5.4")
    game.dice.push(1)
    act(game, "convert", target="1510", multiple=1)


def test_attempts_per_turn_follow_the_track():
    # SJG 3.3, 5.2: 26-70 units: one attempt; 71 or more: none (no conversion phase)
    game, u = start({**STACK, **RN, **BN}, fill={"red": 40})
    end_until(game, "convert")
    assert game.pending.info["attempts"] == 1
    game, u = start({**STACK, **RN, **BN}, fill={"red": 71})
    end(game)
    assert game.pending.kind == "combat"


def test_conversion_scenario_fixed_attempts():
    # SJG 5.5, 9.2: Black may make three attempts every turn whatever his count; Red none
    game, u = start({**STACK, "w": ("wraith", "red", "1510"), **RN, **BN}, scenario="conversion",
                    fill={"red": 70}, cp={"black": 400}, first="red")
    end(game)
    assert game.pending.kind == "combat" and game.pending.player == "red"
    game, u = start({"w1": ("wraith", "red", "1510"), "w2": ("wraith", "red", "1512"),
                     "w3": ("wraith", "red", "1514"), **RN, **BN}, scenario="conversion",
                    fill={"red": 70, "black": 60}, cp={"black": 400}, first="black")
    end_until(game, "convert")
    assert game.pending.info["attempts"] == 3
    game.dice.push(1, 1, 1)
    for name in ("w1", "w2", "w3"):
        act(game, "convert", target=u[name].hex, multiple=1)
    refused(game, convert("1110", 1), "no conversion attempts left|answer")


def test_units_convert_as_a_stack():
    # SJG 5.3: individual units within a stack may not be converted separately
    game, u = example_game()
    refused(game, {"type": "convert", "target": "1110", "multiple": 1, "units": [u["bw"].id]}, "malformed")
    assert UnitType.WRAITH == u["bw"].kind
