"""Property test: random-bot games keep every invariant after every phase."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warjudge.core.record import GameRecord
from warjudge.diplomacy.adjustments import adjustment_counts
from warjudge.diplomacy.bots import random_orders
from warjudge.diplomacy.game import DiplomacyGame


def _check(game: DiplomacyGame, report) -> None:
    dmap, state = game.map, game.state
    # one unit per province, at a place its type may stand
    for prov, unit in state.units.items():
        assert unit.province == prov
        kind = dmap.provinces[prov].kind
        assert kind != ("sea" if unit.type == "A" else "land")
        if unit.type == "F" and dmap.provinces[prov].coasts:
            assert "/" in unit.location
    # a centre has at most one owner
    owned = Counter(p for cs in state.centers.values() for p in cs)
    assert all(n == 1 for n in owned.values())
    # every order of the phase got a result
    assert all(r.result in ("succeeds", "fails", "void") for r in report.results)
    # after an adjustment phase every power's units match its centres, unless it lacked free home centres
    if report.phase.kind == "A":
        for power, delta in adjustment_counts(state.units, state.centers, dmap.powers).items():
            assert delta >= 0
    # retreat phases only exist with dislodged units
    if state.phase.kind == "R":
        assert state.dislodged
        assert not any(d.unit.province in state.units and state.units[d.unit.province] == d.unit
                       for d in state.dislodged)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_bot_games_keep_invariants_and_replay(seed):  # 2000 rules, whole game; Standards: determinism
    rng = random.Random(seed)
    game = DiplomacyGame(gm_adjudicates=True)
    while not game.is_over and game.state.phase.year <= 1915:
        for power in game.map.powers:
            game.set_orders(power, random_orders(game.map, game.state, power, rng))
        _check(game, game.process())
    # bots give only legal orders
    assert all(r.result != "void" for h in game.history for r in h.results)
    replayed = DiplomacyGame.from_record(GameRecord.from_json(game.record.to_json()))
    assert replayed.state == game.state


def test_the_random_bot_plays_the_same_game_under_any_hash_seed():  # Standards: determinism (issue 9 item 17)
    import hashlib
    import os
    import subprocess
    import sys

    script = ("import hashlib; from warjudge.cli.diplomacy import play_bot_game; "
              "print(hashlib.sha256(play_bot_game(3, 1904).record.to_json().encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (0, 1, 2, 3)}
    assert len(digests) == 1
    assert hashlib.sha256(b"").hexdigest() not in digests
