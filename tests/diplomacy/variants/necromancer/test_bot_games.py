"""Property test: random-bot Necromancer games keep every invariant after every phase,
from TA 2750 past TA 3020, and their records replay exactly."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warjudge.core.record import GameRecord
from warjudge.diplomacy.variants.necromancer.adjustments import supply_centres, unit_count
from warjudge.diplomacy.variants.necromancer.bots import random_orders
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.position import format_position, position_problems

from tests.diplomacy.variants.necromancer.visibility_oracle import check_views


def play(seed: int, edition: str, last_year: int = 3035) -> NecromancerDiplomacyGame:
    rng = random.Random(seed)
    game = NecromancerDiplomacyGame(edition)
    while not game.state.winner and game.state.phase.year <= last_year:
        for power in game.powers:
            game.set_orders(power, random_orders(game, power, rng))
        report = game.process()
        check_views(game, report)   # Standards: hidden information stays hidden, every channel
        # no illegal co-occupation, no unit where it may not be (EN 3.3 ii, 4.2 i, 4.3, 5.1, 7)
        assert position_problems(game.state.position, game.map) == [], (str(report.phase), report.results)
        if report.phase.kind == "A":
            for power in game.powers:  # after adjustments nobody has more units than centres,
                allowed = supply_centres(game.map, game.state, power)
                if report.phase.year == 3020 and power in ("DWARVES", "ELVES"):
                    allowed += 1  # EN 5.1 vi: Eriador's centres count in the phase Sauron falls
                assert unit_count(game.state, power) <= allowed or power == "SAURON" and game.state.sauron_eliminated
    return game


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), edition=st.sampled_from(["2000", "2002"]))
def test_bot_games_keep_invariants_and_replay(seed, edition):  # EN 6.2, 7.8.3; Standards: determinism
    game = play(seed, edition)
    assert game.state.winner or game.state.phase.year > 3020
    if game.state.phase.year > 3020 and not game.state.winner:
        assert game.state.sauron_eliminated and not game.state.eriador_alive  # EN 7.8.3, 5.1 iv
        assert not any(p.component.kind == "N" for ps in game.state.position.values() for p in ps)
    again = NecromancerDiplomacyGame.from_record(GameRecord.from_json(game.record.to_json()))
    assert format_position(again.state.position) == format_position(game.state.position)
    assert again.state.owners == game.state.owners
