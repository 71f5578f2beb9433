"""The standard map's facts, and the map validator."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from warjudge.core.errors import MapError
from warjudge.diplomacy.mapdata import load_map, parse_map
from warjudge.diplomacy.variants.standard import MAP_FILE

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


@pytest.fixture
def spec() -> dict:
    return json.loads(MAP_FILE.read_text())


# --- standard map facts (2000 rulebook board) ------------------------------------------

def test_province_counts(standard_map):
    # Rule: 2000 rulebook board: 75 provinces, 14 inland, 42 coastal, 19 seas
    assert len(standard_map.provinces) == 75
    assert Counter(p.kind for p in standard_map.provinces.values()) == {"land": 14, "coastal": 42, "sea": 19}
    assert len(standard_map.coastal_provinces) == 42


def test_supply_centres(standard_map):
    # Rule: 2000 rulebook: 34 supply centres, 22 of them home centres
    assert len(standard_map.supply_centers) == 34
    assert not any(standard_map.is_sea(sc) for sc in standard_map.supply_centers)
    homes = {power: set(standard_map.home_centers(power)) for power in POWERS}
    assert sum(len(h) for h in homes.values()) == 22
    assert homes == {
        "AUSTRIA": {"bud", "tri", "vie"}, "ENGLAND": {"edi", "lon", "lvp"},
        "FRANCE": {"bre", "mar", "par"}, "GERMANY": {"ber", "kie", "mun"},
        "ITALY": {"nap", "rom", "ven"}, "RUSSIA": {"mos", "sev", "stp", "war"},
        "TURKEY": {"ank", "con", "smy"},
    }
    neutral = set(standard_map.supply_centers) - set().union(*homes.values())
    assert neutral == {"bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser", "spa", "swe", "tun"}


def test_powers_victory_and_year(standard_map):
    # Rule: 2000 rulebook: seven powers, 18 centres win, the game starts in 1901
    assert standard_map.powers == POWERS
    assert standard_map.victory_centers == 18
    assert standard_map.start_year == 1901


def test_split_coasts(standard_map):
    # Rule: 2000 rulebook: Spain, St Petersburg and Bulgaria have two coasts
    split = {pid: p.coasts for pid, p in standard_map.provinces.items() if p.coasts}
    assert split == {"spa": ("nc", "sc"), "stp": ("nc", "sc"), "bul": ("ec", "sc")}
    assert standard_map.fleet_nodes("spa") == ("spa/nc", "spa/sc")
    assert standard_map.fleet_nodes("bre") == ("bre",)
    assert standard_map.fleet_nodes("nth") == ("nth",)
    assert standard_map.fleet_nodes("mun") == ()


def test_start_position(standard_map):
    # Rule: 2000 rulebook: the 22 units of the 1901 start
    start = {power: sorted(f"{t} {loc}" for t, loc in units) for power, units in standard_map.start.items()}
    assert start == {
        "AUSTRIA": ["A bud", "A vie", "F tri"],
        "ENGLAND": ["A lvp", "F edi", "F lon"],
        "FRANCE": ["A mar", "A par", "F bre"],
        "GERMANY": ["A ber", "A mun", "F kie"],
        "ITALY": ["A rom", "A ven", "F nap"],
        "RUSSIA": ["A mos", "A war", "F sev", "F stp/sc"],
        "TURKEY": ["A con", "A smy", "F ank"],
    }
    assert sum(len(u) for u in start.values()) == 22


def test_army_adjacency(standard_map):
    # Rule: 2000 rulebook board: army borders
    assert standard_map.army_adj["par"] == {"bre", "bur", "gas", "pic"}
    assert standard_map.army_adj["spa"] == {"gas", "mar", "por"}
    assert "bur" in standard_map.army_adj["mun"] and "mun" in standard_map.army_adj["bur"]
    assert "lon" not in standard_map.army_adj["bel"]          # across the sea
    assert "nth" not in standard_map.army_adj                 # no army borders at sea
    assert standard_map.can_reach("A", "par", "bur")
    assert not standard_map.can_reach("A", "par", "mar")
    assert not standard_map.can_reach("A", "bre", "eng")


def test_fleet_adjacency_with_coasts(standard_map):
    # Rule: 2000 rulebook board: fleet borders; a split coast borders only its own waters
    fa = standard_map.fleet_adj
    assert fa["spa/nc"] == {"gas", "mid", "por"}
    assert fa["spa/sc"] == {"gol", "mar", "mid", "por", "wes"}
    assert fa["stp/nc"] == {"bar", "nwy"}
    assert fa["stp/sc"] == {"bot", "fin", "lvn"}
    assert fa["bul/ec"] == {"bla", "con", "rum"}
    assert fa["bul/sc"] == {"aeg", "con", "gre"}
    assert {"spa/nc", "spa/sc", "bre", "gas", "por", "naf", "eng", "iri", "nat", "wes"} == fa["mid"]
    assert "spa" not in fa and "mun" not in fa                # no fleet node for a split province or inland
    assert "ber" not in fa["hol"]                              # coastal, but the coasts do not touch
    assert standard_map.can_reach("F", "mid", "spa")
    assert not standard_map.can_reach("F", "gol", "por")
    assert not standard_map.can_reach("F", "bre", "par")
    assert standard_map.fleet_province_adj["mid"] >= {"spa", "bre"}


def test_fleet_borders_are_symmetric(standard_map):
    # Rule: 2000 rulebook board: borders go both ways
    for node, adj in standard_map.fleet_adj.items():
        for other in adj:
            assert node in standard_map.fleet_adj[other], (node, other)
    for prov, adj in standard_map.army_adj.items():
        for other in adj:
            assert prov in standard_map.army_adj[other], (prov, other)


@pytest.mark.parametrize("text,pid", [
    ("par", "par"), ("PAR", "par"), ("Paris", "par"), ("  paris  ", "par"),
    ("stp", "stp"), ("St. Petersburg", "stp"), ("st petersburg", "stp"),
    ("mao", "mid"), ("Mid-Atlantic Ocean", "mid"), ("mid atlantic ocean", "mid"),
    ("nao", "nat"), ("North Atlantic Ocean", "nat"), ("nwg", "nrg"), ("Norwegian Sea", "nrg"),
    ("gob", "bot"), ("Gulf of Bothnia", "bot"), ("lyo", "gol"), ("Gulf of Lyon", "gol"),
    ("ech", "eng"), ("English Channel", "eng"), ("ems", "eas"), ("nor", "nwy"),
    ("Heligoland Bight", "hel"), ("hgb", "hel"), ("North Africa", "naf"), ("kiel", "kie"),
])
def test_resolve_name(standard_map, text, pid):
    # Rule: warjudge map format: ids, aliases and full names, case-insensitive
    assert standard_map.resolve_name(text) == pid


@pytest.mark.parametrize("text", ["xyz", "", "paris france", "spa/nc", "pa"])
def test_resolve_name_unknown(standard_map, text):
    # Standards: an unknown name resolves to nothing (None), never raises
    assert standard_map.resolve_name(text) is None


# --- the validator -----------------------------------------------------------------

def test_valid_copy_loads(spec):
    # Standards: the validator accepts the standard map
    dmap = parse_map(json.dumps(spec))
    assert len(dmap.provinces) == 75 and dmap.victory_centers == 18


def _province(spec, pid):
    return next(p for p in spec["provinces"] if p["id"] == pid)


def test_every_broken_fact_is_reported(spec):
    # Standards: MapError.problems lists every broken fact, not just the first
    spec["army_borders"].append(["par", "xyz"])                   # unknown province in a border
    spec["army_borders"].append(["bur", "par"])                   # duplicate border (reversed)
    _province(spec, "nth")["sc"] = True                           # a sea supply centre
    _province(spec, "bel")["home"] = "SPAIN"                      # home of an unknown power
    spec["start"]["AUSTRIA"] = ["A adr", "A bud", "F tri"]        # army at sea
    spec["start"]["GERMANY"] = ["F kie", "A ber", "F mun"]        # fleet inland
    spec["start"]["RUSSIA"] = ["A mos", "A war", "F sev", "F stp"]  # split coast without coast
    spec["army_borders"] = [b for b in spec["army_borders"] if "boh" not in b]  # boh cut off
    with pytest.raises(MapError) as info:
        parse_map(json.dumps(spec), "broken.json")
    problems = info.value.problems
    expected = [
        ("par-xyz", "xyz"), ("bur-par", "twice"), ("nth", "supply centre"), ("bel", "SPAIN"),
        ("A adr", "at sea"), ("F mun", "fleet position"), ("F stp", "fleet position"), ("boh", "no borders"),
    ]
    for a, b in expected:
        assert any(a in p and b in p for p in problems), (a, b, problems)
    assert len(problems) == len(expected)
    assert "broken.json" in str(info.value) and f"{len(expected)} problem" in str(info.value)


def test_disconnected_island_is_reported_with_other_problems(spec):
    # Standards: MapError.problems lists every broken fact, not just the first
    spec["provinces"] += [{"id": "isa", "name": "Isle A", "kind": "land"},
                          {"id": "isb", "name": "Isle B", "kind": "land"}]
    spec["army_borders"].append(["isa", "isb"])
    _province(spec, "nth")["sc"] = True
    with pytest.raises(MapError) as info:
        parse_map(json.dumps(spec))
    problems = info.value.problems
    assert any("sea province" in p for p in problems)
    assert any("not connected" in p and "isa" in p for p in problems)


def test_disconnected_island_alone_is_reported(spec):
    # Standards: every province must be reachable from the rest of the map
    spec["provinces"] += [{"id": "isa", "name": "Isle A", "kind": "land"},
                          {"id": "isb", "name": "Isle B", "kind": "land"}]
    spec["army_borders"].append(["isa", "isb"])
    with pytest.raises(MapError) as info:
        parse_map(json.dumps(spec))
    assert info.value.problems == ["provinces not connected to the rest of the map: isa, isb"]


@pytest.mark.parametrize("change,fragment", [
    (lambda s: s["provinces"].append(copy.deepcopy(s["provinces"][0])), "defined twice"),
    (lambda s: _province(s, "bur").update(sc=True, home="FRANCE") or None, None),  # legal: extra home
    (lambda s: _province(s, "gas").update(home="FRANCE"), "must be a supply centre"),
    (lambda s: _province(s, "mun").update(coasts=["nc", "sc"]), "only coastal"),
    (lambda s: _province(s, "bur").update(aliases=["paris"]), "used by both"),
    (lambda s: s["army_borders"].append(["par", "par"]), "itself"),
    (lambda s: s["army_borders"].append(["par", "nth"]), "not a land or coastal"),
    (lambda s: s["fleet_borders"].append(["spa", "wes"]), "not a fleet position"),
    (lambda s: s["fleet_borders"].append(["mid", "spa/wc"]), "not a fleet position"),
    (lambda s: s.update(fleet_borders=[b for b in s["fleet_borders"] if "spa/nc" not in b]), "spa/nc"),
    (lambda s: s["start"].pop("ITALY"), "ITALY has no starting units"),
    (lambda s: s["start"].update(SPAIN=["A spa"]), "unknown power SPAIN"),
    (lambda s: s["start"].update(ITALY=["A rom", "A rom", "F nap"]), "already occupied"),
    (lambda s: s["start"].update(ITALY=["Army rom"]), "not written like"),
    (lambda s: s["start"].update(ITALY=["A xyz"]), "unknown province xyz"),
    (lambda s: s.update(victory_centers=35), "victory_centers"),
])
def test_single_broken_fact(spec, change, fragment):
    # Standards: each structural fact of the map format is checked
    change(spec)
    if fragment is None:
        parse_map(json.dumps(spec))
        return
    with pytest.raises(MapError) as info:
        parse_map(json.dumps(spec))
    assert any(fragment in p for p in info.value.problems), info.value.problems


def test_bad_json(spec):
    # Standards: a file that is not JSON raises MapError saying where
    with pytest.raises(MapError) as info:
        parse_map(json.dumps(spec)[:-20])
    assert len(info.value.problems) == 1 and info.value.problems[0].startswith("not JSON")
    with pytest.raises(MapError):
        parse_map("")


def test_deeply_nested_json_raises_map_error():
    # Standards: bad JSON raises MapError, never another exception
    with pytest.raises(MapError):
        parse_map("[" * 100_000)


def test_missing_fields_are_all_reported(spec):
    # Standards: MapError.problems lists every broken fact
    del spec["start"], spec["powers"]
    with pytest.raises(MapError) as info:
        parse_map(json.dumps(spec))
    assert sorted(info.value.problems) == ["powers: Field required", "start: Field required"]


@pytest.mark.parametrize("change,fragment", [
    (lambda s: s.update(format="other/1"), "format"),
    (lambda s: s.update(extra=1), "extra"),
    (lambda s: s["provinces"][0].update(kind="swamp"), "kind"),
    (lambda s: s["provinces"][0].update(id="Bad Id"), "id"),
    (lambda s: s.update(victory_centers=0), "victory_centers"),
    (lambda s: s.update(army_borders=[["par"]]), "army_borders"),
])
def test_schema_errors(spec, change, fragment):
    # Standards: a map file that does not follow the schema raises MapError naming the field
    change(spec)
    with pytest.raises(MapError) as info:
        parse_map(json.dumps(spec))
    assert any(fragment in p for p in info.value.problems), info.value.problems


def test_json_that_is_not_an_object():
    # Standards: bad input raises MapError, never another exception
    for text in ("[]", "null", "42", '"map"'):
        with pytest.raises(MapError):
            parse_map(text)


def test_load_map_missing_path(tmp_path):
    # Standards: an unreadable map file raises MapError naming the file
    missing = tmp_path / "nope.json"
    with pytest.raises(MapError) as info:
        load_map(missing)
    assert "nope.json" in str(info.value)
    assert info.value.problems and "cannot read" in info.value.problems[0]


def test_load_map_reads_a_valid_file(tmp_path, spec):
    # Standards: a valid map file loads
    path = tmp_path / "m.json"
    path.write_text(json.dumps(spec))
    assert len(load_map(path).supply_centers) == 34


def test_load_map_broken_file_names_the_source(tmp_path, spec):
    # Standards: a MapError names the file it came from
    spec["army_borders"].append(["par", "xyz"])
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(spec))
    with pytest.raises(MapError, match="broken.json"):
        load_map(path)


def test_load_map_binary_file(tmp_path):
    # Standards: a corrupt map file raises MapError, never another exception
    path = tmp_path / "m.json"
    path.write_bytes(b"\xff\xfe\x00\x80")
    with pytest.raises(MapError):
        load_map(path)
