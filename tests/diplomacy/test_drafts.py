"""The `drafts` option of both Diplomacy games (issue 24): orders stay drafts until the
phase is processed. A power that gave all its orders may still change them (it stays in
`to_act`, `waiting_for` leaves it out), a phase waits for `process` (the play server's:
every seat ready, or the deadline), a phase nobody has anything to order in is
adjudicated at once, and records without the option replay as before."""

from __future__ import annotations

import pytest

from warjudge.core import games
from warjudge.core.errors import IllegalAction, InputError
from warjudge.core.game import GM
from warjudge.core.record import GameRecord

AUSTRIA = ["A bud - ser", "A vie - tyr", "F tri H"]


def _hold_all(game, power: str) -> None:
    for action in [a for a in game.legal_actions(power) if a["type"] == "order" and a["order"].split()[2:] == ["H"]]:
        game.act(power, action)


def _standard(drafts: bool = True):
    """S1901M, every power but Austria holding with every unit."""
    game = games.new("diplomacy", seed=1, drafts=drafts)
    for power in game.players:
        if power != "AUSTRIA":
            _hold_all(game, power)
    return game


def test_a_complete_set_can_still_be_changed_and_the_phase_waits_for_process():
    # Rulebook 2000, p. 5 ("Writing Orders"): orders are secret until revealed at once;
    # until then a player may rewrite them. With drafts the judge keeps them open.
    game = _standard()
    for order in AUSTRIA:
        game.act("AUSTRIA", {"type": "order", "order": order})
    assert str(game.state.phase) == "S1901M"            # every power has a complete set: no adjudication
    assert "AUSTRIA" in game.to_act() and game.waiting_for() == ()
    assert {"type": "retract", "order": "A bud - ser"} in game.legal_actions("AUSTRIA")
    game.act("AUSTRIA", {"type": "retract", "order": "A bud - ser"})
    assert game.waiting_for() == ("AUSTRIA",)
    assert game.legal_actions("AUSTRIA")[0]["order"].startswith("A bud")   # only the unit without an order
    game.act("AUSTRIA", {"type": "order", "order": "A bud - gal"})
    with pytest.raises(IllegalAction, match="already has an order"):    # one order a unit: retract first
        game.act("AUSTRIA", {"type": "order", "order": "A bud - rum"})
    game.act(GM, {"type": "process"})
    assert str(game.state.phase) == "F1901M" and game.state.units["gal"].power == "AUSTRIA"
    assert set(game.to_act()) == set(game.players) and set(game.waiting_for()) == set(game.players)


def test_a_phase_nobody_has_anything_to_order_in_is_adjudicated_at_once():
    game = _standard()
    _hold_all(game, "AUSTRIA")
    game.act(GM, {"type": "process"})
    for power in game.players:   # F1901M: every unit holds, no centre changes hands
        _hold_all(game, power)
    game.act(GM, {"type": "process"})
    assert str(game.state.phase) == "S1902M"   # W1901A had no builds or removals to give


def test_without_drafts_a_complete_set_ends_the_phase_as_before():
    game = _standard(drafts=False)
    for order in AUSTRIA:
        game.act("AUSTRIA", {"type": "order", "order": order})
    assert str(game.state.phase) == "F1901M"
    assert "drafts" not in game.record.options


def test_a_drafts_record_replays_bit_for_bit():
    game = _standard()
    for order in AUSTRIA:
        game.act("AUSTRIA", {"type": "order", "order": order})
    game.act("AUSTRIA", {"type": "retract", "unit": "vie"})
    game.act(GM, {"type": "process"})
    record = game.record.to_json()
    assert GameRecord.from_json(record).options["drafts"] is True
    replayed = games.load(GameRecord.from_json(record))
    assert replayed.record.to_json() == record and replayed.view(None) == game.view(None)
    with pytest.raises(InputError, match="drafts"):
        games.new("diplomacy", seed=1, drafts="yes")


def test_necromancer_drafts_keep_a_complete_set_open_until_process():
    game = games.new("necromancer-diplomacy", seed=1, drafts=True)
    game.act("SARUMAN", {"type": "order", "order": "Build A Gap"})   # EN 7.7 x: his third army
    game.act("SAURON", {"type": "pass"})
    assert str(game.state.phase) == "TA2750A" and game.to_act() == ("SARUMAN",) and game.waiting_for() == ()
    game.act("SARUMAN", {"type": "retract", "order": "Build A Gap"})
    game.act("SARUMAN", {"type": "order", "order": "Build A Ene"})
    assert str(game.state.phase) == "TA2750A"
    game.act(GM, {"type": "process"})
    assert str(game.state.phase) == "TA2765M"
    replayed = games.load(GameRecord.from_json(game.record.to_json()))
    assert replayed.record.to_json() == game.record.to_json() and replayed.record.options["drafts"] is True
