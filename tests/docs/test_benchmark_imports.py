"""Benchmarks are not run by the suite (speed is measured, never a timed test), so a
change that removes a name a benchmark imports would break it silently, as it once did
(`benchmarks/interface.py` imported the SJG heuristic's old `heuristic_action`). Every
`from warjudge… import name` in `benchmarks/`, at module level or inside a function,
must name something that exists."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parents[2] / "benchmarks").glob("*.py"))


def warjudge_imports(path: Path) -> list[tuple[str, str]]:
    return [(node.module, alias.name) for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
            and node.module.startswith("warjudge") for alias in node.names]


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_every_name_a_benchmark_imports_exists(path):
    missing = [f"{module}.{name}" for module, name in warjudge_imports(path)
               if not hasattr(importlib.import_module(module), name)
               and importlib.util.find_spec(f"{module}.{name}") is None]
    assert not missing, f"{path.name} imports names that no longer exist: {missing}"


def test_the_check_sees_imports_inside_functions(tmp_path):
    sample = tmp_path / "b.py"
    sample.write_text("def f():\n    from warjudge.hexwar.sjg.heuristic import heuristic_action\n")
    assert warjudge_imports(sample) == [("warjudge.hexwar.sjg.heuristic", "heuristic_action")]
