"""What an SJG choice's wording needs from the seat's view, in no language: the kinds of
the units an action names (the counters show kinds, not ids), counted in the counter
sheet's order, and the totals of a set-up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.view_types import SjgView

T = TypeVar("T")

ORDER = ("necromancer", "apprentice", "dragon", "wraith", "skeleton", "zombie", "mercenary")


@dataclass(frozen=True)
class Speakers:
    """How one wording table names hexes (`at`), a path (`path`), units by kind (`who`)
    and units by kind and the hex they act from (`who_from`), for one view: each said once
    per argument, since a movement listing names the same few groups and paths in
    thousands of moves (each group of a stack walks the same paths)."""

    at: Callable[[str], str]
    path: Callable[[list[str]], str]
    who: Callable[[list[Any]], str]
    who_from: Callable[[list[Any]], str]


def speakers(view: SjgView, places: dict[str, str], point_words: dict[str, str], from_word: str,
             units: Callable[[list[tuple[str, int]]], str], joined: Callable[[list[str]], str]) -> Speakers:
    """A wording table's `Speakers` for `view`: `places` the map's named points (hex ->
    point), `point_words` their names, `from_word` its "from", `units` its counted units
    ("2 zombies and a wraith") and `joined` its list ("a, b and c")."""
    by_id, stands = index(view), hexes(view)

    def at(h: str) -> str:
        return f"{h} ({point_words.get(places[h], places[h])})" if h in places else h

    def who(ids: list[Any]) -> str:
        return units(kinds(by_id, ids))

    def who_from(ids: list[Any]) -> str:   # which stack acts: units of one kind in two hexes differ
        return joined([f"{units(counted)} {from_word} {h}" if h else units(counted)
                       for h, counted in by_hex(by_id, stands, ids)])

    on_map = _map_words(places, point_words)
    named = _remembered(at, on_map[0])
    return Speakers(named, _remembered(lambda hexes: " → ".join(named(h) for h in hexes), on_map[1]),
                    _remembered(who), _remembered(who_from))


MAPS_KEPT, PATHS_KEPT = 16, 50_000   # maps (by language) and hexes or paths a map's words keep, at the most
# (the map's named points, their words) -> (hex -> its words, path -> its words): a hex and a
# path read nothing else, so their words hold for every listing on that map in that language;
# kept across listings, since each movement listing says a thousand paths and the next one most
# of the same
_MAPS: dict[tuple[Any, ...], tuple[dict[Any, str], dict[Any, str]]] = {}


def _map_words(places: dict[str, str], point_words: dict[str, str]) -> tuple[dict[Any, str], dict[Any, str]]:
    key = (tuple(sorted(places.items())), tuple(sorted(point_words.items())))
    kept = _MAPS.get(key)
    if kept is None or len(kept[1]) > PATHS_KEPT:
        if len(_MAPS) >= MAPS_KEPT:
            _MAPS.clear()
        kept = _MAPS[key] = ({}, {})
    return kept


def _remembered(say: Callable[[T], str], said: dict[Any, str] | None = None) -> Callable[[T], str]:
    """`say`, each answer kept by its argument (a list by its items) in `said` (if not
    given: for one view)."""
    said = {} if said is None else said

    def again(arg: T) -> str:
        key = tuple(arg) if isinstance(arg, list) else arg
        found = said.get(key)
        if found is None:
            found = said[key] = say(arg)
        return found

    return again


def index(view: SjgView) -> dict[str, str]:
    """Unit id -> kind, for the units the view shows (built once per view)."""
    return {str(u["id"]): u["kind"] for u in view.get("units", [])}


def hexes(view: SjgView) -> dict[str, str]:
    """Unit id -> the hex it stands in, for the units the view shows."""
    return {str(u["id"]): u["hex"] for u in view.get("units", []) if u.get("hex")}


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
