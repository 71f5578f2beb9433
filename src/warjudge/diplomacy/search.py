"""A search bot for standard Diplomacy (issue 26), after SearchBot (Gray et al. 2021)
much reduced: no learnt policy or value; the heuristic stands in for both.

In a movement phase each power with units gets a few candidate order sets, drawn from the
heuristic's own plan (`heuristic.plan_movement`) with different RNGs, so each is a
sensible plan; the bot's own power also gets supported attacks the heuristic would not
make (`_supported_attacks`: one unit into a centre or another power's province, a second
supporting it, the heuristic planning the rest around them). Regret matching then plays
the phase as a simultaneous game between the powers: each iteration draws one candidate
per power from its current policy, judges the phase with every power's each candidate put
in turn in place of its draw (`movement.judge_movement`, the judge itself), and adds to
each candidate's regret how much better it would have done. A candidate's worth to its
power there is what the position after the phase holds for it (`_Worth`: the centres it
would own, a unit dislodged counted lost, and the heuristic's proximity value of where
its units stand). The few candidates the bot's average policy favours most are then
played out (`rollout.play_on`) against the others drawn from their average policies, the
heuristic playing every power on to the end of the next fall (from a fall: the fall a
year on); the bot plays the one that ends with the most centres. Retreats and
adjustments are the heuristic's.

The bot reads only what its power sees: the position is public in Diplomacy, and the
other powers' orders of the phase are not read (their candidates come from the map).
Deterministic from its RNG; a plan is made once per phase and handed out one order per
`choose`, as the heuristic does. The seat's think budget (`scale`, core.bots.BUDGETS)
multiplies the rounds of regret matching and the rollouts of each shortlisted candidate.
"""

from __future__ import annotations

import random
from typing import Any

from warjudge.core.errors import InputError
from warjudge.core.game import Action
from warjudge.diplomacy.heuristic import HeuristicBot, Values, plan_movement
from warjudge.diplomacy.mapdata import ARMY, FLEET, DipMap, province_of
from warjudge.diplomacy.movement import judge_movement
from warjudge.diplomacy.phases import FALL, MOVEMENT, GameState, update_centers
from warjudge.diplomacy.given import Given
from warjudge.diplomacy.results import Entry, parse_entries
from warjudge.diplomacy.rollout import legal_by_power, play_on, share, worth

CANDIDATES = 8       # heuristic order sets considered for the bot's own power
ATTACKS = 8          # and supported attacks the heuristic would not make
OTHERS = 4           # heuristic order sets for each other power
ITERATIONS = 48      # rounds of regret matching
ROLLED = 6           # own candidates judged by rollouts, those regret matching favours most
SAMPLES = 6          # rollouts for each, the others drawn from their average policies
DRAWS = 4            # RNG draws per wanted candidate before giving up on finding new ones
PLACE_WEIGHT = 0.5   # a unit's proximity value, scaled to at most this fraction of a centre


class SearchBot(HeuristicBot):
    """The registered `search` bot: regret matching over sampled heuristic plans in
    movement phases, the heuristic elsewhere."""

    def __init__(self, rng: random.Random, candidates: int = CANDIDATES, others: int = OTHERS,
                 iterations: int = ITERATIONS, scale: float = 1.0):
        super().__init__(rng)
        self.sizes = {"self": candidates, "others": others}
        self.iterations = max(1, round(iterations * scale))
        self.samples = max(1, round(SAMPLES * scale))

    def _plan(self, game: Any, power: str, actions: list[Action]) -> dict[str, str]:
        state = game.state
        if state.phase.kind != MOVEMENT or game.pending_orders(power):
            return super()._plan(game, power, actions)   # a power that began its orders keeps to them
        plan = search_movement(game.map, state, power, self.rng, self.sizes["self"], self.sizes["others"],
                               self.iterations, game.max_year, self.samples)
        legal = {a["order"] for a in actions}
        if not all(text in legal for text in plan.values()):
            raise InputError(f"the search planned an order {power} may not give")
        return plan


