"""The English wording of Gondor & Sauron's refusals: the rules refuse with a code and
JSON parameters (`core.events.Refusal`), and this table is the one place they become a
sentence (the log's events are worded in `log_en.py`)."""

from __future__ import annotations

from typing import Any, Callable

from warjudge.core.events import Event

Params = dict[str, Any]

REFUSALS: dict[str, Callable[[Params], str]] = {
    "gs.refused.unknown_options": lambda p: f"unknown option(s) {', '.join(p['unknown'])} "
                                            f"(the options are {', '.join(p['known'])})",
    "gs.refused.max_turns": lambda p: f"max_turns must be a whole number from 1 to {p['most']}, not {p['given']!r}",
    "gs.refused.gm_process_only": lambda p: "the games master may only force the game on: {'type': 'process'}",
    "gs.refused.game_over": lambda p: "the game is over",
    "gs.refused.not_your_turn": lambda p: f"it is not {p['player']}'s turn: {p['waiting']} is to act"
                                          + (f" ({p['kind']})" if p.get("kind") else ""),
    "gs.refused.not_an_object": lambda p: "an action is a JSON object with a \"type\"",
    "gs.refused.overstacked": lambda p: f"the Movement Phase may not end with more than one combat unit a hex "
                                        f"(SPI 4.28, 5.0): move one away from {', '.join(p['hexes'])} first",
    "gs.refused.must_attack": lambda p: f"{p['player']} cannot end the melee: "
                                        f"{', '.join(p['units'])} must attack an enemy whose zone it is in (SPI 7.31)",
    "gs.refused.not_legal": lambda p: f"{p['player']} cannot {p['action']} now ({p['kind']}); "
                                      f"see legal_actions",
    "gs.refused.leaders_alone": lambda p: f"{', '.join(p['leaders'])} must be stacked with a combat unit they may "
                                          f"stack with before the Combat Phase, and can still be (SPI 8.1)",
}


def english(event: Event) -> str:
    """The refusal in English; an unknown code is a bug, reported as such."""
    render = REFUSALS.get(event.code)
    if render is None:
        raise KeyError(f"no English wording for the refusal {event.code!r}")
    return render(event.params)
