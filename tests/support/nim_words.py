"""Nim for people (docs/adding-a-game.md, step 3): its refusals in words, one function a
language (the game raises codes with parameters), its log for the pages, and its title,
seats and actions in French. Its registration names these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from warjudge.core.events import Event
from warjudge.core.game import Game
from warjudge.core.words import Words


def english(event: Event) -> str:
    p = event.params
    if event.code == "nim.turn":
        return f"it is not {p['player']}'s turn"
    return f"take from 1 to {p['most']} counters"   # nim.take


def french(event: Event, names: dict[str, str] | None) -> str:
    p = event.params
    if event.code == "nim.turn":
        return f"ce n'est pas au tour de {(names or {}).get(p['player'], p['player'])}"
    return f"prenez de 1 à {p['most']} jetons"


def log(view: dict[str, Any], events: list[dict[str, Any]], lang: str) -> list[str]:
    """The turns so far, from the reader's view (Nim's view names no events: its `taken`)."""
    took = "prend" if lang == "fr" else "takes"
    return [f"{('first', 'second')[turn % 2]} {took} {count}" for turn, count in enumerate(view["taken"])]


@dataclass(frozen=True)
class NimWords(Words):
    """Its page labels each action ("Take 2", "Prendre 2") instead of showing its JSON."""

    words_actions: ClassVar[bool] = True

    def labels(self, game: Game, actions: list[dict[str, Any]], view: dict[str, Any], lang: str) -> list[str]:
        take = "Prendre" if lang == "fr" else "Take"
        return [f"{take} {action['count']}" for action in actions]

    def worded(self, game: Game, actions: list[dict[str, Any]], costs: dict[str, list[dict[str, Any]]],
               view: dict[str, Any], lang: str) -> dict[str, Any]:
        return {"labels": self.labels(game, actions, view, lang)}


WORDS = NimWords(titles={"fr": "Nim (le jeu d'exemple)"}, seats={"fr": {"first": "Premier", "second": "Second"}})
