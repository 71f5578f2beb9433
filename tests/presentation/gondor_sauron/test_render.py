"""The Gondor & Sauron board picture (issue 15 "in the browser UI"): every hex of the map,
every counter of the view on its hex, walls and breaches, nothing beyond the view."""

from __future__ import annotations

import re

import pytest

from warjudge.core import games
from warjudge.presentation.gondor_sauron.render import render_svg


@pytest.mark.parametrize("game_id", ["gondor", "sauron"])
def test_every_hex_and_every_counter_of_the_view_is_drawn_on_its_hex(game_id):
    game = games.new(game_id, seed=3)
    board = game.scenario.hexmap()
    view = game.view(game.players[0])
    svg = render_svg(board, view)
    assert set(re.findall(r'<polygon class="hex" data-hex="(\d{4})"', svg)) == set(board.hexes)
    drawn = set(re.findall(r'data-unit="([^"]+)" data-hex="(\d{4})"', svg))
    expected = {(p["id"], p["hex"]) for key in ("units", "leaders", "engines") for p in view[key] if p.get("hex")}
    assert drawn == expected and expected


def test_walls_are_drawn_and_a_breach_is_dashed():
    game = games.new("gondor", seed=3)
    board = game.scenario.hexmap()
    side = sorted(sorted(s) for s, kind in board.sides.items() if kind == "wall")[0]
    before = render_svg(board, game.view(None))
    assert f'data-hexside="{"-".join(side)}" data-kind="wall" data-breached="false"' in before
    view = {**game.view(None), "breached": [side]}
    after = render_svg(board, view)
    line = re.search(rf'<line data-hexside="{"-".join(side)}"[^>]*/>', after).group(0)
    assert 'data-breached="true"' in line and "stroke-dasharray" in line


def test_text_from_the_view_is_escaped():
    game = games.new("sauron", seed=3)
    view = game.view(None)
    view["units"] = [{**view["units"][0], "id": "<script>x</script>"}]
    svg = render_svg(game.scenario.hexmap(), view)
    assert "<script>" not in svg and "&lt;script&gt;" in svg


@pytest.mark.parametrize("lang, said", [("en", "Game-Turn 1 · the battle is over"), ("fr", "Tour de jeu 1 · bataille terminée")])
def test_a_battle_played_to_its_last_turn_is_captioned_with_that_turn(lang, said):
    # SPI 12.0 (the Game-Turn Record; max_turns agreed): the game ends by moving on to a turn
    # never played; the caption read "Game-Turn 2 · phase A · night" for a one-turn battle
    game = games.new("gondor", seed=3, max_turns=1)
    while not game.is_over:   # each side goes on at once where it may, else takes its first action
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.act(seat, next((a for a in legal if a["type"] in ("next", "end", "stay", "stand")), legal[0]))
    view = game.view(None)
    assert view["turn"] == 2 and view["last_turn"] == 1
    caption = re.search(r'<text x="[\d.]+" y="42"[^>]*>([^<]*)</text>', render_svg(game.scenario.hexmap(), view, lang)).group(1)
    assert caption == said
