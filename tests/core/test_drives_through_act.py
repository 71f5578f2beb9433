"""Issue 12: "the CLI, bots and tests use nothing else to drive a game" than the one
interface. A game changes only through `act`: no registered game offers another public
way in (an `apply` beside `act`), no test or caller outside the rules calls a game's
private method, and the Diplomacy conveniences (`set_orders`, `process`, `draw`) are
`act` calls and nothing more. (Placing units to set up a test position before play is
not driving; the checks here are about advancing play.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from warjudge.core import games
from warjudge.core.game import Game
from warjudge.diplomacy.family import DiplomacyFamily

ROOT = Path(__file__).parents[2]
CALLERS = ("tests", "src/warjudge/cli", "src/warjudge/server", "src/warjudge/presentation")
SET_UP_ONLY = {
    # (file, method): why it is not driving play
    ("tests/hexwar/sjg/sjg_helpers.py", "_start_turn"):
        "`start` opens the first turn of a hand-placed test position, before any action",
}


# Private questions a white-box test may ask (they change nothing: checked below); the
# SJG combat listing's equivalence test asks them of the old listing it keeps as reference.
READ_ONLY = {"_decision_for", "_opportunity_attackers"}


def game_classes() -> list[type]:
    return [games.info(game_id).game_class() for game_id in games.ids()]


def private_methods() -> set[str]:
    """The names of every registered game class's own private methods (not dunders)."""
    return {name for cls in game_classes() for klass in cls.__mro__ if klass is not object
            for name, value in vars(klass).items()
            if name.startswith("_") and not name.startswith("__") and callable(value)}


def private_attributes() -> set[str]:
    """The private attributes a fresh game of each registered id holds, and its class's
    private properties."""
    held = {name for game_id in games.ids() for name in vars(games.new(game_id, seed=1))}
    held |= {name for cls in game_classes() for klass in cls.__mro__ if klass is not object
             for name, value in vars(klass).items() if isinstance(value, property)}
    return {name for name in held if name.startswith("_") and not name.startswith("__")}


def private_calls(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """(line, name) of each read `x.name` (a call `x.name(…)` included) of one of `names`
    on anything but self/cls."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in names:
            receiver = node.value
            if not (isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")):
                found.append((node.lineno, node.attr))
    return sorted(found)


def test_no_registered_game_has_a_way_in_beside_act():
    for cls in game_classes():
        assert not hasattr(cls, "apply"), f"{cls.__name__} has a public apply beside act"


def test_no_test_or_caller_calls_or_reads_a_games_private_member():
    names = private_methods() | private_attributes()
    assert {"_start_turn", "_apply", "_game", "_legal_kept"} <= names   # the scan sees methods and attributes
    found = [f"{rel}:{line}: {name}" for folder in CALLERS for path in sorted((ROOT / folder).rglob("*.py"))
             for rel in [path.relative_to(ROOT).as_posix()]
             for line, name in private_calls(path, names)
             if (rel, name) not in SET_UP_ONLY and name not in READ_ONLY]
    assert not found, "drive the game through act instead:\n" + "\n".join(found)


def test_the_private_questions_change_nothing():
    game = games.new("necromancer-sjg", seed=3, first="red")
    while not (game.decision("red") and game.decision("red").kind == "move"):
        player = game.to_act()[0]
        game.act(player, game.legal_actions(player)[0])
    before, actions = game.view(None), game.record.action_count()
    for side in game.to_act():
        game._decision_for(side)
    game._opportunity_attackers()
    assert game.view(None) == before and game.record.action_count() == actions
    assert READ_ONLY <= private_methods()


def test_the_check_sees_a_private_call_and_not_self(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(game):\n    game._start_turn('red')\n    game.clone()._apply({})\n"
                      "class G:\n    def g(self):\n        self._apply({})\n")
    assert private_calls(sample, {"_start_turn", "_apply"}) == [(2, "_start_turn"), (3, "_apply")]
    sample.write_text("def f(game):\n    return game._game.state\n")
    assert private_calls(sample, {"_game"}) == [(2, "_game")]


# Issue 25: "nothing outside a game's own package touches its internals". Outside the game
# packages a game (a variable named `game` or `g`) is read only through the interface and,
# in a family's own CLI group and report printers, that family shell's public verbs (the
# variant's report printer reads its reports through `report_view` and `worded_order`;
# `gs show` draws the full view on the public map).
OUTSIDE = ("src/warjudge/cli", "src/warjudge/server", "src/warjudge/presentation", "src/warjudge/core",
           "src/warjudge/testing")
GAME_NAMES = ("game", "g")
INTERFACE = {name for klass in Game.__mro__ for name in [*vars(klass), *vars(klass).get("__annotations__", {})]
             if not name.startswith("_")}
FAMILY_VERBS = {name for name in vars(DiplomacyFamily) if not name.startswith("_")} | {"history"}


def internals() -> set[str]:
    """What registered games hold beyond the interface and the family verbs: the public
    members of their classes and of a fresh game of each id."""
    held = {name for game_id in games.ids() for name in [*dir(games.info(game_id).game_class()),
                                                         *vars(games.new(game_id, seed=1))]}
    return {name for name in held if not name.startswith("_")} - INTERFACE - FAMILY_VERBS


def internal_reads(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """(line, name) of each `game.name` / `g.name` of one of `names`."""
    return sorted((node.lineno, node.attr) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id in GAME_NAMES and node.attr in names)


def test_nothing_outside_the_game_packages_reads_a_games_internals():
    names = internals()
    assert {"state", "scenario"} <= names and not names & {"record", "view", "history"}
    found = [f"{rel}:{line}: {name}" for folder in OUTSIDE for path in sorted((ROOT / folder).rglob("*.py"))
             for rel in [path.relative_to(ROOT).as_posix()]
             for line, name in internal_reads(path, names)]
    assert not found, "read the game through its interface (core.game.Game):\n" + "\n".join(found)


def test_the_check_sees_an_internal_read_and_not_the_interface(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(game, g):\n    game.view(None)\n    return g.pending, game.state.units\n")
    assert internal_reads(sample, {"pending", "state"}) == [(3, "pending"), (3, "state")]


@pytest.fixture
def acts(monkeypatch):
    """Spies on `act` of one game's class: the (player, action) pairs given to that game."""
    def spy_on(game) -> list[tuple[str, dict]]:
        calls: list[tuple[str, dict]] = []
        real = type(game).act

        def act(self, player, action):
            if self is game:   # not its trial clones
                calls.append((player, action))
            real(self, player, action)

        monkeypatch.setattr(type(game), "act", act)
        return calls
    return spy_on


@pytest.mark.parametrize("game_id", ["diplomacy", "necromancer-diplomacy"])
def test_the_diplomacy_conveniences_are_act_calls(game_id, acts):
    game = games.new(game_id, seed=3)
    calls = acts(game)
    power = game.to_act()[0]
    order = next(a["order"] for a in game.legal_actions(power) if a["type"] == "order")
    game.set_orders(power, [order, "nonsense order"])
    game.process()
    game.draw(list(game.survivors()))
    assert calls and game.is_over
    again = games.replay(games.new(game_id, seed=3), calls)   # only what act was given
    assert again.view(None) == game.view(None)
    assert again.record.to_json() == game.record.to_json()
