"""SJG Necromancer section 4 (movement), 2.11-2.16 (terrain effects on movement) and 6.7
(suicide), through the public game API."""



from tests.hexwar.sjg.sjg_helpers import act, end, make_map, nb, refused, start, two

BLACK_FAR = {"bn": ("necromancer", "black", "2016")}
RED_FAR = {"rn": ("necromancer", "red", "0216")}


def move(unit_ids, path, **kw):
    return {"type": "move", "units": unit_ids, "path": path, **kw}


def test_plateau_costs_one_mp():
    # SJG 2.11, 2.15, 4.2: plateau hexes across clear hexsides cost 1 MP; SJG 4.1: each counter's allowance (zombie 3)
    game, u = start({"z": ("zombie", "red", "1010"), "y": ("zombie", "red", "1011"), **RED_FAR, **BLACK_FAR})
    refused(game, move([u["z"].id], ["1010", "1110", "1210", "1310", "1410"]), "movement points")
    act(game, "move", units=[u["z"].id], path=["1010", "1110", "1210", "1310"])
    assert u["z"].hex == "1310"


def test_allowances_per_unit_type():
    # SJG 2.21-2.24: Necromancer 2, zombie 3, skeleton 4, wraith 5 MP
    row = ["0505", "0605", "0705", "0805", "0905", "1005", "1105"]
    for kind, mp in (("necromancer", 2), ("zombie", 3), ("skeleton", 4), ("wraith", 5)):
        units = {"x": (kind, "red", "0505"), **BLACK_FAR}
        if kind != "necromancer":
            units.update(RED_FAR)
        game, u = start(units)
        refused(game, move([u["x"].id], row[:mp + 2]), "movement points")
        act(game, "move", units=[u["x"].id], path=row[:mp + 1])
        assert u["x"].hex == row[mp]


def test_movement_points_are_not_saved():
    # SJG 4.1: points not spent in a movement phase are lost; a unit moves once a phase
    game, u = start({"z": ("zombie", "red", "1010"), **RED_FAR, **BLACK_FAR})
    act(game, "move", units=[u["z"].id], path=["1010", "1110"])
    refused(game, move([u["z"].id], ["1110", "1210"]), "already moved")
    end_turn_pair(game)
    refused(game, move([u["z"].id], ["1110", "1210", "1310", "1410", "1510"]), "movement points")
    act(game, "move", units=[u["z"].id], path=["1110", "1210", "1310", "1410"])


def end_turn_pair(game):
    """End red's turn and black's following turn."""
    for _ in range(12):
        end(game)
        if game.pending.player == "red" and game.pending.kind == "move" and game.state.turn > 1:
            return
    raise AssertionError("turns did not come round")


def test_slope_costs_two_mp():
    # SJG 2.12, 4.2: each slope hex costs 2 MP to enter
    board = make_map({"1110": "S2"})
    game, u = start({"z": ("zombie", "red", "1010"), **RED_FAR, **BLACK_FAR}, board=board)
    refused(game, move([u["z"].id], ["1010", "1110", "1210", "1310"]), "movement points")
    act(game, "move", units=[u["z"].id], path=["1010", "1110", "1210"])
    assert u["z"].hex == "1210"


def test_monolith_may_never_be_entered():
    # SJG 2.13, 4.2: no unit may enter a monolith hex, not even a wraith
    board = make_map({"1110": "M1"})
    game, u = start({"w": ("wraith", "red", "1010"), **RED_FAR, **BLACK_FAR}, board=board)
    refused(game, move([u["w"].id], ["1010", "1110"]), "cannot move")
    refused(game, move([u["w"].id], ["1010", "1110", "1210"]), "cannot move")
    act(game, "move", units=[u["w"].id], path=["1010", "1109", "1209", "1210"])


def test_miasma_hexes_are_their_underlying_terrain():
    # SJG 2.14: a double-spiral hex by itself has no effect: plain plateau, 1 MP
    game, u = start({"z": ("zombie", "red", "1010"), **RED_FAR, **BLACK_FAR})
    assert game.state.position.board.points["miasma:3-4"] == "1209"
    act(game, "move", units=[u["z"].id], path=["1010", "1109", "1209", "1309"])


