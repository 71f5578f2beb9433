"""The statistics of a tournament table: Wilson score intervals for a rate, and
Bradley–Terry strengths on the Elo scale.

Bradley–Terry says bot i beats bot j with probability p_i / (p_i + p_j); the strengths
are fit by Hunter's MM iteration (2004), a draw counting half a win to each side, and
reported as 400 log10(p_i) (Elo's scale: 400 points are odds of 10 to 1), centred on 0.
"""

from __future__ import annotations

import math
from typing import Mapping

Z95 = 1.959963984540054   # the standard normal's 97.5 % quantile
MAX_ITERATIONS = 10_000
TOLERANCE = 1e-10


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate (95 % by default); (0, 1) with no trials.
    Unlike the normal interval it stays inside [0, 1] and is honest at 0 and n of n."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials")
    if trials == 0:
        return 0.0, 1.0
    rate, z2 = successes / trials, z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of `values` with its normal 95 % interval (the sample standard deviation
    over the square root of the count); the interval is the mean alone for one value."""
    if not values:
        raise ValueError("the mean of no values")
    mean = math.fsum(values) / len(values)
    if len(values) == 1:
        return mean, mean, mean
    spread = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))
    half = z * spread / math.sqrt(len(values))
    return mean, mean - half, mean + half


def bradley_terry(points: Mapping[tuple[str, str], float], prior: float = 1.0) -> dict[str, float]:
    """Elo-scale ratings from `points[(i, j)]`: what i scored against j (1 a win, ½ a
    draw). `prior` adds that many drawn games to every pair that met, so a bot that won
    (or lost) every game still gets a finite rating; 0 fits the data alone, which needs
    every bot to have scored something."""
    bots = sorted({b for pair in points for b in pair})
    games: dict[tuple[str, str], float] = {}
    scored = dict.fromkeys(bots, 0.0)
    for (i, j), won in points.items():
        if i == j or won < 0:
            raise ValueError(f"a bot scores against another, and not less than 0: {i} v {j}: {won}")
        games[(i, j)] = games.get((i, j), 0.0) + won
        games[(j, i)] = games.get((j, i), 0.0) + won
        scored[i] += won
    for (i, j) in list(games):
        if i < j:
            games[(i, j)] += prior
            games[(j, i)] += prior
            scored[i] += prior / 2
            scored[j] += prior / 2
    if any(s <= 0 for s in scored.values()):
        raise ValueError("a bot that scored nothing has no finite rating: fit with a prior")
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(MAX_ITERATIONS):
        updated = {i: scored[i] / sum(n / (strength[i] + strength[j]) for (a, j), n in games.items() if a == i)
                   for i in bots}
        centre = math.exp(sum(math.log(p) for p in updated.values()) / len(bots))
        updated = {i: p / centre for i, p in updated.items()}
        done = max(abs(math.log(updated[i] / strength[i])) for i in bots) < TOLERANCE
        strength = updated
        if done:
            break
    return {i: 400 * math.log10(p) for i, p in strength.items()}


__all__ = ["Z95", "bradley_terry", "mean_interval", "wilson"]
