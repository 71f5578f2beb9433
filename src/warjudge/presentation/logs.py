"""Each hex game's log in words, from a view's events: what the decision page shows as
its results with dice (issue 14), in the reader's language, every unit named as its
counter is printed (issue 24 finding 9). It reads only the view it is given, so a seat's
log holds nothing its view does not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warjudge.core.game import View

from warjudge.presentation.gondor_sauron import log_en as gondor_sauron_en, log_fr as gondor_sauron_fr
from warjudge.presentation.sjg import wording_en as sjg_en, wording_fr as sjg_fr

LAST = 60   # lines: the page shows the recent past, the record keeps everything

Events = list[dict[str, Any]]
Worder = Callable[[View, Events], list[str]]
SJG: dict[str, Worder] = {"en": lambda view, events: sjg_en.page_lines(events),
                          "fr": lambda view, events: sjg_fr.page_lines(events)}
GONDOR_SAURON: dict[str, Worder] = {"en": gondor_sauron_en.page_lines, "fr": gondor_sauron_fr.page_lines}
WORDERS: dict[str, dict[str, Worder]] = {"necromancer-sjg": SJG, "gondor": GONDOR_SAURON, "sauron": GONDOR_SAURON}


def log_lines(game_id: str, view: View, lang: str = "en") -> list[str] | None:
    """The last lines of the game's log, newest last, in `lang` (English for a language
    the game has no words in); None for a game without one."""
    words = WORDERS.get(game_id)
    if words is None:
        return None
    return (words.get(lang) or words["en"])(view, list(view.get("events", []))[-LAST:])
