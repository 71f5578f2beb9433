"""Issue 25: both Diplomacy games keep a phase's pending orders alike (the family shell:
power -> the unit each order is for -> its canonical text and the order as parsed when
given, which the judge reads: parsed once, point 8) and hand them to a bot through the
interface (`Game.pending_orders`, a declared capability), never through the game's
internals."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from warjudge.core import games
from warjudge.diplomacy import game as standard_game
from warjudge.diplomacy import results
from warjudge.diplomacy.phases import GameState, Phase
from warjudge.diplomacy.variants.necromancer import game as necromancer_game
from warjudge.diplomacy.variants.necromancer import results as necromancer_results

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


def _recording(monkeypatch, module, name: str, seen: list[str]) -> None:
    """Note every text `module.name` (an order parser) is asked to read."""
    parse = getattr(module, name)

    def noted(text, *args):
        seen.append(text)
        return parse(text, *args)
    monkeypatch.setattr(module, name, noted)


def test_the_standard_judge_reads_the_orders_as_act_parsed_them(monkeypatch):  # issue 25 point 8
    game = games.new("diplomacy", seed=0, gm_adjudicates=True)
    given = {"FRANCE": "A par - bur", "GERMANY": "A mun - bur", "ENGLAND": "F lon - nth"}
    for power, order in given.items():
        game.act(power, {"type": "order", "order": order})
    seen: list[str] = []
    for name in ("parse_canonical", "parse_order"):
        _recording(monkeypatch, results, name, seen)
    game.act("gm", {"type": "process"})
    assert not set(given.values()) & set(seen)   # not parsed again
    assert {(r.power, r.text, r.result) for r in game.history[-1].results if not r.default} == {
        ("FRANCE", "A par - bur", "fails"), ("GERMANY", "A mun - bur", "fails"), ("ENGLAND", "F lon - nth", "succeeds")}


def test_the_variant_judge_reads_the_orders_as_act_parsed_them(monkeypatch):  # issue 25 point 8
    game = games.new("necromancer-diplomacy", seed=1, gm_adjudicates=True)
    game.act("gm", {"type": "process"})   # TA 2750: nobody builds
    given = {"GONDOR": "A/F DAm - Pin", "ROHAN": "A Edo - Dhw", "ELVES": "A Lor H"}
    for power, order in given.items():
        game.act(power, {"type": "order", "order": order})
    unpatched = game.clone()
    seen: list[str] = []
    _recording(monkeypatch, necromancer_results, "parse_norder", seen)
    game.act("gm", {"type": "process"})
    assert not set(given.values()) & set(seen)   # not parsed again
    monkeypatch.undo()
    unpatched.act("gm", {"type": "process"})
    assert [(r.power, r.text, r.result) for r in game.history[-1].results] == \
        [(r.power, r.text, r.result) for r in unpatched.history[-1].results]
    assert {(r.power, r.text) for r in game.history[-1].results if not r.default} == set(given.items())


def test_both_adjustment_judges_read_the_orders_as_act_parsed_them(monkeypatch):  # issue 25 point 8
    standard = games.new("diplomacy", seed=0, gm_adjudicates=True)
    centers = {p: set(standard.map.home_centers(p)) for p in standard.map.powers}
    standard.state = GameState(Phase.parse("W1901A"), {}, centers, [], set())   # white-box: every power builds
    variant = games.new("necromancer-diplomacy", seed=1, gm_adjudicates=True)   # TA 2750's adjustments
    given = [(standard, "GERMANY", "Build A ber"), (standard, "GERMANY", "Waive"),
             (variant, "SARUMAN", "Build A Gap"), (variant, "SAURON", "Activate A Gre")]
    for game, power, order in given:
        game.act(power, {"type": "order", "order": order})
    seen: list[str] = []
    for module, name in ((results, "parse_canonical"), (results, "parse_order"), (standard_game, "parse_order"),
                         (necromancer_results, "parse_norder"), (necromancer_game, "parse_norder")):
        _recording(monkeypatch, module, name, seen)
    for game in (standard, variant):
        game.act("gm", {"type": "process"})
    assert not {order for _, _, order in given} & set(seen)   # not parsed again
    assert ("GERMANY", "Build A ber", "succeeds") in {(r.power, r.text, r.result) for r in standard.history[-1].results}
    assert [(r.power, r.text, r.result) for r in variant.history[-1].results if not r.default] == [
        ("SARUMAN", "Build A Gap", "succeeds"), ("SAURON", "Activate A Gre", "succeeds")]
