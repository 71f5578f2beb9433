"""hexwar's terrain as ruleset data (issue 15 item 1): the map vocabulary, movement costs,
zones of control, sight blockers and stacking come from a `Ruleset`, SJG's and Gondor &
Sauron's alike."""

import json

import pytest

from warjudge.core.errors import MapError
from warjudge.hexwar import terrain
from warjudge.hexwar.gondor_sauron.charts import VOCABULARY as GS_WORDS
from warjudge.hexwar.gondor_sauron.charts import default_charts
from warjudge.hexwar.hexmap import load_hexmap
from warjudge.hexwar.sjg import moves, state


def gs_map(rows, hexsides=()) -> str:
    return json.dumps({
        "format": "warjudge-hexmap/1", "game": "gondor", "name": "test", "reconstruction": True,
        "width": len(rows[0].split()), "height": len(rows), "rows": rows, "hexsides": list(hexsides),
    })


def gs_problems(rows, hexsides=()) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_hexmap(gs_map(rows, hexsides), "t.json", vocabulary=GS_WORDS)
    return caught.value.problems


# --- SJG: its vocabulary is now data, and the data is what its code does ---------------


def test_sjg_ruleset_is_what_the_sjg_code_does():
    # SJG 4.2 plateau 1 MP, slope 2 MP; 2.13 monoliths closed; 2.16 cliffs closed; 4.4 three a hex
    rules = terrain.SJG
    assert rules.problems() == []
    assert rules.terrain["plateau"].cost["any"] == moves.PLATEAU_COST
    assert rules.terrain["slope"].cost["any"] == moves.SLOPE_COST
    assert rules.terrain["monolith"].cost["any"] is None
    assert rules.hexsides["cliff"].extra["any"] is None
    assert rules.stacking == state.STACK_LIMIT


def test_sjg_map_reads_the_same_through_the_vocabulary():
    m = load_hexmap(json.dumps({
        "format": "warjudge-hexmap/1", "game": "test", "name": "s", "reconstruction": False,
        "width": 3, "height": 2, "rows": ["1 S2 M1", "1 1 1"],
        "hexsides": [{"hexes": ["0101", "0201"], "kind": "cliff", "high": "0201"}]}), "t")
    assert [m.terrain(h) for h in ("0101", "0201", "0301")] == ["plateau", "slope", "monolith"]
    assert m.hexside_kind("0201", "0101") == "cliff" and m.cliff_high_side("0101", "0201") == "0201"
    assert terrain.step_cost(terrain.SJG, m, "0201", "0102", "any") == 1
    assert terrain.step_cost(terrain.SJG, m, "0102", "0201", "any") == 2
    assert terrain.step_cost(terrain.SJG, m, "0201", "0301", "any") is None   # the monolith
    assert terrain.step_cost(terrain.SJG, m, "0201", "0101", "any") is None   # the cliff


# --- Gondor & Sauron words ---------------------------------------------------------------


ROWS = ["0 G0 M0 T1", "U0 1 1 2"]
WALLS = [{"hexes": ["0202", "0302"], "kind": "wall"}, {"hexes": ["0302", "0402"], "kind": "gate"},
         {"hexes": ["0401", "0402"], "kind": "tower"}]


@pytest.fixture()
def gs():
    return load_hexmap(gs_map(ROWS, WALLS), "t.json", vocabulary=GS_WORDS), default_charts().ruleset


def test_gs_map_has_its_terrain_levels_and_hexsides(gs):
    m, _ = gs
    assert [m.terrain(h) for h in ("0101", "0201", "0301", "0401", "0102")] == \
        ["clear", "grove", "mountain", "tower", "tunnel"]
    assert m.level("0402") == 2 and m.level("0302") == 1       # city levels
    assert m.hexside_kind("0302", "0202") == "wall" and m.hexside_kind("0402", "0302") == "gate"
    assert m.hexside_kind("0402", "0401") == "tower" and m.hexside_kind("0101", "0201") is None
    assert m.cliffs == {}


