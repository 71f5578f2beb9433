"""The map check (issue 14): every adjacency of the map file can be seen on the picture
(a shared border or a drawn crossing) and no two non-adjacent provinces share a border;
all problems reported at once, on the shipped maps or a user's own."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from dataclasses import replace

import pytest

from warjudge.core.errors import InputError, MapError
from warjudge.diplomacy.variants.standard import standard_map
from warjudge.presentation.diplomacy_map import check_map
from warjudge.presentation.diplomacy_map.boards import HERE, board_for
from warjudge.presentation.diplomacy_map.check import picture_problems
from warjudge.presentation.diplomacy_map.tessellation import GAP, regions_of


def shipped_layout(name: str) -> dict:
    return json.loads((HERE / f"{name}_layout.json").read_text())


@pytest.mark.parametrize("map_id", ["standard", "necromancer"])
def test_both_shipped_maps_pass_the_check(map_id):
    assert check_map(map_id) == []


@pytest.mark.parametrize("map_id", ["standard", "necromancer"])
def test_every_province_has_one_connected_region_holding_its_site(map_id):
    board = board_for(map_id)
    regions = regions_of(board)
    for i, label in enumerate(regions.labels):
        cells = {(c, r) for r in range(regions.rows) for c in range(regions.cols) if regions.at(c, r) == i}
        assert cells, label
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            c, r = todo.pop()
            for step in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if step in cells and step not in seen:
                    seen.add(step)
                    todo.append(step)
        assert seen == cells, f"{label} is in {len(cells) - len(seen)} detached cells"
        place = board.places.get(label)
        if place is not None:
            assert regions.label_at(*place.anchor) == label


def test_a_misplaced_layout_gets_every_problem_at_once():
    layout = shipped_layout("standard")
    layout["provinces"]["par"] = {"xy": [1000, 300]}   # Paris in Russia
    layout["provinces"]["mos"] = {"xy": [430, 640]}    # Moscow in France
    problems = check_map(standard_map(), layout)
    assert len(problems) > 5
    assert any(p.startswith("bre-par") and "do not touch" in p for p in problems)
    assert any(p.startswith("mos-stp") and "do not touch" in p for p in problems)
    assert all("share a border" not in p for p in problems)   # the gaps keep strangers apart


def test_a_border_between_strangers_is_reported():
    """The tessellation never draws one, so check the shipped picture against a map file
    without Paris-Burgundy: the check compares a picture with a map, whatever drew it."""
    board = board_for("standard")
    borders = {pair: kind for pair, kind in board.borders.items() if pair != {"par", "bur"}}
    problems = picture_problems(replace(board, borders=borders), regions_of(board))
    assert len(problems) == 1 and problems[0].startswith("bur-par share a border")


def test_an_adjacency_drawn_only_as_a_crossing_needs_that_crossing():
    # EN map: Minas Tirith and North Ithilien face each other across the Anduin
    layout = shipped_layout("necromancer")
    layout["crossings"] = [c for c in layout["crossings"] if sorted(c) != ["MTi", "NIt"]]
    problems = check_map("necromancer", layout)
    assert problems == ["MTi-NIt (land) are adjacent but their regions do not touch"]


def test_a_crossing_that_is_no_adjacency_is_reported():
    layout = shipped_layout("necromancer")
    layout["crossings"].append(["Eri", "FHa"])
    assert check_map("necromancer", layout) == ["crossing Eri-FHa is drawn but the map has no such adjacency"]


def test_a_layout_without_a_province_is_refused_clearly():
    layout = copy.deepcopy(shipped_layout("standard"))
    del layout["provinces"]["stp"]
    with pytest.raises(InputError, match="places no stp"):
        check_map(standard_map(), layout)


def test_an_unknown_map_is_refused_clearly():
    with pytest.raises(InputError, match="no Diplomacy map"):
        check_map("atlantis")


def test_gaps_are_thin():
    """Empty cells only separate strangers: no lake of nothing in the middle of the map."""
    for map_id in ("standard", "necromancer"):
        regions = regions_of(board_for(map_id))
        assert regions.owner.count(GAP) < 0.03 * len(regions.owner), map_id


def test_the_regions_are_the_same_in_any_process():
    code = ("import hashlib; from warjudge.presentation.diplomacy_map.boards import board_for; "
            "from warjudge.presentation.diplomacy_map.tessellation import regions_of; "
            "r = regions_of(board_for('standard')); print(hashlib.sha256(repr((r.labels, r.owner)).encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout for seed in ("1", "2")}
    assert len(digests) == 1


@pytest.mark.parametrize("change, problem", [
    (lambda lay: lay.pop("width"), "width: Field required"),
    (lambda lay: lay.update(cell=0), "cell: Input should be greater than or equal to 2"),
    (lambda lay: lay["provinces"]["par"].update(xy="Paris"), "provinces.par.xy"),
    (lambda lay: lay["provinces"]["par"].update(sites=[[1, 2, -1]]), "sites of par: a weight must be positive"),
    (lambda lay: lay.update(crossings=[["par"]]), "crossings.0"),
])
def test_a_corrupt_layout_is_refused_with_every_problem_named(change, problem):
    layout = copy.deepcopy(shipped_layout("standard"))
    change(layout)
    with pytest.raises(MapError, match="invalid") as caught:
        check_map(standard_map(), layout)
    assert any(problem in p for p in caught.value.problems), caught.value.problems


def test_bridging_sites_repair_a_layout_whose_borders_are_too_short():
    """The shipped standard layout without its extra sites fails; the tuning helper gives
    the short adjacencies sites toward each other until the picture passes."""
    from warjudge.presentation.diplomacy_map.tuning import bridged_layout

    layout = copy.deepcopy(shipped_layout("standard"))
    for name in ("ber", "pru", "bal"):
        layout["provinces"][name].pop("sites", None)
    before = check_map(standard_map(), layout)
    assert any(p.startswith("ber-pru") for p in before)
    given = copy.deepcopy(layout)
    repaired, left = bridged_layout(standard_map(), layout)
    assert left == [] and check_map(standard_map(), repaired) == []
    assert layout == given   # the caller's layout is untouched
