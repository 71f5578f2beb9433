"""The shipped Necromancer map keeps every fact the rules (v0.5, EN and FR) state about
the board, and the validator reports every broken fact of a bad transcription at once.

Rule references: "EN x.y" numbers follow the French rulebook's sections (the English one
carries the same sections unnumbered); "FR x.y" marks facts read from the French text.
"""

from __future__ import annotations

import copy
import json
from collections import deque
from pathlib import Path

import pytest

from warjudge.core.errors import MapError
from warjudge.diplomacy.variants.necromancer import mapfile
from warjudge.diplomacy.variants.necromancer.mapfile import (
    MOUNTAIN_PAIRS,
    START,
    load_necromancer_map,
    parse_necromancer_map,
)

MAP_PATH = Path(mapfile.__file__).with_name("map.json")


@pytest.fixture(scope="module")
def necro():
    return load_necromancer_map()


@pytest.fixture()
def raw() -> dict:
    return json.loads(MAP_PATH.read_text(encoding="utf-8"))


def passable(m, pid: str) -> set[str]:
    return m.neighbours(pid, {"land", "coast", "sea"})


def problems_of(spec: dict) -> list[str]:
    with pytest.raises(MapError) as exc:
        parse_necromancer_map(json.dumps(spec), "broken.json")
    return exc.value.problems


# --- the shipped file ----------------------------------------------------------------

def test_shipped_map_loads_and_says_it_is_a_reconstruction(necro):
    assert necro.reconstruction is True
    assert necro.spec.name == "necromancer"
    assert necro.spec.format == "warjudge-necromancer-map/1"
    assert "reconstruct" in necro.spec.title.lower()
    note = necro.spec.note.lower()
    assert "reconstruction" in note and "not the official" in note
    assert "--map" in necro.spec.note


def test_load_from_explicit_path_equals_default(necro):
    other = load_necromancer_map(MAP_PATH)
    assert other.provinces == necro.provinces and other.borders == necro.borders


def test_every_province_the_rules_name_is_on_the_map(necro):
    named = {"Eri", "Fch", "Ang", "HPs", "Hol", "Gld", "Min", "CDu", "Gun", "Lng", "Gob", "OFo", "Gla",
             "Dim", "Nim", "Dun", "Fan", "Ado", "Pin", "Hel", "Wes", "Edo", "Dhw", "Lam", "Eas", "DrF",
             "Los", "Lit", "NoL", "Gor", "NIt", "SIt", "NNu", "SNu", "WKh", "Dor", "Rhu", "NCa", "Wit",
             "For", "NEa", "AND", "TOL", "CAn", "Ere", "Iro", "Kha", "NRu", "Lor", "Woo", "DAm", "MTi",
             "Pel", "Cit", "FHa", "NrH", "Wol", "Ise", "DGu", "MMo", "BDu", "CGo", "Gre", "Mor", "Mou",
             "EMi", "NMi", "SMi", "Agr", "Ene", "Gap"}
    assert named <= set(necro.provinces)
    assert all(necro.provinces[p].name for p in necro.provinces)


# --- EN 5: map rules -------------------------------------------------------------------

def test_eriador(necro):
    # EN 5.1 i: Eriador is adjacent to Fch, Ang, HPs, Hol, Gld, Min (and nothing else passably)
    assert passable(necro, "Eri") == {"Fch", "Ang", "HPs", "Hol", "Gld", "Min"}
    assert necro.provinces["Eri"].kind == "inland"
    # EN 5.2: its other neighbours lie across the Misty Mountains
    assert necro.neighbours("Eri", {"mountain"}) == {"CDu", "Gun", "Lng", "Gob"}
    # EN 5.1 iv: two HSCs, one each for the Dwarves and the Elves
    assert necro.provinces["Eri"].sc
    assert sorted(necro.provinces["Eri"].home) == ["DWARVES", "ELVES"]


def test_mountain_boundaries(necro):
    # EN 5.2: every listed pair is adjacent only by a mountain boundary
    for a, b in MOUNTAIN_PAIRS:
        assert necro.border(a, b) == "mountain", (a, b)
    # each pair is listed once in the file, so no second (passable) border can hide behind it
    keys = [frozenset((a, b)) for a, b, _ in necro.spec.borders]
    assert len(keys) == len(set(keys))
    # EN 5.2 calls it "the list": the reconstruction adds no mountain boundary of its own
    mountains = {pair for pair, kind in necro.borders.items() if kind == "mountain"}
    assert mountains == {frozenset(p) for p in MOUNTAIN_PAIRS}


