"""Bots that fill seats on the server: every game's named bots (`core.bots`: `random` for
every game, stronger ones a game family registers, such as SJG's `heuristic`).

Determinism: a bot's RNG is seeded from its seat's own secret seed, the game's stored
version and how many actions the bots took before it in the same step, so its choice is
reproducible from the database and foreseeable by no player (the seed never leaves it).

The `random` bot (`core.bots.random_choice`) leaves take-backs (`retract`, `undo`) out
while anything else is legal, so a bot makes progress and a game of bots always ends. Every
bot whose seat the game waits for acts: a game waits for several seats only while each owes
its own answer (Diplomacy orders, secret set-ups), so no bot waits on a player before it.
The bots play in the background (`botturns.py`), one bounded step at a time: `step`
here is the game work of one such step, on a game already loaded. A search bot's seat
keeps its think budget (`core.bots.BUDGETS`: a factor on its rounds, never a clock), so
what it plays is the same on any machine however busy."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from warjudge.core import bots as core_bots
from warjudge.core.bots import random_choice
from warjudge.core.errors import InputError
from warjudge.core.game import Action, Game
from warjudge.server.errors import ApiError

RANDOM = core_bots.RANDOM
STEP_ACTIONS = 64   # bot actions per step at most: a Necromancer phase of eight bots takes up to 54


def new_bot_seed() -> str:
    return secrets.token_hex(16)


def names(game_id: str) -> list[str]:
    """The bots that can hold a seat of `game_id`, `random` first."""
    return core_bots.names(game_id)


def levels(game_id: str) -> dict[str, str]:
    """Each bot of `game_id` and how hard it is to beat (easy, standard or strong)."""
    return {name: core_bots.level(game_id, name) for name in names(game_id)}


def budgets(game_id: str) -> dict[str, list[str]]:
    """Each bot of `game_id` and the think budgets it takes (none for a bot that does not search)."""
    return {name: core_bots.budgets(game_id, name) for name in names(game_id)}


def checked_budget(game_id: str, bot: str, budget: str | None) -> str | None:
    """The budget a seat of `bot` keeps (`core.bots.checked_budget`); a 422 naming a budget
    the bot does not take."""
    offered = core_bots.budgets(game_id, bot)
    if budget is not None and budget not in offered:
        if offered:
            raise ApiError(422, "api.no_budget", kind=game_id, bot=bot, budget=budget, budgets=", ".join(offered))
        raise ApiError(422, "api.takes_no_budget", kind=game_id, bot=bot, budget=budget)
    return core_bots.checked_budget(game_id, bot, budget)


def _choice(game: Game, seat: str, bot: str, budget: str | None, rng: random.Random,
            made: dict[str, core_bots.Bot]) -> Action | None:
    """The bot's next action; a named bot is made once per step and seat (`made`), so one
    that plans a whole phase (the Diplomacy search) plans it once, not once per order."""
    if bot == RANDOM:
        return random_choice(game, seat, rng)
    if seat not in made:
        made[seat] = core_bots.make(game.game_id, bot, rng, budget)   # None: normal
    try:
        return made[seat].choose(game, seat)
    except InputError:   # the bot found nothing to do: the seat waits, as a player's would
        return None


def movers(game: Game, bot_names: dict[str, str]) -> list[str]:
    """The bot seats (`bot_names`: seat -> bot) that act now: every one the game waits for
    (a Diplomacy bot with all its orders given is done, drafts or not). A game with no
    bot asks the game nothing (each submission asks: issue 22)."""
    if not bot_names or game.is_over:
        return []
    return [seat for seat in game.waiting_for() if seat in bot_names]


@dataclass(frozen=True)
class Step:
    """What one step of the bots did: `taken` actions; `began`: the last of them began a
    new phase (a seat other than the bot's now waits that did not); `stuck`: a bot to act
    found nothing to do (it waits until something else changes)."""

    taken: int
    began: bool = False
    stuck: bool = False


def step(game: Game, bot_seeds: dict[str, str], version: int, bot_names: dict[str, str],
         limit: int = STEP_ACTIONS, bot_budgets: dict[str, str | None] | None = None) -> Step:
    """The bots act until none must, a new phase begins, or they took `limit` actions;
    `version` is the game's stored version (their RNGs' seed, with the seat's);
    `bot_budgets`: seat -> its bot's think budget (missing or None: normal)."""
    taken = 0
    made: dict[str, core_bots.Bot] = {}
    while taken < limit:
        ready = [seat for seat in movers(game, bot_names) if seat in bot_seeds]
        if not ready:
            break
        seat, waiting = ready[0], game.to_act()
        rng = random.Random(f"{bot_seeds[seat]}:{version}:{taken}")
        action = _choice(game, seat, bot_names[seat], (bot_budgets or {}).get(seat), rng, made)
        if action is None:
            return Step(taken, stuck=True)
        game.act(seat, action)
        taken += 1
        if set(game.to_act()) - set(waiting) - {seat}:
            return Step(taken, began=True)
    return Step(taken)
