"""The English wording of Gondor & Sauron's refusals: the rules refuse with a code and
JSON parameters (`core.events.Refusal`), and this table is the one place they become a
sentence (the log's events are worded in `log_en.py`)."""

from __future__ import annotations

from typing import Any, Callable

from warjudge.core.events import Event
from warjudge.hexwar.gondor_sauron.view_types import GondorView
from warjudge.presentation.gondor_sauron import choice_facts

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


# Choices: a legal action as a person reads it (issue 24 finding 9; presentation/choices.py)
SMALL = {"of", "the"}


def piece(piece_id: str, printed: dict[str, str]) -> str:
    """'Gondor Knights 10 (CD4X)': the counter's name and the code printed on it."""
    words, number = choice_facts.name_parts(piece_id)
    name = _title(words)
    code = printed.get(piece_id, "")
    return f"{name}{f' {number}' if number else ''}{f' ({code})' if code else ''}"


def _title(words: tuple[str, ...] | list[str]) -> str:
    return " ".join(w if w in SMALL and i else w.capitalize() for i, w in enumerate(words))


def spell(spell_id: str) -> str:
    """'total-eclipse-of-the-sun' -> 'Total Eclipse of the Sun'."""
    return _title(spell_id.split("-"))


def _path(hexes: list[str]) -> str:
    return " → ".join(hexes)


def phase_titles() -> dict[str, str]:
    """The Phases of the Sequence of Play (SPI 3.0) by their letters, as the rules title them."""
    from warjudge.hexwar.gondor_sauron.sequence import phases

    return {p.code: p.title for p in phases("gondor")}


def side_names() -> dict[str, str]:
    return {"westernesse": "Westernesse", "sauron": "Sauron"}


def piece_names(view: GondorView) -> dict[str, str]:
    """Every piece the seat sees -> its printed name and code, for the page's prompts."""
    printed = choice_facts.codes(view)
    return {p: piece(p, printed) for p in choice_facts.piece_ids(view)}


def chooser(view: GondorView, _places: dict[str, str]) -> Callable[[Params], str]:
    """Words for the actions of a seat that sees `view` (its counters' codes read once)."""
    printed = choice_facts.codes(view)
    return lambda action: choice(action, printed)


def choice(action: Params, printed: dict[str, str]) -> str:
    """The action as a short English sentence."""
    def name(key: str) -> str:
        return piece(str(action[key]), printed)

    kind = action.get("type")
    words: dict[str, Callable[[], str]] = {
        "move": lambda: f"move {name('piece')} to {action['to']}",
        "enter": lambda: f"bring {name('piece')} onto the map at {action['to']}",
        "split": lambda: f"split {name('unit')}: part goes to {action['to']}",
        "form": lambda: f"form {', '.join(piece(u, printed) for u in action['units'])} into a special formation "
                        f"with {name('leader')}",
        "cast": lambda: f"{name('leader')} casts {spell(action['spell'])}"
                        + (f" on {name('target')}" if action.get("target") else ""),
        "bombard": lambda: f"{name('engine')} bombards the hexside {'–'.join(action['hexside'])}",
        "fire": lambda: f"{name('unit')} fires on {name('target')}",
        "pour": lambda: f"pour {name('cauldron')} on {name('target')}",
        "attack": lambda: f"{name('unit')} attacks {name('target')}",
        "duel": lambda: f"{name('leader')} duels {name('target')}",
        "rally": lambda: f"{name('leader')} rallies {name('unit')}",
        "advance": lambda: f"advance {name('unit')}" + (f" into {action['to']}" if action.get("to") else ""),
        "evade": lambda: f"retreat before combat to {_path(action['path'])}",
        "retreat": lambda: f"retreat by {_path(action['path'])}" + (
            f", displacing the friends there to {_path([action['displace_to'], *action.get('then_to', [])])}"
            if action.get("displace_to") else ""),
        "decline": lambda: "do not displace: the retreating unit is lost instead",
        "stand": lambda: "stand and fight",
        "stay": lambda: "stay (do not advance)",
        "resolve": lambda: "make the stated attacks",
        "next": lambda: "go on to the next combat stage",
        "end": lambda: "end this phase",
    }
    say = words.get(str(kind))
    return say() if say else str(kind)
