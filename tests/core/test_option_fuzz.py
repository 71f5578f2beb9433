"""Issue 22: random JSON for every described option, undescribed names, and data files
(a map, a scenario, charts) with one part replaced by random JSON, given to every game's
`games.new` and read back from a record: a game, or a WarjudgeError with a message,
never any other exception."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.test_game_options import FILES, shipped
from warjudge.core import games
from warjudge.core.errors import InputError, WarjudgeError
from warjudge.core.record import GameRecord

REAL = ["diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron"]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=8)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


def tried(game_id: str, options: dict[str, Any]) -> None:
    """games.new and a record carrying the options: each makes a game or says why not."""
    for make in (lambda: games.new(game_id, seed=1, **options),
                 lambda: games.load(GameRecord(game_id, 1, options))):
        try:
            make()
        except WarjudgeError as exc:
            assert str(exc)


@pytest.mark.parametrize("game_id", REAL)
@FUZZ
@given(data=st.data())
def test_random_option_values_give_a_game_or_a_clear_error(game_id, data):
    chosen = data.draw(st.lists(st.sampled_from([o.name for o in games.options(game_id)]), max_size=3, unique=True))
    tried(game_id, {name: data.draw(json_values, label=name) for name in chosen})


@pytest.mark.parametrize("game_id", REAL)
@FUZZ
@given(name=st.sampled_from(["board", "seed_", "options"]) | st.text(min_size=1, max_size=8), value=json_values)
def test_an_undescribed_name_is_refused_whatever_its_value(game_id, name, value):
    # the finding: SJG's `new` took a Python-only `board` and crashed on it
    if name in {o.name for o in games.options(game_id)}:
        return
    with pytest.raises(InputError, match="unknown option"):
        games.new(game_id, seed=1, **{name: value})


def mutated(value: Any, data: st.DataObject) -> Any:
    """`value` with one part (itself, or one level down, recursively) replaced by random JSON."""
    keys = list(value) if isinstance(value, dict) else list(range(len(value))) if isinstance(value, list) else []
    if not keys or data.draw(st.integers(0, 4)) == 0:
        return data.draw(json_values, label="replacement")
    key = data.draw(st.sampled_from(keys))
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[key] = mutated(value[key], data)
    return copy


@pytest.mark.parametrize("game_id, name", sorted(FILES))
@FUZZ
@given(data=st.data())
def test_a_data_file_with_a_random_part_gives_a_game_or_a_clear_error(game_id, name, data):
    tried(game_id, {name: mutated(shipped(game_id, name), data)})
