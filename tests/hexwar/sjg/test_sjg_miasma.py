"""SJG Necromancer sections 7 (the Miasma) and 8 (the Jewels of Power), with 3.5-3.6 and
the optional rules 10.2-10.3, through the public game API."""



import pytest
from tests.hexwar.sjg.sjg_helpers import act, end, end_until, make_map, nb, refused, start, two

from warjudge.presentation.sjg.wording_en import lines as log_lines
from warjudge.hexwar.sjg.game import SjgNecromancerGame

RN = {"rn": ("necromancer", "red", "0208")}
BN = {"bn": ("necromancer", "black", "2208")}
FIVE = {"1209", "1108", "1109", "1110", "1208"}


def search_game(units, miasma="1209", **kw):
    game, u = start({**units, **RN, **BN}, miasma=miasma, **kw)
    end_until(game, "search")
    return game, u


# --- 7.2 placement ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_miasma_placed_by_die_roll(seed):
    # SJG 7.2: one die: 1-2, 3-4 or 5-6 spiral; the Miasma is its centre and six neighbours
    game = SjgNecromancerGame.new(seed=seed)
    roll = int(next(line for line in log_lines(game.events) if "Miasma placement" in line).split()[1])
    point = {1: "miasma:1-2", 2: "miasma:1-2", 3: "miasma:3-4", 4: "miasma:3-4"}.get(roll, "miasma:5-6")
    centre = game.state.position.board.points[point]
    assert game.state.position.miasma.hexes == {centre, *game.state.position.board.neighbours(centre)}
    assert len(game.state.position.miasma.hexes) == 7  # SJG 2.25: seven Miasma counters


# --- 7.4 search ------------------------------------------------------------------------

def test_search_example_four_points_five_hexes():
    # SJG 3.5, 7.4, 7.41, 2.4: two zombies and a skeleton (4 SP) in a Miasma of five hexes need 10; a 3 fails
    game, u = search_game({"z1": ("zombie", "red", "1209"), "z2": ("zombie", "red", "1209"),
                           "s": ("skeleton", "red", "1209")}, miasma=FIVE)
    game.dice.push(*two(3))
    act(game, "search", hex="1209")
    assert "with 4 SP: needs 10, rolled 3" in log_lines(game.events)[-1]
    assert game.state.position.jewels_at("1209") == []
    # SJG 7.41: each hex is searched once a turn, by the units in it only
    refused(game, {"type": "search", "hex": "1209"}, "cannot be searched|answer")


def test_only_units_in_a_hex_search_it():
    # SJG 7.41: only those units occupying a given hex may search that hex
    game, u = search_game({"w": ("wraith", "red", "1209")})
    refused(game, {"type": "search", "hex": "1110"}, "cannot be searched")


def test_search_points_per_unit_type():
    # SJG 7.41: zombie 1, skeleton 2, wraith 3, Necromancer 6 SP; 10+ SP on 7 hexes needs 8
    game, u = search_game({"w": ("wraith", "red", "1209"), "n": ("necromancer", "red", "1209")})
    game.dice.push(*two(7))
    act(game, "search", hex="1209")
    assert "with 9 SP: needs 10" in log_lines(game.events)[-1]


def test_successful_search_jewel_on_one_or_two():
    # SJG 7.41: a successful search rolls one die: a Jewel on 1 or 2
    game, u = search_game({"w1": ("wraith", "red", "1209"), "w2": ("wraith", "red", "1209"),
                           "w3": ("wraith", "red", "1209"), "x": ("wraith", "red", "1110")})
    game.dice.push(*two(10), 3)  # 9 SP, 7 hexes: needs 10; then 3: empty
    act(game, "search", hex="1209")
    assert "empty" in log_lines(game.events)[-1] and game.state.position.jewels_at("1209") == []
    game.dice.push(*two(12), 2)  # 1110: 3 SP needs 12; then 2: a Jewel
    act(game, "search", hex="1110")
    assert [j.id for j in game.state.position.jewels_at("1110")] == ["red"]
    assert game.state.position.miasma.searched_out == {"1209", "1110"}


def test_found_jewel_and_searched_hex_vanishes_after_miasma_check():
    # SJG 7.41, 7.5: the searched hex vanishes after one last Miasma conversion attempt,
    # made whether or not the units found a Jewel
    game, u = search_game({"w1": ("wraith", "red", "1209"), "w2": ("wraith", "red", "1209"),
                           "w3": ("wraith", "red", "1209")})
    game.dice.push(*two(10), 1)
    act(game, "search", hex="1209")
    assert [j.id for j in game.state.position.jewels_at("1209")] == ["red"]
    assert "1209" in game.state.position.miasma.hexes  # still there until the end of the turn
    game.dice.push(6)  # x1 column: 6 converts
    end(game)
    assert "1209" not in game.state.position.miasma.hexes and len(game.state.position.miasma.hexes) == 6
    assert all(u[n].side == "black" for n in ("w1", "w2", "w3"))  # SJG 7.1: even after finding it
    assert game.state.position.jewels["red"].hex == "1209"
    assert game.state.position.sides["red"].cp == 150  # SJG 7.5: no CP lost by either side


