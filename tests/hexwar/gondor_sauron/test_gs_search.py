"""The `search` bot for Gondor and Sauron (issue 26, hexwar/gondor_sauron/search.py): what
it searches and what it leaves to the heuristic it searches with."""

from __future__ import annotations

import random

from warjudge.core import bots, games
from warjudge.hexwar.gondor_sauron.search import search_bot

SEED = 4301


def to_the_magic_phase(seed: int):
    """A `sauron` game the heuristic played until the Sauron side may cast a spell."""
    game = games.new("sauron", seed=seed)
    seats = {s: bots.make("sauron", "heuristic", bots.bot_rng(seed, s)) for s in ("westernesse", "sauron")}
    while True:
        side = game.to_act()[0]
        decision = game.decision(side)
        if side == "sauron" and decision is not None and decision.kind == "magic" \
                and any(a["type"] == "cast" for a in game.legal_actions(side)):
            return game
        game.act(side, seats[side].choose(game, side))


def test_the_magic_phase_is_left_to_the_heuristic_without_a_rollout():
    # SPI 8.5: a spell's effect shows in no demoralization within a rollout's few actions;
    # searching it cost up to 5 s of CPU a decision (issue 26 allows 1 s) and never changed a cast
    game = to_the_magic_phase(SEED)
    bot = search_bot(random.Random(1), iterations=2, game_id="sauron")
    action = bot.choose(game, "sauron")
    assert action in game.legal_actions("sauron")
    assert bot.searched == 0 and bot.rollouts == 0


def test_a_melee_or_fire_decision_is_still_searched():
    game = games.new("sauron", seed=SEED)
    seats = {s: bots.make("sauron", "heuristic", bots.bot_rng(SEED, s)) for s in ("westernesse", "sauron")}
    while True:
        side = game.to_act()[0]
        decision = game.decision(side)
        if decision is not None and decision.kind == "combat" and len(game.legal_actions(side)) > 2:
            break
        game.act(side, seats[side].choose(game, side))
    bot = search_bot(random.Random(1), iterations=2, game_id="sauron")
    assert bot.choose(game, side) in game.legal_actions(side)
    assert bot.searched == 1 and bot.rollouts > 0


def test_the_siege_phase_is_left_to_the_heuristic_without_a_rollout():
    # SPI 3.0 B: a breach shows in no demoralization within a rollout's few actions;
    # searching a bombardment cost up to 1 s of CPU and never changed one
    seed = 3
    game = games.new("gondor", seed=seed)
    seats = {s: bots.make("gondor", "heuristic", bots.bot_rng(seed, s)) for s in ("westernesse", "sauron")}
    while True:
        side = game.to_act()[0]
        decision = game.decision(side)
        if side == "sauron" and decision is not None and decision.kind == "siege" \
                and any(a["type"] == "bombard" for a in game.legal_actions(side)):
            break
        game.act(side, seats[side].choose(game, side))
    bot = search_bot(random.Random(1), iterations=2, game_id="gondor")
    assert bot.choose(game, "sauron") in game.legal_actions("sauron")
    assert bot.searched == 0 and bot.rollouts == 0
