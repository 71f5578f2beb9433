"""The `search` bot for Necromancer (issue 26): the standard search's idea on the variant,
through the game interface: in a movement turn a few candidate order sets for the bot's
power (the variant heuristic's with different RNGs, and plans that force one unit to
another move or to hold, where the heuristic values the place, and let the heuristic
order the rest around it) are played against the other powers' heuristic orders in
several sampled worlds, and the game is played on by the
heuristic to the end of the next turn that adjusts (from one that adjusts: this one); the
candidate with the most Victory Points on average is given. Retreats and adjustments
are the heuristic's.

The candidates are made in the world as the bot's power sees it (`seen_world`: other
powers' hidden units, Sauron's unrevealed Activations and Saruman's third army are not in
it, nor are the orders other powers gave this turn), and played in worlds the game's own
`sample_hidden` draws (`sampled_world`: those secrets drawn again where the rules allow
them, the others' orders of the turn left to the rollouts' heuristic); so the search
decides on nothing its power could not know, yet meets the hidden forces it should
expect. The seat's think budget (`scale`, core.bots.BUDGETS) multiplies the
worlds each candidate is played in."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from warjudge.core.game import Action
from warjudge.diplomacy.heuristic_necromancer import NecromancerHeuristicBot, province_values
from warjudge.diplomacy.variants.necromancer.adjustments import victory_points
from warjudge.diplomacy.variants.necromancer.calendar import MOVEMENT, is_adjustment_year
from warjudge.diplomacy.variants.necromancer.orders import Hold, Move, parse_norder
from warjudge.diplomacy.variants.necromancer.views import visible_owners, visible_position

CANDIDATES = 3     # the bot's own heuristic order sets, each with another RNG
FORCED = 5         # and plans with one unit's order forced, the best-valued places first
SAMPLES = 3        # worlds each is played in (the same for every candidate)
MAX_ACTIONS = 600  # a bound on the actions one rollout plays
WIN = 100.0        # a victory's worth, above any count of Victory Points


class NecromancerSearchBot:
    """The registered `search` bot for `necromancer-diplomacy`; deterministic from its RNG."""

    def __init__(self, rng: random.Random, candidates: int = CANDIDATES + FORCED, samples: int = SAMPLES,
                 scale: float = 1.0):
        self.rng = rng
        self.heuristic = NecromancerHeuristicBot(rng)
        self.candidates, self.samples = candidates, max(1, round(samples * scale))
        self._planned: tuple[Any, str, list[Action]] | None = None   # the position, the power, its plan

    def choose(self, game: Any, player: str) -> Action:
        legal = game.legal_actions(player)
        if game.state.phase.kind != MOVEMENT:
            return self.heuristic.choose(game, player)
        planned = self._planned
        if planned is None or planned[0] is not game.state or planned[1] != player:
            if game.pending_orders(player):   # a power that began its orders keeps to the heuristic
                return self.heuristic.choose(game, player)
            planned = self._planned = (game.state, player, search_turn(game, player, self.rng, self.candidates,
                                                                        self.samples))
        given = list(game.pending_orders(player).values())
        for action in planned[2]:
            if action["order"] in given:
                given.remove(action["order"])
            elif action in legal:
                return action
        return self.heuristic.choose(game, player)


def seen_world(game: Any, power: str) -> Any:
    """A copy of the game as `power` sees it: the pieces and owners it sees, no secrets of
    the others, and no orders of this turn but its own."""
    world = game.clone()
    state = game.state
    world.state = replace(
        state, position=visible_position(state, power, game.report_of().reveal), owners=visible_owners(state, power),
        secret_armies=set(state.secret_armies) if power == "SAURON" else set(),
        secret_beasts=set(state.secret_beasts) if power == "SAURON" else set(),
        activated={p: y for p, y in state.activated.items() if power == "SAURON" or p not in state.secret_armies},
        third_army=state.third_army if power == "SARUMAN" else None)
    own = world.pending.get(power)   # the clone's copy of the power's orders, as given
    world.pending = {power: own} if own else {}
    world.written = {}   # what a games master entered is not the power's to plan from
    world.passed = set()
    return world


def sampled_world(game: Any, power: str, rng: random.Random) -> Any:
    """A world `power` cannot tell from the game, its secrets drawn by `sample_hidden`,
    with no orders of this turn but the power's own (the heuristic gives the others')."""
    world = game.sample_hidden(power, rng)
    own = world.pending.get(power)
    world.pending = {power: own} if own else {}
    world.written, world.passed = {}, set()
    world.state = replace(world.state)   # a new state: who acts is worked out again
    return world


def search_turn(game: Any, power: str, rng: random.Random, candidates: int = CANDIDATES + FORCED,
                samples: int = SAMPLES) -> list[Action]:
    """The actions of the candidate whose rollouts end with the most Victory Points (the
    heuristic's own first plan on a tie)."""
    world = seen_world(game, power)
    plans: list[list[Action]] = []
    for _ in range(CANDIDATES * 2):
        plan = _orders_of(world.clone(), power, NecromancerHeuristicBot(random.Random(rng.getrandbits(64))))
        if plan not in plans:
            plans.append(plan)
            if len(plans) == CANDIDATES:
                break
    for forced in _forced(world, power, plans[0]):
        if len(plans) >= candidates:
            break
        copy = world.clone()
        copy.act(power, forced)
        plan = [forced, *_orders_of(copy, power, NecromancerHeuristicBot(random.Random(rng.getrandbits(64))))]
        if plan not in plans:
            plans.append(plan)
    if len(plans) == 1:
        return plans[0]
    seeds = [rng.getrandbits(64) for _ in range(samples)]
    worlds = [sampled_world(game, power, random.Random(seed)) for seed in seeds]
    last = _last_turn(game.state.phase.year)
    totals = [sum(_rollout(w, power, plan, seed, last) for w, seed in zip(worlds, seeds)) for plan in plans]
    return plans[max(range(len(plans)), key=lambda i: (totals[i], -i))]


def _forced(world: Any, power: str, plan: list[Action]) -> list[Action]:
    """First orders for the forced plans: for each unit the heuristic's plan does not send
    there, a move to (or a hold on) the place the heuristic values most, best first."""
    values = province_values(world, power)[0]
    best: dict[str, tuple[float, str]] = {}
    for action in world.legal_actions(power):
        if action.get("type") != "order" or action in plan:
            continue
        order = parse_norder(action["order"], power, world.map)
        if isinstance(order, (Move, Hold)):
            place = order.dest if isinstance(order, Move) else order.unit.province
            option = (values.get(place, 0.0), action["order"])
            key = str(order.unit)
            best[key] = max(best.get(key, option), option)
    return [{"type": "order", "order": text} for _, text in sorted(best.values(), key=lambda o: (-o[0], o[1]))]


def _orders_of(world: Any, power: str, bot: NecromancerHeuristicBot) -> list[Action]:
    """The actions the bot gives `power` in the world this turn (the world is changed)."""
    actions: list[Action] = []
    state = world.state
    while world.state is state and power in world.to_act():
        action = bot.choose(world, power)
        world.act(power, action)
        actions.append(action)
    return actions


def _last_turn(year: int) -> int:
    """The turn that adjusts whose end the rollouts reach: this one, or the next."""
    return year if is_adjustment_year(year) else year + 15


def _rollout(world: Any, power: str, plan: list[Action], seed: int, last: int) -> float:
    """The power's Victory Points once the world plays `plan` and the heuristic plays on
    through the adjustments of the turn of year `last` (or to the game's end)."""
    world = world.clone()
    for action in plan:
        world.act(power, action)
    rng = random.Random(seed)
    bots = {p: NecromancerHeuristicBot(random.Random(rng.getrandbits(64))) for p in world.powers}
    for _ in range(MAX_ACTIONS):
        waiting = world.to_act()
        if world.is_over or world.state.phase.year > last or not waiting:
            break
        player = waiting[0]
        world.act(player, bots[player].choose(world, player))
    if world.state.winner is not None:
        return WIN if world.state.winner == power else 0.0
    return float(victory_points(world.map, world.state, power))


__all__ = ["NecromancerSearchBot", "sampled_world", "search_turn", "seen_world"]
