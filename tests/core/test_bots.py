"""core.bots and core.selfplay: bots choose only from `legal_actions` with their own seeded
RNG, a game may offer named bots, and a self-played game is summed up reproducibly."""

from __future__ import annotations

import hashlib
import importlib
import random
from collections import Counter
from typing import Any, Iterator

import pytest

from warjudge.core import bots, games, ismcts
from warjudge.core.errors import InputError
from warjudge.core.game import Action, Game
from warjudge.core.record import canonical_json
from warjudge.core.selfplay import selfplay, state_hash

from tests.support.registered import ENDING_OPTIONS, skip_unless_on_the_interface
from tests.support.toygame import INFO, ToyBids


class AllIn:
    """A named bot for the toy game: always bids everything."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game: Game, player: str) -> Action:
        return max(game.legal_actions(player), key=lambda a: a["amount"])


class StuckBids(ToyBids):
    game_id = "toy-stuck"

    def to_act(self) -> tuple[str, ...]:
        return ()


class FixedOptionsBids(ToyBids):
    game_id = "toy-fixed"

    @classmethod
    def new(cls, seed: int, rounds: int = 3) -> "FixedOptionsBids":  # type: ignore[override]
        return super().new(seed, rounds=rounds)  # type: ignore[return-value]


EXTRA = [games.GameInfo("toy-stuck", "stuck", "tests.core.test_bots:StuckBids"),
         games.GameInfo("toy-fixed", "fixed options", "tests.core.test_bots:FixedOptionsBids")]


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    for info in [INFO, *EXTRA]:
        games.register(info)
    bots.register(bots.BotInfo(INFO.id, "all-in", "tests.core.test_bots:AllIn", kind="factory"))
    yield
    bots.unregister(INFO.id, "all-in")
    for info in [INFO, *EXTRA]:
        games.unregister(info.id)


def test_the_random_bot_chooses_uniformly_among_the_legal_actions_only() -> None:
    game = games.new(INFO.id, seed=1)
    bot = bots.RandomBot(bots.bot_rng(7, "north"))
    picks = Counter(bot.choose(game, "north")["amount"] for _ in range(1200))
    assert set(picks) == {0, 1, 2, 3, 4, 5}          # every legal bid, nothing else
    assert all(150 <= n <= 250 for n in picks.values()), picks
    with pytest.raises(InputError):
        bot.choose(game, "gm")                         # nothing legal: a clear error


class Undoable(ToyBids):
    """The toy game with an `undo` always on offer, as SJG offers it."""

    game_id = "toy-undo"

    def legal_actions(self, player: str) -> list[Action]:
        return [{"type": "undo"}] + super().legal_actions(player) if player in self.to_act() else []


def test_the_random_bot_leaves_take_backs_out_while_anything_else_is_legal() -> None:
    # issue 26: SJG's random bot chose `undo` as often as anything else; the server's did not
    game = Undoable.new(seed=1)
    bot = bots.RandomBot(bots.bot_rng(7, "north"))
    assert {bot.choose(game, "north")["type"] for _ in range(200)} == {"bid"}


def test_a_bot_rng_is_fixed_by_seed_and_seat() -> None:
    draws = [bots.bot_rng(3, "north").random() for _ in range(2)]
    assert draws[0] == draws[1] != bots.bot_rng(3, "south").random() != bots.bot_rng(4, "north").random()


def test_a_game_offers_named_bots_and_the_random_bot_is_always_there() -> None:
    assert bots.names(INFO.id) == ["random", "all-in"]
    assert bots.names("toy-stuck") == ["random"]
    with pytest.raises(InputError, match="random, all-in"):
        bots.make(INFO.id, "genius", random.Random(0))
    with pytest.raises(ValueError):
        bots.register(bots.BotInfo(INFO.id, "random", "tests.core.test_bots:AllIn", kind="factory"))
    with pytest.raises(ValueError):
        bots.register(bots.BotInfo(INFO.id, "odd", "tests.core.test_bots:AllIn", kind="class"))
    with pytest.raises(ValueError, match="level"):   # people choose an opponent by it
        bots.register(bots.BotInfo(INFO.id, "odd", "tests.core.test_bots:AllIn", kind="factory", level="godlike"))
    assert bots.level(INFO.id, "random") == "easy" and bots.level(INFO.id, "all-in") == "standard"


def test_every_registered_named_bot_names_a_callable_that_exists() -> None:
    for (game_id, name), info in bots._REGISTRY.items():
        module, _, attribute = info.entry.partition(":")
        assert callable(getattr(importlib.import_module(module), attribute)), (game_id, name)


def test_every_search_bot_takes_each_think_budget_and_no_other_bot_takes_one() -> None:
    # issue 26: a seat's think budget, checked where a bot is made (server and tournament alike)
    searching = {game_id for (game_id, name), info in bots._REGISTRY.items() if info.budgeted}
    assert searching == {g for g in games.ids() if "search" in bots.names(g)} and searching
    for game_id in sorted(searching):
        assert bots.budgets(game_id, "search") == list(bots.BUDGETS) and bots.budgets(game_id, "heuristic") == []
        for budget in bots.BUDGETS:
            assert bots.make(game_id, f"search:{budget}", random.Random(0)) is not None
        with pytest.raises(InputError, match="'forever'.*quick, normal, long"):
            bots.make(game_id, "search", random.Random(0), "forever")
        for other in ("heuristic", "random"):
            with pytest.raises(InputError, match="'quick'.*takes no budget"):
                bots.make(game_id, f"{other}:quick", random.Random(0))
    assert bots.checked_budget("gondor", "search", None) == "normal" and bots.checked_budget("gondor", "random", None) is None


def test_selfplay_sums_up_the_game_and_its_hash_is_the_final_full_view() -> None:
    summary = selfplay(INFO.id, 11, ["all-in", "random"], {"rounds": 2})
    assert summary["game"] == INFO.id and summary["seed"] == 11 and summary["options"] == {"rounds": 2}
    assert summary["bots"] == {"north": "all-in", "south": "random"}
    assert summary["actions"] == 4 and summary["finished"] is True       # 2 rounds x 2 bids
    game = games.new(INFO.id, seed=11, rounds=2)
    seats = {"north": AllIn(random.Random(0)), "south": bots.RandomBot(bots.bot_rng(11, "south"))}
    assert bots.play_out(game, seats, 100) == 4
    assert game.view(None)["history"][0]["bids"]["north"] == 5           # all-in bid its 5 coins
    assert summary["state_hash"] == state_hash(game) == hashlib.sha256(
        canonical_json(game.view(None)).encode()).hexdigest()
    assert summary["outcome"] == game.outcome().to_json()                 # type: ignore[union-attr]
    assert selfplay(INFO.id, 11, ["all-in", "random"], {"rounds": 2}) == summary


def test_selfplay_stops_at_the_action_limit_and_says_so() -> None:
    summary = selfplay(INFO.id, 2, ["random"], {"rounds": 3}, max_actions=3)
    assert summary["actions"] == 3 and summary["finished"] is False and summary["outcome"] is None


@pytest.mark.parametrize("names, options, error", [
    (["random", "random", "random"], {}, "name one bot for all of them or one per player"),
    (["random"], {"colour": "red"}, "unknown option.* colour; toy-fixed takes rounds"),
    (["genius"], {}, "no bot 'genius'"),
])
def test_selfplay_refuses_bad_requests_clearly(names: list[str], options: dict[str, Any], error: str) -> None:
    with pytest.raises(InputError, match=error):
        selfplay("toy-fixed", 1, names, options)


def test_selfplay_passes_option_errors_on() -> None:
    with pytest.raises(InputError, match="rounds: a whole number from 1 to 20"):
        selfplay(INFO.id, 1, ["random"], {"rounds": 0})


def test_a_game_nobody_may_act_in_is_an_error_not_a_hang() -> None:
    with pytest.raises(InputError, match="nobody may act"):
        selfplay("toy-stuck", 1, ["random"], {})


@pytest.mark.parametrize("game_id, name", sorted(bots._REGISTRY))
def test_every_named_bot_plays_its_game_to_the_end(game_id: str, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    skip_unless_on_the_interface(game_id)
    monkeypatch.setattr(ismcts, "ITERATIONS", 1)   # the hex search bots: a whole game, kept quick
    summary = selfplay(game_id, 5, [name], ENDING_OPTIONS.get(game_id, {}))
    assert summary["finished"] and summary["outcome"] is not None