def test_gs_map_refuses_other_games_words_all_at_once():
    found = gs_problems(["0 S2", "1 1"], [{"hexes": ["0101", "0201"], "kind": "cliff", "high": "0201"},
                                          {"hexes": ["0102", "0202"], "kind": "wall", "high": "0202"}])
    assert found == ["hex 0201: 'S2' is not a terrain token (e.g. 0, G0, M0, T3, U2)"]
    found = gs_problems(["0 0", "1 1"], [{"hexes": ["0101", "0201"], "kind": "cliff", "high": "0201"},
                                         {"hexes": ["0102", "0202"], "kind": "wall", "high": "0202"}])
    assert found == ["hexsides.0.kind: 'cliff' is not a hexside kind of this game (gate, tower, wall)",
                     "hexside 0102-0202: a wall hexside has no high side"]


def test_sjg_cliff_must_name_its_high_side():
    raw = json.dumps({"format": "warjudge-hexmap/1", "game": "t", "name": "s", "reconstruction": False,
                      "width": 2, "height": 1, "rows": ["1 2"], "hexsides": [{"hexes": ["0101", "0201"],
                                                                               "kind": "cliff"}]})
    with pytest.raises(MapError) as caught:
        load_hexmap(raw, "t")
    assert caught.value.problems == ["hexside 0101-0201: a cliff hexside names its high side ('high')"]


def test_gs_movement_costs_come_from_the_chart(gs):
    # SPI 4.26, 4.29 (the Terrain Effects Chart); 7.36 cavalry may not enter a Grove
    m, rules = gs
    assert terrain.step_cost(rules, m, "0101", "0201", "infantry") == 2
    assert terrain.step_cost(rules, m, "0101", "0201", "cavalry") is None
    assert terrain.step_cost(rules, m, "0101", "0102", "cavalry") == 1


def test_walls_gates_and_towers_close_until_breached(gs):
    # SPI 7.53: no crossing a wall, gate or tower hexside unless it is breached
    m, rules = gs
    for a, b in (("0202", "0302"), ("0302", "0402"), ("0401", "0402")):
        assert terrain.step_cost(rules, m, a, b, "infantry") is None
        assert terrain.melee_blocked(rules, m, a, b)                       # SPI 7.35
        assert not terrain.zoc_reaches(rules, m, a, b)                     # SPI 6.13
        breached = frozenset({frozenset((a, b))})
        assert not terrain.melee_blocked(rules, m, a, b, breached)
        assert terrain.zoc_reaches(rules, m, a, b, breached)               # SPI 6.13: breached
    assert terrain.step_cost(rules, m, "0202", "0302", "infantry", frozenset({frozenset(("0202", "0302"))})) == 1


def test_zoc_not_into_mountains_nor_into_or_out_of_tunnels(gs):
    # SPI 6.13
    m, rules = gs
    assert not terrain.zoc_reaches(rules, m, "0201", "0301")   # into a Mountain hex
    assert terrain.zoc_reaches(rules, m, "0301", "0201")       # "into or through" only
    assert not terrain.zoc_reaches(rules, m, "0101", "0102")   # into a Tunnel
    assert not terrain.zoc_reaches(rules, m, "0102", "0101")   # out of a Tunnel
    assert terrain.zoc_reaches(rules, m, "0101", "0201")


def test_missiles_blocked_by_tower_grove_mountain(gs):
    # SPI 7.13
    m, rules = gs
    assert [terrain.sight_blocked(rules, m, h) for h in ("0101", "0201", "0301", "0401", "0102")] == \
        [False, True, True, True, False]
    assert rules.hexsides["wall"].blocks_sight is False and rules.hexsides["wall"].missile_cover == 1  # 7.13, 7.18


def test_gs_stacking_is_one_combat_unit():
    # SPI 5.0
    assert default_charts().ruleset.stacking == 1 and default_charts().ruleset.problems() == []
