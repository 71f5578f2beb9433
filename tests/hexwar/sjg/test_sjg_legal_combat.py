"""The fast SJG combat listing (issue 12, "Speed") lists exactly what the old one did, in
the same order: over every combat and opportunity decision of seeded bot games (random
and heuristic, with and without the items of 10.5 and the optional rules), and its
per-unit checks agree with `combat.plan_attack` on attacks drawn at random there."""

import random

import pytest

from warjudge.hexwar.sjg import legal
from warjudge.hexwar.sjg.bots import random_action
from warjudge.hexwar.sjg.combat import plan_attack
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.heuristic import HeuristicBot
from warjudge.hexwar.sjg.problems import Problem
from warjudge.hexwar.sjg.state import other

from tests.hexwar.sjg import combat_listing_reference as reference
from tests.support.sjg_act import act_as_its_side

OPTIONS = [[], ["miasma_demon"], ["miasma_movement", "miasma_teleport", "miasma_demon"], ["fourth_jewel", "cp_allowance"]]
ITEMS = [{}, {"red": 3, "black": 2}, {"red": 2, "black": 2}]
REFERENCE = {"combat": reference.combat, "opportunity": reference.opportunity}
MAX_TURNS = 14


def _players(seed: int):
    bot = HeuristicBot(random.Random(seed))
    heuristic = lambda game, rng: bot.choose(game, game.to_act()[0])  # noqa: E731
    return [(heuristic, random_action), (heuristic, heuristic), (random_action, heuristic),
            (random_action, random_action)][seed % 4]


def _drawn_attacks(game: SjgNecromancerGame, side: str, rng: random.Random, spent: set[int]):
    """Attacks of every shape, by any units (either side's, spent or not, in the Miasma or
    not) on any occupied hexes or the demon's: most of them illegal, for many reasons."""
    pos = game.position
    ids = sorted(pos.units)
    hexes = sorted({u.hex for u in pos.units.values()} | ({pos.miasma.demon} if pos.miasma.demon else set()))
    for _ in range(40):
        pick = lambda: rng.sample(ids, rng.randint(0, min(3, len(ids))))  # noqa: E731
        direct, indirect, boulder = pick(), pick(), rng.choice([[], [], pick()])
        targets = rng.sample(hexes, rng.randint(1, min(2, len(hexes))))
        if rng.random() < 0.1:
            targets = targets + targets[:1]  # a hex named twice
        yield direct, indirect, boulder, targets, rng.random() < 0.2 and bool(pos.miasma.demon)


def _check_attack_checks(game: SjgNecromancerGame, side: str, rng: random.Random) -> None:
    pos = game.position
    spent = game.opp_spent if game.pending.kind == "opportunity" else game.attacked
    hexes = {u.hex for u in pos.units.values()} | ({pos.miasma.demon} if pos.miasma.demon else set())
    checks = legal._AttackChecks(game, side, spent, hexes)
    for direct, indirect, boulder, targets, demon in _drawn_attacks(game, side, rng, spent):
        planned = plan_attack(pos, side, direct, indirect, boulder, targets, spent=spent, demon=demon)
        assert checks.legal(targets, direct, indirect, boulder, demon) == (not isinstance(planned, Problem)), \
            (direct, indirect, boulder, targets, demon, planned)


@pytest.mark.parametrize("seed", range(12))
def test_combat_listing_equals_the_planned_one(seed):
    # SJG 6.2, 6.21-6.24, 10.4, 10.5: the same attacks in the same order as planning each split
    rng, checks_rng = random.Random(seed), random.Random(1000 + seed)
    game = SjgNecromancerGame.new(seed=seed, scenario="conversion" if seed % 5 == 4 else "standard",
                                  optional=OPTIONS[seed % len(OPTIONS)], items=ITEMS[seed % len(ITEMS)])
    red, black = _players(seed)
    players = {"red": red, "black": black}
    compared = 0
    while not game.is_over and game.turn <= MAX_TURNS:
        kind, side = game.pending.kind, game.pending.player
        if kind in REFERENCE:
            decision = game._decision_for(side)
            assert legal._BY_KIND[kind](game, decision, side) == REFERENCE[kind](game, decision, side)
            _check_attack_checks(game, side, checks_rng)
            _check_attack_checks(game, other(side), checks_rng)
            compared += 1
        act_as_its_side(game, players[side](game, rng))
    assert compared > 0