def test_french_garbled_shadow_pairs(necro):
    # FR 5.2: "Gor/Nit ; Gor/Sit ; Nnu/Sit ; Sit ; Snu ; Snu ;WKh" reads SIt/SNu and SNu/WKh
    assert necro.border("SIt", "SNu") == "mountain"
    assert necro.border("SNu", "WKh") == "mountain"
    assert ("SIt", "SNu") in MOUNTAIN_PAIRS and ("SNu", "WKh") in MOUNTAIN_PAIRS


def test_worked_example_adjacencies(necro):
    # EN 4.2 iii-v: A (Los) - 2A (SIt); A (Pel) - 2A (SIt); 2A (NIt) - SIt; A (Pel) - 2A (Los)
    for a, b in [("Los", "SIt"), ("Pel", "SIt"), ("NIt", "SIt"), ("Los", "Pel")]:
        assert necro.border(a, b) in ("land", "coast"), (a, b)


def test_sea_provinces(necro):
    # EN 5.3: Anduin and Tolfalas are Sea Provinces; Tolfalas is also an SC
    assert necro.provinces["AND"].kind == "sea"
    assert necro.provinces["TOL"].kind == "sea"
    assert necro.provinces["TOL"].sc
    assert "TOL" in passable(necro, "AND")
    # the lands along the Great River are coastal on it; Cair Andros is an island in it
    for pid in ("Lor", "CAn", "MTi", "Los", "Pel", "NIt", "SIt"):
        assert necro.provinces[pid].kind == "coastal" and necro.border(pid, "AND") == "sea", pid


def test_khazad_dum_alias(necro):
    # EN 5.4: Moria may be renamed Khazad-Dum (KDu)
    assert necro.resolve_name("KDu") == "Mor"
    assert necro.resolve_name("Khazad-dûm") == "Mor"
    assert necro.resolve_name("moria") == "Mor"


def test_names_resolve_and_do_not_clash(necro):
    labels: dict[str, str] = {}
    for p in necro.spec.provinces:
        for label in (p.id, p.name, *p.aliases):
            assert labels.setdefault(label.lower(), p.id) == p.id, label
    assert necro.resolve_name("Minas Tirith") == "MTi"
    assert necro.resolve_name("  gap of rohan ") == "Gap"
    assert necro.resolve_name("Umbar") == "Cit"


# --- EN 4: fortresses and fleets -------------------------------------------------------

def test_fortresses(necro):
    provs = necro.provinces
    forts = {p for p in provs if provs[p].fortress}
    # EN 4.1 v: all Fortresses are SCs except Cair Andros and Dunharrow
    assert {p for p in forts if not provs[p].sc} == {"CAn", "Dhw"}
    # EN 7.5 ii: the fortresses other than CAn, Cit, DAm, DGu, Dhw, Lor, Woo are mountain fortresses
    lowland = {"CAn", "Cit", "DAm", "DGu", "Dhw", "Lor", "Woo"}
    assert lowland <= forts
    assert {p for p in forts if provs[p].mountain_fortress} == forts - lowland
    assert {"Ere", "Iro", "Gre", "Mor", "Gun", "Gob", "CDu", "Mou", "BDu", "CGo", "MMo", "Hel", "Ise"} \
        <= forts - lowland
    # EN 7.5 ii lists no Minas Tirith, so it is no (mountain) fortress here
    assert not provs["MTi"].fortress


def test_fleets_start_on_coasts(necro):
    # EN 4.3 ii (Fleets): A/F units stand in Coastal Provinces (EN 6.1: A/F DAm, A/F Cit)
    for units in START.values():
        for unit in units:
            if unit.startswith("A/F"):
                pid = unit.split()[-1]
                assert necro.provinces[pid].kind == "coastal", pid
                assert necro.neighbours(pid, {"sea"}), pid


# --- EN 6: scenario --------------------------------------------------------------------

