"""The shipped conformance checks (`warjudge.testing.conformance`, issue 12; shipped by
issue 25) over every registered game, the toy game and the example game of
docs/adding-a-game.md. Each test here is one check; `test_conformance_catches.py` shows
each catches the broken game it is meant for.

A game is skipped only while its class does not yet implement the protocol (it is being
moved onto it); the reason names what is missing.
"""

from __future__ import annotations

import pytest

from warjudge.testing import conformance

from tests.support.registered import ENDING_OPTIONS, ids_with_the_toy, skip_unless_on_the_interface

GAME_IDS = ids_with_the_toy()
pytestmark = pytest.mark.usefixtures("toy_registered")


@pytest.fixture(params=GAME_IDS)
def game_id(request: pytest.FixtureRequest) -> str:
    skip_unless_on_the_interface(request.param)
    return request.param


def test_random_play_reaches_an_outcome_and_every_step_keeps_the_promises(game_id: str) -> None:
    conformance.check_random_play_reaches_an_outcome_and_every_step_keeps_the_promises(
        game_id, ENDING_OPTIONS.get(game_id))


def test_views_are_json_hold_no_seed_and_nothing_hidden_from_the_viewer(game_id: str) -> None:
    conformance.check_views_are_json_hold_no_seed_and_nothing_hidden_from_the_viewer(game_id, ENDING_OPTIONS.get(game_id))


def test_a_sampled_hidden_game_looks_the_same_to_its_player_and_rolls_other_dice(game_id: str) -> None:
    conformance.check_a_sampled_hidden_game_looks_the_same_to_its_player_and_rolls_other_dice(
        game_id, ENDING_OPTIONS.get(game_id))


def test_an_exact_clone_given_the_same_actions_stays_identical_and_independent(game_id: str) -> None:
    conformance.check_an_exact_clone_given_the_same_actions_stays_identical_and_independent(
        game_id, ENDING_OPTIONS.get(game_id))


def test_loading_the_record_gives_the_same_game_at_every_checked_step(game_id: str) -> None:
    conformance.check_loading_the_record_gives_the_same_game_at_every_checked_step(game_id, ENDING_OPTIONS.get(game_id))


def test_listed_actions_are_accepted_and_everything_else_is_refused_changing_nothing(game_id: str) -> None:
    conformance.check_listed_actions_are_accepted_and_everything_else_is_refused_changing_nothing(
        game_id, ENDING_OPTIONS.get(game_id))


def test_the_same_seed_gives_the_same_final_state_in_every_process(game_id: str) -> None:
    conformance.check_the_same_seed_gives_the_same_final_state_in_every_process(game_id, ENDING_OPTIONS.get(game_id))


def test_every_shipped_check_runs_here() -> None:
    here = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    assert {check.__name__.removeprefix("check_") for check in conformance.CHECKS} <= here
