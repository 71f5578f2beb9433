"""The conformance checks every warjudge game passes (issue 12, "Proof that it is one
interface"; shipped with the package by issue 25), in the manner of OpenSpiel's
games_sim_test: each game is played at random through the interface alone, and at every
step, or at a sampled set of steps where a check is costly, the interface's promises are
checked:

- random play from `legal_actions` reaches the end (with the options that make it end);
- `outcome()` is None until `is_over`; then nobody acts and nothing is legal;
  `phase_name()` is the full view's phase;
- everyone `to_act()` is asked a decision and has a legal answer, each listed once; a
  `forced_action` is the seat's one legal action;
- `clone(reseed=False)` then the same actions gives the same full view and record, and a
  clone's actions never touch the original;
- `games.load(record)` (through the record file's text) gives the same full view;
- every listed action is accepted (by a clone), and actions outside the list (perturbed
  legal ones, other players' actions, junk, an unknown player, the GM where it may not
  act) are refused with IllegalAction and change nothing (full view and record);
- views are plain JSON, no view holds the dice seed, and no player's view holds an object
  the full view marks hidden from them (core.visibility);
- a game `sample_hidden` draws for a player shows that player the same view and legal
  actions, rolls other dice, and is independent of the real game;
- the same seed gives the same final state hash under two PYTHONHASHSEEDs.

Each check takes a registered game's id and the options that make random play end soon,
and raises AssertionError on a broken promise; `check_game` runs them all. A game added
through `games.register` runs them from its own tests (docs/adding-a-game.md); the
project's suite runs them over every registered game (tests/core/test_conformance.py).
Nothing here needs pytest.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from typing import Any, Callable, Iterator

from warjudge.core import games
from warjudge.core.errors import IllegalAction
from warjudge.core.game import GM, Decision, Game
from warjudge.core.record import GameRecord, canonical_json
from warjudge.testing.leaks import leaked

SEED = 0x5EED_C0FF_EE15_0DD5_D1CE_0F_A11_9A3E   # large, so finding it in a view is no accident
MAX_STEPS = 20_000     # a random game longer than this does not end: a failure, never a hang
ACCEPTED = 40          # legal actions tried on clones, per player, per checked step (all if fewer)
SAMPLED = 6            # legal actions perturbed, other players' actions tried, per player and step

Options = dict[str, Any]


def new_game(game_id: str, options: Options | None = None) -> Game:
    return games.new(game_id, seed=SEED, **(options or {}))


# --- driving ------------------------------------------------------------------------------


def random_play(game: Game, rng: random.Random, before: Callable[[Game, int], None] = lambda g, s: None,
                after: Callable[[str, dict[str, Any]], None] = lambda p, a: None) -> int:
    """Play uniformly at random (a random player among those to act, then a random legal
    action) to the end; `before(game, step)` runs before each action, `after(player,
    action)` after it. Returns the number of actions."""
    step = 0
    while not game.is_over:
        assert step < MAX_STEPS, f"{game.game_id}: random play did not end within {MAX_STEPS} actions"
        before(game, step)
        player = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(player))
        game.act(player, action)
        after(player, action)
        step += 1
    before(game, step)
    return step


def checked_steps(step: int) -> bool:
    """Costly checks run at steps 0, 1, 2, 4, 8, ... and every 25th: early phases,
    late phases, and a bounded total cost."""
    return step & (step - 1) == 0 or step % 25 == 0


def snapshot(game: Game) -> tuple[str, int, tuple[str, ...]]:
    """What a refused action must leave as it was: the full view, the record (which only
    ever grows: its length says whether an action was logged) and who is to act."""
    return canonical_json(game.view(None)), game.record.action_count(), tuple(game.to_act())


def without_player(action: Any) -> Any:
    return {k: v for k, v in action.items() if k != "player"} if isinstance(action, dict) else action


def spelled_alike(action: Any) -> Any:
    """The action without what an equivalent spelling may add or leave out (core.game):
    the field naming the acting player, and a flag given as false (`"suicide": false` is
    the plain move the list spells without it)."""
    bare = without_player(action)
    return {k: v for k, v in bare.items() if v is not False} if isinstance(bare, dict) else bare


def listed(action: Any, legal: list[dict[str, Any]]) -> bool:
    return spelled_alike(action) in [spelled_alike(a) for a in legal]


# --- random play to the end -------------------------------------------------------------


def check_random_play_reaches_an_outcome_and_every_step_keeps_the_promises(
        game_id: str, options: Options | None = None) -> None:
    game = new_game(game_id, options)
    players = game.players
    assert players and len(set(players)) == len(players) and GM not in players, \
        "the seats must be distinct, and none the GM's"

    def check(g: Game, step: int) -> None:
        waiting = g.to_act()
        assert set(waiting) <= set(players), f"step {step}: to_act() names {waiting}, not all seats"
        if g.is_over:
            assert not waiting, f"step {step}: the game is over but {waiting} may act"
            return
        assert g.outcome() is None, "outcome() must be None until the game is over"
        named = g.view(None).get("phase")
        assert g.phase_name() == (None if named is None else str(named)), \
            f"step {step}: phase_name() gives {g.phase_name()!r}, the full view {named!r}"
        assert waiting, "nobody may act but the game is not over"
        for player in waiting:
            decision = g.decision(player)
            assert isinstance(decision, Decision) and decision.player == player, \
                f"step {step}: {player} is to act but decision() gives {decision!r:.80}"
            assert json.loads(json.dumps(decision.to_json())) == decision.to_json(), \
                f"step {step}: {player}'s decision is not plain JSON"
            legal = g.legal_actions(player)
            assert legal, f"{player} must act but has no legal action"
            assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal), \
                f"step {step}: {player} has a legal action that is not a JSON object with a type"
            assert json.loads(json.dumps(legal)) == legal, f"step {step}: {player}'s legal actions are not plain JSON"
            assert len({canonical_json(a) for a in legal}) == len(legal), "an action is listed twice"
            forced = g.forced_action(player)
            assert forced is None or legal == [forced], \
                f"step {step}: {player}'s forced action {forced} is not its one legal action"

    steps = random_play(game, random.Random(f"conformance:{game_id}"), check)
    assert steps > 0, "random play ended before any action"
    outcome = game.outcome()
    assert outcome is not None, "the game is over but outcome() is None"
    assert set(outcome.winners) <= set(players) and set(outcome.scores) <= set(players), \
        f"the outcome {outcome.to_json()} names someone who is not a seat"
    assert json.loads(json.dumps(outcome.to_json())) == outcome.to_json(), "the outcome is not plain JSON"
    assert all(game.legal_actions(p) == [] for p in players), "the game is over but a seat still has legal actions"


# --- views: JSON, no seed, nothing hidden -------------------------------------------------


def holds_seed(value: Any, seed: int) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == seed
    if isinstance(value, str):
        return str(seed) in value or format(seed, "x") in value.lower()
    if isinstance(value, dict):
        return any(holds_seed(k, seed) or holds_seed(v, seed) for k, v in value.items())
    if isinstance(value, list):
        return any(holds_seed(v, seed) for v in value)
    return False


def views_hold_no_secret(game: Game) -> None:
    full = game.view(None)
    assert json.loads(json.dumps(full, allow_nan=False)) == full, "the full view is not plain JSON"
    assert not holds_seed(full, SEED), "the full view holds the dice seed"
    for player in game.players:
        view = game.view(player)
        assert json.loads(json.dumps(view, allow_nan=False)) == view, f"{player}'s view is not plain JSON"
        assert not holds_seed(view, SEED), f"{player}'s view holds the dice seed"
        assert not leaked(view, full, player), f"{player} sees {leaked(view, full, player)} hidden from them"


def check_views_are_json_hold_no_seed_and_nothing_hidden_from_the_viewer(
        game_id: str, options: Options | None = None) -> None:
    game = new_game(game_id, options)
    random_play(game, random.Random(f"views:{game_id}"), lambda g, s: views_hold_no_secret(g))


def check_a_sampled_hidden_game_looks_the_same_to_its_player_and_rolls_other_dice(
        game_id: str, options: Options | None = None) -> None:
    """`sample_hidden(player, rng)` (for IS-MCTS) gives a game the player cannot tell from
    the real one: the same view and legal actions, another seed, and acting on it leaves
    the real game alone. A game without secrets to sample may return None."""
    game = new_game(game_id, options)
    rng = random.Random(f"sample:{game_id}")

    def look(g: Game, step: int) -> None:
        if not checked_steps(step) or g.is_over:
            return
        for player in g.players:
            before = snapshot(g)
            sample = g.sample_hidden(player, random.Random(rng.getrandbits(64)))
            if sample is None:
                continue
            assert sample is not g and type(sample) is type(g), f"step {step}: sample_hidden gave no new game"
            assert canonical_json(sample.view(player)) == canonical_json(g.view(player)), \
                f"step {step}: {player} can tell a sampled game from the real one by its view"
            assert sample.to_act() == g.to_act(), f"step {step}: a sampled game waits for other seats"
            if player in g.to_act():
                assert sample.legal_actions(player) == g.legal_actions(player), \
                    f"step {step}: {player} has other legal actions in a sampled game"
            assert sample.record.seed != SEED, f"step {step}: a sampled game rolls the real game's dice"
            if sample.to_act():
                mover = sample.to_act()[0]
                sample.act(mover, sample.legal_actions(mover)[0])
            assert snapshot(g) == before, f"step {step}: sampling or acting on a sample changed the game"

    random_play(game, rng, look)


# --- clones and records -------------------------------------------------------------------


def check_an_exact_clone_given_the_same_actions_stays_identical_and_independent(
        game_id: str, options: Options | None = None) -> None:
    game = new_game(game_id, options)
    clones: list[Game] = []

    def fork(g: Game, step: int) -> None:
        for clone in clones:
            assert canonical_json(clone.view(None)) == canonical_json(g.view(None)), \
                f"step {step}: an exact clone given the same actions has another full view"
            assert clone.record.to_json() == g.record.to_json() and clone.to_act() == g.to_act(), \
                f"step {step}: an exact clone given the same actions has another record or to_act()"
        if checked_steps(step) and not g.is_over:
            clones[:] = clones[-2:] + [g.clone(reseed=False)]
            independent(g)

    def same_action(player: str, action: dict[str, Any]) -> None:
        for clone in clones:
            clone.act(player, action)

    random_play(game, random.Random(f"clone:{game_id}"), fork, same_action)
    assert clones, "no step was checked"


def independent(game: Game) -> None:
    """A reseeded clone starts where the game is, and acting on it leaves the game alone."""
    before = snapshot(game)
    clone = game.clone()
    assert canonical_json(clone.view(None)) == before[0], "a reseeded clone does not start where the game is"
    player = clone.to_act()[0]
    clone.act(player, clone.legal_actions(player)[0])
    assert snapshot(game) == before, "acting on a clone changed the original"


def check_loading_the_record_gives_the_same_game_at_every_checked_step(
        game_id: str, options: Options | None = None) -> None:
    def reload(g: Game, step: int) -> None:
        if checked_steps(step) or g.is_over:
            loaded = games.load(GameRecord.from_json(g.record.to_json()))
            assert canonical_json(loaded.view(None)) == canonical_json(g.view(None)), f"step {step}"
            assert loaded.to_act() == g.to_act() and loaded.is_over == g.is_over, \
                f"step {step}: the loaded game has another to_act() or is_over"
            assert loaded.record.to_json() == g.record.to_json(), f"step {step}: the loaded game has another record"

    random_play(new_game(game_id, options), random.Random(f"load:{game_id}"), reload)


# --- legal actions: all accepted, nothing else --------------------------------------------


def perturbed(action: dict[str, Any], player: str) -> Iterator[Any]:
    """Actions like a legal one but not it: each field changed, dropped or mistyped. A
    field naming the acting player may be left out (the game knows who acts), a number
    written as text may be read as that number, and a flag given as false may be read as
    left out: equivalent spellings a game may accept (core.game), so none is tried as a
    refusal (`listed` reads them alike)."""
    yield {**action, "type": action["type"] + "-not"}
    for key, value in action.items():
        if key == "type":
            continue
        if value != player:
            yield {k: v for k, v in action.items() if k != key}
        if isinstance(value, bool):
            yield {**action, key: not value}
        elif isinstance(value, int):
            yield {**action, key: value + 1_000_003}
            yield {**action, key: -value - 1}
        elif isinstance(value, str):
            yield {**action, key: value + "zq9"}
            yield {**action, key: ""}
            yield {**action, key: [value]}
        elif isinstance(value, list):
            yield {**action, key: value + ["zq9"]}
            yield {**action, key: "zq9"}
        else:
            yield {**action, key: "zq9"}


JUNK: list[Any] = [None, [], "", 42, "order", {}, {"type": 3}, {"type": ""}, {"type": "process"},
                   {"type": "x" * 10_000}, {"type": "order", "order": None}, {"type": "bid", "amount": math.nan},
                   {"type": "order", "order": "\x00"}, {"type": ["order"]}, {"type": "undo", "unit": {"a": [1]}}]


def refused(game: Game, player: str, action: Any) -> None:
    before = snapshot(game)
    try:
        game.act(player, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{player!r} was let play {action!r:.120}, which is not among its legal actions")
    assert snapshot(game) == before, f"the refused {action!r:.120} by {player!r} changed the game"


def probe(game: Game, rng: random.Random) -> None:
    legal = {p: game.legal_actions(p) for p in game.players}
    every = [a for actions in legal.values() for a in actions]
    for player in game.players:
        mine = legal[player]
        for action in mine if len(mine) <= ACCEPTED else rng.sample(mine, ACCEPTED):
            clone = game.clone(reseed=False)
            clone.act(player, action)  # every listed action is accepted
            assert clone.record.action_count() > game.record.action_count(), \
                f"{player}'s listed {action!r:.120} was accepted but not recorded"
        for action in rng.sample(mine, min(SAMPLED, len(mine))) + mine[:1] + mine[-1:]:
            for wrong in perturbed(action, player):
                if not listed(wrong, mine):
                    refused(game, player, wrong)
        others = [a for a in every if not listed(a, mine)]
        for action in rng.sample(others, min(SAMPLED, len(others))):
            refused(game, player, action)  # another player's action, or one this player may not take
        for junk in JUNK:
            if not listed(junk, mine):
                refused(game, player, junk)
    for action in rng.sample(every, min(SAMPLED, len(every))):
        refused(game, "nobody", action)
        refused(game, GM, action)  # the GM forces the game on; it never plays a player's move
    for junk in JUNK:
        if junk != {"type": "process"}:   # the GM's one action while the game runs
            refused(game, GM, junk)


def check_listed_actions_are_accepted_and_everything_else_is_refused_changing_nothing(
        game_id: str, options: Options | None = None) -> None:
    rng = random.Random(f"probe:{game_id}")
    game = new_game(game_id, options)
    random_play(game, random.Random(f"refusals:{game_id}"),
                lambda g, step: probe(g, rng) if checked_steps(step) or g.is_over else None)
    for player in game.players:
        refused(game, player, {"type": "undo"})
    refused(game, GM, {"type": "process"})  # nothing to force once the game is over


# --- determinism across processes ---------------------------------------------------------

SELFPLAY = """
import json, sys
from warjudge.core import games
from warjudge.core.selfplay import selfplay
game_id, title, entry, seed, options = json.loads(sys.argv[1])
if game_id not in games.ids():   # a game registered by the caller, not by warjudge
    games.register(games.GameInfo(game_id, title, entry))
