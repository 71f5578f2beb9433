"""Bots that play any registered game through the interface, and the driver that plays a
game out with them.

A bot sees only what a caller sees (`legal_actions`, `view`, `decision`) and owns its own
seeded RNG, so a self-play game is a pure function of the game's seed and the bots'
seeds. The random bot works for every game; a game family may offer stronger bots by
name (`register`), found like games are, by the import path of a factory, so `core`
depends on no game family.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from warjudge.core.errors import InputError
from warjudge.core.game import Action, Game

RANDOM = "random"
TAKE_BACKS = frozenset({"retract", "undo"})


class Bot(Protocol):
    def choose(self, game: Game, player: str) -> Action: ...


def bot_rng(seed: int, player: str) -> random.Random:
    """One RNG per seat, seeded from text: the same in every process and under any
    PYTHONHASHSEED (random.Random hashes a str seed with SHA-512, not `hash`)."""
    return random.Random(f"warjudge-bot:{seed}:{player}")


def random_choice(game: Game, player: str, rng: random.Random) -> Action | None:
    """Uniform over the legal actions, leaving take-backs (`retract`, `undo`) out while
    anything else is legal, so a game of random bots makes progress and ends; None when
    nothing is legal."""
    actions = game.legal_actions(player)
    choices = [a for a in actions if a.get("type") not in TAKE_BACKS] or actions
    return rng.choice(choices) if choices else None


class RandomBot:
    """`random_choice` as a bot (the server's `random` and the tournament's are the same):
    a game that lists its actions completely can be played to its end by this bot alone."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game: Game, player: str) -> Action:
        action = random_choice(game, player, self.rng)
        if action is None:
            raise InputError(f"{player!r} has no legal action to choose from")
        return action


def kind_first(actions: list[Action], rng: random.Random) -> Action:
    """A kind of action ("type") uniformly, then one action of that kind uniformly: a
    phase that offers hundreds of moves but one `end` still ends soon (SJG's random bot,
    and the heuristic bot where it has no opinion)."""
    kind = rng.choice(sorted({a["type"] for a in actions}))
    return rng.choice([a for a in actions if a["type"] == kind])


class FunctionBot:
    """A game family's bot written as `function(game, rng) -> action`:
    it answers the game's current decision, the one the driver asks `to_act()[0]`."""

    def __init__(self, function: Callable[[Any, random.Random], Action], rng: random.Random):
        self.function = function
        self.rng = rng

    def choose(self, game: Game, player: str) -> Action:
        return self.function(game, self.rng)


@dataclass(frozen=True)
class BotInfo:
    """A named bot for one game: `entry` is "package.module:callable"; with `kind`
    "function" the callable is `(game, rng) -> action`, with "factory" it is
    `(rng) -> Bot`. `level` is how hard it is to beat, one of LEVELS, for people choosing
    an opponent. A `budgeted` factory also takes `scale=`, the factor of its think budget
    (BUDGETS) on the rounds it searches."""

    game: str
    name: str
    entry: str
    kind: str = "function"
    level: str = "standard"
    budgeted: bool = False

    def make(self, rng: random.Random, budget: str | None = None) -> Bot:
        module, _, attribute = self.entry.partition(":")
        target = getattr(importlib.import_module(module), attribute)
        if self.kind == "function":
            return FunctionBot(target, rng)
        made: Bot = target(rng, scale=BUDGETS[budget]) if self.budgeted and budget is not None else target(rng)
        return made


_REGISTRY: dict[tuple[str, str], BotInfo] = {}


LEVELS = ("easy", "standard", "strong")   # the random bot is "easy"
# A search bot's think budget: a factor on the rounds it searches (worlds, rollouts, regret
# iterations), never a clock, so the same seed makes the same choice on any machine.
BUDGETS = {"quick": 0.25, "normal": 1.0, "long": 2.0}
NORMAL = "normal"


def register(info: BotInfo) -> None:
    if info.level not in LEVELS:
        raise ValueError(f"a bot's level is one of {', '.join(LEVELS)}, not {info.level!r}")
    if info.name == RANDOM:
        raise ValueError("the random bot plays every game and cannot be replaced")
    if info.kind not in ("function", "factory"):
        raise ValueError(f"a bot's kind is 'function' or 'factory', not {info.kind!r}")
    _REGISTRY[(info.game, info.name)] = info


def unregister(game_id: str, name: str) -> None:
    _REGISTRY.pop((game_id, name), None)


def info(game_id: str, name: str) -> BotInfo | None:
    """A named bot's registration (None for `random`, which needs none, or an unknown name)."""
    return _REGISTRY.get((game_id, name))


