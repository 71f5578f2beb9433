"""Rendering a view on the map players recognise (issue 14): the attributes the browser
UI codes against, units standing on their own regions, fills by owner, orders with their
results, escaping, and a player's map holding nothing hidden from them."""

from __future__ import annotations

import pytest

from tests.support import svgshapes
from warjudge.testing.leaks import leaked
from warjudge.core import games
from warjudge.core.errors import InputError
from warjudge.core.visibility import hidden_objects
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.presentation.diplomacy_map import render_map
from warjudge.presentation.diplomacy_map.style import LAND, NEUTRAL_SC, SEA, STANDARD_COLOURS, tint

SPRING_1901 = {"FRANCE": ["A par - bur", "A mar S A par - bur", "F bre - mid"],
               "GERMANY": ["A mun - bur", "F kie - den", "A ber - kie"],
               "RUSSIA": ["F stp/sc - bot", "A war - gal", "A mos - ukr", "F sev - bla"],
               "ENGLAND": ["F lon - nth", "F edi - nrg", "A lvp - yor"],
               "AUSTRIA": ["A vie - gal", "A bud S A vie - gal", "F tri - alb"],
               "TURKEY": ["F ank - bla", "A con - bul", "A smy H"],
               "ITALY": ["A ven H", "A rom - apu", "F nap - ion"]}


def played(orders: dict[str, list[str]]):
    game = games.new("diplomacy", seed=1)
    for power, lines in orders.items():
        for line in lines:
            game.act(power, {"type": "order", "order": line})
    return game


def regions(root) -> dict[str, str]:
    return {e.attrib["data-province"]: e.attrib["d"] for e in svgshapes.with_attribute(root, "data-province")}


def units(root) -> list:
    return [e for e in root.iter() if e.attrib.get("data-testid") == "unit"]


def assert_units_on_their_regions(root, expected: set[tuple[str, str]]):
    paths = regions(root)
    drawn = set()
    for unit in units(root):
        text = unit.attrib["data-unit"]
        province = text.rsplit(" ", 1)[-1].split("/")[0]
        assert svgshapes.inside(svgshapes.translation(unit), paths[province]), text
        drawn.add((unit.attrib["data-power"], text))
    assert drawn == expected


def test_the_standard_start_has_the_stable_attributes_and_each_unit_on_its_region():
    view = games.new("diplomacy", seed=1).view(None)
    root = svgshapes.parse(render_map("standard", view))
    assert root.attrib["data-testid"] == "map"
    paths = regions(root)
    assert len(paths) == 75 and all(p == p.lower() for p in paths)
    assert {e.attrib["data-coast"] for e in svgshapes.with_attribute(root, "data-coast")} == {
        "bul/ec", "bul/sc", "spa/nc", "spa/sc", "stp/nc", "stp/sc"}
    assert_units_on_their_regions(root, {(p, u) for p, us in view["units"].items() for u in us})
    assert len(units(root)) == 22


def test_provinces_are_filled_by_their_centres_owner_seas_blue_and_neutral_centres_grey():
    root = svgshapes.parse(render_map("standard", games.new("diplomacy", seed=1).view(None)))
    fill = {e.attrib["data-province"]: e.attrib["fill"] for e in svgshapes.with_attribute(root, "data-province")}
    assert fill["par"] == tint(STANDARD_COLOURS["FRANCE"])
    assert fill["mos"] == tint(STANDARD_COLOURS["RUSSIA"])
    assert fill["nth"] == SEA and fill["bur"] == LAND and fill["bel"] == LAND
    markers = {e.attrib["data-sc"]: e.attrib["fill"] for e in svgshapes.with_attribute(root, "data-sc")}
    assert len(markers) == 34
    assert markers["bel"] == NEUTRAL_SC and markers["vie"] == STANDARD_COLOURS["AUSTRIA"]


