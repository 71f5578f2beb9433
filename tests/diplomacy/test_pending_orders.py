"""Issue 25: both Diplomacy games keep a phase's pending orders alike (the family shell:
power -> the unit each order is for -> its canonical text) and hand them to a bot through
the interface (`Game.pending_orders`, a declared capability), never through the game's
internals."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from warjudge.core import games

from tests.diplomacy.variants.necromancer.test_atomic_orders import at_movement

SRC = Path(__file__).parents[2] / "src" / "warjudge"
DIPLOMACY_BOTS = ("diplomacy/bots.py", "diplomacy/heuristic.py", "diplomacy/heuristic_necromancer.py",
                  "diplomacy/search.py", "diplomacy/search_necromancer.py", "diplomacy/rollout.py",
                  "diplomacy/variants/necromancer/bots.py")
INTERNALS = {"pending", "orders", "written"}   # where the games keep what was ordered


@pytest.mark.parametrize("game_id, power, order, unit", [
    ("diplomacy", "FRANCE", "A par - bur", "par"),
    ("necromancer-diplomacy", "SARUMAN", "Build A Gap", "A Gap"),
])
def test_both_games_give_a_powers_pending_orders_by_unit(game_id, power, order, unit):
    game = games.new(game_id, seed=0, gm_adjudicates=True)
    assert game.pending_orders(power) == {}
    game.act(power, {"type": "order", "order": order})
    assert game.pending_orders(power) == {unit: order}
    assert all(game.pending_orders(p) == {} for p in game.players if p != power)   # only its own
    game.pending_orders(power).clear()   # a copy: the reader cannot change the game
    assert game.pending_orders(power) == {unit: order}
    game.act(power, {"type": "retract", "order": order})
    assert game.pending_orders(power) == {}


def test_a_variant_unit_written_like_another_is_numbered():
    """One province may hold two of a power's units written alike: each order keeps its own key."""
    game = at_movement(units={"GONDOR": ["A Los", "A Los"], "ROHAN": ["A Edo"]})
    game.act("GONDOR", {"type": "order", "order": "A Los H"})
    game.act("GONDOR", {"type": "order", "order": "A Los - Pel"})
    assert game.pending_orders("GONDOR") == {"A Los": "A Los H", "A Los #2": "A Los - Pel"}


def test_a_game_that_acts_at_once_has_no_pending_orders():
    game = games.new("gondor", seed=0)
    assert game.pending_orders(game.to_act()[0]) == {}


def _internal_reads(path: Path) -> list[str]:
    return [f"{path.relative_to(SRC)}:{node.lineno}: .{node.attr}" for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Attribute) and node.attr in INTERNALS
            and isinstance(node.value, ast.Name) and node.value.id == "game"]


@pytest.mark.parametrize("module", DIPLOMACY_BOTS)
def test_diplomacy_bots_read_pending_orders_through_the_interface(module):
    assert not _internal_reads(SRC / module), "call game.pending_orders(player)"
