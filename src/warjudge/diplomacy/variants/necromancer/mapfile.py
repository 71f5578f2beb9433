"""The Necromancer map: file format, loading and validation.

The rulebooks ship no map, so warjudge carries a reconstruction (map.json beside this
file, marked as such) and a games master can load their own transcription of the
official map in the same format (docs/necromancer-map-format.md). The validator checks
the format and every fact the rules themselves state about the map, and reports all
broken facts at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warjudge.diplomacy.province import ProvinceBase, ProvinceSpecBase
from warjudge.diplomacy.mapcheck import index_by_id, name_clashes, pair_problems, unreachable
from warjudge.core.datafile import read_map_file, validated_spec
from warjudge.diplomacy.variants.necromancer.pieces import fold

BorderKind = Literal["land", "coast", "sea", "mountain"]
# land: armies only; coast: armies, and A/F along a shared coastline; sea: A/F only
# (sea-sea or sea-coastal); mountain: impassable except to the Nazgul (EN 5.2, 7.8.1 v).


class PowerSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[A-Z]+$")
    name: str
    name_fr: str
    letter: str = Field(min_length=1, max_length=1)      # EN 6.1
    letter_fr: str = Field(min_length=1, max_length=1)   # FR 6.1
    alignment: Literal["good", "neutral", "evil"]        # EN 8.1 ii


class ProvinceSpec(ProvinceSpecBase):
    id: str = Field(pattern=r"^[A-Za-z]{2,4}$")
    kind: Literal["inland", "coastal", "sea"]
    home: list[str] = []            # powers for which this is a Home SC at the start
    fortress: bool = False
    mountain_fortress: bool = False  # a Fortress the Dwarves may build in (EN 7.5 ii)
    alignment: Literal["good", "neutral", "evil"] = "neutral"
    standing_army: bool = False     # the SC of one of the 8 Standing Armies (EN 7.8.2 i)
    aliases: list[str] = []
    xy: tuple[float, float] | None = None  # where to draw it on the schematic map (0-1000 wide)

    def home_powers(self) -> tuple[str, ...]:
        return tuple(self.home)


class NecroMapSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["warjudge-necromancer-map/1"]
    name: str
    title: str
    reconstruction: bool
    note: str = ""
    powers: list[PowerSpec]
    victory_points: int = Field(gt=0)
    provinces: list[ProvinceSpec]
    borders: list[tuple[str, str, BorderKind]]
    start: dict[str, list[str]]                 # power (or STANDING) -> units as the rules write them
    saruman_third_army: list[str]               # EN 7.7 x
    spiders_start: list[str]                    # EN 7.8.2 ii
    dragons_start: list[str]


# Facts the rules state about the map (EN/FR sections 5-8); a transcription must keep them.
ERIADOR = "Eri"
ERIADOR_NEIGHBOURS = {"Fch", "Ang", "HPs", "Hol", "Gld", "Min"}                       # EN 5.1 i
MOUNTAIN_PAIRS = [                                                                    # EN 5.2
    ("NCa", "Wit"), ("For", "NEa"),
    ("CDu", "Eri"), ("Eri", "Gun"), ("Eri", "Lng"), ("Eri", "Gob"), ("Hol", "OFo"), ("Gla", "Hol"),
    ("Dim", "Hol"), ("Dim", "Gld"), ("Gld", "Nim"), ("Dun", "Nim"), ("Dun", "Fan"),
    ("Ado", "Pin"), ("Ado", "Hel"), ("Hel", "Pin"), ("Pin", "Wes"), ("Edo", "Pin"), ("Dhw", "Pin"),
    ("Dhw", "Lam"), ("Eas", "Lam"), ("DrF", "Lam"), ("DrF", "Los"),
    ("Lit", "NoL"), ("Gor", "NoL"),
    ("Gor", "NIt"), ("Gor", "SIt"), ("NNu", "SIt"), ("SIt", "SNu"), ("SNu", "WKh"),
    ("Dor", "Rhu"),
]
EXAMPLE_ADJACENCIES = [("Los", "SIt"), ("Pel", "SIt"), ("NIt", "SIt"), ("Los", "Pel")]  # EN 4.2 iii-v
SEA_PROVINCES = {"AND", "TOL"}                                                        # EN 5.3
NON_SC_FORTRESSES = {"CAn", "Dhw"}                                                    # EN 4.1 v
LOWLAND_FORTRESSES = {"CAn", "Cit", "DAm", "DGu", "Dhw", "Lor", "Woo"}                 # EN 7.5 ii
STANDING_ARMY_SCS = {"BDu", "CDu", "CGo", "Gre", "Gob", "Gun", "Mor", "Mou"}           # EN 7.8.2 i
GOOD_PROVINCES = {"Fan", "Lor"}                                                       # EN 8.1 iii
EVIL_PROVINCES = {"BDu", "DGu", "Mor", "SMi"}
SARUMAN_THIRD_ARMY = {"Agr", "Ene", "Fan", "Gap", "Gld"}                              # EN 7.7 x
POWER_LETTERS = {"DWARVES": ("D", "N"), "EASTERLINGS": ("E", "E"), "ELVES": ("L", "T"), "GONDOR": ("G", "G"),
                 "HARAD": ("H", "H"), "ROHAN": ("R", "R"), "SARUMAN": ("S", "C"), "SAURON": ("U", "S")}  # EN/FR 6.1
NAMED_LAND = {"EMi", "NMi", "SMi", "Wit", "Agr", "Ene", "Gap", "Fan", "Gld"}             # EN 7.7 x, 7.8.2 ii, 8.1 iii
FLEET_STARTS = {"DAm", "Cit"}                                                          # EN 6.1: A/F start there
POWER_ALIGNMENT = {"DWARVES": "good", "ELVES": "good", "GONDOR": "good", "ROHAN": "good",
                   "SAURON": "evil", "EASTERLINGS": "neutral", "HARAD": "neutral", "SARUMAN": "neutral"}
START = {                                                                             # EN 6.1
    "DWARVES": ["A Ere", "A Eri", "A Iro"],
    "EASTERLINGS": ["A Kha", "A NRu", "A Rhu"],
    "ELVES": ["A Eri", "A Lor", "A Woo"],
    "GONDOR": ["A/F DAm", "A Lam", "A MTi", "A Pel", "A Pin"],
    "HARAD": ["A/F Cit", "A FHa", "A NrH"],
    "ROHAN": ["A Edo", "A Hel", "C Wol"],
    "SARUMAN": ["A Dun", "A Ise", "W Ise"],
    "SAURON": ["A DGu", "A MMo", "N MMo"],
    "STANDING": ["A BDu", "A CDu", "A CGo", "A Gre", "A Gob", "A Gun", "A Mor", "A Mou"],
}


def plain_name(text: str) -> str:
    """'Khazad-Dûm' -> 'khazad dum', 'Beorn’s Hall' -> "beorn's hall"."""
    return re.sub(r"[\s\-]+", " ", fold(text).replace("’", "'")).strip()


@dataclass(frozen=True)
class Province(ProvinceBase):
    home: tuple[str, ...]
    fortress: bool
    mountain_fortress: bool
    alignment: str
    standing_army: bool


@dataclass
class NecroMap:
    spec: NecroMapSpec
    provinces: dict[str, Province]
    borders: dict[frozenset[str], str]

    @cached_property
    def names(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for p in self.spec.provinces:
            for label in (p.id, p.name, *p.aliases):
                out.setdefault(label.lower(), p.id)
        return out

    @cached_property
    def folded_names(self) -> dict[str, str]:
        """Names as players type them: no accents, hyphens as spaces ('khazad dum')."""
        return {plain_name(label): pid for label, pid in self.names.items()}

    def resolve_name(self, text: str) -> str | None:
        return self.names.get(text.strip().lower()) or self.folded_names.get(plain_name(text))

    @cached_property
    def canonical_ids(self) -> dict[str, str]:
        """Province ids as canonical order text writes them ('Los', 'SIt'), each naming itself:
        the order parser's table for its fast path (issue 12)."""
        return {pid: pid for pid in self.provinces if self.resolve_name(pid) == pid}

    @cached_property
    def parsed_orders(self) -> dict[tuple[str, str], Any]:
        """(order text, power) -> the parsed order (orders.parse_norder keeps them here)."""
        return {}

    @cached_property
    def parser_tables(self) -> dict[str, Any]:
        """What the order parser works out once for this map (orders.py keeps it here)."""
        return {}

    @cached_property
    def _adjacent(self) -> dict[str, dict[str, str]]:
        """Province -> its neighbours and the kind of each border, built once: the judge asks
        for borders and neighbours thousands of times a phase (issue 12)."""
        out: dict[str, dict[str, str]] = {pid: {} for pid in self.provinces}
        for pair, kind in self.borders.items():
            a, b = sorted(pair)
            out.setdefault(a, {})[b] = kind
            out.setdefault(b, {})[a] = kind
        return out

    def border(self, a: str, b: str) -> str | None:
        return self._adjacent.get(a, {}).get(b)

    def around(self, province: str) -> dict[str, str]:
        """Every neighbour of `province` and the kind of border to it (read-only)."""
        return self._adjacent.get(province, {})

    def neighbours(self, province: str, kinds: set[str]) -> frozenset[str]:
        """The neighbours across borders of the given kinds: worked out once per question
        (issue 12: rebuilding the set on every call was measurable)."""
        key = (province, frozenset(kinds))
        found = self._neighbours.get(key)
        if found is None:
            found = self._neighbours[key] = frozenset(
                other for other, kind in self._adjacent.get(province, {}).items() if kind in kinds)
        return found

    @cached_property
    def _neighbours(self) -> dict[tuple[str, frozenset[str]], frozenset[str]]:
        return {}

    @property
    def reconstruction(self) -> bool:
        return self.spec.reconstruction

    @cached_property
    def supply_centers(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.provinces.values() if p.sc)


