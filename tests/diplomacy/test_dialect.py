"""One action dialect for both Diplomacy games (issue 25 point 3, diplomacy/family.py):
an order is taken back by its canonical text, `pass` is one action in both (refused where
every order left is owed), the games master's conveniences answer alike, and a standard
record's older retract-by-unit spelling still replays bit for bit."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from warjudge.core import games
from warjudge.core.errors import IllegalAction, InputError, RecordError
from warjudge.core.events import Refusal
from warjudge.core.game import GM
from warjudge.core.record import GameRecord
from warjudge.diplomacy.phases import GameState, Phase
from warjudge.diplomacy.variants.necromancer.position import parse_position

FIRST_ORDER = {"diplomacy": ("FRANCE", "A par - bur"), "necromancer-diplomacy": ("SARUMAN", "Build A Gap")}
PREFIX = {"diplomacy": "dip", "necromancer-diplomacy": "necdip"}


def _snapshot(game) -> tuple[str, str]:
    return game.record.to_json(), json.dumps(game.view(None), sort_keys=True)


@pytest.mark.parametrize("game_id", sorted(FIRST_ORDER))
def test_both_games_take_an_order_back_by_its_text(game_id):
    game = games.new(game_id, seed=0, gm_adjudicates=True)
    power, order = FIRST_ORDER[game_id]
    game.act(power, {"type": "order", "order": order})
    assert [a for a in game.legal_actions(power) if a["type"] == "retract"] == [{"type": "retract", "order": order}]
    before = _snapshot(game)
    with pytest.raises(IllegalAction) as refused:   # an order not given is refused, naming it, and nothing changes
        game.act(power, {"type": "retract", "order": "A nowhere H"})
    assert refused.value.code == f"{PREFIX[game_id]}.act.no_order_to_retract"
    assert refused.value.event.params == {"power": power, "order": "A nowhere H"}
    assert _snapshot(game) == before
    game.act(power, {"type": "retract", "order": order})
    assert game.record.actions[-1] == {"player": power, "type": "retract", "order": order}
    assert not [a for a in game.legal_actions(power) if a["type"] == "retract"]
    assert games.load(GameRecord.from_json(game.record.to_json())).view(None) == game.view(None)


@pytest.mark.parametrize("game_id", sorted(FIRST_ORDER))
def test_a_pass_with_owed_orders_is_refused_alike(game_id):
    game = games.new(game_id, seed=0, gm_adjudicates=True)
    if game_id != "diplomacy":
        game.process()                          # TA 2750's adjustments, whose orders are optional
    power = "FRANCE" if game_id == "diplomacy" else "ROHAN"   # a movement phase: every unit owes an order
    before = _snapshot(game)
    with pytest.raises(IllegalAction) as refused:
        game.act(power, {"type": "pass"})
    assert refused.value.code == f"{PREFIX[game_id]}.act.owes_orders"
    assert _snapshot(game) == before


@pytest.mark.parametrize("game_id", sorted(FIRST_ORDER))
def test_the_games_master_conveniences_answer_alike(game_id):
    game = games.new(game_id, seed=0, gm_adjudicates=True)
    power, order = FIRST_ORDER[game_id]
    assert game.set_orders(power, [order]) == []    # the lines left out: none
    assert game.order_problems(power, [order]) == []
    with pytest.raises(InputError, match="unknown power"):
        game.order_problems("NARNIA", [order])
    with pytest.raises(InputError):   # a draw not of exactly the survivors is the GM's input error
        game.draw([power])
    assert game.opening_warning() == "" if game_id == "diplomacy" else isinstance(game.opening_warning(), str)
    report = game.process()
    assert report is game.history[-1]


def test_the_games_master_enters_a_standard_powers_list_in_one_action():
    # issue 25 point 3: the GM's `orders` of the variant, in the standard game; void lines
    # are left out and their units take the default (docs/rulings.md, "Void lines from a GM")
    game = games.new("diplomacy", seed=0)
    game.act("FRANCE", {"type": "order", "order": "A par - bur"})
    written = ["A Par-Pic", "F bre - mid", "A xyz - abc"]
    game.act(GM, {"type": "orders", "power": "FRANCE", "orders": written})
    assert game.record.actions[-1] == {"player": GM, "type": "orders", "power": "FRANCE", "orders": written}
    france = [(o["unit"], o["order"]) for o in game.view(None)["orders"] if o["power"] == "FRANCE"]
    assert france == [("bre", "F bre - mid"), ("par", "A par - pic")]   # replaced; the void line left out
    assert "FRANCE" in game.to_act()                                  # A mar still owes its order
    again = games.load(GameRecord.from_json(game.record.to_json()))
    assert again.record.to_json() == game.record.to_json() and again.view(None) == game.view(None)
    for power, units in game.view(None)["units"].items():   # every list from the GM: adjudicated, as by orders
        game.act(GM, {"type": "orders", "power": power, "orders": [f"{unit} H" for unit in units]})
    assert game.view(None)["phase"] == "F1901M" and game.history[-1].phase.kind == "M"


ORDERS_REFUSED = [
    ({"type": "orders", "power": "NARNIA", "orders": []}, "unknown power 'NARNIA'"),
    ({"type": "orders", "power": "{power}", "orders": "A par H"}, "orders must be a list of strings"),
    ({"type": "orders", "power": "{power}", "orders": [7]}, "orders must be a list of strings"),
    ({"type": "orders", "power": "{power}", "orders": ["x" * 1001]}, "at most 500 orders of at most 1000"),
    ({"type": "orders", "power": "{power}", "orders": ["A par H"] * 501}, "at most 500 orders of at most 1000"),
]


@pytest.mark.parametrize("game_id", sorted(FIRST_ORDER))
@pytest.mark.parametrize("action, why", ORDERS_REFUSED)
def test_the_games_masters_orders_are_refused_alike(game_id, action, why):
    # issue 25 point 3: the same shape and the same refusals in both games; nothing changes
    game = games.new(game_id, seed=0, gm_adjudicates=True)
    power, order = FIRST_ORDER[game_id]
    game.act(power, {"type": "order", "order": order})
    before = _snapshot(game)
    with pytest.raises(IllegalAction, match=why):
        game.act(GM, {**action, "power": action["power"].format(power=power)})
    with pytest.raises(IllegalAction) as extra:   # a key too many is no `orders`
        game.act(GM, {"type": "orders", "power": power, "orders": [], "phase": "S1901M"})
    assert extra.value.code == f"{PREFIX[game_id]}.act.gm_bad_action"
    assert _snapshot(game) == before


def test_a_standard_record_retracting_by_unit_replays_bit_for_bit():
    # records written before the one dialect (docs/rulings.md, "Old Diplomacy records")
    game = games.new("diplomacy", seed=0, gm_adjudicates=True)
    game.act("FRANCE", {"type": "order", "order": "A par - bur"})
    game.act("FRANCE", {"type": "retract", "unit": "par"})
    game.act("FRANCE", {"type": "order", "order": "A par - pic"})
    game.act(GM, {"type": "process"})
    text = game.record.to_json()
    assert json.loads(text)["actions"][1] == {"player": "FRANCE", "type": "retract", "unit": "par"}
    again = games.load(GameRecord.from_json(text))
    assert again.record.to_json() == text and again.view(None) == game.view(None)


def test_waives_share_a_text_and_are_taken_back_one_at_a_time():
    # 2000 rulebook: a power may waive builds; a retract names the order, and waives are alike
    game = games.new("diplomacy", seed=0, gm_adjudicates=True)
    centers = {p: set(game.map.home_centers(p)) for p in game.map.powers}
    game.state = GameState(Phase.parse("W1901A"), {}, centers, [], set())   # white-box: every power builds all
    game.act("GERMANY", {"type": "order", "order": "Waive"})
    game.act("GERMANY", {"type": "order", "order": "Waive"})
    assert game.legal_actions("GERMANY")[-2:] == [{"type": "retract", "order": "Waive"}] * 2
    game.act("GERMANY", {"type": "retract", "order": "Waive"})
    assert [o["order"] for o in game.view(None)["orders"] if o["power"] == "GERMANY"] == ["Waive"]
    assert game.legal_actions("GERMANY")[-1:] == [{"type": "retract", "order": "Waive"}]
    game.act("GERMANY", {"type": "order", "order": "Waive"})
    assert [o["unit"] for o in game.view(None)["orders"] if o["power"] == "GERMANY"] == ["waive-1", "waive-2"]


BAD_OPTIONS = [({"colour": "red"}, "dip.option.unknown"), ({"max_year": "1905"}, "dip.option.max_year"),
               ({"drafts": "yes"}, "dip.option.flag")]


@pytest.mark.parametrize("options, code", BAD_OPTIONS)
@pytest.mark.parametrize("game_id", sorted(FIRST_ORDER))
def test_bad_options_are_refused_alike(game_id, options, code):
    # Standards: a clear error for bad input; the game's own check (past the registry's) answers
    # with one reason code in both games, and a record carrying the option fails to load, naming it
    game_class = games.info(game_id).game_class()
    with pytest.raises(Refusal) as refused:
        game_class.new(0, **options)
    assert refused.value.code == code
    with pytest.raises(RecordError, match="options cannot be used"):
        games.load(GameRecord(game_id, 0, options))


@pytest.mark.parametrize("game_id, option, value", [("diplomacy", "variant", "hexes"),
                                                    ("necromancer-diplomacy", "edition", "1999")])
def test_a_bad_choice_is_refused_alike(game_id, option, value):
    with pytest.raises(Refusal) as refused:
        games.info(game_id).game_class().new(0, **{option: value})
    assert refused.value.code == "dip.option.choice" and refused.value.params["option"] == option
    assert str(refused.value) == f"the option '{option}' is {value!r}: it must be " + " or ".join(
        games.info(game_id).game_class().option_descriptions()[0].choices)


def test_a_map_option_naming_a_file_is_refused():  # issue 11 item 6: a record never names a file to open
    with pytest.raises(Refusal) as refused:
        games.info("necromancer-diplomacy").game_class().new(0, map="my_map.json")
    assert refused.value.code == "dip.option.map" and "never names a file" in str(refused.value)


@pytest.mark.parametrize("game_id", sorted(FIRST_ORDER))
def test_a_record_whose_options_name_the_seed_is_refused_alike(game_id):
    # Standards: a clear error for bad input (the standard game raised a TypeError: the seed twice)
    with pytest.raises(RecordError, match="'seed' is not an option"):
        games.load(GameRecord(game_id, 0, {"seed": 1}))


def test_a_retract_takes_back_one_copy_of_an_order_given_twice_in_both_games():
    # EN 4.2 v: each Component of an MU may be given a separate order, so two may read alike;
    # one retract undoes one order (docs/rulings.md, "Taking back an order given twice")
    game = games.new("necromancer-diplomacy", seed=1, drafts=True)
    for power in game.to_act():
        game.act(power, {"type": "pass"})
    game.state = replace(game.state, position=parse_position({"GONDOR": ["2A Pel"], "SAURON": ["A Gor"]},
                                                             game.map))   # white-box: an MU of two armies
    game.act("GONDOR", {"type": "order", "order": "A Pel H"})
    game.act("GONDOR", {"type": "order", "order": "A Pel H"})
    retract = {"type": "retract", "order": "A Pel H"}
    assert [a for a in game.legal_actions("GONDOR") if a["type"] == "retract"] == [retract, retract]
    game.act("GONDOR", retract)
    assert [o["order"] for o in game.view(None)["orders"]] == ["A Pel H"]
    assert [a for a in game.legal_actions("GONDOR") if a["type"] == "retract"] == [retract]
    game.act("GONDOR", retract)   # the second listed retract is taken too
    assert game.view(None)["orders"] == []
    standard = games.new("diplomacy", seed=0, gm_adjudicates=True)   # the standard game's waives alike
    centers = {p: set(standard.map.home_centers(p)) for p in standard.map.powers}
    standard.state = GameState(Phase.parse("W1901A"), {}, centers, [], set())
    for _ in range(2):
        standard.act("GERMANY", {"type": "order", "order": "Waive"})
    standard.act("GERMANY", {"type": "retract", "order": "Waive"})
    assert [o["order"] for o in standard.view(None)["orders"] if o["power"] == "GERMANY"] == ["Waive"]