def test_a_fleet_on_a_split_coast_stands_on_its_province_by_that_coast():
    view = {"units": {"RUSSIA": ["F stp/nc"], "TURKEY": ["F bul/sc"], "FRANCE": ["F spa/nc"]},
            "supply_centers": {}}
    root = svgshapes.parse(render_map("standard", view))
    assert_units_on_their_regions(root, {("RUSSIA", "F stp/nc"), ("TURKEY", "F bul/sc"), ("FRANCE", "F spa/nc")})
    north = svgshapes.translation(units(root)[1])   # sorted by power: FRANCE, RUSSIA, TURKEY
    south = svgshapes.translation(svgshapes.parse(render_map("standard", {"units": {"RUSSIA": ["F stp/sc"]}}))
                                  .find(".//*[@data-testid='unit']"))
    assert north[1] < south[1]   # the north coast's fleet stands north of the south coast's


def test_last_phases_orders_drawn_with_results_and_a_dislodged_unit_offset():
    game = played(SPRING_1901)
    view = game.view(None)
    results = view["last_phase"]["results"]
    root = svgshapes.parse(render_map("standard", view, orders=results))
    marks = {e.attrib["data-order"]: e for e in root.iter() if e.attrib.get("data-testid") == "order"}
    assert marks["A par - bur"].attrib["data-result"] == "succeeds"
    assert marks["A mun - bur"].attrib["data-result"] == "fails"
    assert "marker-end" in marks["A par - bur"][0].attrib
    assert len(marks["A mun - bur"]) == 2                              # the arrow and its red cross
    assert marks["A mar S A par - bur"][0].attrib["stroke-dasharray"] == "2,4"
    assert marks["A smy H"][0].tag.endswith("circle")


def test_a_dislodged_unit_is_drawn_offset_on_its_region():
    view = {"units": {"FRANCE": ["A mun"]}, "supply_centers": {},
            "dislodged": [{"power": "GERMANY", "unit": "A mun", "attacker_from": "bur", "via_convoy": False}]}
    root = svgshapes.parse(render_map("standard", view))
    here, away = units(root)
    assert "data-dislodged" not in here.attrib and away.attrib["data-dislodged"] == "true"
    assert svgshapes.translation(here) != svgshapes.translation(away)
    assert svgshapes.inside(svgshapes.translation(away), regions(root)["mun"])


def test_every_text_from_the_view_is_escaped():
    view = {"phase": "S1901M", "viewer": "<b>me</b>", "units": {"<script>x</script>": ["A par"]},
            "supply_centers": {"\"FR'": ["par"]}}
    orders = [{"power": "<i>", "order": "A par - <bur>", "result": "<fails>"}]
    svg = render_map("standard", view, orders=orders)
    root = svgshapes.parse(svg)   # well-formed: nothing was taken as markup
    assert not [e for e in root.iter() if e.tag.split("}")[-1] in ("script", "b", "i")]
    assert "<script>" not in svg and "&lt;script&gt;" in svg


@pytest.mark.parametrize("view, message", [
    ({"units": {"FRANCE": ["A atlantis"]}}, "not a province of the standard map"),
    ({"supply_centers": {"FRANCE": ["xyz"]}}, "not a province"),
])
def test_a_view_naming_no_province_of_the_map_is_refused(view, message):
    with pytest.raises(InputError, match=message):
        render_map("standard", view)


@pytest.mark.parametrize("view, orders, message", [
    (["A par"], None, "the view is not a JSON object"),
    ({"units": ["A par"]}, None, "'units' must map each power"),
    ({"units": {"FRANCE": "A par"}, "supply_centers": {"FRANCE": [3]}}, None, "'units'.*'supply_centers'"),
    ({"dislodged": [{"power": "FRANCE"}]}, None, "each dislodged unit"),
    ({"dislodged": {"FRANCE": "A par"}}, None, "each dislodged unit"),
    ({}, "A par - bur", "orders must be a list of objects"),
])
def test_a_view_of_the_wrong_shape_gets_one_clear_error(view, orders, message):
    with pytest.raises(InputError, match=message):
        render_map("standard", view, orders=orders)


