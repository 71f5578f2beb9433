"""Nim for people (docs/adding-a-game.md, step 3): its refusals in words, one function a
language (the game raises codes with parameters), and its log for the pages. Its
registration names these."""

from __future__ import annotations

from typing import Any

from warjudge.core.events import Event


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
