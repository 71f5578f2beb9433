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


def private_calls(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """(line, name) of each call `x.name(…)` of one of `names` on anything but self/cls."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in names:
            receiver = node.func.value
            if not (isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")):
                found.append((node.lineno, node.func.attr))
    return found


def test_no_registered_game_has_a_way_in_beside_act():
    for cls in game_classes():
        assert not hasattr(cls, "apply"), f"{cls.__name__} has a public apply beside act"


def test_no_test_or_caller_calls_a_games_private_method():
    names = private_methods()
    assert {"_start_turn", "_apply"} <= names   # the scan sees the games' methods
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
