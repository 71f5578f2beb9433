"""docs/architecture.md stays true (issue 12: it "shows the interface and where each
game's rules, presentation and wording live"): every path it names exists, so a module
moved or renamed without the page following fails here. Paths are under `src/warjudge`
unless they start with docs/, tests/ or src/. docs/adding-a-game.md is held to the same."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
PAGES = {"docs/architecture.md": 40, "docs/adding-a-game.md": 6}   # page: more paths than this named
PATH = re.compile(r"`([\w./-]+(?:\.(?:py|md|json)|/))`")


def named_paths(text: str) -> list[str]:
    """Every backticked path: a file (.py, .md, .json) or a folder (ending in /)."""
    return sorted(set(PATH.findall(text)))


def missing(text: str) -> list[str]:
    def exists(path: str) -> bool:
        base = ROOT if path.startswith(("docs/", "tests/", "src/")) else ROOT / "src" / "warjudge"
        return (base / path).exists()
    return [p for p in named_paths(text) if not exists(p)]


@pytest.mark.parametrize("page", PAGES)
def test_every_path_the_page_names_exists(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert len(named_paths(text)) > PAGES[page]   # the scan finds the page's paths
    assert not missing(text), f"{page} names paths that do not exist: {missing(text)}"


def test_the_check_sees_a_missing_path() -> None:
    text = "`core/game.py`, `hexwar/sjg/` and `docs/rulings.md`, but `hexwar/sjg/apply.py` and `nowhere/`"
    assert missing(text) == ["hexwar/sjg/apply.py", "nowhere/"]
