"""Necromancer order grammar, English and French (EN/FR 2.2.1 v, 3.4, 4.2, 7.8.1 vii, 7.8.2 iv).

What players write, in either language:
  A Los H | A Los Tenir                      hold
  A Los - SIt | A Los - 2A SIt | 2A NIt - SIt | 2A Los - 2A SIt   move (forming an MU)
  A Los - 2A Los                              hold to form an MU (EN 4.2 iv)
  A Pel S A Los - SIt | A Pel Soutenir 2A NIt   support
  A Pel b F | A Pel Lever E | A Pel I F       build an Auxiliary (EN "b", FR "L"/"I")
  N MMo L A MMo | N Mmo C A Mmo               Nazgûl Lead (EN "L", FR Commandement "C")
  C Wol - Edo - Hel | C Wol H - Edo | C Wol - Edo then H   Double Movement
  A Los R SIt | A Los D                       retreat, disband
  Build A Ere | Construire 2A MTi | Activate A Gre | Activer S EMi | Remove A Los | Waive
The letters C, D, L and S mean different things by position (a unit kind before a
province, an order word after a unit), so one parser reads both languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from warjudge.core.errors import InputError
from warjudge.core.events import OrderRefusal
from warjudge.diplomacy.variants.necromancer.mapfile import NecroMap, plain_name
from warjudge.diplomacy.variants.necromancer.pieces import (
    ENGINE, FLEET, UNIT_WORDS, Designation, Group, fold, format_components, parse_designation,
)


@dataclass(frozen=True)
class NOrder:
    power: str
    unit: Group


@dataclass(frozen=True)
class Step:
    """One order of a Double Move: a hold (dest None) or a move."""

    dest: str | None = None


@dataclass(frozen=True)
class Hold(NOrder):
    pass


@dataclass(frozen=True)
class Move(NOrder):
    dest: str
    dest_size: int | None = None    # the MU size written at the destination ("- 2A SIt")


@dataclass(frozen=True)
class DoubleMove(NOrder):
    first: Step
    second: Step


@dataclass(frozen=True)
class Support(NOrder):
    target: Group
    target_dest: str | None = None  # None: support to hold


@dataclass(frozen=True)
class BuildAuxiliary(NOrder):
    auxiliary: str


@dataclass(frozen=True)
class Lead(NOrder):
    target: Group


@dataclass(frozen=True)
class Retreat(NOrder):
    dest: str


@dataclass(frozen=True)
class Disband(NOrder):
    pass


@dataclass(frozen=True)
class Build(NOrder):
    pass


@dataclass(frozen=True)
class Activate(NOrder):
    pass


@dataclass(frozen=True)
class Waive:
    power: str


_WORDS = {
    "H": {"h", "hold", "holds", "stand", "stands", "t", "tenir", "tient", "tient bon"},
    "S": {"s", "support", "supports", "soutenir", "soutient", "soutien"},
    "-": {"-", "to", "m", "move", "moves", "attaquer", "attaque", "attack", "attacks"},
    "AUX": {"b", "i", "lever", "leve", "raise", "raises", "build auxiliary"},
    "LEAD": {"lead", "leads", "commandement", "commande", "commander"},
    "R": {"r", "retreat", "retreats", "retraite"},
    "D": {"disband", "disbands", "remove", "removes", "detruire", "detruit", "destruction"},
    "BUILD": {"build", "builds", "construire", "construit", "construction"},
    "ACT": {"activate", "activates", "activation", "activer", "active"},
    "WAIVE": {"waive", "waives", "renoncer", "renonce"},
    "THEN": {"then", "puis", ",", ";", "et"},
}
_KEYWORD = {word: key for key, words in _WORDS.items() for word in words}
_AUX_WORDS = {"f": FLEET, "fleet": FLEET, "flotte": FLEET, "e": ENGINE, "engine": ENGINE, "engin": ENGINE}


@dataclass(frozen=True)
class _Names:
    """Per map, once (kept on the map): a pattern for names of several words (spaces or
    hyphens); their first words, so an order naming none of them skips the pattern; and
    whether canonical order text can hold such a name at all (issue 12: speed)."""

    pattern: re.Pattern[str] | None
    firsts: frozenset[str]
    in_canonical: bool

    @staticmethod
    def of(nmap: NecroMap) -> _Names:
        names = nmap.parser_tables.get("names")
        if names is None:
            names = nmap.parser_tables["names"] = _Names.build(nmap)
        return names

    @staticmethod
    def build(nmap: NecroMap) -> _Names:
        multi = sorted({n for n in nmap.folded_names if " " in n}, key=len, reverse=True)
        pat = re.compile(r"(?<![\w'])(" + "|".join(
            r"[\s\-]+".join(map(re.escape, n.split())) for n in multi) + r")(?![\w'])") if multi else None
        firsts = frozenset(n.split()[0] for n in multi)
        # A name the pattern finds has each of its words as a whole word of the text; the
        # words of text the fast path accepts come from province ids, one-letter order
        # words, and unit designations (digits, then a letter or a long name: '2a', '1f',
        # 'army'). A name with a word of no such kind can never be in canonical text.
        id_words = {w for pid in nmap.canonical_ids for w in _WORD_BREAKS.split(pid.lower())}

        def canonical_word(word: str) -> bool:
            bare = word.lstrip("0123456789")
            return word in id_words or len(bare) <= 1 or bare in UNIT_WORDS

        in_canonical = any(all(canonical_word(w) for w in _WORD_BREAKS.split(n) if w) for n in multi)
        return _Names(pat, firsts, in_canonical)


MAX_ORDER_CHARS = 200   # the longest order the grammar can write is far shorter


_PARENS = re.compile(r"[()]")
_ARROWS = re.compile(r"(->|=>|→|–|—|-|>)")
_SEPARATORS = re.compile(r"([,;])")
_SLASH = re.compile(r"\s*/\s*")
_RARE_ARROWS = (">", "→", "–", "—")
_WORD_BREAKS = re.compile(r"[^\w']+")


def _tokens(text: str, nmap: NecroMap) -> list[str]:
    t = fold(text.strip()).replace("’", "'")
    names = _Names.of(nmap)
    pat = names.pattern
    if pat is not None and not names.firsts.isdisjoint(_WORD_BREAKS.split(t)):   # a name starts a maximal word
        t = pat.sub(lambda m: " " + nmap.folded_names[plain_name(m.group(1))].lower() + " ", t)
    if "(" in t or ")" in t:
        t = _PARENS.sub(" ", t)
    if any(c in t for c in _RARE_ARROWS):
        t = _ARROWS.sub(" - ", t)
    else:   # the usual case: only plain hyphens
        t = t.replace("-", " - ")
    if "," in t or ";" in t:
        t = _SEPARATORS.sub(r" \1 ", t)
    if "/" in t:
        t = _SLASH.sub("/", t)
    t = t.replace("tient bon", "tenir").replace("build auxiliary", "b")
    return t.split()


class _Reader:
    def __init__(self, text: str, power: str, nmap: NecroMap):
        self.text, self.power, self.nmap = text, power, nmap
        self.toks = _tokens(text, nmap)
        self.words = [_KEYWORD.get(t) for t in self.toks]   # each token's keyword, read once
        self.i = 0

    def fail(self, code: str, **params: Any) -> OrderRefusal:
        return OrderRefusal(self.text, code, **params)

    def raw(self, ahead: int = 0) -> str | None:
        j = self.i + ahead
        return self.toks[j] if j < len(self.toks) else None

    def word(self, ahead: int = 0) -> str | None:
        j = self.i + ahead
        return self.words[j] if j < len(self.words) else None

    def take(self, key: str) -> bool:
        i = self.i
        if i < len(self.words) and self.words[i] == key:
            self.i = i + 1
            return True
        return False

    def done(self) -> bool:
        return self.i >= len(self.toks)

    def province(self, what: str) -> str:
        tok = self.raw()
        if tok is None:
            raise self.fail("necdip.order.missing", what=what)
        pid = self.nmap.resolve_name(tok)
        if pid is None:
            raise self.fail("necdip.order.unknown_province", token=tok)
        self.i += 1
        return pid

    def is_province(self, ahead: int = 0) -> bool:
        tok = self.raw(ahead)
        return tok is not None and self.nmap.resolve_name(tok) is not None

    def designation(self) -> Designation | None:
        """A unit designation ('A', '2A/1F', 'Armée') if one stands here."""
        tok = self.raw()
        if tok is None or _KEYWORD.get(tok) in ("-", "THEN"):
            return None
        parsed = _designation_or_none(tok)
        if parsed is not None:
            self.i += 1
        return parsed

    def group(self, what: str) -> Group:
        start = self.i
        des = self.designation()
        if des is None or not self.is_province():
            self.i = start
            raise self.fail("necdip.order.bad_unit", what=what)
        kind, count, aux = des
        return Group(kind, count, aux, self.province(what))

    def end(self) -> None:
        if not self.done():
            raise self.fail("necdip.order.trailing", rest=" ".join(self.toks[self.i:]))


@lru_cache(maxsize=4096)
def _designation_or_none(token: str) -> Designation | None:
    """The designation a token writes, or None (a province name, an order word): the
    parser asks this of most tokens, and a refused designation raised and caught each
    time was a fifth of the parsing (issue 12: speed)."""
    if len(token) > 40:
        return None
    try:
        return parse_designation(token)
    except InputError:
        return None


MAX_KEPT = 50_000   # parsed orders kept per map (a whole game's orders, many times over)


def parse_norder(text: str, power: str, nmap: NecroMap) -> NOrder | Waive:
    """Parse one order written by `power`, in English or French. Raises OrderRefusal.

    Parsed orders are immutable, and a phase parses each order several times (checks,
    adjudication, reports), so the answers are kept on the map (issue 12: parsing was
    57% of a busy phase); a refused order is parsed again each time, for its message."""
    key = (text, power)
    kept: NOrder | Waive | None = nmap.parsed_orders.get(key) if isinstance(text, str) else None
    if kept is not None:
        return kept
    order = _parse_norder(text, power, nmap)
    if len(nmap.parsed_orders) >= MAX_KEPT:
        nmap.parsed_orders.clear()
    nmap.parsed_orders[key] = order
    return order


def _parse_norder(text: str, power: str, nmap: NecroMap) -> NOrder | Waive:
    if not isinstance(text, str) or not text.strip():
        raise OrderRefusal(str(text)[:MAX_ORDER_CHARS], "necdip.order.empty")
    if len(text) > MAX_ORDER_CHARS:
        raise OrderRefusal(text[:40] + "...", "necdip.order.too_long", n=MAX_ORDER_CHARS)
    fast = _parse_canonical(text, power, nmap)
    if fast is not None:
        return fast
    r = _Reader(text, power, nmap)
    first = r.raw()
    if r.take("WAIVE"):
        r.end()
        return Waive(power)
    if r.take("BUILD") or (first == "b" and not r.is_province(1) and r.take("AUX")):
        order: NOrder = Build(power, r.group("unit_to_build"))
        r.end()
        return order
    if r.take("ACT"):
        order = Activate(power, r.group("unit_to_activate"))
        r.end()
        return order
    if r.take("D"):
        order = Disband(power, r.group("unit_to_disband"))
        r.end()
        return order
    unit = r.group("ordered_unit")
    return _action(r, power, unit)


def _parse_canonical(text: str, power: str, nmap: NecroMap) -> NOrder | Waive | None:
    """Orders written as `format_norder` writes them in English (what the legal-order
    lists offer and bots send) -- holds, moves, Double Moves, supports, Leads, Auxiliary
    builds, retreats and disbands -- read by splitting on single spaces and a table of
    province ids; None for anything else, which the full reader then reads and explains.
    Issue 12: the full reader was a third of a cold phase."""
    toks = text.split(" ")
    n = len(toks)
    if n < 3 or n > 7 or not text.isascii():
        return None
    names = _Names.of(nmap)
    if names.in_canonical and names.pattern is not None and not names.firsts.isdisjoint(
            _WORD_BREAKS.split(text.lower())) and names.pattern.search(text.lower()):
        return None   # a name of several words: the full reader rewrites it
    ids = nmap.canonical_ids
    unit = _canonical_group(toks[0], toks[1], ids)
    if unit is None:
        return None
    verb = toks[2]
    if n == 3:
        if verb == "H":
            return Hold(power, unit)
        return Disband(power, unit) if verb == "D" else None
    if verb == "-":
        size = _designation_or_none(toks[3])
        if size is not None:   # "- 3A MTi": the MU formed at the destination
            return Move(power, unit, ids[toks[4]], size[1]) if n == 5 and toks[4] in ids else None
        to = ids.get(toks[3])
        if to is None:
            return None
        if n == 4:
            return Move(power, unit, to)
        if n == 5 and toks[4] == "H":
            return DoubleMove(power, unit, Step(to), Step(None))
        if n == 6 and toks[4] == "-" and (then := _canonical_dest(toks[5], ids)) is not None:
            return DoubleMove(power, unit, Step(to), Step(then))
        return None
    if verb == "H" and n == 5 and toks[3] == "-" and (to := _canonical_dest(toks[4], ids)) is not None:
        return DoubleMove(power, unit, Step(None), Step(to))
    if verb in ("S", "L") and n >= 5:
        target = _canonical_group(toks[3], toks[4], ids)
        if target is None:
            return None
        if n == 5:
            return Support(power, unit, target) if verb == "S" else Lead(power, unit, target)
        if verb == "S" and n == 7 and toks[5] == "-" and (to := _canonical_dest(toks[6], ids)) is not None:
            return Support(power, unit, target, to)
        return None
    if verb == "b" and n == 4 and toks[3] in ("F", "E"):
        return BuildAuxiliary(power, unit, _AUX_WORDS[toks[3].lower()])
    if verb == "R" and n == 4 and toks[3] in ids:
        return Retreat(power, unit, ids[toks[3]])
    return None


def _canonical_group(designation: str, province: str, ids: dict[str, str]) -> Group | None:
    """'2A/1F' 'Pel' as canonical text writes a unit, or None."""
    pid = ids.get(province)
    if pid is None or _KEYWORD.get(designation.lower()) is not None:
        return None
    des = _designation_or_none(designation)
    return None if des is None else Group(des[0], des[1], des[2], pid)


def _canonical_dest(token: str, ids: dict[str, str]) -> str | None:
    """A destination after '-': a province id that does not also read as a unit designation."""
    pid = ids.get(token)
    return pid if pid is not None and _designation_or_none(token) is None else None


def _step(r: _Reader) -> tuple[Step, int | None]:
    """'H' or '- [nK] Prov' of one (possibly first) order of a Double Move."""
    if r.take("H"):
        return Step(None), None
    if not r.take("-"):
        raise r.fail("necdip.order.expected_step")
    size = None
    des = r.designation()
    if des is not None:
        size = des[1]
    return Step(r.province("destination")), size


def _action(r: _Reader, power: str, unit: Group) -> NOrder:
    if r.done():
        return Hold(power, unit)
    word = r.word()
    if word in ("H", "-"):
        first, size = _step(r)
        if r.done():
            if first.dest is None:
                return Hold(power, unit)
            return Move(power, unit, first.dest, size)
        r.take("THEN")
        # the second order may repeat the unit: "C Wol - Edo, C Edo - Hel"
        start = r.i
        des = r.designation()
        if des is not None and r.is_province():
            r.province("unit")
        elif des is not None:
            r.i = start
        second, second_size = _step(r)
        r.end()
        if size is not None or second_size is not None:
            raise r.fail("necdip.order.double_move_mu")
        if first.dest is None and second.dest is None:
            return Hold(power, unit)
        return DoubleMove(power, unit, first, second)
    if r.take("S"):
        target = r.group("supported_unit")
        dest = None
        if r.take("-"):
            r.designation()  # a foreign MU's size need not be right (EN 4.2 xv)
            dest = r.province("support_destination")
        r.end()
        return Support(power, unit, target, dest)
    tok = r.raw()
    if tok in ("l", "c") or word in ("AUX", "LEAD"):
        # EN "L" is Lead and FR "L" is Lever; FR "C" is Commandement: what follows decides.
        r.i += 1
        nxt = r.raw()
        if nxt in _AUX_WORDS and r.i + 1 == len(r.toks) and tok != "c" and word != "LEAD":
            r.i += 1
            return BuildAuxiliary(power, unit, _AUX_WORDS[nxt])
        if tok in ("l", "c") or word == "LEAD":
            target = r.group("led_unit")
            r.end()
            return Lead(power, unit, target)
        raise r.fail("necdip.order.which_auxiliary")
    if r.take("R"):
        r.take("-")
        dest = r.province("retreat_destination")
        r.end()
        return Retreat(power, unit, dest)
    if tok == "d" or word == "D":
        r.i += 1
        r.end()
        return Disband(power, unit)
    raise r.fail("necdip.order.not_understood", token=tok)


# --- canonical text -----------------------------------------------------------------

_FR = {"H": "Tenir", "S": "Soutenir", "AUX": "Lever", "LEAD": "Commandement", "R": "Retraite",
       "D": "Détruire", "BUILD": "Construire", "ACT": "Activer", "WAIVE": "Renoncer"}
_EN = {"H": "H", "S": "S", "AUX": "b", "LEAD": "L", "R": "R", "D": "D", "BUILD": "Build",
       "ACT": "Activate", "WAIVE": "Waive"}


def format_norder(order: NOrder | Waive, lang: str = "en") -> str:
    """Canonical text of an order, in English (default) or French."""
    w = _FR if lang == "fr" else _EN
    if isinstance(order, Waive):
        return w["WAIVE"]
    unit = str(order.unit)
    match order:
        case Hold():
            return f"{unit} {w['H']}"
        case Move(dest=d, dest_size=n):
            return f"{unit} - {format_components(order.unit.kind, n, ()) + ' ' if n else ''}{d}"
        case DoubleMove(first=a, second=b):
            return f"{unit} {_format_step(a, w)} {_format_step(b, w)}"
        case Support(target=t, target_dest=d):
            return f"{unit} {w['S']} {t}" + (f" - {d}" if d else "")
        case BuildAuxiliary(auxiliary=a):
            return f"{unit} {w['AUX']} {a}"
        case Lead(target=t):
            return f"{unit} {w['LEAD']} {t}"
        case Retreat(dest=d):
            return f"{unit} {w['R']} {d}"
        case Disband():
            return f"{unit} {w['D']}"
        case Build():
            return f"{w['BUILD']} {unit}"
        case Activate():
            return f"{w['ACT']} {unit}"
    raise TypeError(order)


def _format_step(step: Step, w: dict[str, str]) -> str:
    return w["H"] if step.dest is None else f"- {step.dest}"
