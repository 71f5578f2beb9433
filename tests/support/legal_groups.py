"""A client's reading of the grouped legal listing (`GET …/legal?group=unit`, a game's
`legal_groups`): each grouped move spelled as an action again, or one picked at random
as the flat listing would pick it (the benchmarks' SJG clients). A group's path to a hex
is in `paths`, or for a suicide (its action marked `suicide`) in `drops`."""

from __future__ import annotations

import random
from typing import Any

Action = dict[str, Any]


def path(groups: dict[str, Any], move: dict[str, Any], to: str) -> list[str]:
    """The path of `move`'s group to `to`."""
    table = groups["drops"] if move["action"].get("suicide") else groups["paths"]
    return table[move["from"]][to]  # type: ignore[no-any-return]


def moves(groups: dict[str, Any]) -> list[Action]:
    """Each grouped move as its action, group by group, each group's hexes in order."""
    return [spelled(groups, move, to) for move in groups["moves"] for to in move["to"]]


def spelled(groups: dict[str, Any], move: dict[str, Any], to: str) -> Action:
    """The action of `move`'s group to `to`, as the flat listing spells it."""
    return move["action"] | {"path": path(groups, move, to)}  # type: ignore[no-any-return]


def pick(groups: dict[str, Any], chooser: random.Random) -> Action:
    """One of the legal actions, each as likely as in the flat listing, without spelling the others."""
    at = chooser.randrange(len(groups["actions"]) + sum(len(m["to"]) for m in groups["moves"]))
    if at < len(groups["actions"]):
        return groups["actions"][at]  # type: ignore[no-any-return]
    at -= len(groups["actions"])
    for move in groups["moves"]:
        if at < len(move["to"]):
            return spelled(groups, move, move["to"][at])
        at -= len(move["to"])
    raise ValueError("picked past the listing")
