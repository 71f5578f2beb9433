"""Issue 11 item 3, the game-file fuzz class: corrupt and mutated game files of all three
games, fed to every command that reads a game file (game show/orders/process/draw,
necromancer show/act). The only outcomes allowed: a correct result, or a clean error with
exit status 2 that leaves the file exactly as it was; never a traceback, a hang, or a
temporary file left behind. (`campaign.py` runs the same class at a larger scale.)"""

from __future__ import annotations

import json
import random

import pytest
from tests.reliability.gamefiles import GAMES, METHODS, signed, commands, mutant, run_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.reliability.samples import NECROMANCER, SJG, STANDARD, sample_text

from warjudge.core.record import FORMAT


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), method=st.sampled_from(METHODS), seed=st.integers(0, 2 ** 32))
def test_mutated_game_files_give_a_result_or_a_clean_error(tmp_path, game, method, seed):
    # issue 11 items 3, 5, 6, 9: never a traceback or a hang, never a changed file after an error
    rng = random.Random(seed)
    content = mutant(game, method, rng)
    for args, stdin in commands(rng):
        outcome = run_command(tmp_path, content, args, stdin)
        assert outcome.kind in ("result", "clean error"), (game, method, seed, outcome)


def _with_options(game: str, **changes) -> bytes:
    data = json.loads(sample_text(game))
    data["options"].update(changes)
    return signed(data, FORMAT).encode()


REPRODUCERS = {  # the issue's game files, each re-signed so that only the field itself can be refused
    "map {}": (NECROMANCER, {"map": {}}), "map 5": (NECROMANCER, {"map": 5}), "map []": (NECROMANCER, {"map": []}),
    "map true": (NECROMANCER, {"map": True}), "map /dev/zero": (NECROMANCER, {"map": "/dev/zero"}),
    "sjg map /dev/zero": (SJG, {"map": "/dev/zero"}), "sjg map /dev/stdin": (SJG, {"map": "/dev/stdin"}),
    "sjg map {}": (SJG, {"map": {}}), "alignment 'false'": (NECROMANCER, {"alignment": "false"}),
    "variant 5": (STANDARD, {"variant": 5}),
}


@pytest.mark.parametrize("game,changes", REPRODUCERS.values(), ids=REPRODUCERS.keys())
def test_the_issues_game_files_give_a_clean_error(tmp_path, game, changes):
    # issue 11 items 5, 6: a field of the wrong type or naming a device never crashes or hangs a command
    content = _with_options(game, **changes)
    for args, stdin in commands(random.Random(0)):
        outcome = run_command(tmp_path, content, args, stdin)
        assert outcome.kind in ("result", "clean error"), outcome
