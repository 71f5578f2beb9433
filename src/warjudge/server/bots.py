"""Bots that fill seats on the server. `random` picks uniformly among the seat's legal
actions, with an RNG seeded from the seat's own secret seed and the game's stored
version, so a bot's choice is reproducible from the database and foreseeable by no player.

Take-backs (`retract`, `undo`) are left out while anything else is legal, so a bot makes
progress and a game of bots always ends."""

from __future__ import annotations

import random
import secrets

from warjudge.core.game import Game

BOTS = ("random",)
TAKE_BACKS = {"retract", "undo"}
MAX_BOT_ACTIONS = 20_000   # per request: a safety net against a game that never lets bots finish


def new_bot_seed() -> str:
    return secrets.token_hex(16)


def random_choice(game: Game, seat: str, rng: random.Random) -> dict | None:
    actions = game.legal_actions(seat)
    onward = [a for a in actions if a.get("type") not in TAKE_BACKS]
    choices = onward or actions
    return rng.choice(choices) if choices else None


def play_bots(game: Game, bot_seeds: dict[str, str], version: int) -> int:
    """Let every bot seat that must act do so until none must; returns how many actions."""
    taken = 0
    while taken < MAX_BOT_ACTIONS and not game.is_over:
        waiting = [seat for seat in game.to_act() if seat in bot_seeds]
        if not waiting:
            break
        seat = waiting[0]
        action = random_choice(game, seat, random.Random(f"{bot_seeds[seat]}:{version}:{taken}"))
        if action is None:
            break
        game.act(seat, action)
        taken += 1
    return taken
