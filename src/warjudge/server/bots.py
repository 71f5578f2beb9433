"""Bots that fill seats on the server: every game's named bots (`core.bots`: `random` for
every game, stronger ones a game family registers, such as SJG's `heuristic`). A bot's RNG
is seeded from the seat's own secret seed and the game's stored version, so its choice is
reproducible from the database and foreseeable by no player.

The server's `random` leaves take-backs (`retract`, `undo`) out while anything else is
legal, so a bot makes progress and a game of bots always ends. A named bot answers the
game's current decision, so it acts only when its seat is the first the game waits for."""

from __future__ import annotations

import random
import secrets

from warjudge.core import bots as core_bots
from warjudge.core.errors import InputError
from warjudge.core.game import Action, Game, waiting_for

RANDOM = core_bots.RANDOM
TAKE_BACKS = {"retract", "undo"}
MAX_BOT_ACTIONS = 20_000   # per request: a safety net against a game that never lets bots finish


def new_bot_seed() -> str:
    return secrets.token_hex(16)


def names(game_id: str) -> list[str]:
    """The bots that can hold a seat of `game_id`, `random` first."""
    return core_bots.names(game_id)


def random_choice(game: Game, seat: str, rng: random.Random) -> Action | None:
    actions = game.legal_actions(seat)
    onward = [a for a in actions if a.get("type") not in TAKE_BACKS]
    choices = onward or actions
    return rng.choice(choices) if choices else None


def _choice(game: Game, seat: str, bot: str, rng: random.Random) -> Action | None:
    if bot == RANDOM:
        return random_choice(game, seat, rng)
    try:
        return core_bots.make(game.game_id, bot, rng).choose(game, seat)
    except InputError:   # the bot found nothing to do: the seat waits, as a player's would
        return None


def play_bots(game: Game, bot_seeds: dict[str, str], version: int, bot_names: dict[str, str] | None = None) -> int:
    """Let every bot seat that must act do so until none must; returns how many actions.
    `bot_names` gives each seat's bot (default `random`)."""
    bot_names = bot_names or {}
    taken = 0
    while taken < MAX_BOT_ACTIONS and not game.is_over:
        waiting = waiting_for(game)   # a Diplomacy bot with all its orders given is done (drafts)
        ready = [seat for seat in waiting if seat in bot_seeds
                 and (bot_names.get(seat, RANDOM) == RANDOM or seat == waiting[0])]
        if not ready:
            break
        seat = ready[0]
        rng = random.Random(f"{bot_seeds[seat]}:{version}:{taken}")
        action = _choice(game, seat, bot_names.get(seat, RANDOM), rng)
        if action is None:
            break
        game.act(seat, action)
        taken += 1
    return taken
