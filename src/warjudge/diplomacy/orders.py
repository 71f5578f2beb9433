"""Order grammar: parse what players type, format canonical text.

Parsing is map-aware (abbreviations, aliases and full names) but phase-agnostic: it
answers "what does this text say", never "is it legal" (that is `legality.py`).
A malformed order raises OrderRefusal (an OrderError) with a reason code a player can act on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from warjudge.core.events import OrderRefusal
from warjudge.diplomacy.mapdata import DipMap, normalise_name, province_of


HOLD, MOVE, SUPPORT, CONVOY = range(4)   # what a movement order's decision is about (resolver.py)


@dataclass(frozen=True)
class Order:
    KIND: ClassVar[int] = HOLD   # read instead of isinstance where the judge asks thousands of times
    power: str
    unit_type: str | None  # "A", "F", or None when the player left it out
    location: str          # where the ordered unit stands, e.g. "spa/sc" or "par"
    province: str = field(init=False, repr=False, compare=False)  # location without its coast

    def __post_init__(self) -> None:
        # Computed once: the adjudicator asks for it tens of times per order.
        object.__setattr__(self, "province", province_of(self.location))


@dataclass(frozen=True)
class Hold(Order):
    pass


@dataclass(frozen=True)
class Move(Order):
    KIND: ClassVar[int] = MOVE
    dest: str
    via_convoy: bool = False


@dataclass(frozen=True)
class SupportHold(Order):
    KIND: ClassVar[int] = SUPPORT
    target_type: str | None
    target: str


@dataclass(frozen=True)
class SupportMove(Order):
    KIND: ClassVar[int] = SUPPORT
    target_type: str | None
    target: str
    target_dest: str


@dataclass(frozen=True)
class Convoy(Order):
    KIND: ClassVar[int] = CONVOY
    army_from: str
    army_to: str


@dataclass(frozen=True)
class Retreat(Order):
    dest: str


@dataclass(frozen=True)
class Disband(Order):
    pass


@dataclass(frozen=True)
class Build(Order):
    unit_type: str   # a build always names its unit: the parser refuses one that does not


@dataclass(frozen=True)
class Waive(Order):
    pass


def format_order(order: Order) -> str:
    """Canonical text, e.g. 'A par - bur', 'F nth C A lon - bel', 'Build F stp/nc'."""
    unit = f"{order.unit_type} {order.location}" if order.unit_type else order.location
    match order:
        case Hold():
            return f"{unit} H"
        case Move(dest=d, via_convoy=v):
            return f"{unit} - {d}" + (" via convoy" if v else "")
        case SupportHold(target_type=t, target=x):
            return f"{unit} S {t + ' ' if t else ''}{x}"
        case SupportMove(target_type=t, target=x, target_dest=d):
            return f"{unit} S {t + ' ' if t else ''}{x} - {d}"
        case Convoy(army_from=a, army_to=b):
            return f"{unit} C A {a} - {b}"
        case Retreat(dest=d):
            return f"{unit} R {d}"
        case Disband():
            return f"{unit} D"
        case Build():
            return f"Build {unit}"
        case Waive():
            return "Waive"
    raise TypeError(order)


# --- tokenising -----------------------------------------------------------------

_KEYWORDS = {
    "h": "H", "hold": "H", "holds": "H", "stand": "H", "stands": "H",
    "s": "S", "sup": "S", "supp": "S", "support": "S", "supports": "S",
    "c": "C", "convoy": "C", "convoys": "C",
    "r": "R", "retreat": "R", "retreats": "R",
    "d": "D", "disband": "D", "disbands": "D", "remove": "D", "removes": "D",
    "b": "B", "build": "B", "builds": "B",
    "waive": "W", "waives": "W",
    "-": "-", "to": "-", "m": "-", "move": "-", "moves": "-",
    "a": "A", "army": "A", "f": "F", "fleet": "F",
    "via": "VIA", "by": "VIA",
}
_COAST_WORDS = {
    "nc": "nc", "sc": "sc", "ec": "ec", "wc": "wc",
    "north coast": "nc", "south coast": "sc", "east coast": "ec", "west coast": "wc",
    "n": "nc", "s": "sc", "e": "ec", "w": "wc",
}


class _Names:
    """Per-map regex that turns multi-word province names into their ids. Kept on the map
    itself, so it lives and dies with it (a table keyed by id(map) kept every map alive)."""

    def __init__(self, dmap: DipMap):
        multi = sorted((n for n in dmap.names if " " in n), key=len, reverse=True)
        self.dmap = dmap
        self.pattern = (
            re.compile(r"\b(" + "|".join(r"[\s\-]+".join(map(re.escape, n.split())) for n in multi) + r")\b")
            if multi else None
        )

    @classmethod
    def of(cls, dmap: DipMap) -> "_Names":
        names = dmap.name_reader
        if not isinstance(names, _Names) or names.dmap is not dmap:   # a copied map makes its own
            names = dmap.name_reader = cls(dmap)
        return names

    def replace(self, text: str) -> str:
        if self.pattern is None:
            return text
        return self.pattern.sub(lambda m: " " + self.dmap.names[normalise_name(m.group(1))] + " ", text)


_PLAIN = re.compile(r"[a-z0-9/ \-]+")
_ABBREV_COAST = re.compile(r"\((north|south|east|west) coast\)")
_PAREN_COAST = re.compile(r"\s*\(\s*([nsew]c?)\s*\)")
_SLASH = re.compile(r"\s*/\s*")
_ARROWS = re.compile(r"(->|=>|→|–|—|-|>)")
_PUNCT = re.compile(r"[,:;]")


def _tokens(text: str, dmap: DipMap) -> list[str]:
    t = text.strip().lower()
    if _PLAIN.fullmatch(t):
        # Fast path for the usual 'a par - bur' / 'f stp/sc s a mos' forms: every word is
        # already a keyword or an abbreviation, so the name and coast rewriting is not needed.
        tokens = t.replace("-", " - ").split()
        if all(tok in _KEYWORDS or tok.partition("/")[0] in dmap.names for tok in tokens):
            return tokens
    t = t.replace("’", "'")
    t = re.sub(r"[.']", "", t)                       # St. Petersburg -> st petersburg
    t = _Names.of(dmap).replace(t)
    t = _ABBREV_COAST.sub(lambda m: "/" + m.group(1)[0] + "c", t)
    t = _PAREN_COAST.sub(r"/\1", t)                  # stp(sc), stp (sc)
    t = _SLASH.sub("/", t)                            # stp / sc
    t = _ARROWS.sub(" - ", t)
    t = _PUNCT.sub(" ", t)
    return t.split()


class _Reader:
    def __init__(self, text: str, power: str, dmap: DipMap):
        self.text, self.power, self.dmap = text, power, dmap
        self.toks = _tokens(text, dmap)
        self.kinds = [_KEYWORDS.get(t) for t in self.toks] + [None]
        self.i = 0

    def fail(self, code: str, **params: Any) -> OrderRefusal:
        return OrderRefusal(self.text, code, **params)

    def peek(self) -> str | None:
        return self.kinds[self.i]

    def raw(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, keyword: str) -> bool:
        if self.peek() == keyword:
            self.i += 1
            return True
        return False

    def done(self) -> bool:
        return self.i >= len(self.toks)

    def unit_type(self) -> str | None:
        for kind in ("A", "F"):
            # "a"/"f" are unit types unless they are the province (there is none named so)
            if self.peek() == kind and self.i + 1 < len(self.toks):
                self.i += 1
                return kind
        return None

    def location(self, what: str) -> str:
        tok = self.raw()
        if tok is None:
            raise self.fail("dip.order.missing", what=what)
        self.i += 1
        name, _, coast_word = tok.partition("/")
        pid = self.dmap.names.get(name) or self.dmap.resolve_name(name)
        if pid is None:
            raise self.fail("dip.order.unknown_province", token=name)
        if not coast_word:
            return pid
        coast = _COAST_WORDS.get(coast_word)
        prov = self.dmap.provinces[pid]
        if coast is None or (prov.coasts and coast not in prov.coasts):
            raise self.fail("dip.order.wrong_coast", province=pid, token=coast_word, coasts=list(prov.coasts)) \
                if prov.coasts else self.fail("dip.order.no_coast", province=pid, token=coast_word)
        return f"{pid}/{coast}" if prov.coasts else pid


_new, _set = object.__new__, object.__setattr__
_O = TypeVar("_O", bound=Order)


def _quick(cls: type[_O], power: str, unit_type: str | None, location: str,
           a: object = None, b: object = None, c: object = None) -> _O:
    """`cls(power, unit_type, location, a, b, c)` (as many of a, b, c as the class has
    fields after `location`, every one given) for the canonical fast path: the dataclass
    constructor's global look-up per field and its __post_init__ call made building an
    order 40 % of parsing it (issue 12). Fields are set as that constructor sets them, in
    the same order; not through `__dict__`, which turns the object's inline attribute
    values into a dict and slows every later read (measured: a phase 6 % slower). Same
    order object: tests/diplomacy/test_orders.py compares them field by field."""
    o = _new(cls)
    _set(o, "power", power)
    _set(o, "unit_type", unit_type)
    _set(o, "location", location)
    names = cls.__match_args__
    if len(names) > 3:
        _set(o, names[3], a)
        if len(names) > 4:
            _set(o, names[4], b)
            if len(names) > 5:
                _set(o, names[5], c)
    _set(o, "province", location[:location.index("/")] if "/" in location else location)
    return o


def amended(order: _O, **changes: object) -> _O:
    """`dataclasses.replace(order, **changes)`, made as `_quick` makes an order (the same
    fields set in the same order, `province` last): the legality checks fill in a unit's
    type or a destination's coast this way, and `replace`'s field walk and keyword call
    were most of a check's cost where it amends (issue 26)."""
    cls = order.__class__
    o = _new(cls)
    for name in cls.__match_args__:
        _set(o, name, changes[name] if name in changes else getattr(order, name))
    location = o.location
    _set(o, "province", location[:location.index("/")] if "/" in location else location)
    return o


