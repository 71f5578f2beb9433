"""Issue 25 item 1: a game's optional capabilities are declared on `core.game.Game` with
defaults and named by the registry (`GameInfo.capabilities`, OpenSpiel's
`GameType.provides_*`), so callers call them and never probe a game for them."""

from __future__ import annotations

import ast
import random
from functools import lru_cache
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
        "necromancer-diplomacy": {"option_descriptions", "waiting_for", "seat_names", "pending_orders",
                                  "sample_hidden"},
        "necromancer-sjg": {"option_descriptions", "preview", "cost", "default_action", "forced_action", "setup_plan", "public_map",
                            "sample_hidden", "legal_groups"},
        "gondor": {"option_descriptions", "preview", "cost", "default_action", "forced_action", "public_map", "sample_hidden"},
        "sauron": {"option_descriptions", "preview", "cost", "default_action", "forced_action", "public_map", "sample_hidden"},
    }


def test_a_game_offering_none_answers_with_the_defaults():
    game = ToyBids.new(5)
    assert ToyBids.option_descriptions()   # the one it offers
    action = game.legal_actions("north")[0]
    assert game.preview("north", action) is None and game.cost("north", action) == []
    assert game.default_action("north") is None and game.forced_action("north") is None and game.seat_names("fr") is None
    assert game.waiting_for() == game.to_act() == ("north", "south")
    assert game.setup_plan("north", {}) is None and game.public_map is None and game.pending_orders("north") == {}
    assert game.legal_groups("north") == {"actions": game.legal_actions("north"), "moves": [], "paths": {}, "drops": {}}
    assert Game.sample_hidden(game, "north", random.Random(1)) is None   # ToyBids samples its bids


@lru_cache(maxsize=None)
def named_probes(path: Path) -> tuple[tuple[str, int, str, str], ...]:
    """(file, line, getattr or hasattr, name) of each `getattr(x, "name" …)` / `hasattr(x, "name")`."""
    rel = path.relative_to(SRC).as_posix()
    return tuple((rel, node.lineno, node.func.id, node.args[1].value)
                 for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                 and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str))


def probes(path: Path) -> list[str]:
    """`getattr(x, "name" …)` / `hasattr(x, "name")` of a capability, by line."""
    return [f"{rel}:{line}: {func}(…, {name!r})" for rel, line, func, name in named_probes(path) if name in PROBED]


def test_no_module_probes_a_game_for_a_capability():
    found = [p for path in sorted(SRC.rglob("*.py")) for p in probes(path)]
    assert not found, "call the capability (core.game.Game declares it):\n" + "\n".join(found)


# Issue 25: "no getattr probing left anywhere". A named attribute is read directly or its
# type asked with isinstance; these probes remain, none of them on a game or its pieces.
NOT_A_GAME = {
    ("server/errors.py", "error_page"): "the app's state: the pages install an error page, the API alone has none",
    ("server/errors.py", "why"): "an HTTPException of Starlette's or ours: ours carry a reason code",
    ("server/botturns.py", "rowcount"): "SQLAlchemy's result of an UPDATE",
    ("cli/diplomacy.py", "buffer"): "sys.stdin, which a test or a pipe may replace by a text stream",
    ("cli/diplomacy.py", "strerror"): "an OSError or another error writing a file",
    ("core/events.py", "event"): "an exception that may carry its reason as data (a Refusal)",
}
STILL_PROBED: dict[tuple[str, str], str] = {}   # the last, G&S's piece's step, read since hexshape25


def test_no_module_probes_an_object_of_a_game_for_a_named_attribute():
    found = [(rel, name) for path in sorted(SRC.rglob("*.py")) for rel, _, _, name in named_probes(path)]
    unexplained = sorted({p for p in found if p not in NOT_A_GAME and p not in STILL_PROBED})
    assert not unexplained, "read it directly, or ask its type with isinstance:\n" + "\n".join(map(str, unexplained))
    assert set(NOT_A_GAME) | set(STILL_PROBED) <= set(found), "an entry whose probe is gone goes too"
