"""Each legal action of a hex game worded for a person, in the reader's language (issue 24
finding 9): the page shows these labels and posts the action itself back. The words live
in each game's wording_en.py / wording_fr.py (`choice`); this module picks the table and
gives it what it reads: the seat's own view (nothing more is seen) and the map's named
places."""

from __future__ import annotations

import importlib
from typing import Any, Callable

from warjudge.core.game import Game

Action = dict[str, Any]
View = dict[str, Any]
Chooser = Callable[[View, dict[str, str]], Callable[[Action], str]]


def _sjg(lang: str) -> Chooser:
    if lang == "fr":
        from warjudge.presentation.sjg.wording_fr import chooser
    else:
        from warjudge.presentation.sjg.wording_en import chooser
    return chooser


def _gondor_sauron(lang: str) -> Chooser:
    if lang == "fr":
        from warjudge.presentation.gondor_sauron.wording_fr import chooser
    else:
        from warjudge.presentation.gondor_sauron.wording_en import chooser
    return chooser


CHOOSERS: dict[str, Callable[[str], Chooser]] = {"necromancer-sjg": _sjg, "gondor": _gondor_sauron,
                                                 "sauron": _gondor_sauron}


def places(game_id: str, game: Game) -> dict[str, str]:
    """The public map's named points (hex -> point name), for games that have them."""
    if game_id != "necromancer-sjg":
        return {}
    return {h: name for name, h in sorted(game.public_map.points.items())}


def labels(game_id: str, game: Game, actions: list[Action], view: View, lang: str) -> list[str] | None:
    """One label per action, in order; None for a game whose page words its own."""
    chooser = CHOOSERS.get(game_id)
    if chooser is None:
        return None
    say = chooser(lang)(view, places(game_id, game))
    return [_capital(say(action)) for action in actions]


def worded(game_id: str, game: Game, actions: list[Action], costs: dict[str, list[dict[str, Any]]],
           view: View, lang: str) -> dict[str, Any]:
    """What GET …/legal adds for a hex game, all in `lang`: the actions' `labels`, the
    `costs` with their `why` worded (the games write it in English) and, in Gondor & Sauron,
    the `phases` by their titles and `sides` by their names (the page's prompts and status
    line name them as the labels do) and, in Gondor & Sauron, the `pieces` the seat sees by
    their printed names."""
    module = _wording(game_id, lang)
    named = names(game_id, lang)
    if game_id != "necromancer-sjg":
        named["pieces"] = module.piece_names(view)
    if lang != "en":
        costs = {i: [c | {"why": module.cost(c, view)} for c in found] for i, found in costs.items()}
    return {"labels": labels(game_id, game, actions, view, lang), "costs": costs, **named}


def names(game_id: str, lang: str) -> dict[str, dict[str, str]]:
    """A hex game's `phases` by their titles and `sides` by their names, in `lang` (what a
    page's status line calls them); {} for a game whose pages word no phase of their own."""
    if game_id not in CHOOSERS:
        return {}
    module = _wording(game_id, lang)
    return {"phases": module.phase_titles(), "sides": module.side_names()}


def _wording(game_id: str, lang: str) -> Any:
    """The game's wording module in `lang` (English unless French)."""
    package = "sjg" if game_id == "necromancer-sjg" else "gondor_sauron"
    return importlib.import_module(f"warjudge.presentation.{package}.wording_{'fr' if lang == 'fr' else 'en'}")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
