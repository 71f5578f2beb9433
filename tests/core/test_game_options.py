"""Issue 14: each registered game describes the options a form may offer (core.games.options);
every described value is one the game itself takes, and a value outside the description is
refused with the option's name before any game is made. Issue 22: every option is
described, a data file's content included (a map, a scenario, charts), and any other
name is refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import warjudge
from warjudge.core import games
from warjudge.core.errors import InputError, WarjudgeError
from warjudge.core.game import Game

SHIPPED = Path(warjudge.__file__).parent
FILES = {("necromancer-diplomacy", "map"): "diplomacy/variants/necromancer/map.json",
         ("necromancer-sjg", "map"): "hexwar/sjg/board.json",
         ("gondor", "scenario"): "hexwar/gondor_sauron/scenarios/gondor.json",
         ("sauron", "scenario"): "hexwar/gondor_sauron/scenarios/sauron.json",
         ("gondor", "charts"): "hexwar/gondor_sauron/charts.json",
         ("sauron", "charts"): "hexwar/gondor_sauron/charts.json"}


def shipped(game_id: str, option: str) -> dict:
    """The shipped data file a file option replaces: the game takes it as given."""
    return json.loads((SHIPPED / FILES[game_id, option]).read_text(encoding="utf-8"))


def values(option: games.Option, game_id: str) -> list:
    if option.kind == "file":
        return [shipped(game_id, option.name)]
    if option.kind == "bool":
        return [True, False]
    if option.kind == "int":
        return [option.minimum, option.maximum]
    if option.kind == "choice":
        return list(option.choices)
    if option.kind == "counts":
        return [{}, {k: option.minimum for k in option.choices}, {k: option.maximum for k in option.choices}]
    return [[], list(option.choices)]


@pytest.mark.parametrize("game_id", games.ids())
def test_every_described_option_value_is_one_the_game_takes(game_id):
    described = games.options(game_id)
    assert described, f"{game_id} describes no option for the lobby's form"
    for option in described:
        assert option.help and option.problem(option.default) is None or option.default is None
        for value in values(option, game_id):
            assert option.problem(value) is None
            games.check_options(game_id, {option.name: value})
            games.new(game_id, seed=1, **{option.name: value})   # the game takes it too


@pytest.mark.parametrize("game_id", games.ids())
def test_a_value_outside_the_description_is_refused_by_name(game_id):
    for option in games.options(game_id):
        wrong = {"bool": "yes", "int": (option.maximum or 0) + 1, "choice": "nonesuch", "choices": ["nonesuch"],
                 "counts": {option.choices[0]: (option.maximum or 0) + 1} if option.choices else {"x": 1},
                 "file": ["not", "an", "object"]}
        with pytest.raises(InputError, match=option.name):
            games.check_options(game_id, {option.name: wrong[option.kind]})
        with pytest.raises(WarjudgeError):   # the game refuses it as well: the description is not looser
            games.new(game_id, seed=1, **{option.name: wrong[option.kind]})


def test_a_game_with_no_description_takes_no_option():
    class Bare(Game):   # inherits the capabilities' defaults (issue 25), describing no option
        @classmethod
        def new(cls, seed: int, **options: object) -> "Bare":
            return cls()

    games.register(games.GameInfo("bare-test", "a bare test game", f"{__name__}:Bare"))
    try:
        globals()["Bare"] = Bare
        assert games.options("bare-test") == ()
        with pytest.raises(InputError, match="unknown option.* anything; bare-test takes no options"):
            games.new("bare-test", seed=1, anything=1)   # issue 22: nothing undescribed reaches a game
    finally:
        games.unregister("bare-test")


@pytest.mark.parametrize("game_id", games.ids())
def test_an_undescribed_option_is_refused_by_name_before_the_game_sees_it(game_id):
    # issue 22 finding 7: {"board": {"x": 1}} reached SJG's `new` (a Python-only parameter) and crashed
    for name in ("board", "seed_", "nonesuch"):
        with pytest.raises(InputError, match=f"unknown option.*{name}"):
            games.new(game_id, seed=1, **{name: {"x": 1}})


@pytest.mark.parametrize("game_id, name", sorted(FILES))
def test_a_data_file_option_is_described_and_checked_by_the_cli_s_loader(game_id, name):
    # issue 22 finding 7: map, scenario and charts were taken but not described
    option = next(o for o in games.options(game_id) if o.name == name)
    assert option.kind == "file" and option.max_bytes == games.MAX_FILE_OPTION_BYTES and option.help
    broken = shipped(game_id, name) | {"nonesuch_field": 1}
    with pytest.raises(WarjudgeError, match="nonesuch_field"):   # the loader's own message
        games.new(game_id, seed=1, **{name: broken})
    padded = shipped(game_id, name) | {"note": "x" * games.MAX_FILE_OPTION_BYTES}
    with pytest.raises(InputError, match=f"{name}: larger than 128 KiB"):
        games.new(game_id, seed=1, **{name: padded})


def test_sjg_extra_items_are_a_count_per_side_in_the_form():
    # SJG 10.5 (extra items per side) is offered again by the lobby's form: a count per side
    items = next(o for o in games.options("necromancer-sjg") if o.name == "items")
    assert (items.kind, items.choices, items.minimum) == ("counts", ("red", "black"), 0)
    for wrong in ({"green": 1}, {"red": -1}, {"red": "2"}, [1, 2]):
        assert items.problem(wrong) is not None
    game = games.new("necromancer-sjg", seed=1, items={"red": 2})
    assert game.view(None)["options"]["items"] == {"red": 2}