def search_movement(dmap: DipMap, state: GameState, power: str, rng: random.Random, own: int = CANDIDATES,
                    others: int = OTHERS, iterations: int = ITERATIONS, last_year: int | None = None,
                    samples: int = SAMPLES) -> dict[str, str]:
    """Unit province -> order for every unit of `power`: of the candidates regret matching
    favours most, the one whose rollouts end with the most centres (at the end of the
    game's `last_year` at the latest: centres after it score nothing)."""
    legal = legal_by_power(dmap, state)
    if power not in legal:
        return {}
    options = {p: _candidates(dmap, state, p, legal[p], rng, own if p == power else others) for p in sorted(legal)}
    options[power] += _supported_attacks(dmap, state, power, legal[power], rng, ATTACKS)
    if len(options[power]) == 1:
        return options[power][0]
    average = _regret_matching(dmap, state, options, rng, iterations)
    shortlist = sorted(range(len(options[power])), key=lambda i: (-average[power][i], i))[:ROLLED]
    return options[power][_best_by_rollouts(dmap, state, power, options, average, shortlist, rng, last_year,
                                            samples)]


def _regret_matching(dmap: DipMap, state: GameState, options: dict[str, list[dict[str, str]]], rng: random.Random,
                     iterations: int) -> dict[str, list[float]]:
    """Each power's average policy over its candidates after `iterations` rounds, the phase
    played as a simultaneous game judged by the judge and valued one phase on."""
    phase_worth = _Worth(dmap, state)
    given = {p: [_parsed_once(dmap, p, plan) for plan in plans] for p, plans in options.items()}
    regrets = {p: [0.0] * len(c) for p, c in options.items()}
    average = {p: [0.0] * len(c) for p, c in options.items()}
    for _ in range(iterations):
        policy = {p: _policy(r) for p, r in regrets.items()}
        drawn = {p: rng.choices(range(len(options[p])), weights=policy[p])[0] for p in options}
        for p, plans in options.items():
            if len(plans) == 1:
                continue
            rest: list[Entry] = [entry for q, i in drawn.items() if q != p for entry in given[q][i]]
            values = [phase_worth.of(p, judge_movement(dmap, state.units, rest + entries)) for entries in given[p]]
            got = values[drawn[p]]
            regrets[p] = [r + v - got for r, v in zip(regrets[p], values)]
            average[p] = [a + w for a, w in zip(average[p], policy[p])]
    return average


def _parsed_once(dmap: DipMap, power: str, plan: dict[str, str]) -> list[Entry]:
    """A candidate's orders parsed once (diplomacy/given.py), for the hundreds of judgings
    regret matching makes of it (issue 26: parsing was a third of each)."""
    return [(power, Given(r.text, r.order) if r.order is not None else r.text)
            for r in parse_entries([(power, text) for text in plan.values()], dmap)]


def _best_by_rollouts(dmap: DipMap, state: GameState, power: str, options: dict[str, list[dict[str, str]]],
                      average: dict[str, list[float]], shortlist: list[int], rng: random.Random,
                      last_year: int | None = None, samples: int = SAMPLES) -> int:
    """The shortlisted candidate of `power` with the most centres, on average, at the end of
    the fall after next (from a spring: this fall; never past the game's last year) in
    heuristic rollouts; every candidate meets the same draws of the others from their
    average policies and the same rollout seeds, so the differences are the candidates' own.
    Rollouts that reach the game's end are valued by its score, the sum-of-squares share;
    `samples` draws of the others for each candidate."""
    last_fall = state.phase.year + (1 if state.phase.season == FALL else 0)
    if last_year is not None:
        last_fall = min(last_fall, last_year)
    score = share if last_fall == last_year else worth   # where the rollouts end the game: its score
    draws = []
    for _ in range(samples):
        drawn = {p: rng.choices(plans, weights=[w + 1e-9 for w in average[p]])[0]
                 for p, plans in options.items() if p != power}
        draws.append((drawn, rng.getrandbits(64)))
    totals = {}
    for i in shortlist:
        total = 0.0
        for drawn, seed in draws:
            orders = {p: list(plan.values()) for p, plan in drawn.items()}
            orders[power] = list(options[power][i].values())
            total += score(dmap, play_on(dmap, state, orders, last_fall, random.Random(seed)), power)
        totals[i] = total
    return max(shortlist, key=lambda i: (totals[i], average[power][i], -i))


