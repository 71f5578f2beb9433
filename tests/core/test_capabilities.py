"""Issue 25 item 1: a game's optional capabilities are declared on `core.game.Game` with
defaults and named by the registry (`GameInfo.capabilities`, OpenSpiel's
`GameType.provides_*`), so callers call them and never probe a game for them."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from warjudge.core import games
from warjudge.core.game import CAPABILITIES, Game

from tests.support.toygame import ToyBids

SRC = Path(__file__).parents[2] / "src" / "warjudge"
PROBED = {*CAPABILITIES, "dice"}


def test_each_registered_game_declares_the_capabilities_it_offers():
    offered = {game_id: games.info(game_id).capabilities() for game_id in games.ids()}
    assert offered == {
        "diplomacy": {"option_descriptions", "waiting_for", "sample_hidden", "pending_orders"},
        "necromancer-diplomacy": {"option_descriptions", "waiting_for", "seat_names", "pending_orders"},
        "necromancer-sjg": {"option_descriptions", "preview", "cost", "default_action", "setup_plan", "public_map",
                            "sample_hidden"},
        "gondor": {"option_descriptions", "preview", "cost", "default_action", "public_map", "sample_hidden"},
        "sauron": {"option_descriptions", "preview", "cost", "default_action", "public_map", "sample_hidden"},
    }


def test_a_game_offering_none_answers_with_the_defaults():
    game = ToyBids.new(5)
    assert ToyBids.option_descriptions()   # the one it offers
    action = game.legal_actions("north")[0]
    assert game.preview("north", action) is None and game.cost("north", action) == []
    assert game.default_action("north") is None and game.seat_names("fr") is None
    assert game.waiting_for() == game.to_act() == ("north", "south")
    assert game.setup_plan("north", {}) is None and game.public_map is None and game.pending_orders("north") == {}
    assert Game.sample_hidden(game, "north", random.Random(1)) is None   # ToyBids samples its bids


def probes(path: Path) -> list[str]:
    """`getattr(x, "name" …)` / `hasattr(x, "name")` of a capability, by line."""
    return [f"{path.relative_to(SRC)}:{node.lineno}: {node.func.id}(…, {node.args[1].value!r})"
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant) and node.args[1].value in PROBED]


def test_no_module_probes_a_game_for_a_capability():
    found = [p for path in sorted(SRC.rglob("*.py")) for p in probes(path)]
    assert not found, "call the capability (core.game.Game declares it):\n" + "\n".join(found)
