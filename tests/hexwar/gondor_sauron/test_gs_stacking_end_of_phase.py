"""SPI 4.28 and 5.0 through the interface only (issue 23): stacking limits "must be met
... at the end of his Movement Phase", and units "may always move *through* Friendly
occupied hexes". A unit may stop on a friend while the phase runs; the phase may not end
on a broken stack (refused, naming the hexes); a move that would leave a stack nothing
may put right is not offered; the games master's `process` and the bots put a broken
stack right."""

from __future__ import annotations

import json
import random

import pytest

from warjudge.core import games
from warjudge.core.events import Refusal
from warjudge.core.game import GM
from warjudge.hexwar.gondor_sauron.bots import heuristic_action
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS
from warjudge.presentation.gondor_sauron.wording_en import REFUSALS

W, S = "westernesse", "sauron"


def unit(uid: str, side: str, hex_: str, ratings: str = "C2X", kind: str = "infantry") -> dict:
    return {"id": uid, "side": side, "nationality": "gondor" if side == W else "mordor", "kind": kind,
            "ratings": ratings, "hex": hex_}


def westernesse_moving(*units: dict, b: dict | None = None, groves: tuple[str, ...] = ()):
    """A 9x9 Sauron battle (clear but the `groves`) with Westernesse's a (0303) and b
    (0304), Sauron's e far off and `units`, at Westernesse's Movement Phase (F)."""
    doc = json.loads((SCENARIOS / "sauron.json").read_text(encoding="utf-8"))
    rows = [" ".join("G0" if f"{c:02d}{r:02d}" in groves else "0" for c in range(1, 10)) for r in range(1, 10)]
    doc["map"].update(width=9, height=9, rows=rows, hexsides=[])
    doc.update({"units": [unit("a", W, "0303"), b or unit("b", W, "0304"), unit("e", S, "0909"), *units],
                "leaders": [], "turns": 2, "night_turns": [], "reinforcements": [], "spells": [], "pedestal": None})
    g = games.new("sauron", seed=1, scenario=doc)
    while g.state.phase != "F":
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})
    return g


def overstacked():
    """Westernesse's a has stopped on b: the phase may not end yet."""
    g = westernesse_moving()
    g.act(W, {"type": "move", "piece": "a", "to": "0304"})
    return g


def hexes_of(g) -> dict[str, str]:
    return {x["id"]: x["hex"] for x in g.view(W)["units"]}


def test_two_friends_exchange_hexes():
    # SPI 4.28, 5.0: a stops on b's hex during the phase, b then moves to a's old one:
    # the limit holds when the phase ends
    g = westernesse_moving()
    assert {"type": "move", "piece": "a", "to": "0304"} in g.legal_actions(W)
    g.act(W, {"type": "move", "piece": "a", "to": "0304"})
    assert {"type": "end"} not in g.legal_actions(W)
    g.act(W, {"type": "move", "piece": "b", "to": "0303"})
    assert {"a": "0304", "b": "0303"}.items() <= hexes_of(g).items()
    g.act(W, {"type": "end"})
    assert g.state.phase == "G"


def test_the_phase_may_not_end_on_a_broken_stack_and_says_where():
    # SPI 4.28: refused with its own code, naming the hex; nothing changes
    g = overstacked()
    before = g.view(None)
    with pytest.raises(Refusal) as caught:
        g.act(W, {"type": "end"})
    assert (caught.value.code, caught.value.params) == ("gs.refused.overstacked", {"hexes": ["0304"]})
    assert "0304" in REFUSALS[caught.value.code](caught.value.params) and g.view(None) == before
    assert g.decision(W).info["overstacked"] == ["0304"]   # the page says so before `end` is tried


def test_no_stop_on_a_friend_that_can_no_longer_move():
    # SPI 4.28 with 6.11: a friend held by an enemy zone of control, or one that has moved
    # already, could never make room: stopping on it would leave the phase no end
    g = westernesse_moving(unit("c", W, "0305"), unit("z", S, "0306", ratings="e1Y"))
    moves = {a["to"] for a in g.legal_actions(W) if a["type"] == "move" and a["piece"] == "a"}
    assert "0304" in moves and "0305" not in moves          # c is in z's zone: it may not leave
    g.act(W, {"type": "move", "piece": "b", "to": "0404"})
    moves = {a["to"] for a in g.legal_actions(W) if a["type"] == "move" and a["piece"] == "a"}
    assert "0304" in moves and "0404" not in moves          # b has moved


def test_no_move_takes_the_only_room_a_stack_has_left():
    # SPI 4.28: cavalry b, hemmed in by groves (prohibited to it), can leave a's stop on
    # its hex only for a's old hex 0303: infantry c may take 0303 before, not after
    hemmed = ("0302", "0403", "0204", "0203", "0202", "0404", "0405", "0305")
    g = westernesse_moving(unit("c", W, "0405"), b=unit("b", W, "0304", "B3X", "cavalry"), groves=hemmed)
    assert {"type": "move", "piece": "c", "to": "0303"} in g.legal_actions(W)
    g.act(W, {"type": "move", "piece": "a", "to": "0304"})
    assert {a["to"] for a in g.legal_actions(W) if a["type"] == "move" and a["piece"] == "b"} == {"0303"}
    assert {"type": "move", "piece": "c", "to": "0303"} not in g.legal_actions(W)
    assert {"type": "move", "piece": "c", "to": "0302"} in g.legal_actions(W)


def test_the_games_master_puts_a_broken_stack_right():
    # a deadline passing at a broken stack: process moves a unit off it, then ends
    g = overstacked()
    g.act(GM, {"type": "process"})
    assert g.state.phase == "F" and len(set(hexes_of(g).values())) == len(hexes_of(g))
    g.act(GM, {"type": "process"})
    assert g.state.phase == "G"


def test_the_heuristic_bot_ends_its_phase_within_the_limit():
    g = overstacked()
    rng = random.Random(3)
    while g.state.phase == "F":
        g.act(W, heuristic_action(g, W, rng))
    assert len(set(hexes_of(g).values())) == len(hexes_of(g))


def test_the_room_to_spread_out_is_found_through_a_chain():
    # 4.28 as a matching: x must leave h1; y in h2 can make room by going on to h3
    from warjudge.hexwar.stacking import assignment
    options = {"w": ("h1",), "x": ("h1", "h2"), "y": ("h2", "h3")}
    found = assignment(options, 1, {"w": "h1", "x": "h1", "y": "h2"})
    assert found is not None and found.hexes == {"w": "h1", "x": "h2", "y": "h3"}
    assert assignment({**options, "y": ("h2",)}, 1, {}) is None
    assert assignment({**options, "y": ("h2",)}, 2, {}) is not None
    # a new piece fixed in h2 needs x to move on, and x has nowhere left; given h4 it has
    assert not found.allows("z", "h2") and not found.allows("z", "h1")
    assert assignment({**options, "x": ("h1", "h2", "h4")}, 1, {}).allows("z", "h2")