print(json.dumps(selfplay(game_id, seed, ["random"], options)))
"""


def check_the_same_seed_gives_the_same_final_state_in_every_process(
        game_id: str, options: Options | None = None) -> None:
    """Two fresh interpreters (PYTHONHASHSEED 0 and 4242), each able to import what this
    one can (its `sys.path`), play the game out and must agree."""
    info = games.info(game_id)
    argument = json.dumps([info.id, info.title, info.entry, SEED, options or {}])
    path = os.pathsep.join(p for p in sys.path if p)
    runs = [subprocess.Popen([sys.executable, "-c", SELFPLAY, argument], text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path})
            for hash_seed in ("0", "4242")]
    results = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        results.append(json.loads(out))
    assert results[0]["finished"] and results[0]["outcome"] is not None, "random self-play did not reach an outcome"
    assert results[0] == results[1], "PYTHONHASHSEED 0 and 4242 gave different games"


CHECKS: tuple[Callable[[str, Options | None], None], ...] = (
    check_random_play_reaches_an_outcome_and_every_step_keeps_the_promises,
    check_views_are_json_hold_no_seed_and_nothing_hidden_from_the_viewer,
    check_a_sampled_hidden_game_looks_the_same_to_its_player_and_rolls_other_dice,
    check_an_exact_clone_given_the_same_actions_stays_identical_and_independent,
    check_loading_the_record_gives_the_same_game_at_every_checked_step,
    check_listed_actions_are_accepted_and_everything_else_is_refused_changing_nothing,
    check_the_same_seed_gives_the_same_final_state_in_every_process,
)


def check_game(game_id: str, options: Options | None = None) -> None:
    """Every check over one registered game; `options` make random play end soon."""
    for check in CHECKS:
        check(game_id, options)


__all__ = ["CHECKS", "SEED", "check_a_sampled_hidden_game_looks_the_same_to_its_player_and_rolls_other_dice",
           "check_an_exact_clone_given_the_same_actions_stays_identical_and_independent",
           "check_game", "check_listed_actions_are_accepted_and_everything_else_is_refused_changing_nothing",
           "check_loading_the_record_gives_the_same_game_at_every_checked_step",
           "check_random_play_reaches_an_outcome_and_every_step_keeps_the_promises",
           "check_the_same_seed_gives_the_same_final_state_in_every_process",
           "check_views_are_json_hold_no_seed_and_nothing_hidden_from_the_viewer"]