# --- 7.5 Miasma conversion -------------------------------------------------------------

def test_miasma_conversion_once_per_stack_and_immunities():
    # SJG 7.5 (ruling: one x1 roll per stack, as a standard attempt is made on a stack);
    # units with or adjacent to their own Necromancer are not rolled for (5.4, 7.5)
    game, u = start({"a": ("zombie", "red", "1209"), "b": ("wraith", "red", "1209"),
                     "c": ("wraith", "red", "1110"), "d": ("zombie", "red", "1208"),
                     "rn": ("necromancer", "red", "1207"), **BN}, miasma="1209")
    game.dice.push(6, 5)  # 1110 (c): converted; 1209 (a, b): no effect; 1208 next to rn: no roll
    end_until(game, "search")
    end(game)
    assert u["c"].side == "black" and u["a"].side == u["b"].side == u["d"].side == "red"
    assert game.dice.faces == [] and game.pending.player == "black"


def test_only_the_phasing_sides_units_are_checked():
    # SJG 3.6: friendly units in the Miasma are checked at the end of their own turn
    game, u = start({"a": ("zombie", "red", "1209"), "e": ("wraith", "black", "1108"), **RN, **BN},
                    miasma="1209")
    game.dice.push(1)
    end_until(game, "search")
    end(game)
    assert game.dice.faces == [] and game.pending.player == "black"


# --- 7.3 Jewels lost in the mist -------------------------------------------------------

def test_jewel_lost_in_the_mist():
    # SJG 7.3: units bearing a Jewel in a Miasma hex attacked from outside and eliminated:
    # the Jewel is lost in the mist and must be searched for again
    game, u = start({"z": ("zombie", "red", "1409"), "e": ("wraith", "black", "1309"), **RN, **BN},
                    miasma="1209", fill={"black": 76})
    pos = game.state.position
    pos.jewels["red"].hex = "1309"
    pos.miasma.jewels_found = 1
    end_until(game, "combat")
    act(game, "attack", targets=["1309"], direct=[u["z"].id])  # 12 to 1: automatic DE
    assert pos.jewels["red"].hex is None and pos.miasma.jewels_found == 0
    assert pos.jewels["red"].delivered_to is None       # lost in the Miasma again: it may be found anew


def test_jewel_outside_the_miasma_stays_in_the_hex():
    # SJG 8.3: outside the Miasma a Jewel is left in the hex of its eliminated bearers
    game, u = start({"z": ("zombie", "red", "1409"), "e": ("wraith", "black", "1509"), **RN, **BN},
                    miasma="1209", fill={"black": 76})
    game.state.position.jewels["red"].hex = "1509"
    end_until(game, "combat")
    act(game, "attack", targets=["1509"], direct=[u["z"].id])
    assert game.state.position.jewels["red"].hex == "1509"


# --- 8.1-8.2 Jewels --------------------------------------------------------------------

def deliver(roll, green=None, **extra):
    """Red wraiths carry the red Jewel into their Necromancer's hex; the power is `roll`.
    `green`: the hex the green Jewel lies in from the start (for a second delivery)."""
    game, u = start({"w": ("wraith", "red", "1010"), "rn": ("necromancer", "red", "1210"),
                     "z": ("zombie", "red", "0510"), "s": ("skeleton", "red", "0512"), **BN, **extra})
    game.state.position.jewels["red"].hex = "1010"
    if green:
        game.state.position.jewels["green"].hex = green
    game.dice.push(*two(roll))
    act(game, "move", units=[u["w"].id], path=["1010", "1110", "1210"], jewels=["red"])
    return game, u


def test_jewel_delivered_to_the_necromancer_hex():
    # SJG 2.26, 8.1: a Jewel's power is rolled on two dice when it reaches his hex
    game, u = deliver(7)
    j = game.state.position.jewels["red"]
    assert (j.delivered_to, j.hex, j.effect) == ("red", None, "conversion_points")
    assert game.state.position.sides["red"].cp == 170  # SJG 8.2: 6-8: 20 CP


