"""The shipped conformance checks (warjudge.testing.conformance) fail on a game that breaks
each promise: every kind of broken toy game (tests/support/brokentoys.py) is caught by
the check meant for it."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from warjudge.core import games
from warjudge.testing import conformance

from tests.support.brokentoys import INFOS

CAUGHT_BY: dict[str, Callable[..., None]] = {
    "toy-leaky": conformance.check_views_are_json_hold_no_seed_and_nothing_hidden_from_the_viewer,
    "toy-seed": conformance.check_views_are_json_hold_no_seed_and_nothing_hidden_from_the_viewer,
    "toy-half": conformance.check_listed_actions_are_accepted_and_everything_else_is_refused_changing_nothing,
    "toy-generous": conformance.check_listed_actions_are_accepted_and_everything_else_is_refused_changing_nothing,
    "toy-shared": conformance.check_an_exact_clone_given_the_same_actions_stays_identical_and_independent,
    "toy-early": conformance.check_random_play_reaches_an_outcome_and_every_step_keeps_the_promises,
    "toy-forgetful": conformance.check_loading_the_record_gives_the_same_game_at_every_checked_step,
    "toy-hash-order": conformance.check_the_same_seed_gives_the_same_final_state_in_every_process,
    "toy-tell-tale": conformance.check_a_sampled_hidden_game_looks_the_same_to_its_player_and_rolls_other_dice,
}


@pytest.fixture(autouse=True, scope="module")
def broken_registered() -> Iterator[None]:
    for info in INFOS:
        games.register(info)
    yield
    for info in INFOS:
        games.unregister(info.id)


@pytest.mark.parametrize("game_id", sorted(CAUGHT_BY))
def test_the_conformance_check_catches_the_broken_game(game_id: str) -> None:
    with pytest.raises((AssertionError, pytest.fail.Exception)) as caught:
        CAUGHT_BY[game_id](game_id)
    print(game_id, "caught:", str(caught.value).splitlines()[0])


def test_every_broken_game_has_its_check() -> None:
    assert sorted(CAUGHT_BY) == sorted(info.id for info in INFOS)


def test_a_flag_given_as_false_reads_as_left_out_and_nothing_more():
    # core.game: a game may accept an equivalent spelling; SJG's plain cliff crossing (4.21)
    # sent as `"suicide": false` is the listed plain move, where the check called it unlisted
    plain = {"type": "move", "side": "red", "units": [24], "path": ["1912", "1812"]}
    assert conformance.listed({**plain, "suicide": False}, [plain, {**plain, "suicide": True}])
    assert not conformance.listed({**plain, "suicide": False}, [{**plain, "suicide": True}])   # still tried
    assert not conformance.listed({**plain, "suicide": True}, [plain])
