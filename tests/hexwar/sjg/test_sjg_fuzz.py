"""Fuzz tests kept in the suite (issue 11): one per class of SJG input. Each input gives a
result or a typed error (exit 2 at the command line), never a traceback, and a refused
input never changes the game (nor its file)."""

from __future__ import annotations

import contextlib
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from warjudge.cli import app

from tests.hexwar.sjg.sjg_fuzz import cli_args, mutate_action, mutate_map, positions, try_action, try_map
from tests.hexwar.sjg.sjg_helpers import snapshot

from warjudge.hexwar.sjg import bots

runner = CliRunner()
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.function_scoped_fixture])


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5000), steps=st.integers(0, 150), mutations=st.integers(0, 2**32))
def test_fuzz_sjg_actions_text_and_json(seed, steps, mutations):
    game = positions(seed, steps)
    if game.is_over:
        return
    rng = random.Random(mutations)
    for _ in range(8):
        if game.is_over:
            return
        before = snapshot(game)
        outcome = try_action(game, mutate_action(bots.random_action(game, rng), rng))
        assert outcome != "traceback"
        if outcome == "clean":
            assert snapshot(game) == before


@FAST
@given(mutations=st.integers(0, 2**32))
def test_fuzz_hexwar_map_files(mutations):
    rng = random.Random(mutations)
    for _ in range(4):
        assert try_map(mutate_map(rng)) != "traceback"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(mutations=st.integers(0, 2**32))
def test_fuzz_necromancer_command_lines(tmp_path_factory, mutations):
    folder = tmp_path_factory.mktemp("cli")
    game, other = folder / "g.json", folder / "h.json"
    assert runner.invoke(app, ["sjg", "new", str(game), "--seed", "1", "--first", "red"]).exit_code == 0
    rng = random.Random(mutations)
    for _ in range(3):
        before = game.read_bytes()
        args = cli_args(rng, str(game), str(other))
        with contextlib.chdir(folder):   # a mutated option may name any output file: never in the repository
            result = runner.invoke(app, ["sjg", *args])
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        assert result.exit_code in (0, 2), (args, result.output)
        if result.exit_code == 2:
            assert game.read_bytes() == before, args