def load_necromancer_map(path: str | Path | None = None) -> NecroMap:
    """Load the shipped reconstruction, or a games master's own transcription."""
    path = Path(path) if path is not None else Path(__file__).with_name("map.json")
    return parse_necromancer_map(read_map_file(path), str(path))


def parse_necromancer_map(raw: str, source: str = "<map>") -> NecroMap:
    spec = validated_spec(raw, source, NecroMapSpec, validate_necromancer_spec)
    provinces = {p.id: Province(p.id, p.name, p.kind, p.sc, tuple(p.home), p.fortress, p.mountain_fortress,
                                p.alignment, p.standing_army) for p in spec.provinces}
    borders: dict[frozenset[str], str] = {frozenset((a, b)): kind for a, b, kind in spec.borders}
    return NecroMap(spec, provinces, borders)


def validate_necromancer_spec(spec: NecroMapSpec) -> list[str]:
    """Every structural fact, then every fact the rules state; all problems at once."""
    provs, problems = index_by_id(spec.provinces)
    powers = {p.id: p for p in spec.powers}
    problems += name_clashes(((p.id, [p.id, p.name, *p.aliases]) for p in spec.provinces), str.lower)
    for p in spec.provinces:
        problems += p.home_problems(powers)
        if p.kind == "sea" and (p.fortress or p.home or p.standing_army):
            problems.append(f"province {p.id}: a sea province cannot be a fortress, home centre or standing army")
        if p.mountain_fortress and not p.fortress:
            problems.append(f"province {p.id}: a mountain fortress must be a fortress")

    problems += pair_problems([(a, b) for a, b, _ in spec.borders], set(provs), "border", "a known province")
    for a, b, kind in spec.borders:
        if a in provs and b in provs and a != b:
            kinds = {provs[a].kind, provs[b].kind}
            if kind == "sea" and "inland" in kinds:
                problems.append(f"border {a}-{b}: a sea border cannot touch inland {a if provs[a].kind == 'inland' else b}")
            if kind == "sea" and kinds == {"coastal"}:
                problems.append(f"border {a}-{b}: two coastal provinces share a 'coast' or 'land' border, not 'sea'")
            if kind in ("land", "coast", "mountain") and "sea" in kinds:
                problems.append(f"border {a}-{b}: a sea province only has 'sea' borders")
            if kind == "coast" and kinds != {"coastal"}:
                problems.append(f"border {a}-{b}: a 'coast' border joins two coastal provinces")
    for p in provs.values():
        if p.kind == "coastal" and not any(p.id in (a, b) and k == "sea" for a, b, k in spec.borders):
            problems.append(f"coastal province {p.id} touches no sea province")
        if not any(p.id in (a, b) and k != "mountain" for a, b, k in spec.borders):
            problems.append(f"province {p.id} has no passable border")

    problems += _rule_facts(spec, provs, powers)
    problems += _connectivity(spec, provs)
    return problems


