"""The generic part of the one visibility filter: a full view marks what the rules hide.

A game's full view (`view(None)`) marks every JSON object the rules hide from some
players with `"hidden_from": [players]` (an opponent's secret set-up, a hidden unit, a
choice not yet revealed). `redacted(full, viewer)` drops each such object from the
viewer's copy, wherever it sits (a dict value or a list item), so a game that builds its
player views this way cannot forget a channel; `redacted_for_all` drops what is hidden
from any of several viewers (the public view); `hidden_objects` lists what a viewer must
never see, for the tests that check every game's views against its full view.
"""

from __future__ import annotations

from typing import Any, Final, Iterable, Iterator

HIDDEN_FROM: Final = "hidden_from"   # Final: a TypedDict key too


def _hidden(value: Any, viewer: str) -> bool:
    return isinstance(value, dict) and viewer in value.get(HIDDEN_FROM, ())


def redacted(full: Any, viewer: str | None) -> Any:
    """A copy of `full` without the objects hidden from `viewer` (`None`: the games
    master, who sees everything)."""
    if viewer is None:
        return full
    return _kept(full, viewer)


def _kept(value: Any, viewer: str) -> Any:
    """`redacted` for one viewer. Scalars are passed on without a call of their own: a
    bot asks for a view at every action and a late game's view holds a thousand events."""
    if isinstance(value, dict):
        return {k: _kept(v, viewer) if isinstance(v, (dict, list)) else v for k, v in value.items()
                if not _hidden(v, viewer)}
    if isinstance(value, list):
        return [_kept(v, viewer) if isinstance(v, (dict, list)) else v for v in value if not _hidden(v, viewer)]
    return value


def redacted_for_all(full: Any, viewers: Iterable[str]) -> Any:
    """A copy of `full` without the objects hidden from any of `viewers`: what all of them
    may see. One walk, where `redacted` for each viewer in turn took one each (the public
    view of a seven-power game, built at every stored phase: issue 22)."""
    return _kept_by_all(full, frozenset(viewers))


def _kept_by_all(value: Any, viewers: frozenset[str]) -> Any:
    if isinstance(value, dict):
        return {k: _kept_by_all(v, viewers) if isinstance(v, (dict, list)) else v for k, v in value.items()
                if not (isinstance(v, dict) and not viewers.isdisjoint(v.get(HIDDEN_FROM, ())))}
    if isinstance(value, list):
        return [_kept_by_all(v, viewers) if isinstance(v, (dict, list)) else v for v in value
                if not (isinstance(v, dict) and not viewers.isdisjoint(v.get(HIDDEN_FROM, ())))]
    return value


def hidden_objects(full: Any, viewer: str) -> Iterator[dict[str, Any]]:
    """Every object of `full` marked hidden from `viewer` (outermost ones only)."""
    if _hidden(full, viewer):
        yield full
    elif isinstance(full, dict):
        for value in full.values():
            yield from hidden_objects(value, viewer)
    elif isinstance(full, list):
        for value in full:
            yield from hidden_objects(value, viewer)


__all__ = ["HIDDEN_FROM", "hidden_objects", "redacted", "redacted_for_all"]
