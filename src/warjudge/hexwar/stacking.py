"""Whether a stacking limit can still be met: hex games that check stacking only at the
end of a movement phase (SPI 4.28, 5.0) let units pass through and stop on friends while
the phase runs, so a move is legal only if the pieces that may still move could spread
out by the phase's end. That is a matching of pieces to hexes (each piece to its own hex
or one it may still reach, at most `limit` a hex), found by augmenting paths."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class Assignment:
    """A hex for every piece among its options, at most `limit` a hex (`hexes`), and the
    question asked of it for each move offered."""

    def __init__(self, options: Mapping[str, Sequence[str]], limit: int, hexes: dict[str, str]):
        self.options, self.limit, self.hexes = options, limit, hexes
        self.held: dict[str, list[str]] = {}
        for piece, h in sorted(hexes.items()):
            self.held.setdefault(h, []).append(piece)

    def allows(self, piece: str, h: str) -> bool:
        """Whether the other pieces could still all fit if `piece` (one of them, or a new
        one) were fixed in `h`: some holder of `h` moves on along an alternating path to a
        hex with room (the hex `piece` leaves has room). Reads only; one search."""
        freed, there = self.hexes.get(piece), self.held.get(h)
        if freed == h or not there or len(there) < self.limit:
            return True

        def room(x: str) -> bool:
            return len(self.held.get(x, ())) - (x == freed) < self.limit
        seen, waiting = {h}, [q for q in there if q != piece]
        while waiting:
            for x in self.options[waiting.pop()]:
                if x not in seen:
                    seen.add(x)
                    if room(x):
                        return True
                    waiting += [r for r in self.held.get(x, ()) if r != piece]
        return False


def assignment(options: Mapping[str, Sequence[str]], limit: int,
               start: Mapping[str, str] | None = None) -> Assignment | None:
    """A hex for every piece among its `options`, at most `limit` pieces a hex, or None if
    there is none. Pieces keep their hex in `start` where it fits (a piece that need
    not move stays), so the answer is the same for the same input, and cheap when only
    a few pieces conflict."""
    got: dict[str, str] = {}
    held: dict[str, list[str]] = {}
    start = start or {}
    for piece in sorted(options):
        h = start.get(piece)
        if h is not None and h in options[piece] and len(held.get(h, ())) < limit:
            _put(piece, h, got, held)
    for piece in sorted(options):
        if piece not in got and not _augment(piece, options, limit, got, held, set()):
            return None
    return Assignment(options, limit, got)


def _put(piece: str, h: str, got: dict[str, str], held: dict[str, list[str]]) -> None:
    if piece in got:
        held[got[piece]].remove(piece)
    got[piece] = h
    held.setdefault(h, []).append(piece)


def _augment(piece: str, options: Mapping[str, Sequence[str]], limit: int, got: dict[str, str],
             held: dict[str, list[str]], seen: set[str]) -> bool:
    """Kuhn's step: `piece` takes a hex with room, or one whose holder can go elsewhere."""
    for h in options[piece]:
        if h not in seen and len(held.get(h, ())) < limit:
            _put(piece, h, got, held)
            return True
    for h in options[piece]:
        if h in seen:
            continue
        seen.add(h)
        for other in list(held.get(h, ())):
            if _augment(other, options, limit, got, held, seen):
                _put(piece, h, got, held)
                return True
    return False


__all__ = ["Assignment", "assignment"]
