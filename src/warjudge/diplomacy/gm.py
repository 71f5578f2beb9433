"""What a games master does to a Diplomacy game of either variant, through the one game
interface only (act, legal_actions, to_act, clone).

A GM enters a whole list of a power's orders at once (`game orders`): it replaces what
the power gave before, and becomes the interface's atomic actions (a `retract` of each
earlier order, then one `order` action per line). A line the game refuses (a void order)
is reported with the reason and left out: the unit then takes the rules' default
(it holds; a dislodged unit disbands; a missing removal is chosen by civil disorder),
which is what the judge does with a void order (docs/rulings.md).
"""

from __future__ import annotations

from warjudge.core.errors import IllegalAction, InputError
from warjudge.core.game import Action, Game
from warjudge.diplomacy.actions import MAX_ORDER_TEXT, MAX_ORDERS


def order_actions(game: Game, power: str, texts: list[str]) -> tuple[list[Action], list[tuple[str, str]]]:
    """(the actions that enter `texts` as `power`'s orders, (text, reason) of each refused
    line). Tried on a copy: the game itself does not change."""
    if power not in game.players:
        raise InputError(f"unknown power {power!r}; powers are {', '.join(game.players)}")
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise InputError("orders must be a list of strings")
    if len(texts) > MAX_ORDERS or any(len(t) > MAX_ORDER_TEXT for t in texts):   # bounded before any work
        raise InputError(f"at most {MAX_ORDERS} orders of at most {MAX_ORDER_TEXT} characters for one power")
    trial = game.clone(reseed=False)
    if power not in trial.to_act():
        return [], [(t, f"{power} has nothing to order now") for t in texts]
    actions: list[Action] = [a for a in trial.legal_actions(power) if a["type"] == "retract"]
    for action in actions:
        trial.act(power, action)
    problems = []
    for text in texts:
        action = {"type": "order", "order": text}
        try:
            trial.act(power, action)
        except IllegalAction as exc:
            problems.append((text, str(exc)))
        else:
            actions.append(action)
    return actions, problems


def enter_orders(game: Game, power: str, texts: list[str]) -> list[tuple[str, str]]:
    """Enter `power`'s orders (replacing earlier ones); returns the refused lines."""
    actions, problems = order_actions(game, power, texts)
    for action in actions:
        game.act(power, action)
    return problems

