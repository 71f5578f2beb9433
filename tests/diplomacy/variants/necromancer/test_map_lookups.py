"""The Necromancer map's lookups (issue 12, speed): answered from tables built once, the
same answers the borders give (EN 5.1-5.2 border kinds)."""

from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map

NMAP = load_necromancer_map()
KINDS = {"land", "coast", "sea", "mountain"}


def test_neighbours_are_those_across_borders_of_the_asked_kinds_and_kept():
    for province in NMAP.provinces:
        for kinds in (KINDS, {"land", "coast", "sea"}, {"mountain"}):
            expected = {b for pair, kind in NMAP.borders.items() if province in pair and kind in kinds
                        for b in pair if b != province}
            assert NMAP.neighbours(province, kinds) == expected
    # asked again, the answer is the one kept, not a set built anew (issue 12)
    assert NMAP.neighbours("Los", KINDS) and NMAP.neighbours("Los", KINDS) is NMAP.neighbours("Los", set(KINDS))


def test_canonical_ids_name_themselves():
    assert NMAP.canonical_ids and all(NMAP.resolve_name(pid) == pid for pid in NMAP.canonical_ids)
    assert set(NMAP.canonical_ids) <= set(NMAP.provinces)
