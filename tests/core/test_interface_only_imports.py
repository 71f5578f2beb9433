"""Issue 12: "the CLI, bots and tests use nothing else to drive a game". The modules
below drive games only through the interface: they import from `warjudge.core`, the hex
geometry (`warjudge.hexwar.grid`: distances and directions, no rules and no game state),
each game's view shape (its `view_types` module: TypedDicts, no rules, issue 25) and, for a
terminal, presentation code; never a rules module. The check walks their imports (module
level and inside functions)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src"
VIEW_SHAPES = ("warjudge.hexwar.sjg.view_types", "warjudge.hexwar.gondor_sauron.view_types",
               "warjudge.diplomacy.view_types", "warjudge.core.json_types")   # the last: events' and outcomes' shapes
ALLOWED = ("warjudge.core", "warjudge.hexwar.grid", *VIEW_SHAPES)
INTERFACE_ONLY = {
    "warjudge/hexwar/gondor_sauron/bots.py": ALLOWED,
    "warjudge/hexwar/sjg/bots.py": ALLOWED,
    "warjudge/hexwar/sjg/search.py": ALLOWED,
    "warjudge/hexwar/gondor_sauron/search.py": ALLOWED,
    "warjudge/core/ismcts.py": ALLOWED,
    "warjudge/hexwar/sjg/heuristic.py": ALLOWED,
    "warjudge/presentation/sjg/terminal.py": (*ALLOWED, "warjudge.presentation"),
    "warjudge/presentation/sjg/picture.py": ("warjudge.hexwar.hexmap", *VIEW_SHAPES),   # the public map's type only
}


def imported(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return {m for m in out if m.startswith("warjudge")}


@pytest.mark.parametrize("module", sorted(INTERFACE_ONLY))
def test_drives_games_through_the_interface_only(module):
    allowed = INTERFACE_ONLY[module]
    found = imported(SRC / module)
    rules = sorted(m for m in found if not any(m == a or m.startswith(a + ".") for a in allowed))
    assert not rules, f"{module} imports rule modules: {rules}"


@pytest.mark.parametrize("shape", VIEW_SHAPES)
def test_a_view_shape_holds_no_rules(shape):
    """What the bots may import beside core: a view's declared keys, nothing that plays."""
    found = imported(SRC / (shape.replace(".", "/") + ".py"))
    assert found <= {"warjudge.core.game", "warjudge.core.json_types", "warjudge.hexwar.hexmap"}, \
        f"{shape} imports {sorted(found)}"


def test_the_check_sees_imports_inside_functions(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from warjudge.hexwar.sjg.moves import reachable_hexes\n")
    assert imported(sample) == {"warjudge.hexwar.sjg.moves"}