def cliff_board():
    """1110 is a level-2 hex with cliffs on all six sides (high side 1110)."""
    return make_map({"1110": "2"}, cliffs=tuple(("1110", n) for n in ("1209", "1210", "1211", "1111", "1010", "1109")))


def test_cliffs_block_all_but_wraiths():
    # SJG 2.16, 2.24, 4.21: no unit except a wraith may cross a cliff hexside
    game, u = start({"z": ("zombie", "red", "1010"), "s": ("skeleton", "red", "1011"),
                     "w": ("wraith", "red", "0910"), **RED_FAR, **BLACK_FAR}, board=cliff_board())
    refused(game, move([u["z"].id], ["1010", "1110"]), "only wraiths")
    refused(game, move([u["s"].id], ["1011", "1111", "1110"]), "cliff")
    # SJG 4.21: the wraith must begin the turn adjacent to the cliff it crosses
    refused(game, move([u["w"].id], ["0910", "1010", "1110"]), "SJG 4.21")


def test_wraith_crossing_is_its_whole_move_either_way():
    # SJG 4.21: climbing up or down takes all the wraith's movement points
    game, u = start({"up": ("wraith", "red", "1010"), "down": ("wraith", "red", "1110"),
                     **RED_FAR, **BLACK_FAR}, board=cliff_board())
    refused(game, move([u["up"].id], ["1010", "1110", "1210"]), "SJG 4.21")
    act(game, "move", units=[u["up"].id], path=["1010", "1110"])
    act(game, "move", units=[u["down"].id], path=["1110", "1211"])
    assert (u["up"].hex, u["down"].hex) == ("1110", "1211")


def test_entering_an_enemy_zoc_stops_movement():
    # SJG 4.3: a unit entering a hex next to an enemy must stop there
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("zombie", "black", "1310"), **RED_FAR, **BLACK_FAR})
    refused(game, move([u["z"].id], ["1010", "1110", "1210", "1211"]), "must stop")
    act(game, "move", units=[u["z"].id], path=["1010", "1110", "1210"])


def test_unit_beginning_in_enemy_zoc_may_not_move():
    # SJG 3.2, 4.3: a unit that begins its movement phase in an enemy ZOC may not move
    game, u = start({"z": ("zombie", "red", "1210"), "e": ("zombie", "black", "1310"), **RED_FAR, **BLACK_FAR})
    assert u["z"].id in game.state.locked
    refused(game, move([u["z"].id], ["1210", "1110"]), "SJG 4.3")


def test_zoc_does_not_cross_cliffs():
    # SJG 4.3: ZOCs do not extend across cliff hexsides
    game, u = start({"z": ("zombie", "red", "1210"), "y": ("zombie", "red", "1109"),
                     "e": ("zombie", "black", "1110"), **RED_FAR, **BLACK_FAR}, board=cliff_board())
    assert not game.state.locked
    act(game, "move", units=[u["z"].id], path=["1210", "1211", "1111", "1011"])
    act(game, "move", units=[u["y"].id], path=["1109", "1010", "1011"])


def test_zoc_does_not_reach_into_or_out_of_the_miasma():
    # SJG 4.3, 7.3: ZOCs do not extend into or out of the Miasma (1209 and its ring)
    game, u = start({"inside": ("zombie", "red", "1309"), "outside": ("zombie", "red", "1009"),
                     "e1": ("zombie", "black", "1409"), "e2": ("zombie", "black", "1109"),
                     **RED_FAR, **BLACK_FAR}, miasma="1209")
    assert not game.state.locked
    act(game, "move", units=[u["inside"].id], path=["1309", "1208", "1108"])
    act(game, "move", units=[u["outside"].id], path=["1009", "1008", "1007"])


def test_stacking_three_at_end_of_movement():
    # SJG 4.4: up to three units a hex at the end of the movement phase
    units = {f"z{i}": ("zombie", "red", h) for i, h in enumerate(["1010", "1010", "1010", "1011"])}
    game, u = start({**units, **RED_FAR, **BLACK_FAR})
    act(game, "move", units=[u["z3"].id], path=["1011", "1010"])
    refused(game, {"type": "end"}, "at most 3")
    act(game, "move", units=[u["z0"].id], path=["1010", "0910"])
    end(game)
    assert game.pending.kind != "move"


