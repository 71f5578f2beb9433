"""Kruijswijk's guess-and-check driver, shared by every simultaneous-orders resolver.

Each order has one decision, an integer (0/1 for yes/no, or a strength). `resolve(i)`
computes it through `adjudicate(i)`, which may resolve other decisions. Meeting a
decision already being computed means a dependency cycle: its current guess is used and
noted. The head of a cycle is computed twice, with its lowest guess and with `top(i)`;
if both give the same answer it stands, otherwise `backup(i, cycle, first)` settles it
(circular movement, a convoy paradox, ...), and resolution carries on.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


class GuessAndCheck(ABC):
    def __init__(self, n: int):
        self.state = [UNRESOLVED] * n
        self.value = [0] * n
        self.deps: list[int] = []
        self.reads = 0  # counting reads of guesses also catches a guess already in deps

    @abstractmethod
    def adjudicate(self, i: int) -> int:
        """Decision i computed from the others (through `resolve`)."""

    def top(self, i: int) -> int:
        """The highest value decision i can take (the second guess)."""
        return 1

    @abstractmethod
    def backup(self, i: int, cycle: list[int], first: int) -> None:
        """Settle a cycle whose two guesses disagree; leave its orders resolvable."""

    def resolve(self, i: int) -> int:
        if self.state[i] == RESOLVED:
            return self.value[i]
        if self.state[i] == GUESSING:
            self.reads += 1
            if i not in self.deps:
                self.deps.append(i)
            return self.value[i]
        old, old_reads = len(self.deps), self.reads
        self.value[i], self.state[i] = 0, GUESSING
        first = self.adjudicate(i)
        if self.reads == old_reads:
            if self.state[i] != RESOLVED:
                self.value[i], self.state[i] = first, RESOLVED
            return first
        if len(self.deps) == old or self.deps[old] != i:
            # part of a cycle headed further up the stack: keep the guess for now
            self.deps.append(i)
            self.value[i] = first
            return first
        self._forget(old)
        self.value[i], self.state[i] = self.top(i), GUESSING
        second = self.adjudicate(i)
        if first == second:
            self._forget(old)
            self.value[i], self.state[i] = first, RESOLVED
            return first
        cycle = self.deps[old:]
        del self.deps[old:]
        self.backup(i, cycle, first)
        return self.resolve(i)

    def _forget(self, old: int) -> None:
        for j in self.deps[old:]:
            self.state[j] = UNRESOLVED
        del self.deps[old:]
