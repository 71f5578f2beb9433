"""Sample game records of all three games, played by the random bots from fixed seeds, and
the one loader that rebuilds any of them (core.games.load, as the CLIs do)."""

from __future__ import annotations

import random
from functools import lru_cache

from warjudge.core.record import GameRecord

STANDARD, NECROMANCER, SJG = "standard", "necromancer", "sjg"
GAMES = (STANDARD, NECROMANCER, SJG)


def build(record: GameRecord):
    """The game a record holds, whichever game it is, through the one replay path."""
    from warjudge.core import games

    return games.load(record)


def _standard() -> GameRecord:
    from warjudge.diplomacy.bots import random_orders
    from warjudge.diplomacy.game import DiplomacyGame

    rng, game = random.Random(11), DiplomacyGame(gm_adjudicates=True)
    for phase in range(3):
        for power in game.map.powers:
            orders = random_orders(game.map, game.state, power, rng)
            if orders:
                game.set_orders(power, orders)
        if phase < 2:
            game.process()
    return game.record


def _necromancer() -> GameRecord:
    from warjudge.diplomacy.variants.necromancer.bots import random_orders
    from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame

    rng, game = random.Random(12), NecromancerDiplomacyGame("2002")
    for phase in range(3):
        for power in game.powers:
            game.set_orders(power, random_orders(game, power, rng))
        if phase < 2:
            game.process()
    return game.record


def _sjg() -> GameRecord:
    from warjudge.core import games
    from warjudge.hexwar.sjg.bots import random_action, to_move

    rng, game = random.Random(13), games.new("necromancer-sjg", seed=13, first="red")
    while len(game.record.actions) < 12 and not game.is_over:
        game.act(to_move(game), random_action(game, rng))
    return game.record


@lru_cache(maxsize=None)
def sample_text(name: str) -> str:
    """The saved file of one sample game (a warjudge-record/2 text)."""
    return {STANDARD: _standard, NECROMANCER: _necromancer, SJG: _sjg}[name]().to_json()
