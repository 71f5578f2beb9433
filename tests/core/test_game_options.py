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
        wrong = {"bool": "yes", "int": (option.maximum or 0) + 1, "choice": "nonesuch", "choices": ["nonesuch"]}
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