def _parse_canonical(text: str, power: str, dmap: DipMap) -> Order | None:
    """Orders written canonically (what `format_order` and the legal-order lists write, and
    what bots send) are read by splitting on single spaces and looking the locations up in
    the map's table of canonical locations; None for anything else, which the full reader
    then reads (and explains). Issue 12: this is most of the parsing a phase does."""
    toks = text.split(" ")
    n = len(toks)
    if n < 3 or n > 7:
        return _quick(Waive, power, None, "") if text == "Waive" else None
    kind, here, verb = toks[0], toks[1], toks[2]
    locs = dmap.canonical_locations
    if kind == "Build":
        return _quick(Build, power, here, verb) if n == 3 and (here == "A" or here == "F") and verb in locs else None
    if (kind != "A" and kind != "F") or here not in locs:
        return None
    if n == 3:
        if verb == "H":
            return _quick(Hold, power, kind, here)
        return _quick(Disband, power, kind, here) if verb == "D" else None
    if verb == "-":
        dest = toks[3]
        if dest not in locs:
            return None
        if n == 4:
            return _quick(Move, power, kind, here, dest, False)
        if n == 6 and toks[4] == "via" and toks[5] == "convoy":
            return _quick(Move, power, kind, here, dest, True)
        return None
    if verb == "S":
        ttype, target = toks[3], toks[4] if n > 4 else ""
        if (ttype != "A" and ttype != "F") or target not in locs:
            return None
        if n == 5:
            return _quick(SupportHold, power, kind, here, ttype, target)
        if n == 7 and toks[5] == "-" and toks[6] in locs:
            return _quick(SupportMove, power, kind, here, ttype, target, toks[6])
        return None
    if verb == "C":   # the convoyed army's places are provinces, never coasts
        if n == 7 and toks[3] == "A" and toks[5] == "-" and toks[4] in dmap.provinces and toks[6] in dmap.provinces:
            return _quick(Convoy, power, kind, here, toks[4], toks[6])
        return None
    if verb == "R" and n == 4 and toks[3] in locs:
        return _quick(Retreat, power, kind, here, toks[3])
    return None


