"""Issue 14: each registered game describes the options a form may offer (core.games.options);
every described value is one the game itself takes, and a value outside the description is
refused with the option's name before any game is made."""

from __future__ import annotations

import pytest

from warjudge.core import games
from warjudge.core.errors import InputError, WarjudgeError


def values(option: games.Option) -> list:
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
        for value in values(option):
            assert option.problem(value) is None
            games.check_options(game_id, {option.name: value})
            games.new(game_id, seed=1, **{option.name: value})   # the game takes it too


@pytest.mark.parametrize("game_id", games.ids())
def test_a_value_outside_the_description_is_refused_by_name(game_id):
    for option in games.options(game_id):
        wrong = {"bool": "yes", "int": (option.maximum or 0) + 1, "choice": "nonesuch", "choices": ["nonesuch"],
                 "counts": {option.choices[0]: (option.maximum or 0) + 1} if option.choices else {"x": 1}}
        with pytest.raises(InputError, match=option.name):
            games.check_options(game_id, {option.name: wrong[option.kind]})
        with pytest.raises(WarjudgeError):   # the game refuses it as well: the description is not looser
            games.new(game_id, seed=1, **{option.name: wrong[option.kind]})


def test_a_game_with_no_description_offers_no_option():
    class Bare:
        pass

    games.register(games.GameInfo("bare-test", "a bare test game", f"{__name__}:Bare"))
    try:
        globals()["Bare"] = Bare
        assert games.options("bare-test") == ()
        games.check_options("bare-test", {"anything": 1})   # nothing described: the game checks its own
    finally:
        games.unregister("bare-test")


def test_sjg_extra_items_are_a_count_per_side_in_the_form():
    # SJG 10.5 (extra items per side) is offered again by the lobby's form: a count per side
    items = next(o for o in games.options("necromancer-sjg") if o.name == "items")
    assert (items.kind, items.choices, items.minimum) == ("counts", ("red", "black"), 0)
    for wrong in ({"green": 1}, {"red": -1}, {"red": "2"}, [1, 2]):
        assert items.problem(wrong) is not None
    game = games.new("necromancer-sjg", seed=1, items={"red": 2})
    assert game.view(None)["options"]["items"] == {"red": 2}
