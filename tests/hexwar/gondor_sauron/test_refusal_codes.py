"""Issue 12: "Rules emit events with reason codes and parameters; wording happens at the
edge". Gondor & Sauron refuses with codes (`gs.refused.*`) worded only in
`presentation/gondor_sauron/wording_en.py`; each code is reached by breaking its rule, and
a refusal changes nothing."""

from __future__ import annotations

import json

import pytest

from tests.support.gs_audit import new, play_until, scenario, unit

from warjudge.core import games
from warjudge.core.events import Refusal, refusal_json
from warjudge.core.game import GM
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS
from warjudge.hexwar.gondor_sauron.units import SIDES
from warjudge.presentation.gondor_sauron.wording_en import REFUSALS
from tests.hexwar.gondor_sauron.test_gs_stacking_end_of_phase import overstacked

W, S = SIDES


def _leader_alone() -> dict:
    """A 9x9 clear battle where Imrahil may walk away from his Gondor unit."""
    doc = json.loads((SCENARIOS / "sauron.json").read_text(encoding="utf-8"))
    doc["map"].update(width=9, height=9, rows=[" ".join(["0"] * 9)] * 9, hexsides=[])
    doc.update(units=[{"id": "w", "side": W, "nationality": "gondor", "kind": "infantry", "ratings": "C2X",
                       "hex": "0505"},
                      {"id": "s", "side": S, "nationality": "mordor", "kind": "infantry", "ratings": "C2X",
                       "hex": "0909"}],
               leaders=[{"id": "imrahil", "side": W, "nationality": "gondor", "rally": 3, "hex": "0505"}],
               turns=2, night_turns=[], reinforcements=[], spells=[], pedestal=None)
    return doc


LEADER_ALONE = _leader_alone()


def refused(game, player, action) -> Refusal:
    before, n = game.view(None), game.record.action_count()
    with pytest.raises(Refusal) as caught:
        game.act(player, action)
    assert game.view(None) == before and game.record.action_count() == n
    return caught.value


def reached() -> dict[str, Refusal]:
    out = {}
    game_class = games.info("gondor").game_class()   # a record's options, past games.new's own check
    for options in ({"colour": "red"}, {"max_turns": 0}, {"max_turns": True}):
        with pytest.raises(Refusal) as caught:
            game_class.new(1, **options)
        out.setdefault(caught.value.code, caught.value)
    g = games.new("sauron", seed=2)
    waiting = g.to_act()[0]
    idle = next(p for p in g.players if p != waiting)
    for player, action in ((GM, {"type": "draw"}), (idle, {"type": "end"}), (waiting, "end"),
                           (waiting, {"type": "fly"})):
        exc = refused(g, player, action)
        out.setdefault(exc.code, exc)
    alone = games.new("sauron", seed=2, scenario=LEADER_ALONE)   # SPI 8.1
    while alone.state.phase != "F":
        alone.act(GM, {"type": "process"})
    alone.act(W, {"type": "move", "piece": "imrahil", "to": "0303"})
    exc = refused(alone, W, {"type": "end"})
    out.setdefault(exc.code, exc)
    exc = refused(overstacked(), W, {"type": "end"})   # SPI 4.28
    out.setdefault(exc.code, exc)
    over = games.new("gondor", seed=3, max_turns=1)
    while not over.is_over:
        over.act(GM, {"type": "process"})
    for player in (GM, W):
        exc = refused(over, player, {"type": "process"} if player == GM else {"type": "end"})
        out.setdefault(exc.code, exc)
    melee = new(scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X")]))
    play_until(melee, "G", W, "melee")
    exc = refused(melee, W, {"type": "end"})
    out.setdefault(exc.code, exc)
    return out


def test_every_refusal_code_is_reached_and_worded():
    codes = reached()
    assert set(codes) == set(REFUSALS)
    for exc in codes.values():
        assert str(exc) == REFUSALS[exc.code](exc.params) and "None" not in str(exc)
        assert refusal_json(exc)["why"] == {"code": exc.code, "params": exc.params}


def test_a_move_out_of_turn_names_who_is_to_act():
    g = games.new("sauron", seed=2)
    waiting = g.to_act()[0]
    idle = next(p for p in g.players if p != waiting)
    exc = refused(g, idle, {"type": "end"})
    assert exc.code == "gs.refused.not_your_turn"
    assert exc.params == {"player": idle, "waiting": waiting, "kind": g.decision(waiting).kind}
    assert str(exc).startswith(f"it is not {idle}'s turn: {waiting} is to act")


def test_an_unlisted_action_names_the_decision():
    g = games.new("sauron", seed=2)
    waiting = g.to_act()[0]
    exc = refused(g, waiting, {"type": "move", "piece": "nobody", "to": "0101"})
    assert exc.code == "gs.refused.not_legal" and exc.params["kind"] == g.decision(waiting).kind
    assert '"piece": "nobody"' in exc.params["action"] and "see legal_actions" in str(exc)


def test_ending_the_melee_names_the_units_that_must_attack():
    # SPI 7.31: a unit in an enemy zone must attack; the refusal says which
    g = new(scenario([unit("a", W, "0504"), unit("b", W, "0605"), unit("d", S, "0505", "e1X")]))
    play_until(g, "G", W, "melee")
    exc = refused(g, W, {"type": "end"})
    assert exc.code == "gs.refused.must_attack" and exc.params == {"player": W, "units": ["a", "b"]}
    assert str(exc) == "westernesse cannot end the melee: a, b must attack an enemy whose zone it is in (SPI 7.31)"


def test_options_are_refused_with_the_known_ones_named():
    with pytest.raises(Refusal) as caught:   # a record's options: games.new refuses them before the game
        games.info("gondor").game_class().new(1, colour="red")
    assert caught.value.params == {"unknown": ["colour"], "known": ["scenario", "charts", "max_turns"]}
