"""Each legal action of a hex game worded for a person, in the reader's language (issue 24
finding 9): the page shows these labels and posts the action itself back. The words live
in each game's wording_en.py / wording_fr.py (`choice`); `ChoiceWords` gives them what they
read: the seat's own view (nothing more is seen) and the map's named places. Which game
has such words is its registration's business (`core.games.GameInfo.words`)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, ClassVar

from warjudge.core import games
from warjudge.core.game import Game
from warjudge.core.words import Names, Words

Action = dict[str, Any]
View = dict[str, Any]


@dataclass(frozen=True)
class ChoiceWords(Words):
    """A hex game's words from its package's wording tables (`package`.wording_en /
    wording_fr): its actions, phases and sides; `places`: its actions name the public map's
    points (SJG); `pieces`: its answer names the pieces the seat sees (Gondor & Sauron)."""

    package: str = ""
    places: bool = False
    pieces: bool = False

    words_actions: ClassVar[bool] = True

    def _module(self, lang: str) -> Any:
        """The wording table in `lang` (English unless French)."""
        return importlib.import_module(f"{self.package}.wording_{'fr' if lang == 'fr' else 'en'}")

    def names(self, lang: str) -> dict[str, Names]:
        module = self._module(lang)
        return {"phases": module.phase_titles(), "sides": module.side_names()}

    def seat_names(self, lang: str, own: Any = None) -> Names:
        """The sides as the wording tables name them."""
        return dict(self.names(lang)["sides"])

    def worded(self, game: Game, actions: list[Action], costs: dict[str, list[dict[str, Any]]], view: View,
               lang: str) -> dict[str, Any]:
        """The actions' `labels`, the `costs` with their `why` worded (the games write it in
        English), the `phases` by their titles and `sides` by their names (the page's prompts
        and status line name them as the labels do) and, in Gondor & Sauron, the `pieces`
        the seat sees by their printed names."""
        module = self._module(lang)
        named: dict[str, Any] = self.names(lang)
        if self.pieces:
            named["pieces"] = module.piece_names(view)
        if lang != "en":
            costs = {i: [c | {"why": module.cost(c, view)} for c in found] for i, found in costs.items()}
        return {"labels": self.labels(game, actions, view, lang), "costs": costs, **named}

    def reads_view(self, actions: list[Action]) -> bool:
        """Only to word actions (and their costs) or name the pieces: a seat with nothing
        to do needs no view (building it cost a tenth of an SJG submission)."""
        return bool(actions) or self.pieces

    def labels(self, game: Game, actions: list[Action], view: View, lang: str) -> list[str]:
        places = {h: name for name, h in sorted(game.public_map.points.items())} if self.places else {}
        say = self._module(lang).chooser(view, places)
        return [_capital(say(action)) for action in actions]


def labels(game_id: str, game: Game, actions: list[Action], view: View, lang: str) -> list[str] | None:
    """One label per action, in order; None for a game whose page words its own."""
    return games.info(game_id).game_words().labels(game, actions, view, lang)


def worded(game_id: str, game: Game, actions: list[Action], costs: dict[str, list[dict[str, Any]]], view: View,
           lang: str) -> dict[str, Any]:
    """What GET …/legal adds for the game's seat, all in `lang` (its registered words)."""
    return games.info(game_id).game_words().worded(game, actions, costs, view, lang)


def words_actions(game_id: str) -> bool:
    """Whether the game's words label its actions (from the seat's view, which the server then builds)."""
    return games.info(game_id).game_words().words_actions


def reads_view(game_id: str, actions: list[Action]) -> bool:
    """Whether the game's words read the seat's view to word `actions` (`Words.reads_view`)."""
    return games.info(game_id).game_words().reads_view(actions)


def names(game_id: str, lang: str) -> dict[str, Names]:
    """The game's `phases` by their titles and `sides` by their names, in `lang` (what a
    page's status line calls them); {} for a game whose pages word no phase of their own."""
    return games.info(game_id).game_words().names(lang)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
