"""Hex geometry, the generic map file loader, and the Necromancer (SJG 1983) board facts.

Each Necromancer test breaks one fact the rulebook states in a copy of the shipped
reconstruction and checks that the validator names it; the rule is in a comment.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from warjudge.core.errors import MapError
from warjudge.hexwar.grid import (
    DIRECTIONS,
    Grid,
    direction_between,
    distance,
    from_axial,
    lines_between,
    to_axial,
)
from warjudge.hexwar.hexmap import Hex, HexMap, load_hexmap
from warjudge.hexwar.sjg import board
from warjudge.hexwar.sjg.board import load_board, load_board_text, necromancer_facts

GRID = Grid(23, 17)


# --- grid geometry -------------------------------------------------------------------


def test_neighbours_in_unshifted_and_shifted_rows():
    # row 03 is printed flush left, row 02 half a hex to the right: 0503 touches 0402 and
    # 0502 above it, 0502 touches 0501 and 0601 above it
    assert [GRID.neighbour("0503", d) for d in DIRECTIONS] == ["0502", "0603", "0504", "0404", "0403", "0402"]
    assert [GRID.neighbour("0502", d) for d in DIRECTIONS] == ["0601", "0602", "0603", "0503", "0402", "0501"]


def test_neighbours_at_the_edges():
    assert GRID.neighbours("0101") == ["0201", "0102"]
    assert GRID.neighbours("2302") == ["2303", "2202", "2301"]
    assert GRID.neighbours("2317") == ["2316", "2217", "2216"]
    assert GRID.neighbours("0117") == ["0116", "0217"]
    assert GRID.neighbour("0101", 6) is None
    assert GRID.is_edge("1201") and not GRID.is_edge("1209")
    assert len(GRID.within("1209", 1)) == 7


def test_distance():
    assert distance("1209", "1209") == 0
    assert distance("0101", "0102") == 1
    assert distance("0101", "0117") == 16
    assert distance("0101", "2301") == 22
    assert distance("0101", "2317") == distance("2317", "0101") == 30
    assert all(distance("1209", n) == 1 for n in GRID.neighbours("1209"))


def test_direction_between():
    for h in ("0503", "0502", "1209"):
        for d in DIRECTIONS:
            assert direction_between(h, GRID.neighbour(h, d)) == d
    assert direction_between("1209", "1211") is None
    assert direction_between("1209", "1209") is None


def test_lines_between_straight_and_off_axis():
    straight = ["0105", "0205", "0305", "0405", "0505"]
    assert lines_between("0105", "0505") == [straight, straight]
    slanted = ["0101", "0102", "0203", "0204", "0305"]
    assert lines_between("0101", "0305") == [slanted, slanted]
    assert lines_between("1209", "1209") == [["1209"], ["1209"]]


def test_line_along_a_hexside_gives_both_sides():
    q, r = to_axial("0503")
    target = from_axial(q + 2, r - 1)  # two hexes away, between NE and E
    assert target == "0602"
    assert sorted(lines_between("0503", target)) == [["0503", "0502", "0602"], ["0503", "0603", "0602"]]


# --- the generic loader ----------------------------------------------------------------


def small_map(**changes) -> str:
    doc = {
        "format": "warjudge-hexmap/1", "game": "test", "name": "small", "reconstruction": False,
        "width": 3, "height": 2, "rows": ["1 2 S2", "M1 1 1"],
        "hexsides": [{"hexes": ["0101", "0201"], "kind": "cliff", "high": "0201"}],
        "points": {"home": "0102"}, "regions": {"hill": ["0201"]},
    }
    doc.update(changes)
    return json.dumps(doc)


def problems_of(raw: str, facts=None) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_hexmap(raw, "test.json", facts)
    return caught.value.problems


def test_small_map_loads():
    m = load_hexmap(small_map(), "test.json")
    assert m.terrain("0301") == "slope" and m.level("0301") == 2
    assert m.terrain("0102") == "monolith" and m.level("0102") == 1
    assert m.cliff_high_side("0201", "0101") == "0201"
    assert m.cliff_hexes == {"0101", "0201"}
    assert m.regions["hill"] == {"0201"}


def test_row_errors_all_reported():
    found = problems_of(small_map(rows=["1 2", "M1 1 X1"]))
    assert found == [
        "row 1: 2 hexes, the map is 3 wide",
        "hex 0302: 'X1' is not a terrain token (e.g. 3, S4, M2)",
    ]
    assert problems_of(small_map(rows=["1 2 2"])) == ["rows: 1 rows given, the map is 2 high"]


def test_hexside_and_point_errors_all_reported():
    found = problems_of(small_map(
        hexsides=[{"hexes": ["0101", "0301"], "kind": "cliff", "high": "0301"},
                  {"hexes": ["0201", "0202"], "kind": "cliff", "high": "0202"}],
        points={"home": "0909"}, regions={"hill": ["0201", "0400"]},
    ))
    assert found == [
        "hexside 0101-0301: the two hexes are not adjacent",
        "hexside 0201-0202: the high side 0202 is not higher than the other",
        "point home: 0909 is not on the map",
        "region hill: 0400 is not on the map",
    ]


def test_format_errors_are_map_errors():
    assert problems_of("{not json")[0].startswith("not JSON")
    assert any(p.startswith("width") for p in problems_of(small_map(width=0)))
    assert any(p.startswith("hexsides.0.kind") for p in problems_of(
        small_map(hexsides=[{"hexes": ["0101", "0201"], "kind": "wall", "high": "0201"}])))


def test_ruleset_facts_run_after_the_geometry():
    assert problems_of(small_map(), lambda m: ["a fact"]) == ["a fact"]


# --- the Necromancer board -------------------------------------------------------------


@pytest.fixture(scope="module")
def shipped() -> HexMap:
    return load_board()


@pytest.fixture()
def raw() -> dict:
    return json.loads(board.DEFAULT_BOARD.read_text(encoding="utf-8"))


def text_problems(doc: dict) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_board_text(json.dumps(doc), "mine.json")
    return caught.value.problems


def with_hexes(m: HexMap, changes: dict[str, Hex]) -> HexMap:
    return replace(m, hexes={**m.hexes, **changes}, _adjacent={})


def has(problems: list[str], *fragments: str) -> bool:
    return any(all(f in p for f in fragments) for p in problems)


def test_shipped_board_keeps_every_fact(shipped):
    # SJG 2.1-2.16, 7.2, 9.1, 9.2: the reconstruction breaks none of them
    assert necromancer_facts(shipped) == []
    assert load_board() is shipped
    assert shipped.game == "necromancer-sjg" and shipped.reconstruction
    assert "reconstruction" in shipped.note and "--map FILE" in shipped.note


def test_load_board_from_a_file(tmp_path, raw):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert load_board(path).hexes == load_board().hexes
    with pytest.raises(MapError, match="cannot read file"):
        load_board(tmp_path / "missing.json")


def test_map_size(raw):
    # SJG 2.1: "23 long by 17 wide"
    raw["height"] = 18
    raw["rows"].append(raw["rows"][-2])
    assert has(text_problems(raw), "23 columns by 17 rows")


def test_plateau_levels(shipped):
    # SJG 2.11: four levels of plateau, 1 (lowest) to 4 (highest)
    flat = {h: Hex("plateau", 2) for h, x in shipped.hexes.items() if x == Hex("plateau", 1)}
    assert has(necromancer_facts(with_hexes(shipped, flat)), "no plateau of level 1")
    assert has(necromancer_facts(with_hexes(shipped, {"1209": Hex("plateau", 5)})), "1209", "outside 1-4")


def test_monoliths_exist(shipped):
    # SJG 2.13
    bare = {h: Hex("plateau", x.level) for h, x in shipped.hexes.items() if x.terrain == "monolith"}
    assert has(necromancer_facts(with_hexes(shipped, bare)), "no monolith")


def test_slopes_connect_levels(shipped):
    # SJG 2.12: a slope joins plateaus of different levels and counts as the higher
    def facts_with_slope(h: str, level: int) -> list[str]:
        return necromancer_facts(with_hexes(shipped, {h: Hex("slope", level)}))

    assert has(facts_with_slope("1209", 1), "slope 1209", "level 2-4")
    assert has(facts_with_slope("1209", 2), "slope 1209", "no level-2 neighbour")
    assert has(facts_with_slope("2008", 3), "slope 2008", "no lower neighbour")


def test_plateaus_meet_at_cliffs(raw):
    # SJG 2.16: cliffs are the boundaries of plateaus
    raw["hexsides"] = [s for s in raw["hexsides"] if set(s["hexes"]) != {"0501", "0601"}]
    assert text_problems(raw) == ["hexside 0501-0601: plateaus of levels 3 and 2 meet without a cliff (2.16)"]


def test_cliff_high_side_is_higher(raw):
    # SJG 2.16: the rocks are drawn at the foot; the high side must be the higher hex
    raw["hexsides"][0]["high"] = "0601"
    assert text_problems(raw) == ["hexside 0501-0601: the high side 0601 is not higher than the other"]


def test_miasma_centres(raw):
    # SJG 2.14, 7.2: three spirals; the Miasma covers the centre and the six around it
    del raw["points"]["miasma:5-6"]
    raw["points"]["miasma:1-2"] = "0101"
    found = text_problems(raw)
    assert has(found, "miasma:5-6 is missing")
    assert has(found, "miasma:1-2 at 0101", "map edge")


def test_miasma_covers_no_monolith_nor_slope_centre(raw):
    # SJG 7.2, 2.13: units search the seven Miasma hexes; 2.14: the spiral is on a plateau
    raw["points"]["miasma:1-2"] = "1107"
    raw["points"]["miasma:5-6"] = "1404"
    found = text_problems(raw)
    assert has(found, "miasma:1-2 at 1107", "monolith(s) 1106")
    assert has(found, "miasma:5-6 at 1404 is a slope")


def test_central_miasma(raw):
    # SJG 9.2: "Place the Miasma in the central (3, 4) hex"
    raw["points"]["miasma:3-4"] = "1208"
    assert has(text_problems(raw), "miasma:3-4 is at 1208", "1209")


def test_skull_hexes(raw):
    # SJG 9.1: each Necromancer starts on his skull hex
    del raw["points"]["start:red"]
    raw["points"]["start:black"] = "0205"
    found = text_problems(raw)
    assert has(found, "start:red is missing")
    assert has(found, "start:black at 0205 is a slope")


def test_room_to_deploy_around_a_skull(raw):
    # SJG 9.1, 4.4: 50 units within 3 hexes of the Necromancer, three to a hex
    raw["points"]["start:red"] = "0101"
    found = text_problems(raw)
    assert has(found, "start:red at 0101: only 11 hexes", "need 17")
    assert has(found, "skull hexes", "apart")


def test_large_plateau_region(raw):
    # SJG 9.2: Black sets up anywhere on the large level-4 plateau
    region = raw["regions"]["large_level4_plateau"]
    raw["regions"]["large_level4_plateau"] = region[1:]
    assert has(text_problems(raw), "leaves out 0106")
    raw["regions"]["large_level4_plateau"] = [*region, "0105"]
    assert has(text_problems(raw), "0105 are not level-4 plateau")
    del raw["regions"]["large_level4_plateau"]
    assert has(text_problems(raw), "large_level4_plateau is missing")


def test_large_plateau_is_the_largest_and_big_enough(raw):
    # SJG 9.2: Black's 20 units at three a hex need 7 hexes of it
    raw["regions"]["large_level4_plateau"] = ["1912", "1913", "2012", "2013", "2112"]
    found = text_problems(raw)
    assert has(found, "not the largest", "0106 has 26")
    assert has(found, "has 5 hexes", "need 7")


def test_room_for_red_beyond_13_hexes(shipped):
    # SJG 9.2: Red's 80 units set up more than 13 hexes from every Black unit
    crowded = {h: Hex("monolith", x.level) for h, x in shipped.hexes.items() if int(h[:2]) >= 18}
    assert has(necromancer_facts(with_hexes(shipped, crowded)), "only 24 hexes", "need 27")


def test_every_hex_reachable_without_crossing_cliffs(raw):
    # SJG 2.16, 2.24: only wraiths cross cliffs; the three ways down from the large plateau blocked
    rows = [r.split() for r in raw["rows"]]
    for h in ("0205", "0609", "0213"):
        rows[int(h[2:]) - 1][int(h[:2]) - 1] = "M3"
    raw["rows"] = [" ".join(r) for r in rows]
    assert has(text_problems(raw), "2 parts", "0106 (26 hexes)")


def test_cliff_edges_in_both_halves(shipped):
    # SJG 6.23, 6.7: boulder attacks and suicide need cliff edges on both sides of the map
    west = {side: high for side, high in shipped.cliffs.items() if int(high[:2]) < 12}
    found = necromancer_facts(replace(shipped, cliffs=west))
    assert has(found, "east half", "0 cliff edges")
    assert not has(found, "west half")


def test_all_broken_facts_at_once(raw):
    # SJG 7.2 and 9.1 broken together: both reported in one MapError
    raw["points"]["miasma:3-4"] = "1208"
    raw["points"]["start:red"] = "0101"
    assert len(text_problems(raw)) >= 3
