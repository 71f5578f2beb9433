"""Each hex game's log in words, from a view's events: what the decision page shows as
its results with dice (issue 14). It reads only the view it is given, so a seat's log
holds nothing its view does not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warjudge.presentation.gondor_sauron import log_en as gondor_sauron
from warjudge.presentation.sjg import wording_en as sjg

LAST = 60   # lines: the page shows the recent past, the record keeps everything

WORDERS: dict[str, Callable[[list[dict[str, Any]]], list[str]]] = {
    "necromancer-sjg": sjg.lines, "gondor": gondor_sauron.lines, "sauron": gondor_sauron.lines}


def log_lines(game_id: str, view: dict[str, Any]) -> list[str] | None:
    """The last lines of the game's log, newest last; None for a game without one."""
    words = WORDERS.get(game_id)
    return None if words is None else words(list(view.get("events", []))[-LAST:])