@pytest.mark.parametrize("roll, free", [(2, 2), (3, 1), (11, 1)])
def test_free_conversion_jewels(roll, free):
    # SJG 8.2: one or two free rolls on the x3 column, in all, at no CP cost
    game, u = deliver(roll, e=("zombie", "black", "1515"))
    assert game.state.position.sides["red"].free_attempts == free
    end_until(game, "convert")
    game.dice.push(2)  # x3 column: 2 converts
    act(game, "convert", target="1515", free=True)
    assert u["e"].side == "red" and game.state.position.sides["red"].cp == 150
    assert game.state.position.sides["red"].free_attempts == free - 1


def test_free_conversions_in_addition_to_ordinary_attempts():
    # SJG 8.2: free rolls are made in addition to the ordinary attempts; Red in the
    # conversion scenario may use them though he has no ordinary attempts (9.2)
    game, u = start({"e": ("zombie", "black", "1515"), **RN, **BN}, scenario="conversion", fill={"red": 70})
    game.state.position.sides["red"].free_attempts = 1
    end_until(game, "convert")
    refused(game, {"type": "convert", "target": "1515", "multiple": 1}, "no conversion attempts")
    game.dice.push(1)
    act(game, "convert", target="1515", free=True)
    assert game.state.position.sides["red"].free_attempts == 0


def test_necromancer_movement_jewel_immediate_and_cumulative():
    # SJG 8.2: Necromancer +1 MP, at once and for good; effects are cumulative
    game, u = deliver(4, green="1010", w2=("wraith", "red", "1010"))
    assert game.state.position.movement_allowance(u["rn"]) == 3
    game.dice.push(*two(4))   # a second Jewel of the same power
    act(game, "move", units=[u["w2"].id], path=["1010", "1110", "1210"], jewels=["green"])
    assert game.state.position.movement_allowance(u["rn"]) == 4
    act(game, "move", units=[u["rn"].id], path=["1210", "1310", "1410", "1510", "1610"])
    assert u["rn"].hex == "1610"


def test_zombie_movement_jewel_applies_this_phase():
    # SJG 8.2: zombies +1 MP, in the same movement phase
    game, u = deliver(9)
    act(game, "move", units=[u["z"].id], path=["0510", "0610", "0710", "0810", "0910"])


def test_skeleton_strength_jewel_also_for_the_necromancer_indirect():
    # SJG 8.2, 6.4: skeletons +1 combat strength; the Necromancer's indirect attack too
    game, u = deliver(5)
    pos = game.state.position
    assert pos.direct_strength(u["s"]) == 9 and pos.indirect_strength(u["rn"]) == 18


def test_necromancer_halved_jewel():
    # SJG 8.2: attacks as one zombie / one skeleton; still defends normally; twice: quarter,
    # rounded up
    game, u = deliver(12, green="1010", w2=("wraith", "red", "1010"))
    pos = game.state.position
    assert (pos.direct_strength(u["rn"]), pos.indirect_strength(u["rn"]), pos.defence_strength(u["rn"])) == (12, 8, 12)
    game.dice.push(*two(12))  # a second Jewel of the same power
    act(game, "move", units=[u["w2"].id], path=["1010", "1110", "1210"], jewels=["green"])
    assert (pos.direct_strength(u["rn"]), pos.indirect_strength(u["rn"])) == (6, 4)


def test_wraith_movement_phase_after_combat():
    # SJG 8.2: wraiths not in enemy ZOCs move one hex after combat; zombies stay;
    # no cliff except downwards to suicide; slopes allowed
    board = make_map({"1210": "2", "1310": "S3", "1110": "2"},
                     cliffs=(("1210", "1211"), ("1210", "1311")))
    game, u = start({"w": ("wraith", "red", "1010"), "rn": ("necromancer", "red", "1210"),
                     "z": ("zombie", "red", "0510"), "w2": ("wraith", "red", "0810"), "w4": ("wraith", "red", "1210"),
                     "w3": ("wraith", "red", "1515"), "e": ("zombie", "black", "1615"), **BN}, board=board)
    game.state.position.jewels["red"].hex = "1010"
    game.dice.push(*two(10))
    act(game, "move", units=[u["w"].id], path=["1010", "1110", "1210"], jewels=["red"])
    assert game.state.position.sides["red"].wraith_phases == 1
    end_until(game, "combat")
    game.dice.push(*two(8))  # 5 to 12: 1-3, 8: NE
    act(game, "attack", targets=["1615"], direct=[u["w3"].id])
    end(game)
    assert game.pending.kind == "wraith"
    refused(game, {"type": "move", "units": [u["z"].id], "path": ["0510", "0610"]}, "only wraiths")
    refused(game, {"type": "move", "units": [u["w2"].id], "path": ["0810", "0910", "1010"]}, "one hex")
    refused(game, {"type": "move", "units": [u["w3"].id], "path": ["1515", "1516"]}, "zone of control")
    refused(game, {"type": "move", "units": [u["w"].id], "path": ["1210", "1211"]}, "cliff")
    act(game, "move", units=[u["w"].id], path=["1210", "1310"])  # a slope, after moving this turn
    refused(game, {"type": "move", "units": [u["w"].id], "path": ["1310", "1410"]}, "already moved")
    act(game, "move", units=[u["w4"].id], path=["1210", "1211"], suicide=True)
    assert u["w4"].id not in game.state.position.units
    end(game)
    assert game.pending.player == "black"


