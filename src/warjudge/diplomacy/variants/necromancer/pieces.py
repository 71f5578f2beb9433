"""Necromancer units as the rules write them (EN 3, 4.2 ii, 4.3 v, 6.1).

A written unit names one or more Components of one kind in one province, with their
Auxiliaries: `A Los`, `2A NIt`, `A/F DAm`, `2A/1F Pel`, `3A/2F/1E MTi`, `A/E Min`,
`W Ise`, `N MMo`, `C Wol`, `S EMi`, `D Wit`. Long names (English or French) are
accepted too: `Army/Fleet DAm`, `Armée/Flotte Dam`, `Magicien Ise`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

from warjudge.core.errors import InputError

ARMY, CAVALRY, WIZARD, NAZGUL, SPIDERS, DRAGONS = "A", "C", "W", "N", "S", "D"
FLEET, ENGINE = "F", "E"
KINDS = (ARMY, CAVALRY, WIZARD, NAZGUL, SPIDERS, DRAGONS)
PERSONALITIES = (WIZARD, NAZGUL)                      # EN 3.3, 7.7 i, 7.8.1 i
STRENGTH = {ARMY: 1, CAVALRY: 1, SPIDERS: 1, DRAGONS: 1, WIZARD: 0, NAZGUL: 0}  # EN 2.2.2, 3.3 i
DOUBLE_MOVERS = (CAVALRY, NAZGUL)                     # EN 7.6 ii, 7.8.1 iv
HIDDEN_MOVERS = (WIZARD, NAZGUL)                      # EN 7.7 iii, 7.8.1 iii

_LONG = {
    "army": ARMY, "armee": ARMY, "cavalry": CAVALRY, "cavalerie": CAVALRY, "wizard": WIZARD,
    "magicien": WIZARD, "nazgul": NAZGUL, "spiders": SPIDERS, "spider": SPIDERS, "araignees": SPIDERS,
    "dragons": DRAGONS, "dragon": DRAGONS, "fleet": FLEET, "flotte": FLEET, "engine": ENGINE,
    "siege engine": ENGINE, "engin": ENGINE, "engin de siege": ENGINE,
}
UNIT_WORDS = frozenset(_LONG)   # the long names a designation may use for a kind or an Auxiliary


def fold(text: str) -> str:
    """Lower case without accents: 'Armée' -> 'armee', 'Nazgûl' -> 'nazgul'."""
    if text.isascii():   # the usual case, and a quarter of a phase's parsing time otherwise
        return text.lower()
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn").lower()


@dataclass(frozen=True)
class Component:
    """One Unit; `aux` is its Auxiliary (F, E) if any (EN 3.4 v: at most one)."""

    kind: str
    aux: str | None = None

    @property
    def strength(self) -> int:
        return STRENGTH[self.kind]

    @property
    def personality(self) -> bool:
        return self.kind in PERSONALITIES


@dataclass(frozen=True)
class Group:
    """Components of one kind, written together, in one province."""

    kind: str
    count: int
    auxiliaries: tuple[tuple[str, int], ...]  # ((F, 1), (E, 1)): how many carry each auxiliary
    province: str

    def components(self) -> list[Component]:
        out = []
        for aux, n in self.auxiliaries:
            out += [Component(self.kind, aux)] * n
        out += [Component(self.kind)] * (self.count - sum(n for _, n in self.auxiliaries))
        return out

    @property
    def wanted(self) -> tuple[tuple[str, str | None], ...]:
        """(kind, Auxiliary) of each Component named, in the order of `components()`
        (Auxiliaries first): kept per designation, asked of every order (issue 12: speed)."""
        return _wanted(self.kind, self.count, self.auxiliaries)

    def __str__(self) -> str:
        return f"{format_components(self.kind, self.count, self.auxiliaries)} {self.province}"


@lru_cache(maxsize=1024)
def _wanted(kind: str, count: int, auxiliaries: tuple[tuple[str, int], ...]) -> tuple[tuple[str, str | None], ...]:
    plain = count - sum(n for _, n in auxiliaries)
    return tuple((kind, aux) for aux, n in auxiliaries for _ in range(n)) + ((kind, None),) * plain


def format_components(kind: str, count: int, auxiliaries: Iterable[tuple[str, int]]) -> str:
    text = f"{count if count > 1 else ''}{kind}"
    for aux, n in auxiliaries:
        text += f"/{n if count > 1 else ''}{aux}"
    return text


def group_of(components: list[Component], province: str) -> Group:
    """The written form of same-kind components (e.g. for reports)."""
    kinds = {c.kind for c in components}
    if len(kinds) != 1:
        raise ValueError("a written unit holds components of one kind")
    auxes: dict[str, int] = {}
    for c in components:
        if c.aux:
            auxes[c.aux] = auxes.get(c.aux, 0) + 1
    return Group(kinds.pop(), len(components), _aux_order(auxes), province)


_DESIGNATION = re.compile(r"^(\d*)([a-z]+)((?:/\d*[a-z]+)*)$")
# No power ever has more units than there are supply centres (EN 6.3 i: about 57 on the
# map); a written count is refused above this bound before any work is done with it.
MAX_COUNT = 99


Designation = tuple[str, int, tuple[tuple[str, int], ...]]   # kind, count, auxiliaries: '2A/1F'


def parse_designation(text: str, what: str = "unit") -> Designation:
    """'2A/1F' -> ('A', 2, (('F', 1),)); 'Armée/Flotte' -> ('A', 1, (('F', 1),))."""
    if len(text) <= 40:
        return _designation(text, what)
    return _parse_designation(text, what)


@lru_cache(maxsize=4096)
def _designation(text: str, what: str) -> tuple[str, int, tuple[tuple[str, int], ...]]:
    """Designations are few and the parser reads each one several times an order: kept
    (an InputError is never kept, so a wrong one is told again)."""
    return _parse_designation(text, what)


def _parse_designation(text: str, what: str) -> tuple[str, int, tuple[tuple[str, int], ...]]:
    folded = fold(text.strip()).replace(" ", "")
    m = _DESIGNATION.match(folded) if len(folded) <= 40 else None
    if not m:
        raise InputError(f"{what} {_short(text)}: write it like 'A', '2A', 'A/F', '2A/1F' or 'W'")
    count = _count(m.group(1), what, text)
    kind = _letter(m.group(2), KINDS, what, text)
    auxiliaries: dict[str, int] = {}
    for part in filter(None, m.group(3).split("/")):
        pm = re.match(r"(\d*)([a-z]+)$", part)
        assert pm is not None   # _DESIGNATION matched every part
        n = _count(pm.group(1), what, text)
        aux = _letter(pm.group(2), (FLEET, ENGINE), what, text)
        auxiliaries[aux] = auxiliaries.get(aux, 0) + n
    if count < 1:
        raise InputError(f"{what} {_short(text)}: a unit has at least one component")
    if kind in PERSONALITIES and (count > 1 or auxiliaries):
        raise InputError(f"{what} {_short(text)}: a Personality is a single unit without Auxiliaries (EN 3.3 i)")
    if sum(auxiliaries.values()) > count:
        raise InputError(f"{what} {_short(text)}: each component carries at most one Auxiliary (EN 3.4 v)")
    return kind, count, _aux_order(auxiliaries)


def _count(digits: str, what: str, text: str) -> int:
    if not digits:
        return 1
    if len(digits.lstrip("0")) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        raise InputError(f"{what} {_short(text)}: at most {MAX_COUNT} Components in one unit")
    return int(digits)


def _short(text: str) -> str:
    """A user's text quoted in a message, cut if long (a message must stay readable)."""
    text = str(text)
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _aux_order(auxiliaries: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """Fleets before Engines, as the rules write '3A/2F'."""
    return tuple((aux, auxiliaries[aux]) for aux in (FLEET, ENGINE) if auxiliaries.get(aux))


def _letter(word: str, allowed: tuple[str, ...], what: str, text: str) -> str:
    letter = word.upper() if len(word) == 1 else _LONG.get(word)
    if letter not in allowed:
        raise InputError(f"{what} {_short(text)}: unknown unit or auxiliary {_short(word)}")
    return letter


def parse_group(text: str, resolve_province: Callable[[str], str | None]) -> Group:
    """'2A/1F Pel' -> Group. `resolve_province(name)` returns an id or None."""
    parts = str(text).strip().rsplit(None, 1)
    if len(parts) != 2:
        raise InputError(f"unit {_short(text)}: write it like 'A Los' or '2A/1F Pel'")
    designation, name = parts
    name = name.strip("()")
    province = resolve_province(name)
    if province is None:
        raise InputError(f"unit {_short(text)}: unknown province {_short(name)}")
    kind, count, auxiliaries = parse_designation(designation)
    return Group(kind, count, auxiliaries, province)