def test_powers(necro):
    # EN 6.1 / FR 6.1: eight Powers with their order letters
    got = {p.id: (p.name, p.name_fr, p.letter, p.letter_fr) for p in necro.spec.powers}
    assert got == {
        "DWARVES": ("Dwarves", "Nains", "D", "N"),
        "EASTERLINGS": ("Easterlings", "Easterlings", "E", "E"),
        "ELVES": ("Elves", "Elfes", "L", "T"),
        "GONDOR": ("Gondor", "Gondor", "G", "G"),
        "HARAD": ("Harad", "Haradrim", "H", "H"),
        "ROHAN": ("Rohan", "Rohan", "R", "R"),
        "SARUMAN": ("Saruman", "Saruman", "S", "C"),
        "SAURON": ("Sauron", "Sauron", "U", "S"),
    }


def test_initial_position_and_home_centres(necro):
    # EN 6.1: the initial position, and each Power's HSCs are where its units start
    assert necro.spec.start == START
    homes = {pw: {p.id for p in necro.provinces.values() if pw in p.home} for pw in START if pw != "STANDING"}
    assert homes == {
        "DWARVES": {"Ere", "Eri", "Iro"},
        "EASTERLINGS": {"Kha", "NRu", "Rhu"},
        "ELVES": {"Eri", "Lor", "Woo"},
        "GONDOR": {"DAm", "Lam", "MTi", "Pel", "Pin"},
        "HARAD": {"Cit", "FHa", "NrH"},
        "ROHAN": {"Edo", "Hel", "Wol"},
        "SARUMAN": {"Dun", "Ise"},
        "SAURON": {"DGu", "MMo"},
    }
    for pw, provs in homes.items():
        for pid in provs:
            assert necro.provinces[pid].sc and necro.provinces[pid].kind != "sea", (pw, pid)


def test_victory_points_are_a_third_of_the_centres(necro):
    # EN 6.3 i: 19 VP is "typically one-third of all the (permanent) SCs"; Eriador holds two
    total = sum(2 if pid == "Eri" else 1 for pid in necro.supply_centers)
    assert necro.spec.victory_points == 19
    assert total == 57


# --- EN 7: power rules -----------------------------------------------------------------

def test_power_bonus_centres(necro):
    # EN 7.5 i: Dwarf bonus SCs Ere, Gre, Iro, Mor; EN 7.2 i: Elf bonus SCs Lor, Woo
    for pid in ("Ere", "Gre", "Iro", "Mor", "Lor", "Woo"):
        assert necro.provinces[pid].sc, pid
    # EN 7.6 i: Rohan builds Cavalry in the Wold, one of its HSCs
    assert necro.provinces["Wol"].home == ("ROHAN",)


def test_saruman_third_army(necro):
    # EN 7.7 x: the third army goes to Agr, Ene, Fan, Gap or Gld: the lands around Isengard and Dunland
    third = set(necro.spec.saruman_third_army)
    assert third == {"Agr", "Ene", "Fan", "Gap", "Gld"}
    assert (passable(necro, "Ise") | passable(necro, "Dun")) - {"Ise", "Dun"} == third
    assert all(necro.provinces[p].kind != "sea" for p in third)
    # EN 7.7 i: the Wizard starts in Isengard
    assert "W Ise" in necro.spec.start["SARUMAN"]


def test_nazgul_start(necro):
    # EN 7.8.1 i: the Nazgul begins in Minas Morgul, a Sauron HSC
    assert "N MMo" in necro.spec.start["SAURON"]
    assert "SAURON" in necro.provinces["MMo"].home


def test_standing_armies(necro):
    # EN 7.8.2 i: eight Standing Armies, each on an SC
    armies = {p for p, prov in necro.provinces.items() if prov.standing_army}
    assert armies == {"BDu", "CDu", "CGo", "Gre", "Gob", "Gun", "Mor", "Mou"}
    assert all(necro.provinces[p].sc for p in armies)
    assert {u.split()[-1] for u in necro.spec.start["STANDING"]} == armies


def test_spiders_and_dragons(necro):
    # EN 7.8.2 ii: Spiders begin in EMi or NMi (Mirkwood), the Dragons in the Withered Heath
    assert set(necro.spec.spiders_start) == {"EMi", "NMi"}
    assert necro.spec.dragons_start == ["Wit"]
    for pid in ("EMi", "NMi"):
        assert "Mirkwood" in necro.provinces[pid].name
    assert necro.provinces["Wit"].name == "Withered Heath"
    for pid in ("EMi", "NMi", "Wit"):
        assert necro.provinces[pid].kind == "inland" and not necro.provinces[pid].sc


# --- EN 8: alignment -------------------------------------------------------------------

