"""Issue 25: each game's view is declared as a TypedDict (its `view_types` module), down
to the leaves, that renderers and bots are type-checked against. mypy cannot see what a
view builder really puts in the dict it returns, so this holds the declarations to the
views: at every depth, every key an object carries is declared, every required key is
there and every value has its declared type, for the full view and each seat's, at the
start and after some play."""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union, get_args, get_origin, is_typeddict

import pytest

from warjudge.core import games
from warjudge.core.game import Game
from warjudge.diplomacy.view_types import DiplomacyView, NecromancerView
from warjudge.hexwar.hexmap import HexMap
from warjudge.hexwar.gondor_sauron.view_types import GondorView
from warjudge.hexwar.sjg.view_types import MailedView, SjgPicture, SjgView

SHAPES: dict[str, Any] = {"diplomacy": DiplomacyView, "necromancer-diplomacy": NecromancerView,
                          "necromancer-sjg": SjgView, "gondor": GondorView, "sauron": GondorView}
ACTIONS = 30


def undeclared_or_missing(view: Mapping[str, Any], shape: Any) -> tuple[list[str], list[str]]:
    keys = set(view)
    return sorted(keys - shape.__required_keys__ - shape.__optional_keys__), sorted(shape.__required_keys__ - keys)


def mismatches(value: Any, shape: Any, where: str = "view") -> list[str]:
    """Where `value` is not of its declared type `shape`, at any depth: a TypedDict's
    undeclared or missing keys, a value of another type (JSON numbers: an int is a float)."""
    origin, args = get_origin(shape), get_args(shape)
    if shape is Any:
        return []
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r}, not one of {args}"]
    if origin in (Union, types.UnionType):
        found = [mismatches(value, arg, where) for arg in args]
        return [] if any(not f for f in found) else min(found, key=len)
    if is_typeddict(shape):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not an object"]
        undeclared, missing = undeclared_or_missing(value, shape)
        out = [f"{where}.{k}: undeclared" for k in undeclared] + [f"{where}.{k}: missing" for k in missing]
        hints = typing.get_type_hints(shape, localns={"HexMap": HexMap})
        return out + [m for k, v in value.items() if k in hints for m in mismatches(v, hints[k], f"{where}.{k}")]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        return [m for i, v in enumerate(value) for m in mismatches(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not an object"]
        return [m for k, v in value.items() for m in [*mismatches(k, args[0], f"{where} key {k!r}"),
                                                     *mismatches(v, args[1], f"{where}[{k!r}]")]]
    if shape is type(None):
        return [] if value is None else [f"{where}: {value!r}, not null"]
    wanted = (int, float) if shape is float else shape
    if shape is int and isinstance(value, bool) or not isinstance(value, wanted):
        return [f"{where}: {value!r}, not {getattr(shape, '__name__', shape)}"]
    return []


def played(game_id: str, seed: int) -> list[Game]:
    """The game at its start and after each of some random legal actions (through `act`)."""
    game, rng, seen = games.new(game_id, seed=seed), random.Random(seed), []
    seen.append(game.clone(reseed=False))
    for _ in range(ACTIONS):
        acting = game.to_act()
        if not acting or game.is_over:
            break
        player = acting[0]
        game.act(player, rng.choice(game.legal_actions(player)))
    seen.append(game)
    return seen


@pytest.mark.parametrize("game_id", sorted(SHAPES))
def test_every_view_has_the_keys_its_type_declares(game_id: str) -> None:
    for game in played(game_id, seed=3):
        for viewer in (None, *game.players):
            assert mismatches(game.view(viewer), SHAPES[game_id]) == [], (game_id, viewer)


def test_the_sjg_picture_and_mailed_view_have_the_keys_their_types_declare() -> None:
    from warjudge.hexwar.sjg.views import view as mailed_view
    from warjudge.presentation.sjg.picture import picture

    for game in played("necromancer-sjg", seed=5):
        for side in (None, *game.players):
            drawn = picture(game.public_map, game.view(side))
            assert mismatches(drawn, SjgPicture) == [], side
            assert mismatches(mailed_view(game, side), MailedView) == [], side


def test_the_check_sees_an_undeclared_and_a_missing_key() -> None:
    view = {k: None for k in GondorView.__required_keys__ if k != "night"} | {"weather": "rain"}
    assert undeclared_or_missing(view, GondorView) == (["weather"], ["night"])


def test_the_check_sees_a_nested_value_of_another_type() -> None:
    game = games.new("diplomacy", seed=1)
    view = game.view(None)
    assert mismatches(view, DiplomacyView) == []
    view["supply_centers"]["FRANCE"].append(3)
    view["dislodged"].append({"power": "FRANCE", "unit": "A Par", "attacker_from": None})
    assert mismatches(view, DiplomacyView) == [
        "view.supply_centers['FRANCE'][3]: 3, not str", "view.dislodged[0].via_convoy: missing"]