def test_passing_through_a_full_stack_is_allowed():
    # SJG 4.4: any number of units may pass through a hex during movement
    units = {f"z{i}": ("zombie", "red", "1110") for i in range(3)}
    game, u = start({**units, "w": ("wraith", "red", "1010"), **RED_FAR, **BLACK_FAR})
    act(game, "move", units=[u["w"].id], path=["1010", "1110", "1210"])
    end(game)


def test_necromancer_jewels_and_miasma_do_not_count_for_stacking():
    # SJG 4.4: Necromancers, Jewels and the Miasma do not count for stacking
    units = {f"z{i}": ("zombie", "red", "1209") for i in range(3)}
    game, u = start({**units, "rn": ("necromancer", "red", "1109"), **BLACK_FAR}, miasma="1209",
                    dice=two(7))  # the Jewel reaches the Necromancer: its power is rolled (8.1)
    game.state.position.jewels["red"].hex = "1209"
    act(game, "move", units=[u["rn"].id], path=["1109", "1209"])
    end(game)
    assert game.state.position.stack_size("1209") == 3


def test_never_into_an_enemy_hex():
    # SJG 4.4: units may never enter a hex with enemy units: not over a cliff (no ZOC there),
    # not through the Miasma (no ZOC there either), not even passing through
    game, u = start({"w": ("wraith", "red", "1010"), "e": ("wraith", "black", "1110"), **RED_FAR, **BLACK_FAR},
                    board=cliff_board())
    refused(game, move([u["w"].id], ["1010", "1110"]), "cannot enter")
    game, u = start({"w": ("wraith", "red", "1208"), "e": ("wraith", "black", "1209"), **RED_FAR, **BLACK_FAR},
                    miasma="1209")
    refused(game, move([u["w"].id], ["1208", "1209", "1210"]), "cannot move")


def test_group_moves_need_every_unit_to_afford_the_path():
    # SJG 4.1: each unit moves within its own allowance
    game, u = start({"z": ("zombie", "red", "1010"), "w": ("wraith", "red", "1010"), **RED_FAR, **BLACK_FAR})
    refused(game, move([u["z"].id, u["w"].id], ["1010", "1110", "1210", "1310", "1410"]), "movement points")
    act(game, "move", units=[u["z"].id, u["w"].id], path=["1010", "1110", "1210", "1310"])


def edge_board():
    """A level-2 ridge (row 10, columns 10-14) above a level-1 plain to its south."""
    ridge = ["1010", "1110", "1210", "1310", "1410"]
    cliffs = tuple((h, nb(h, d)) for h in ridge for d in ("SE", "SW"))
    return make_map({h: "2" for h in ridge} | {"0910": "S2", "1510": "S2"},
                    cliffs=tuple(dict.fromkeys(cliffs)))


def test_suicide_costs_one_mp():
    # SJG 6.7: units may throw themselves over a plateau edge in their movement phase; 1 MP
    game, u = start({"z": ("zombie", "red", "1010"), "y": ("zombie", "red", "1010"), **RED_FAR, **BLACK_FAR},
                    board=edge_board())
    refused(game, move([u["z"].id], ["1010", "1110", "1210", "1310", "1311"], suicide=True), "movement points")
    act(game, "move", units=[u["z"].id], path=["1010", "1110", "1210", "1211"], suicide=True)
    assert u["z"].id not in game.state.position.units
    refused(game, move([u["y"].id], ["1010", "1110"], suicide=True), "down over a cliff")


def test_suicide_only_downwards_and_only_undead():
    # SJG 6.7: only undead units suicide, and only over the edge downwards
    game, u = start({"rn": ("necromancer", "red", "1110"), "w": ("wraith", "red", "1211"), **BLACK_FAR},
                    board=edge_board())
    refused(game, move([u["rn"].id], ["1110", "1111"], suicide=True), "only undead")
    refused(game, move([u["w"].id], ["1211", "1210"], suicide=True), "down over a cliff")


def test_suicide_carries_the_jewel_to_the_hex_below():
    # SJG 6.7: Jewels are not damaged; the Jewel lands in the hex below (as in 6.52)
    game, u = start({"w": ("wraith", "red", "1110"), **RED_FAR, **BLACK_FAR}, board=edge_board())
    game.state.position.jewels["red"].hex = "1110"
    act(game, "move", units=[u["w"].id], path=["1110", "1111"], suicide=True, jewels=["red"])
    assert game.state.position.jewels["red"].hex == "1111"
