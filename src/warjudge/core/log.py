"""An append-only sequence whose copies share every entry made before them.

A game's record and event log only grow, and a search clones a game thousands of times
a move: a list would be copied whole each time, so a clone would cost the length of the
game. A `Log` is a chain of links from the newest entry back to the first, never changed
once made: `copy` hands over the newest link (O(1)), and each copy appends its own
links after it. Entries must not be changed in place once appended (they are shared).
"""

from __future__ import annotations

from typing import Any, Generic, Iterable, Iterator, TypeVar, overload

T = TypeVar("T")


class Log(Generic[T]):
    __slots__ = ("_last", "_length")

    def __init__(self, entries: Iterable[T] = ()):
        self._last: tuple[Any, T] | None = None   # (the link before, the entry)
        self._length = 0
        for entry in entries:
            self.append(entry)

    def append(self, entry: T) -> None:
        self._last = (self._last, entry)
        self._length += 1

    def copy(self) -> "Log[T]":
        """An independent log holding the same entries (shared, not copied)."""
        twin: Log[T] = Log.__new__(Log)
        twin._last, twin._length = self._last, self._length
        return twin

    def marker(self) -> object:
        """What names these entries: a log with the same marker holds the same entries
        (links never change), and `after` finds what was appended since."""
        return self._last

    def after(self, marker: object, count: int) -> list[T] | None:
        """The entries appended since this log held `count` entries ending at `marker`
        (oldest first; walks only those), or None if it does not continue that log."""
        link = self._last
        out: list[T] = []
        for _ in range(self._length - count):
            link, entry = link   # type: ignore[misc]
            out.append(entry)
        if link is not marker or self._length < count:
            return None
        out.reverse()
        return out

    def last(self, count: int) -> list[T]:
        """The newest `count` entries, oldest first (walks only those)."""
        out: list[T] = []
        link = self._last
        while link is not None and len(out) < count:
            link, entry = link
            out.append(entry)
        out.reverse()
        return out

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[T]:
        return iter(self.last(self._length))

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        """Walks only back to the oldest entry asked for: `[-1]` (the last phase's report)
        and `[start:]` (what came after a point) cost what they return, not the log's length."""
        if isinstance(index, slice):
            start = index.start or 0
            if index.step is None and index.stop is None:
                return self.last(max(self._length - start, 0) if start >= 0 else -start)
            return self.last(self._length)[index]
        if -self._length <= index < 0:
            return self.last(-index)[0]
        return self.last(self._length)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self._last is other._last or list(self) == list(other)
        return isinstance(other, list) and list(self) == other

    __hash__ = None  # type: ignore[assignment]   # mutable, like a list

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as a flat list (a long chain would overflow their recursion)."""
        return (Log, (list(self),))

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"
