"""A client's reading of the grouped legal listing (`GET …/legal?group=unit`, a game's
`legal_groups`): each grouped move spelled as an action again, or one picked at random
as the flat listing would pick it (the benchmarks' SJG clients)."""

from __future__ import annotations

import random
from typing import Any

Action = dict[str, Any]


def moves(groups: dict[str, Any]) -> list[Action]:
    """Each grouped move as its action, group by group, each group's hexes in order."""
    return [move["action"] | {"path": groups["paths"][move["from"]][to]} for move in groups["moves"] for to in move["to"]]


def pick(groups: dict[str, Any], chooser: random.Random) -> Action:
    """One of the legal actions, each as likely as in the flat listing, without spelling the others."""
    at = chooser.randrange(len(groups["actions"]) + sum(len(m["to"]) for m in groups["moves"]))
    if at < len(groups["actions"]):
        return groups["actions"][at]  # type: ignore[no-any-return]
    at -= len(groups["actions"])
    for move in groups["moves"]:
        if at < len(move["to"]):
            return move["action"] | {"path": groups["paths"][move["from"]][move["to"][at]]}  # type: ignore[no-any-return]
        at -= len(move["to"])
    raise ValueError("picked past the listing")