def test_two_wraith_jewels_give_two_phases():
    # SJG 8.2: effects are cumulative (ruling: two such Jewels, two one-hex phases)
    game, u = start({"w": ("wraith", "red", "1010"), **RN, **BN})
    game.state.position.sides["red"].wraith_phases = 2
    end_until(game, "wraith")
    act(game, "move", units=[u["w"].id], path=["1010", "1110"])
    end(game)
    assert game.pending.kind == "wraith"
    act(game, "move", units=[u["w"].id], path=["1110", "1210"])
    end(game)
    assert game.pending.player == "black"


# --- 8.4 ---------------------------------------------------------------------------------

def test_three_jewels_found_no_more_search_and_miasma_dissipates():
    # SJG 8.4: after three Jewels are found no search is permitted; the Miasma dissipates
    # at the end of that turn
    game, u = start({"w": ("wraith", "red", "1209"), "x": ("wraith", "red", "1110"), **RN, **BN}, miasma="1209")
    pos = game.state.position
    pos.jewels["red"].delivered_to, pos.jewels["green"].delivered_to = "red", "black"
    pos.miasma.jewels_found = 2
    end_until(game, "search")
    game.dice.push(*two(12), 1)
    act(game, "search", hex="1209")
    assert pos.jewels["blue"].hex == "1209"
    refused(game, {"type": "search", "hex": "1110"}, "cannot be searched|answer")
    game.dice.push(1, 1)  # the Miasma checks on both stacks: no effect
    end(game)
    assert pos.miasma.hexes == set()


def test_fourth_jewel_optional():
    # SJG 8.1, 8.4: four counters; the fourth is used only for a longer game
    assert len(SjgNecromancerGame.new(seed=3).state.position.jewels) == 3
    assert len(SjgNecromancerGame.new(seed=3, optional=["fourth_jewel"]).state.position.jewels) == 4


# --- 10.2, 10.3 ----------------------------------------------------------------------------

def next_turn(game):
    turn = game.state.turn
    while game.state.turn == turn:
        end(game)


def test_miasma_movement():
    # SJG 10.2: the Miasma moves one hex a player-turn in a rolled direction, keeping its
    # shape, ignoring terrain (here a monolith), never off the map; after reaching a map
    # edge a new direction is rolled at the next turn
    board = make_map({"1309": "M1"})
    game, u = start({**RN, **BN}, board=board, miasma="1209", optional=("miasma_movement",), dice=(2,))
    assert game.state.position.miasma.centre == "1309"  # 2 = east
    assert game.state.position.miasma.hexes == {"1309", *board.neighbours("1309")}
    while game.state.position.miasma.centre != "2209":
        next_turn(game)
    assert game.state.position.miasma.new_direction
    game.dice.push(2, 5)  # east would leave the map: rolled again (ruling); 5 = west
    next_turn(game)
    assert game.state.position.miasma.centre == "2109" and game.dice.faces == []


def test_miasma_teleport_after_a_find():
    # SJG 10.3: when a Jewel is found, at the next turn a die sends the Miasma to the spiral rolled
    game, u = search_game({"w1": ("wraith", "red", "1209"), "w2": ("wraith", "red", "1209"),
                           "w3": ("wraith", "red", "1209")}, optional=("miasma_teleport",))
    game.dice.push(*two(10), 1)
    act(game, "search", hex="1209")
    game.dice.push(1, 5)  # the Miasma check on red's stack; then the teleport roll: 5-6 spiral
    end(game)
    m = game.state.position.miasma
    assert m.centre == "2004" and "1209" not in m.hexes and len(m.hexes) == 6


def test_search_without_search_points_is_refused_whole():
    # SJG 10.54: a dragon "may not search for ... a Jewel when it is by itself"; the
    # refusal changes nothing
    game, u = search_game({"d": ("dragon", "red", "1209"), "z": ("zombie", "red", nb("1209", "E"))})
    assert game.pending.kind == "search"
    refused(game, {"type": "search", "hex": "1209"}, r"dragon by itself may not search \(SJG 10.54\)")
