"""Copies of a game's pieces, for a search's clones (issue 25 finding 5).

A hex game's pieces are small objects whose fields are strings, numbers and frozen values,
so a copy of their fields is a copy of the piece. Written out because a clone copies
every piece on the map: `copy.copy` or `dataclasses.replace` made one piece three times
as dear, and the call per piece was a third of a Gondor & Sauron clone.
"""

from __future__ import annotations

from typing import TypeVar

P = TypeVar("P")
K = TypeVar("K")


def copied(piece: P) -> P:
    """A new piece with the same fields (shared: strings, numbers and frozen values)."""
    twin = object.__new__(type(piece))
    twin.__dict__ = piece.__dict__.copy()
    return twin


def copied_all(pieces: dict[K, P]) -> dict[K, P]:
    """Each piece `copied`, in one loop."""
    new, out = object.__new__, {}
    for key, piece in pieces.items():
        twin = new(type(piece))
        twin.__dict__ = piece.__dict__.copy()
        out[key] = twin
    return out


__all__ = ["copied", "copied_all"]
