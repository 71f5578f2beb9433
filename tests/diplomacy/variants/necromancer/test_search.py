"""The Necromancer `search` bot (issue 26): it decides on nothing its power cannot see
(its games: test_heuristic.py)."""

from __future__ import annotations

import random
from dataclasses import replace

from warjudge.core import bots
from warjudge.diplomacy.search_necromancer import NecromancerSearchBot, sampled_world, seen_world
from warjudge.diplomacy.variants.necromancer.calendar import NPhase
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.position import parse_position

GAME = "necromancer-diplomacy"


def _gondor_beside(sauron: list[str]) -> NecromancerDiplomacyGame:
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"GONDOR": ["A Los", "A Pel", "A Lam"], "SAURON": sauron, "ROHAN": ["A Edo"]}, game.map)
    owners = {pid: owner for pid, owner in game.state.owners.items() if pid != "Los"}
    game.state = replace(game.state, phase=NPhase(2780, "M"), position=position, owners=owners)
    return game


def test_its_worlds_hold_no_hidden_piece_and_no_order_of_another_power():
    game = _gondor_beside(["N Pel", "A Min"])   # the Nazgul is hidden from Gondor (EN 7.8.1 iii)
    game.act("SAURON", {"type": "order", "order": "A Min H"})
    world = seen_world(game, "GONDOR")
    assert [p.component.kind for p in world.state.position["Pel"]] == ["A"]
    assert world.pending == {} and game.pending_orders("SAURON") == {"A Min": "A Min H"}


def _opened(seed: int) -> NecromancerDiplomacyGame:
    """The game at TA 2765, its opening adjustments made by the heuristic."""
    game = NecromancerDiplomacyGame.new(seed=seed)
    seats = {p: bots.make(GAME, "heuristic", bots.bot_rng(seed, p)) for p in game.powers}
    while game.state.phase.kind != "M":
        player = game.to_act()[0]
        game.act(player, seats[player].choose(game, player))
    return game


def test_rohan_plans_the_same_whether_or_not_saruman_s_hidden_third_army_stands_in_the_gap():
    # EN 7.7 x: the third army is hidden until the TA 2765 adjudication; a search that
    # saw it (its worlds made from the true position) plans otherwise here
    plans = []
    for hidden in (True, False):
        game = _opened(1)
        place = game.state.third_army
        assert place == "Gap"
        if not hidden:
            position = {pid: [p for p in pieces if not (pid == place and p.power == "SARUMAN")]
                        for pid, pieces in game.state.position.items()}
            game.state = replace(game.state, position={pid: ps for pid, ps in position.items() if ps}, third_army=None)
        bot = NecromancerSearchBot(random.Random(3))
        bot.choose(game, "ROHAN")
        assert bot._planned is not None
        plans.append(bot._planned[2])
    assert plans[0] == plans[1]


def test_a_smaller_think_budget_plays_each_candidate_in_fewer_worlds(monkeypatch):
    # issue 26: a seat's think budget scales the worlds the search plays out, counted (never timed)
    from warjudge.diplomacy import search_necromancer

    rollouts: list[int] = []   # each rollout counted and not played: only how many matter here
    monkeypatch.setattr(search_necromancer, "_rollout", lambda *args: rollouts.append(1) or 0.0)
    counts = {}
    for budget in bots.BUDGETS:
        rollouts.clear()
        bots.make(GAME, "search", random.Random(3), budget).choose(_gondor_beside(["A Min"]), "GONDOR")
        counts[budget] = len(rollouts)
    assert 0 < counts["quick"] < counts["normal"] < counts["long"], counts


def test_its_rollouts_play_in_worlds_the_game_samples_for_its_power(monkeypatch):
    # issue 26: the worlds hold the hidden forces the power should expect (the Nazgul,
    # Sauron's secret Activations: EN 3.2.1, 7.8.2 vii), drawn by `sample_hidden` for it
    asked = []
    sample = NecromancerDiplomacyGame.sample_hidden

    def spy(self, player, rng):
        asked.append(player)
        return sample(self, player, rng)

    monkeypatch.setattr(NecromancerDiplomacyGame, "sample_hidden", spy)
    game = _opened(1)
    NecromancerSearchBot(random.Random(3)).choose(game, "ROHAN")
    assert len(asked) == 3 and set(asked) == {"ROHAN"}


def test_a_sampled_world_leaves_the_others_orders_of_the_turn_to_the_rollouts():
    game = _opened(2)
    for power in ("SAURON", "ELVES"):
        while power in game.to_act():
            game.act(power, game.legal_actions(power)[0])
    world = sampled_world(game, "GONDOR", random.Random(4))
    assert world.pending == {} and {"SAURON", "ELVES"} <= set(world.to_act())
    assert {"SAURON", "ELVES"}.isdisjoint(game.to_act())