def test_alignment(necro):
    # EN 8.1 ii: Power alignments
    got = {p.id: p.alignment for p in necro.spec.powers}
    assert got == {"DWARVES": "good", "ELVES": "good", "GONDOR": "good", "ROHAN": "good",
                   "SAURON": "evil", "EASTERLINGS": "neutral", "HARAD": "neutral", "SARUMAN": "neutral"}
    # EN 8.1 iii: Fan, Lor good; BDu, DGu, Mor, SMi evil; all others neutral
    by = {a: {p for p, prov in necro.provinces.items() if prov.alignment == a} for a in ("good", "evil")}
    assert by == {"good": {"Fan", "Lor"}, "evil": {"BDu", "DGu", "Mor", "SMi"}}


# --- playability -----------------------------------------------------------------------

def test_every_province_reachable_without_mountains(necro):
    start = "Eri"
    seen, todo = {start}, deque([start])
    while todo:
        for n in passable(necro, todo.popleft()) - seen:
            seen.add(n)
            todo.append(n)
    assert seen == set(necro.provinces)


def test_mordor_is_walled_by_mountains(necro):
    # EN 5.2 (Ash Mountains, Mountains of Shadow): Mordor is entered only through the Morannon
    # (CGo), the Morgul pass (MMo) or the open south-east (Rhun, Khand)
    mordor = {"Gor", "BDu", "Lit", "NNu", "SNu"}
    doors = set().union(*(passable(necro, p) for p in mordor)) - mordor
    assert doors == {"CGo", "MMo", "Rhu", "Kha"}


def test_coastal_provinces_touch_the_sea(necro):
    for pid, prov in necro.provinces.items():
        if prov.kind == "coastal":
            assert necro.neighbours(pid, {"sea"}), pid
        if prov.kind == "inland":
            assert not necro.neighbours(pid, {"sea"}), pid


# --- a broken transcription is reported in full ------------------------------------------

def test_reference_copy_is_valid(raw):
    parse_necromancer_map(json.dumps(raw))


def test_eriador_bordering_dunland_is_reported(raw):
    raw["borders"].append(["Eri", "Dun", "land"])
    assert problems_of(raw) == ["EN 5.1 i: Eriador's passable neighbours must be exactly Ang, Fch, Gld, HPs, "
                                "Hol, Min (found Ang, Dun, Fch, Gld, HPs, Hol, Min)"]


def test_passable_mountain_pair_is_reported(raw):
    # EN 5.2: a listed pair may carry no other border, whichever way round it is written
    raw["borders"].append(["Pin", "Edo", "land"])
    problems = problems_of(raw)
    assert len(problems) == 2
    assert "EN 5.2: Edo/Pin must be a mountain border" in problems
    assert any("Pin-Edo" in p and "twice" in p for p in problems)


def test_missing_province_is_reported(raw):
    raw["provinces"] = [p for p in raw["provinces"] if p["id"] != "NEa"]
    touching = [b for b in raw["borders"] if "NEa" in b[:2]]
    problems = problems_of(raw)
    assert "EN 5.2: province NEa is missing" in problems
    assert sum(p.startswith("border ") and "NEa" in p for p in problems) == len(touching)
    assert len(problems) == 1 + len(touching)