parse_canonical = _parse_canonical   # for callers that read many orders (results.parse_entries)


def parse_order(text: str, power: str, dmap: DipMap) -> Order:
    """Parse one order written by `power`. Raises OrderRefusal with the reason."""
    if not isinstance(text, str):
        raise OrderRefusal(str(text), "dip.order.empty")
    fast = _parse_canonical(text, power, dmap)   # issue 12: parsing was half of a phase's time
    if fast is not None:
        return fast
    if not text.strip():
        raise OrderRefusal(text, "dip.order.empty")
    r = _Reader(text, power, dmap)
    if r.take("W"):
        if not r.done():
            raise r.fail("dip.order.after_waive")
        return Waive(power, None, "")
    if r.take("B"):
        kind = r.unit_type()
        loc = r.location("province_to_build")
        if kind is None:
            raise r.fail("dip.order.build_which")
        _end(r)
        return Build(power, kind, loc)
    if r.take("D"):  # "Disband F gol", "Remove gol"
        kind = r.unit_type()
        loc = r.location("unit_to_disband")
        _end(r)
        return Disband(power, kind, loc)

    kind = r.unit_type()
    loc = r.location("ordered_unit")
    if r.done() or r.peek() == "H":
        r.take("H")
        _end(r)
        return Hold(power, kind, loc)
    if r.take("B"):
        _end(r)
        if kind is None:
            raise r.fail("dip.order.build_which_after")
        return Build(power, kind, loc)
    if r.take("D"):
        _end(r)
        return Disband(power, kind, loc)
    if r.take("R"):
        r.take("-")
        dest = r.location("retreat_destination")
        _end(r)
        return Retreat(power, kind, loc, dest)
    if r.take("-"):
        dest = r.location("destination")
        via = False
        if r.take("VIA"):  # "via convoy", "by convoy"
            if not r.take("C"):
                raise r.fail("dip.order.via_convoy")
            via = True
        _end(r)
        return Move(power, kind, loc, dest, via)
    if r.take("S"):
        ttype = r.unit_type()
        target = r.location("supported_unit")
        if r.done() or r.take("H"):
            _end(r)
            return SupportHold(power, kind, loc, ttype, target)
        if not r.take("-"):
            raise r.fail("dip.order.support_form")
        dest = r.location("support_destination")
        _end(r)
        return SupportMove(power, kind, loc, ttype, target, dest)
    if r.take("C"):
        ttype = r.unit_type()
        if ttype == "F":
            raise r.fail("dip.armies_only_convoyed")
        frm = r.location("convoyed_army")
        if not r.take("-"):
            raise r.fail("dip.order.convoy_form")
        to = r.location("convoy_destination")
        _end(r)
        return Convoy(power, kind, loc, frm, to)
    raise r.fail("dip.order.not_understood", token=r.raw())


def _end(r: _Reader) -> None:
    if not r.done():
        raise r.fail("dip.order.trailing", rest=" ".join(r.toks[r.i:]))
