"""Issue 24 findings 8 and 11: the Diplomacy map's legend draws a sample of each thing the
board uses with its words, and its labels and counters are big enough to read."""

from __future__ import annotations

import re

from warjudge.presentation.diplomacy_map import render_map


def _items(svg: str) -> list[str]:
    return re.search(r'data-testid="legend" data-items="([^"]*)"', svg).group(1).split()


def test_each_map_lists_what_it_draws():
    standard = render_map("standard", {"phase": "S1901M"})
    necromancer = render_map("necromancer", {"phase": "S1901M"})
    assert {"army", "fleet", "sc", "dislodged", "coast", "move", "failed"} <= set(_items(standard))
    assert "mountain" not in _items(standard) and "crossing" not in _items(standard)
    assert {"mountain", "crossing"} <= set(_items(necromancer))
    assert "impassable" in _items(standard) and "impassable" not in _items(necromancer)   # Switzerland
    for item in _items(standard):
        assert re.search(rf'<g data-key="{item}">.*?<text[^>]*>[^<]+</text></g>', standard)


def test_french_words_in_the_legend():
    svg = render_map("standard", {}, lang="fr")
    assert ">armée</text>" in svg and ">flotte</text>" in svg


def test_labels_and_counters_are_at_least_15_units():
    # 15 units of a 1200-unit map drawn about 925 px wide at 1366x768: 11.5 px
    svg = render_map("standard", {"units": {"FRANCE": ["A par", "F bre"]}})
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) >= 15


def test_the_legend_names_the_phase_in_words():
    # issue 24: no phase code on a page ("Standard Diplomacy — S1901M" under the map)
    assert "Spring 1901 (moves) · ENGLAND</text>" in render_map("standard", {"phase": "S1901M", "viewer": "ENGLAND"})
    assert "Hiver 1901 (ajustements)</text>" in render_map("standard", {"phase": "W1901A"}, lang="fr")
    assert "TA 2780 (retreats)</text>" in render_map("necromancer", {"phase": "TA2780R"})
