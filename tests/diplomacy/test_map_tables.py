"""The map's precomputed tables (issue 12, speed) say exactly what the map's borders say."""

from warjudge.diplomacy.mapdata import ARMY, FLEET


def test_fleet_reach_table_answers_can_reach_as_the_borders_do(standard_map):
    # 2000 rulebook: a fleet may support into a province it could move to (some coast of it)
    dmap = standard_map
    for node, adj in dmap.fleet_adj.items():
        for prov in dmap.provinces:
            by_borders = any(n in adj for n in dmap.fleet_nodes(prov))
            assert dmap.can_reach(FLEET, node, prov) == by_borders, (node, prov)
    assert dmap.can_reach(FLEET, "mid", "spa") and dmap.can_reach(FLEET, "gol", "spa")
    assert not dmap.can_reach(FLEET, "bla", "spa") and not dmap.can_reach(FLEET, "mid", "par")
    assert dmap.can_reach(ARMY, "par", "bur") and not dmap.can_reach(ARMY, "par", "mun")


def test_canonical_locations_are_every_province_and_every_coast(standard_map):
    locs = standard_map.canonical_locations
    assert {"par", "spa", "spa/nc", "spa/sc", "stp/nc", "stp/sc", "bul/ec", "bul/sc"} <= locs
    assert "par/nc" not in locs and "spa/ec" not in locs
    assert len(locs) == len(standard_map.provinces) + sum(len(p.coasts) for p in standard_map.provinces.values())
