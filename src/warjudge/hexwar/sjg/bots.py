"""The random bot for SJG Necromancer, which plays only through the game interface
(issue 12). It chooses among `game.legal_actions(side)`: first a kind of action (move,
take, attack, end, ...) uniformly, then one action of that kind uniformly. Choosing the
kind first keeps phases short (a movement phase offers hundreds of moves but one `end`),
so random games reach their turn cap or a fallen Necromancer. It never undoes: undoing
at random could undo forever. It draws on the caller's `random.Random`, never on the
game's dice. It is the engine's sparring partner in the property tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from warjudge.core.bots import Bot, FunctionBot, bot_rng, kind_first, play_out
from warjudge.core.game import Game

Action = dict[str, Any]


def to_move(game: Game) -> str:
    """The side whose answer the game waits for (the first, while both owe one)."""
    waiting = game.to_act()
    assert waiting, "no decision is pending: the bot was asked to act on a finished game"
    return waiting[0]


def random_side_action(game: Game, side: str, rng: random.Random) -> Action:
    """A kind of action uniformly, then one of its actions uniformly, from the legal list."""
    legal = [a for a in game.legal_actions(side) if a["type"] != "undo"]
    assert legal, f"{side} is asked to act but has no legal action"
    return kind_first(legal, rng)


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal answer to the decision the game waits for."""
    return random_side_action(game, to_move(game), rng)


def play_random_game(seed: int, max_turns: int = 200, **options: Any) -> Game:
    """Two random bots play a new `necromancer-sjg` game until a Necromancer falls or
    `max_turns` player-turns pass."""
    from warjudge.core import games

    rng = random.Random(seed)
    game = games.new("necromancer-sjg", seed=seed, **options)
    while not game.is_over and game.view()["turn"] <= max_turns:
        game.act(to_move(game), random_action(game, rng))
    return game


def play_game(red: Bot, black: Bot, seed: int, max_turns: int = 150, **options: Any) -> Game:
    """`red` against `black` from a new `necromancer-sjg` game with `seed`, until a
    Necromancer falls or `max_turns` player-turns are played (the game's own turn limit:
    its outcome then says "turn-limit")."""
    from warjudge.core import games

    game = games.new("necromancer-sjg", seed=seed, max_turns=max_turns, **options)
    play_out(game, {"red": red, "black": black}, max_actions=10**7)
    return game


def random_bot(seed: int, side: str) -> Bot:
    """This module's random bot as a `core.bots` bot, on the seat's own RNG."""
    return FunctionBot(random_action, bot_rng(seed, side))
