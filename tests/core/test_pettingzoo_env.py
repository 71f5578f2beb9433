"""The PettingZoo adapter: PettingZoo's own `api_test` and `seed_test` pass for every
registered game, and the env shows each agent only its own view (issue 12)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from warjudge.core.errors import IllegalAction
from warjudge.core.pettingzoo_env import GameEnv, encode_view
from warjudge.core.record import canonical_json

from tests.support.registered import ENDING_OPTIONS, ids_with_the_toy, skip_unless_on_the_interface
from tests.support.toygame import INFO as TOY

GAME_IDS = ids_with_the_toy()
pytestmark = pytest.mark.usefixtures("toy_registered")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api_test_passes(game_id: str) -> None:
    skip_unless_on_the_interface(game_id)
    api_test(GameEnv(game_id, ENDING_OPTIONS.get(game_id)), num_cycles=1000)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_seed_test_passes(game_id: str) -> None:
    skip_unless_on_the_interface(game_id)
    seed_test(lambda: GameEnv(game_id, ENDING_OPTIONS.get(game_id)), num_cycles=50)


def toy_env(**kwargs: object) -> GameEnv:
    env = GameEnv(TOY.id, {"rounds": 2}, **kwargs)  # type: ignore[arg-type]
    env.reset(seed=3)
    return env


def test_agents_are_the_players_and_the_mask_is_the_legal_list() -> None:
    env = toy_env()
    assert env.possible_agents == ["north", "south"] and env.agent_selection == "north"
    obs = env.observe("north")
    assert obs["action_mask"].sum() == 6 and obs["action_mask"][:6].all()   # bids 0-5
    assert [env.decode("north", i) for i in range(6)] == env.game.legal_actions("north")  # type: ignore[union-attr]


def test_simultaneous_bids_are_served_in_turn_and_stay_hidden_from_the_other_agent() -> None:
    env = toy_env()
    south_before = env.observe("south")["observation"]
    north_before = env.observe("north")["observation"]
    env.step(4)                                                  # north bids 4, secretly
    assert env.agent_selection == "south"
    assert np.array_equal(env.observe("south")["observation"], south_before)   # south learns nothing
    assert not np.array_equal(env.observe("north")["observation"], north_before)
    assert np.array_equal(env.observe("south")["observation"], encode_view(env.view("south")))
    env.step(0)
    assert env.view("south")["history"][0]["bids"] == {"north": 4, "south": 0}   # revealed once both are in


def test_rewards_come_from_the_outcome_at_the_end() -> None:
    env = toy_env()
    for action in (5, 0, 0, 0):     # two rounds of two bids: the game is over
        env.step(action)
    outcome = env.game.outcome()  # type: ignore[union-attr]
    assert outcome is not None and all(env.terminations.values())
    expected = {p: (0.0 if outcome.draw else 1.0) if p in outcome.winners else -1.0 for p in env.agents}
    assert env.rewards == expected
    for agent in list(env.agents):
        assert env.last()[1] == expected[env.agent_selection]
        env.step(None)
    assert env.agents == []


def test_an_action_beyond_the_legal_list_or_cap_is_refused_and_changes_nothing() -> None:
    env = toy_env(max_actions=3)
    assert env.observe("north")["action_mask"].tolist() == [1, 1, 1]   # 6 legal bids, 3 offered
    before = canonical_json(env.game.view(None))  # type: ignore[union-attr]
    for bad in (3, -1, None, "1", True):
        with pytest.raises(IllegalAction):
            env.step(bad)
    assert canonical_json(env.game.view(None)) == before and env.agent_selection == "north"  # type: ignore[union-attr]


def test_truncation_after_max_steps() -> None:
    env = toy_env(max_steps=2)
    env.step(1)
    env.step(1)
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_render_is_the_games_masters_view_and_only_when_asked() -> None:
    env = toy_env(render_mode="ansi")
    env.step(2)
    assert json.loads(env.render() or "") == env.game.view(None)  # type: ignore[union-attr]
    assert toy_env().render() is None
    with pytest.raises(ValueError):
        GameEnv(TOY.id, render_mode="human")
