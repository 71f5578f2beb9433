"""How a game is worded for people beyond its events (issue 25): its title and seats in
each language, and the words its page puts on its legal actions. Each game's registration
names its own (`core.games.GameInfo.words`), so no page or server code keeps a table keyed
by game id and a game added from outside is worded with no change there. English is the
default: the registration's title, the seats by id, the actions unworded."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from warjudge.core.game import Game

Names = dict[str, str]


@dataclass(frozen=True)
class Words:
    """A game's words: `titles`, its title by language where not English; `seats`, its seats'
    names by language (a language it gives none in: the names the game itself gave, if any,
    else the ids). A game whose page words its actions overrides `labels` and `worded` and
    sets `words_actions`."""

    titles: Mapping[str, str] = field(default_factory=dict)
    seats: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    words_actions: ClassVar[bool] = False   # `labels` and `worded` read the seat's view: the server builds it

    def title(self, lang: str, english: str) -> str:
        return self.titles.get(lang, english)

    def seat_names(self, lang: str, own: Mapping[str, Any] | None = None) -> Names:
        """Seat id -> its name in `lang`; `own`: the names by language the game gave (its
        `seat_names`, stored with its progress), used where these words have none."""
        if lang in self.seats:
            return dict(self.seats[lang])
        given = (own or {}).get(lang) if lang != "en" else None   # English: the ids, as the maps print them
        return dict(given) if isinstance(given, dict) else {}

    def names(self, lang: str) -> dict[str, Names]:
        """The `phases` by their titles and `sides` by their names in `lang` (a page's status
        line); {} for a game whose pages word no phase of their own."""
        return {}

    def labels(self, game: Game, actions: list[dict[str, Any]], view: dict[str, Any], lang: str) -> list[str] | None:
        """One label per action, in order, worded in `lang` from the seat's own `view`; None
        for a game whose page words its own."""
        return None

    def worded(self, game: Game, actions: list[dict[str, Any]], costs: dict[str, list[dict[str, Any]]],
               view: dict[str, Any], lang: str) -> dict[str, Any]:
        """What the seat's legal actions answer adds in `lang`, from the seat's own `view`
        (`labels`, one per action; worded `costs`; `phases`, `sides`, `pieces`); {}: nothing."""
        return {}

    def reads_view(self, actions: list[dict[str, Any]]) -> bool:
        """Whether `worded` reads the seat's view to word these `actions` (the server builds
        it only then, and gives {} otherwise)."""
        return self.words_actions


__all__ = ["Names", "Words"]
