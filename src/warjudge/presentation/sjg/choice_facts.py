"""What an SJG choice's wording needs from the seat's view, in no language: the kinds of
the units an action names (the counters show kinds, not ids), counted in the counter
sheet's order, and the totals of a set-up."""

from __future__ import annotations

from typing import Any, Iterable

ORDER = ("necromancer", "apprentice", "dragon", "wraith", "skeleton", "zombie", "mercenary")


def index(view: dict[str, Any]) -> dict[str, str]:
    """Unit id -> kind, for the units the view shows (built once per view)."""
    return {str(u.get("id")): str(u.get("kind")) for u in view.get("units", [])}


def hexes(view: dict[str, Any]) -> dict[str, str]:
    """Unit id -> the hex it stands in, for the units the view shows."""
    return {str(u.get("id")): str(u.get("hex")) for u in view.get("units", []) if u.get("hex")}


def by_hex(by_id: dict[str, str], where: dict[str, str], ids: Iterable[Any]) -> list[tuple[str, list[tuple[str, int]]]]:
    """The units `ids` names grouped by the hex they stand in ('' where the view does not
    say), each group counted by kind: two wraiths attacking from two hexes are two choices."""
    groups: dict[str, list[Any]] = {}
    for i in ids:
        groups.setdefault(where.get(str(i), ""), []).append(i)
    return [(h, kinds(by_id, groups[h])) for h in sorted(groups)]


def kinds(by_id: dict[str, str], ids: Iterable[Any]) -> list[tuple[str, int]]:
    """(kind, how many) for the units `ids` names, as the view's `index` knows them."""
    return count_kinds(by_id.get(str(i), "unit") for i in ids)


def count_kinds(names: Iterable[str]) -> list[tuple[str, int]]:
    """(kind, how many), in the counter sheet's order (counted in a plain dict: a hex
    game's labels count the units of every legal action, and a `Counter` cost a fifth of them)."""
    counted: dict[str, int] = {}
    for name in names:
        counted[name] = counted.get(name, 0) + 1
    return sorted(counted.items(), key=_in_order)


_RANK = {kind: rank for rank, kind in enumerate(ORDER)}


def _in_order(counted: tuple[str, int]) -> int:
    return _RANK.get(counted[0], len(ORDER))


def placed(placements: dict[str, list[str]]) -> tuple[list[tuple[str, int]], int]:
    """A set-up's units counted by kind, and the number of hexes they stand in."""
    return count_kinds(k for there in placements.values() for k in there), len(placements)


def item_parts(item: str) -> tuple[str, str]:
    """'extra_jewel:zombie_movement' -> ('extra_jewel', 'zombie_movement'); 'sword' -> ('sword', '')."""
    name, _, power = item.partition(":")
    return name, power
