"""Nim's refusals in words, one function a language (docs/adding-a-game.md, step 3): the
game raises codes with parameters, its registration names these tables."""

from __future__ import annotations

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
