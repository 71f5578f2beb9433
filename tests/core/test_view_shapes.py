"""Issue 25: each game's view is declared as a TypedDict (its `view_types` module) that
renderers and bots are type-checked against. mypy cannot see what a view builder really
puts in the dict it returns, so this holds the declarations to the views: every key a
view carries is declared, and every required key is there, for the full view and each
seat's, at the start and after some play."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from warjudge.core import games
from warjudge.core.game import Game
from warjudge.diplomacy.view_types import DiplomacyView, NecromancerView, ReportView
from warjudge.hexwar.gondor_sauron.view_types import GondorView
from warjudge.hexwar.sjg.view_types import MailedView, SjgPicture, SjgView

SHAPES: dict[str, Any] = {"diplomacy": DiplomacyView, "necromancer-diplomacy": NecromancerView,
                          "necromancer-sjg": SjgView, "gondor": GondorView, "sauron": GondorView}
ACTIONS = 30


def undeclared_or_missing(view: Mapping[str, Any], shape: Any) -> tuple[list[str], list[str]]:
    keys = set(view)
    return sorted(keys - shape.__required_keys__ - shape.__optional_keys__), sorted(shape.__required_keys__ - keys)


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
            view = game.view(viewer)
            assert undeclared_or_missing(view, SHAPES[game_id]) == ([], []), (game_id, viewer)
            for reader, report in (view.get("report") or {}).items():   # the variant's reports, per reader
                assert undeclared_or_missing(report, ReportView) == ([], []), (game_id, viewer, reader)


def test_the_sjg_picture_and_mailed_view_have_the_keys_their_types_declare() -> None:
    from warjudge.hexwar.sjg.views import view as mailed_view
    from warjudge.presentation.sjg.picture import picture

    for game in played("necromancer-sjg", seed=5):
        for side in (None, *game.players):
            drawn = picture(game.public_map, game.view(side))
            assert undeclared_or_missing(drawn, SjgPicture) == ([], []), side
            assert undeclared_or_missing(mailed_view(game, side), MailedView) == ([], []), side


def test_the_check_sees_an_undeclared_and_a_missing_key() -> None:
    view = {k: None for k in GondorView.__required_keys__ if k != "night"} | {"weather": "rain"}
    assert undeclared_or_missing(view, GondorView) == (["weather"], ["night"])