def test_an_unknown_language_is_refused():
    with pytest.raises(InputError, match="language"):
        render_map("standard", {}, lang="de")


def test_a_players_map_holds_none_of_the_orders_hidden_from_them():
    game = games.new("diplomacy", seed=1)
    for power in ("FRANCE", "GERMANY"):
        for line in SPRING_1901[power]:
            game.act(power, {"type": "order", "order": line})
    full = game.view(None)
    view = game.view("FRANCE")
    assert leaked(view, full, "FRANCE") == []
    svg = render_map("standard", view, orders=view["orders"])
    secrets = [o["order"] for o in hidden_objects(full, "FRANCE")]
    assert secrets and not [s for s in secrets if s in svg]
    assert "A par - bur" in svg   # France's own orders are drawn
    gm = render_map("standard", full, orders=full["orders"])
    assert all(s in gm for s in secrets)


def test_the_necromancer_map_draws_what_each_power_may_see():
    """EN 3.2.1: hidden units (the Nazgûl, Saruman's Wizard) stay off other powers' maps."""
    game = NecromancerDiplomacyGame()
    report = game.opening_report()
    gm, rohan = game.report_view(report, None), game.report_view(report, "ROHAN")
    for view in (gm, rohan):
        root = svgshapes.parse(render_map("necromancer", view))
        assert len(regions(root)) == 80
        assert_units_on_their_regions(root, {(p, u) for p, us in view["units"].items() for u in us})
    hidden = {(p, u) for p, us in gm["units"].items() for u in us} - \
        {(p, u) for p, us in rohan["units"].items() for u in us}
    assert ("SAURON", "N MMo") in hidden
    svg = render_map("necromancer", rohan)
    for power, text in hidden:
        assert f'data-unit="{text}" data-power="{power}"' not in svg


def test_eriadors_two_owners_share_its_region():
    view = {"units": {}, "supply_centers": {"DWARVES": ["Eri"], "ELVES": ["Eri"]}}
    root = svgshapes.parse(render_map("necromancer", view))
    assert regions(root) and next(e for e in svgshapes.with_attribute(root, "data-province")
                                  if e.attrib["data-province"] == "Eri").attrib["fill"] == "url(#own-DWARVES-ELVES)"


def test_a_loaded_map_draws_like_its_name_and_a_map_without_positions_is_refused():
    from dataclasses import replace

    from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
    from warjudge.diplomacy.variants.standard import standard_map

    view = {"units": {"FRANCE": ["A par"]}}
    assert render_map(standard_map(), view) == render_map("standard", view)
    root = svgshapes.parse(render_map(load_necromancer_map(), {"units": {"ROHAN": ["A Edo"]}}))
    assert len(regions(root)) == 80
    with pytest.raises(InputError, match="has no positions: give a layout"):
        render_map(replace(standard_map(), name="my-variant"), view)


def test_a_convoy_is_drawn_to_the_middle_of_the_armys_move_and_builds_draw_nothing():
    orders = [{"power": "ENGLAND", "order": "F nth C A lon - bel", "result": "succeeds"},
              {"power": "ENGLAND", "order": "A lon - bel via convoy", "result": "succeeds"},
              {"power": "ENGLAND", "order": "Build F edi", "result": "succeeds"}]
    root = svgshapes.parse(render_map("standard", {}, orders=orders))
    marks = {e.attrib["data-order"]: e for e in root.iter() if e.attrib.get("data-testid") == "order"}
    assert set(marks) == {"F nth C A lon - bel", "A lon - bel via convoy"}
    convoy, move = marks["F nth C A lon - bel"][0].attrib, marks["A lon - bel via convoy"][0].attrib
    assert convoy["stroke-dasharray"] == "8,3,2,3" and "marker-end" in move