def names(game_id: str) -> list[str]:
    """The bots that play `game_id`, the random bot first."""
    return [RANDOM] + sorted(name for game, name in _REGISTRY if game == game_id)


def level(game_id: str, name: str) -> str:
    """How hard the bot is to beat (LEVELS): `random` is easy, a registered bot says."""
    registered = _REGISTRY.get((game_id, name))
    return "easy" if registered is None else registered.level


def budgets(game_id: str, name: str) -> list[str]:
    """The think budgets the bot takes (BUDGETS' names), none for a bot that does not search."""
    registered = _REGISTRY.get((game_id, name))
    return list(BUDGETS) if registered is not None and registered.budgeted else []


def checked_budget(game_id: str, name: str, budget: str | None) -> str | None:
    """The budget a seat of this bot keeps: `budget`, NORMAL when none is given to a bot
    that takes one, None for a bot that takes none; an unknown budget, or one given to a
    bot that takes none, is an InputError naming it."""
    offered = budgets(game_id, name)
    if budget is None:
        return NORMAL if offered else None
    if budget not in offered:
        takes = f"its budgets are: {', '.join(offered)}" if offered else "it takes no budget"
        raise InputError(f"no think budget {budget!r} for bot {name!r} of {game_id}; {takes}")
    return budget


def split(spec: str) -> tuple[str, str | None]:
    """A bot as a tournament names it: "search:quick" is the bot and its budget."""
    name, _, budget = spec.partition(":")
    return name, budget or None


def make(game_id: str, name: str, rng: random.Random, budget: str | None = None) -> Bot:
    """The bot `name` (or "name:budget") for a seat of `game_id`, searching with `budget`."""
    if budget is None:
        name, budget = split(name)
    if name == RANDOM:
        checked_budget(game_id, name, budget)
        return RandomBot(rng)
    info = _REGISTRY.get((game_id, name))
    if info is None:
        raise InputError(f"no bot {name!r} for {game_id}; its bots are: {', '.join(names(game_id))}")
    return info.make(rng, checked_budget(game_id, name, budget))


def play_out(game: Game, bots: dict[str, Bot], max_actions: int) -> int:
    """Let the bots act until the game is over or `max_actions` were played; the first
    player `to_act()` lists acts each time (simultaneous decisions served in turn).
    Returns the number of actions played."""
    played = 0
    while not game.is_over and played < max_actions:
        waiting = game.to_act()
        if not waiting:
            raise InputError(f"{game.game_id}: nobody may act but the game is not over")
        player = waiting[0]
        game.act(player, bots[player].choose(game, player))
        played += 1
    return played


for _info in (
    BotInfo("diplomacy", "heuristic", "warjudge.diplomacy.heuristic:HeuristicBot", kind="factory"),
    BotInfo("diplomacy", "search", "warjudge.diplomacy.search:SearchBot", kind="factory", level="strong",
            budgeted=True),
    BotInfo("necromancer-diplomacy", "heuristic", "warjudge.diplomacy.heuristic_necromancer:NecromancerHeuristicBot",
            kind="factory"),
    BotInfo("necromancer-diplomacy", "search", "warjudge.diplomacy.search_necromancer:NecromancerSearchBot",
            kind="factory", level="strong", budgeted=True),
    BotInfo("necromancer-sjg", "heuristic", "warjudge.hexwar.sjg.heuristic:HeuristicBot", kind="factory"),
    BotInfo("gondor", "heuristic", "warjudge.hexwar.gondor_sauron.bots:HeuristicBot", kind="factory"),
    BotInfo("sauron", "heuristic", "warjudge.hexwar.gondor_sauron.bots:HeuristicBot", kind="factory"),
    BotInfo("necromancer-sjg", "search", "warjudge.hexwar.sjg.search:search_bot", kind="factory", level="strong",
            budgeted=True),
    BotInfo("gondor", "search", "warjudge.hexwar.gondor_sauron.search:gondor_bot", kind="factory", level="strong",
            budgeted=True),
    BotInfo("sauron", "search", "warjudge.hexwar.gondor_sauron.search:sauron_bot", kind="factory", level="strong",
            budgeted=True),
):
    register(_info)

__all__ = ["BUDGETS", "LEVELS", "NORMAL", "RANDOM", "TAKE_BACKS", "Bot", "BotInfo", "FunctionBot", "RandomBot", "bot_rng",
           "budgets", "checked_budget", "info", "kind_first", "level", "make",
           "names", "play_out", "random_choice", "register", "split", "unregister"]
