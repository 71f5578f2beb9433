"""Each hex game's log in words, from a view's events: what the decision page shows as
its results with dice (issue 14), in the reader's language, every unit named as its
counter is printed (issue 24 finding 9). It reads only the view it is given, so a seat's
log holds nothing its view does not. A game names its log's words in its registration
(`core.games.GameInfo.log`); the built-in hex games' are here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from warjudge.core import games
from warjudge.core.game import View

from warjudge.presentation.gondor_sauron import log_en as gondor_sauron_en, log_fr as gondor_sauron_fr
from warjudge.presentation.sjg import wording_en as sjg_en, wording_fr as sjg_fr

if TYPE_CHECKING:
    from warjudge.hexwar.gondor_sauron.view_types import GondorView

LAST = 60   # lines: the page shows the recent past, the record keeps everything

Events = list[dict[str, Any]]


def sjg(view: View, events: Events, lang: str) -> list[str]:
    return sjg_fr.page_lines(events) if lang == "fr" else sjg_en.page_lines(events)


def gondor_sauron(view: View, events: Events, lang: str) -> list[str]:
    seen = cast("GondorView", view)   # the registry gives this log Gondor & Sauron views only
    return gondor_sauron_fr.page_lines(seen, events) if lang == "fr" else gondor_sauron_en.page_lines(seen, events)


def log_lines(game_id: str, view: View, lang: str = "en") -> list[str] | None:
    """The last lines of the game's log, newest last, in `lang` (its registration's
    `GameInfo.log`, which words a language it has no words in in English); None for a game
    without one."""
    words = games.info(game_id).log_worder()
    if words is None:
        return None
    return words(view, list(view.get("events", []))[-LAST:], lang)
