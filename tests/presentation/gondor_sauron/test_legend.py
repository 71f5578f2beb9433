"""Issue 24 finding 8: a Gondor & Sauron board explains itself: a legend of what the map
and the view hold, counters printed SPI-style with their ratings, walls drawn to be seen."""

from __future__ import annotations

import re

from warjudge.core import games
from warjudge.presentation.gondor_sauron.render import render_svg


def _svg(game_id: str) -> tuple[str, dict]:
    game = games.new(game_id, seed=3)
    view = game.view(game.players[0])
    return render_svg(game.scenario.hexmap(), view), view


def test_the_legend_lists_what_the_board_uses():
    gondor, _ = _svg("gondor")
    items = re.search(r'data-testid="legend" data-items="([^"]*)"', gondor).group(1).split()
    # Minas Tirith: its city levels, walls, gate and towers, its engines and cauldrons
    assert {"level-1", "level-2", "wall", "gate", "tower-side", "breach", "catapult", "siege_tower",
            "ladder", "cauldron", "leader", "magic", "infantry"} <= set(items)
    sauron, _ = _svg("sauron")
    items = re.search(r'data-testid="legend" data-items="([^"]*)"', sauron).group(1).split()
    assert "pedestal" in items and "wall" not in items and "catapult" not in items   # Dagorlad has neither
    for item in items:
        assert f'<g data-key="{item}">' in sauron


def test_a_counter_shows_its_ratings_type_and_side():
    # SPI 2.6: melee and missile strength, armour and morale printed on the counter
    svg, view = _svg("gondor")
    unit = view["units"][0]
    counter = re.search(rf'<g data-testid="unit" data-unit="{unit["id"]}".*?</g>(?=<g data-testid|<g data-cauldron|<polygon|<g data-testid="legend")',
                        svg, re.S).group(0)
    assert f'>{unit["ratings"]}</text>' in counter
    assert "armour" in counter and "morale" in counter      # its full reading on hover
    assert {"westernesse": "#2a5a9e", "sauron": "#7a1f1f"}[unit["side"]] in counter


def test_a_counter_is_named_on_hover_as_printed_never_by_its_id():
    # issue 24 finding 9: "Gondor Citadel Guard 2 (ID3W) · infantry, Westernesse · …", not "gondor-citadel-guard-2 · …"
    svg, view = _svg("gondor")
    titles = re.findall(r"<title>([^<]*)</title>", svg)
    pieces = view["units"] + view["leaders"] + view["engines"] + view["cauldrons"]
    assert pieces and not [t for t in titles for p in pieces if p["id"] in t]
    unit = view["units"][0]
    words, number = unit["id"].split("-")[:-1], unit["id"].split("-")[-1]
    name = re.escape(f"{' '.join(w.capitalize() for w in words)} {number}")
    assert re.search(rf"<title>{name} \([A-Z]?{re.escape(unit['ratings'])}\) · {unit['kind']}, ", svg)   # its printed code


def test_walls_are_thick_and_cased():
    svg, _ = _svg("gondor")
    wall = re.search(r'<line data-hexside="[^"]+" data-kind="wall"[^>]*/>', svg).group(0)
    assert float(re.search(r'stroke-width="([\d.]+)"', wall).group(1)) >= 6


def test_the_french_board_reads_in_french():
    # issue 24 finding 14: no English word left on the French pages, the board's key included
    game = games.new("gondor", seed=3)
    view = game.view(game.players[0])
    french = render_svg(game.scenario.hexmap(), view, "fr")
    key = re.search(r'<g data-testid="legend".*', french, re.S).group(0)
    words = re.findall(r">([^<>]+)</text>", key)
    assert "Légende" in words and "muraille" in words and "porte" in words and "Chef magique" in words
    english = re.compile(r"\b(Legend|wall|gate|city|tower|infantry|Counter|armour|morale|Game-Turn)\b")
    assert not [w for w in words if english.search(w)], words
    assert "Tour de jeu 1" in french and "Game-Turn" not in french