def _supported_attacks(dmap: DipMap, state: GameState, power: str, legal: dict[str, list[str]],
                       rng: random.Random, wanted: int) -> list[dict[str, str]]:
    """Plans the heuristic would not make: one unit moves into a centre or a province another
    power's unit stands in, a second supports it, and the heuristic plans the rest around
    them; the `wanted` most valuable such attacks, by the heuristic's value of the place."""
    values = Values(dmap, state, power)
    attacks: list[tuple[float, str, str, str, str]] = []
    for key in sorted(legal):
        unit = state.units[key]
        for text in legal[key]:
            words = text.split()
            if words[2] != "-" or len(words) != 4:
                continue
            dest = province_of(words[3])
            occupant = state.units.get(dest)
            if (occupant is not None and occupant.power == power) or (occupant is None and (
                    not dmap.provinces[dest].sc or dest in state.centers.get(power, ()))):
                continue
            for helper in sorted(legal):
                support = f"{state.units[helper]} S {unit} - {dest}"
                if helper != key and support in legal[helper]:
                    attacks.append((values.of(unit.type, dest), key, text, helper, support))
    attacks.sort(key=lambda a: (-a[0], a[1:]))
    plans = []
    for _, key, text, helper, support in attacks[:wanted]:
        given = {key: text, helper: support}
        rest = {k: v for k, v in legal.items() if k not in given}
        plans.append({**plan_movement(dmap, state, power, rest, given, random.Random(rng.getrandbits(64))), **given})
    return plans


def _candidates(dmap: DipMap, state: GameState, power: str, legal: dict[str, list[str]], rng: random.Random,
                wanted: int) -> list[dict[str, str]]:
    """Up to `wanted` different heuristic plans, the first drawn first."""
    plans: list[dict[str, str]] = []
    seen: set[tuple[tuple[str, str], ...]] = set()
    for _ in range(wanted * DRAWS):
        plan = plan_movement(dmap, state, power, legal, {}, random.Random(rng.getrandbits(64)))
        key = tuple(sorted(plan.items()))
        if key not in seen:
            seen.add(key)
            plans.append(plan)
            if len(plans) == wanted:
                break
    return plans


def _policy(regrets: list[float]) -> list[float]:
    """Regret matching: play each option in proportion to its positive regret (uniform if none)."""
    positive = [max(r, 0.0) for r in regrets]
    total = sum(positive)
    return [r / total for r in positive] if total > 0 else [1.0] * len(regrets)


class _Worth:
    """What the position after a movement phase holds for a power, in centres."""

    def __init__(self, dmap: DipMap, state: GameState):
        self.dmap, self.state = dmap, state
        self.places: dict[tuple[str, str], dict[str, float]] = {}

    def _place(self, power: str, unit_type: str, province: str) -> float:
        """The heuristic's value of the place for the power, scaled into [0, PLACE_WEIGHT]."""
        scaled = self.places.get((power, unit_type))
        if scaled is None:
            values = Values(self.dmap, self.state, power)
            for kind in (ARMY, FLEET):
                raw = {p: values.of(kind, p) for p in self.dmap.provinces}
                low, high = min(raw.values()), max(raw.values())
                self.places[(power, kind)] = {p: PLACE_WEIGHT * (v - low) / ((high - low) or 1.0) for p, v in raw.items()}
            scaled = self.places[(power, unit_type)]
        return scaled[province]

    def of(self, power: str, outcome: Any) -> float:
        units = outcome.units
        lost = sum(1 for d in outcome.dislodged if d.unit.power == power)
        if self.state.phase.season == FALL:
            centres = len(update_centers(self.dmap, units, self.state.centers).get(power, ()))
        else:   # a centre changes hands only in the fall: in the spring count those not lost
            centres = sum(1 for p in self.state.centers.get(power, ()) if p not in units or units[p].power == power)
        place = sum(self._place(power, u.type, p) for p, u in units.items() if u.power == power)
        return centres + place - lost


__all__ = ["SearchBot", "search_movement"]
