"""Checks shared by every map validator (standard and variant map files)."""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Protocol, TypeVar


class _HasId(Protocol):
    """Anything a map file defines under an id (a province, an area)."""

    @property
    def id(self) -> str: ...


P = TypeVar("P", bound=_HasId)


def name_clashes(labelled: Iterable[tuple[str, Iterable[str]]], key: Callable[[str], str]) -> list[str]:
    """Problems for names or aliases that point at two provinces. `labelled` yields
    (province id, its labels); `key` normalises a label for comparison."""
    owner: dict[str, str] = {}
    problems = []
    for pid, labels in labelled:
        for label in labels:
            k = key(label)
            if k in owner and owner[k] != pid:
                problems.append(f"name {label!r} is used by both {owner[k]} and {pid}")
            owner.setdefault(k, pid)
    return problems


def unreachable(nodes: list[str], edges: Iterable[tuple[str, str]]) -> list[str]:
    """Nodes not connected to the first node through `edges`, sorted."""
    if not nodes:
        return []
    graph: dict[str, set[str]] = {n: set() for n in nodes}
    for a, b in edges:
        graph[a].add(b)
        graph[b].add(a)
    seen, todo = {nodes[0]}, deque([nodes[0]])
    while todo:
        for n in graph[todo.popleft()] - seen:
            seen.add(n)
            todo.append(n)
    return sorted(set(graph) - seen)


def pair_problems(pairs: Iterable[tuple[str, str]], valid: set[str], label: str, what: str) -> list[str]:
    """Unknown ends, self-borders and duplicates in a list of borders."""
    problems, seen = [], set()
    for a, b in pairs:
        problems += [f"{label} {a}-{b}: {end} is not {what}" for end in (a, b) if end not in valid]
        if a == b:
            problems.append(f"{label} {a}-{b} joins a place to itself")
        key = frozenset((a, b))
        if key in seen:
            problems.append(f"{label} {a}-{b} is listed twice")
        seen.add(key)
    return problems


def index_by_id(provinces: Iterable[P]) -> tuple[dict[str, P], list[str]]:
    """Provinces by id, and a problem for each id defined twice."""
    out: dict[str, P] = {}
    problems = []
    for p in provinces:
        if p.id in out:
            problems.append(f"province {p.id} is defined twice")
        out[p.id] = p
    return out, problems
