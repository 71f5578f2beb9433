"""Issue 25: `mypy --strict` over the whole package is part of the test command (`make
test` and .ci/run run `python -m mypy`, which reads pyproject's [tool.mypy]). This holds
the configuration to it: strict for every module, and the only loosening the one the
untyped bases of pettingzoo and OpenSpiel need."""

from __future__ import annotations

import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"
UNTYPED_BASES = {"warjudge.core.pettingzoo_env", "warjudge.openspiel"}


def _mypy() -> dict:
    return tomllib.loads(PYPROJECT.read_text())["tool"]["mypy"]


def test_mypy_is_strict_over_the_whole_package():
    config = _mypy()
    assert config["strict"] is True
    assert config["files"] == ["src/warjudge"]


def test_no_module_of_the_package_is_let_off_but_the_untyped_bases():
    for override in _mypy().get("overrides", []):
        modules = set(override["module"])
        loosened = {k: v for k, v in override.items() if k != "module" and v is False}
        if any(m.startswith("warjudge") for m in modules):
            assert modules <= UNTYPED_BASES and loosened == {"disallow_subclassing_any": False}, override
        else:   # third-party stubs only
            assert set(override) == {"module", "ignore_missing_imports"}, override
