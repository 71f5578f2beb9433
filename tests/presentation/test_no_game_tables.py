"""Issue 25: "GameInfo names a presenter": the pages' and the server's code keeps no table
keyed by game id and no branch on one; a game's words, like its board and log, are named
by its registration (`core.games.GameInfo.words`), and core names no game's wording
tables (`GameInfo.reasons`)."""

from __future__ import annotations

import ast
from pathlib import Path

from warjudge.core import games

ROOT = Path(__file__).parents[2]
SHARED = [*sorted((ROOT / "src/warjudge/presentation").glob("*.py")), *sorted((ROOT / "src/warjudge/server").rglob("*.py"))]
GAME_NAMES = {"game", "game_id"}   # a variable, or an attribute (row.game), holding a game's id


def game_ids() -> set[str]:
    return {i for g in games.ids() for i in (g, *games.info(g).legacy_ids)}


def _names_a_game(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id in GAME_NAMES
            or isinstance(node, ast.Attribute) and node.attr in GAME_NAMES)


def keyed_by_game(path: Path, ids: set[str]) -> list[tuple[int, str]]:
    """(line, id) of each dict with a game id for key, and each comparison of a game's id with one."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            found += [(node.lineno, k.value) for k in node.keys if isinstance(k, ast.Constant) and k.value in ids]
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_names_a_game(s) for s in sides):
                found += [(node.lineno, s.value) for s in sides if isinstance(s, ast.Constant) and s.value in ids]
    return sorted(found)


def test_the_pages_and_server_keep_no_table_keyed_by_game_id():
    ids = game_ids()
    found = [f"{path.relative_to(ROOT)}:{line}: {game_id}" for path in SHARED for line, game_id in keyed_by_game(path, ids)]
    assert not found, "name the game's words in its registration (GameInfo.words):\n" + "\n".join(found)


def test_core_names_no_games_wording_tables():
    events = (ROOT / "src/warjudge/core/events.py").read_text(encoding="utf-8")
    assert "warjudge.presentation" not in events
    for family, game_id in (("dip", "diplomacy"), ("necdip", "necromancer-diplomacy"), ("sjg", "necromancer-sjg"),
                            ("gs", "gondor"), ("gs", "sauron")):
        assert games.info(game_id).reasons is not None and games.info(game_id).reasons.family == family


def test_the_check_sees_a_table_and_a_branch(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('T = {"gondor": 1}\ndef f(game_id, row):\n    return game_id == "sauron" or row.game != "x"\n'
                      'U = {"page": "diplomacy"}\n')
    assert keyed_by_game(sample, {"gondor", "sauron", "diplomacy"}) == [(1, "gondor"), (3, "sauron")]