def test_every_broken_fact_is_reported_at_once(raw):
    broken = copy.deepcopy(raw)
    provs = {p["id"]: p for p in broken["provinces"]}
    broken["borders"].append(["Eri", "Dun", "land"])                        # EN 5.1 i
    for border in broken["borders"]:                                         # EN 5.2
        if set(border[:2]) == {"Hol", "OFo"}:
            border[2] = "land"
    provs["AND"]["kind"] = "coastal"                                         # EN 5.3
    provs["TOL"]["sc"] = False                                               # EN 5.3
    provs["Fan"]["alignment"], provs["SMi"]["alignment"] = "evil", "good"    # EN 8.1 iii
    for power in broken["powers"]:                                           # EN 8.1 ii
        if power["id"] == "ROHAN":
            power["alignment"] = "evil"
    broken["borders"].append(["Lor", "Fan", "land"])                         # duplicate border
    sea_borders_of_and = [(a, b) for a, b, k in raw["borders"]
                          if "AND" in (a, b) and k == "sea" and provs[b if a == "AND" else a]["kind"] == "coastal"]
    rule_facts = [
        "EN 8.1 ii: ROHAN must be good",
        "EN 5.1 i: Eriador's passable neighbours must be exactly Ang, Fch, Gld, HPs, Hol, Min "
        "(found Ang, Dun, Fch, Gld, HPs, Hol, Min)",
        "EN 5.2: Hol/OFo must be a mountain border",
        "EN 5.3: AND is a sea province",
        "EN 5.3: Tolfalas is a supply centre",
        "EN 8.1 iii: Fan is good",
        "EN 8.1 iii: SMi is evil",
    ]
    with pytest.raises(MapError) as exc:
        parse_necromancer_map(json.dumps(broken), "broken.json")
    problems = exc.value.problems
    # every broken fact at once: 7 rule facts, the duplicate, and each AND sea border now
    # joining two coastal provinces (13 of them on this map)
    assert len(sea_borders_of_and) == 13
    assert len(problems) == len(rule_facts) + 1 + len(sea_borders_of_and) == 21
    for fact in rule_facts:
        assert fact in problems
    assert sum("Lor-Fan" in p and "twice" in p for p in problems) == 1
    for a, b in sea_borders_of_and:
        assert sum(p.startswith(f"border {a}-{b}:") for p in problems) == 1, (a, b)
    assert "broken.json" in str(exc.value) and "21 problem(s)" in str(exc.value)


def test_wrong_start_and_fortress_facts_are_reported(raw):
    provs = {p["id"]: p for p in raw["provinces"]}
    raw["start"]["GONDOR"] = ["A DAm", "A Lam", "A MTi", "A Pel", "A Pin"]   # EN 6.1
    provs["Dhw"]["sc"] = True                                               # EN 4.1 v
    provs["Hel"]["mountain_fortress"] = False                               # EN 7.5 ii
    provs["Gob"]["standing_army"] = False                                   # EN 7.8.2 i
    raw["saruman_third_army"] = ["Agr", "Ene", "Fan", "Gap"]                 # EN 7.7 x
    assert sorted(problems_of(raw)) == sorted([
        "EN 4.1 v: every fortress is a supply centre except CAn and Dhw (Dhw)",
        "EN 7.5 ii: the mountain fortresses are exactly the fortresses other than "
        "CAn, Cit, DAm, DGu, Dhw, Lor, Woo (Hel)",
        "EN 7.8.2 i: the standing armies are in BDu, CDu, CGo, Gob, Gre, Gun, Mor, Mou",
        "EN 7.7 x: Saruman's third army goes to Agr, Ene, Fan, Gap or Gld",
        "EN 6.1: the initial position must be the rules' (see docs/necromancer-map-format.md)",
    ])


def test_missing_file_is_a_map_error(tmp_path):
    with pytest.raises(MapError) as exc:
        load_necromancer_map(tmp_path / "no-such-map.json")
    assert len(exc.value.problems) == 1
    assert exc.value.problems[0].startswith("cannot read file")


def test_not_json_and_bad_format_are_map_errors(raw):
    with pytest.raises(MapError) as exc:
        parse_necromancer_map("{not json", "x.json")
    assert exc.value.problems[0].startswith("not JSON")
    raw["format"] = "something-else/9"
    raw["provinces"][0]["colour"] = "red"
    with pytest.raises(MapError) as exc:
        parse_necromancer_map(json.dumps(raw), "x.json")
    assert len(exc.value.problems) == 2
    assert any(p.startswith("format:") for p in exc.value.problems)
    assert any(p.startswith("provinces.0.colour:") for p in exc.value.problems)


def test_mountain_list_is_complete(raw):  # EN 5.2: "the list of Provinces ... adjacent only by mountain boundaries"
    ang_cdu = next(b for b in raw["borders"] if {b[0], b[1]} == {"Ang", "CDu"})
    ang_cdu[2] = "mountain"
    assert any("Ang/CDu is not in the rules' list" in p for p in problems_of(raw))


def test_power_letters_victory_points_and_fleet_starts(raw):  # EN/FR 6.1, EN 6.3
    raw["powers"][0]["letter_fr"] = "X"
    raw["victory_points"] = 20
    next(p for p in raw["provinces"] if p["id"] == "DAm")["kind"] = "inland"
    found = problems_of(raw)
    assert any("in French" in p for p in found)
    assert any("19 victory points" in p for p in found)
    assert any("DAm must be coastal" in p for p in found)