def _rule_facts(spec: NecroMapSpec, provs: dict[str, ProvinceSpec], powers: dict[str, PowerSpec]) -> list[str]:
    problems: list[str] = []
    border = {frozenset((a, b)): k for a, b, k in spec.borders}

    def need(pid: str, why: str) -> bool:
        if pid not in provs:
            problems.append(f"{why}: province {pid} is missing")
            return False
        return True

    if set(powers) != set(POWER_ALIGNMENT):
        problems.append(f"EN 6.1: the powers are exactly {', '.join(sorted(POWER_ALIGNMENT))}")
    for pid, expected in POWER_ALIGNMENT.items():
        if pid in powers and powers[pid].alignment != expected:
            problems.append(f"EN 8.1 ii: {pid} must be {expected}")
        if pid in powers and (powers[pid].letter, powers[pid].letter_fr) != POWER_LETTERS[pid]:
            problems.append(f"EN/FR 6.1: {pid} is written {POWER_LETTERS[pid][0]} in English, "
                            f"{POWER_LETTERS[pid][1]} in French")
    if spec.victory_points != 19:
        problems.append("EN 6.3: the victory condition is 19 victory points")
    for pid in NAMED_LAND:
        if need(pid, "EN 7-8") and provs[pid].kind == "sea":
            problems.append(f"EN 7-8: {pid} is a land province")
    for pid in FLEET_STARTS:
        if need(pid, "EN 6.1") and provs[pid].kind != "coastal":
            problems.append(f"EN 6.1: {pid} must be coastal (an A/F starts there)")
    if need(ERIADOR, "EN 5.1"):
        passable = {b for pair, k in border.items() if ERIADOR in pair and k != "mountain" for b in pair} - {ERIADOR}
        if passable != ERIADOR_NEIGHBOURS:
            problems.append(f"EN 5.1 i: Eriador's passable neighbours must be exactly "
                            f"{', '.join(sorted(ERIADOR_NEIGHBOURS))} (found {', '.join(sorted(passable))})")
        if sorted(provs[ERIADOR].home) != ["DWARVES", "ELVES"]:
            problems.append("EN 5.1 iv: Eriador holds one home centre each for the Dwarves and the Elves")
    for a, b in MOUNTAIN_PAIRS:
        if need(a, "EN 5.2") and need(b, "EN 5.2") and border.get(frozenset((a, b))) != "mountain":
            problems.append(f"EN 5.2: {a}/{b} must be a mountain border")
    listed = {frozenset(pair) for pair in MOUNTAIN_PAIRS}
    for pair, kind in border.items():
        if kind == "mountain" and pair not in listed:
            problems.append(f"EN 5.2: {'/'.join(sorted(pair))} is not in the rules' list of mountain borders")
    for a, b in EXAMPLE_ADJACENCIES:
        if need(a, "EN 4.2") and need(b, "EN 4.2") and border.get(frozenset((a, b))) not in ("land", "coast"):
            problems.append(f"EN 4.2 examples: {a} and {b} must share a passable land border")
    for pid in SEA_PROVINCES:
        if need(pid, "EN 5.3") and provs[pid].kind != "sea":
            problems.append(f"EN 5.3: {pid} is a sea province")
    if "TOL" in provs and not provs["TOL"].sc:
        problems.append("EN 5.3: Tolfalas is a supply centre")
    fortresses = {p.id for p in provs.values() if p.fortress}
    for pid in LOWLAND_FORTRESSES:
        if need(pid, "EN 4.1") and not provs[pid].fortress:
            problems.append(f"EN 4.1 v / 7.5 ii: {pid} is a fortress")
    for pid in fortresses:
        if (pid in NON_SC_FORTRESSES) == provs[pid].sc:
            problems.append(f"EN 4.1 v: every fortress is a supply centre except CAn and Dhw ({pid})")
        if provs[pid].mountain_fortress == (pid in LOWLAND_FORTRESSES):
            problems.append(f"EN 7.5 ii: the mountain fortresses are exactly the fortresses other than "
                            f"{', '.join(sorted(LOWLAND_FORTRESSES))} ({pid})")
    armies = {p.id for p in provs.values() if p.standing_army}
    if armies != STANDING_ARMY_SCS:
        problems.append(f"EN 7.8.2 i: the standing armies are in {', '.join(sorted(STANDING_ARMY_SCS))}")
    for pid in armies:
        if not provs[pid].sc:
            problems.append(f"EN 7.8.2 viii: standing army province {pid} must be a supply centre")
    for p in provs.values():
        expected = "good" if p.id in GOOD_PROVINCES else "evil" if p.id in EVIL_PROVINCES else "neutral"
        if p.alignment != expected:
            problems.append(f"EN 8.1 iii: {p.id} is {expected}")
    if set(spec.saruman_third_army) != SARUMAN_THIRD_ARMY:
        problems.append("EN 7.7 x: Saruman's third army goes to Agr, Ene, Fan, Gap or Gld")
    if set(spec.spiders_start) != {"EMi", "NMi"} or spec.dragons_start != ["Wit"]:
        problems.append("EN 7.8.2 ii: the Spiders start in EMi or NMi, the Dragons in Wit")
    if spec.start != START:
        problems.append("EN 6.1: the initial position must be the rules' (see docs/necromancer-map-format.md)")
    homes = {pw: {p.id for p in provs.values() if pw in p.home} for pw in powers}
    for pw, units in START.items():
        if pw in ("STANDING", "SARUMAN", "SAURON"):
            continue
        starts = {u.split()[-1] for u in units}
        if pw in homes and homes[pw] != starts:
            problems.append(f"EN 6.1: {pw}'s home centres must be where its units start ({', '.join(sorted(starts))})")
    for pw, homes_of in (("SARUMAN", {"Dun", "Ise"}), ("SAURON", {"DGu", "MMo"})):
        if pw in homes and homes[pw] != homes_of:
            problems.append(f"EN 6.1: {pw}'s home centres are {', '.join(sorted(homes_of))}")
    total = sum(2 if p.id == ERIADOR else 1 for p in provs.values() if p.sc)
    third = total / 3
    if not (spec.victory_points - 1 <= third <= spec.victory_points + 1):
        problems.append(f"EN 6.3 i: {spec.victory_points} victory points should be about a third of the "
                        f"{total} supply centres")
    return problems


def _connectivity(spec: NecroMapSpec, provs: dict[str, ProvinceSpec]) -> list[str]:
    edges = [(a, b) for a, b, kind in spec.borders if kind != "mountain" and a in provs and b in provs]
    missing = unreachable([p.id for p in spec.provinces], edges)
    return [f"provinces unreachable without crossing mountains: {', '.join(missing)}"] if missing else []
