"""A tournament between bots: a fixed schedule of seeded games, each played through the
interface by `play_match` (in any process), and the table that sums them up.

Schedule: every pairing of two different bots plays `games` games. One bot of the pairing
(the "lone" bot) holds one seat and the other bot every other seat, the lone seat moving
round the players game after game, so each bot plays each seat equally: in a two-player
game the sides alternate, in Diplomacy one bot plays against six copies of another as
each power in turn. A two-player pairing is played once (A alone at a seat is B alone at
the other); with more players both bots of a pairing take their turn alone. The same seed
is played with every seat rotation before the next (seed k of the list serves games
k·players … k·players + players - 1), so luck of the seed falls on both sides alike.

Determinism: the seed list comes from the tournament seed by SHA-256 and the bots' RNGs
from the game seed and the seat (`bots.bot_rng`), so a result line is a function of its
match alone: the same in any process, under any PYTHONHASHSEED and any number of jobs,
except the CPU times.
"""

from __future__ import annotations

import hashlib
import itertools
import time
from dataclasses import dataclass, field
from typing import Any, Iterable

from warjudge.core import bots, games
from warjudge.core.errors import InputError
from warjudge.core.game import Action, Game
from warjudge.core.ratings import bradley_terry, wilson
from warjudge.core.selfplay import MAX_ACTIONS

TURN_OPTIONS = ("max_turns", "rounds")   # how a game spells its length in turns, see `turn_limit`


def seed_list(seed: int, count: int) -> list[int]:
    """`count` game seeds from one tournament seed, the same on every machine."""
    return [int.from_bytes(hashlib.sha256(f"warjudge-tournament:{seed}:{k}".encode()).digest()[:8], "big")
            for k in range(count)]


@dataclass(frozen=True)
class Match:
    """One scheduled game: `seats` says which bot plays each seat; `lone` is the seat the
    pairing's first bot holds alone. The registrations travel with it, so a worker process
    started afresh (spawn) knows a game or bot the parent registered at run time."""

    index: int
    game: games.GameInfo
    seed: int
    seats: dict[str, str]
    lone: str
    options: dict[str, Any] = field(default_factory=dict)
    bot_infos: tuple[bots.BotInfo, ...] = ()
    max_actions: int = MAX_ACTIONS


def pairings(bot_names: list[str], players: int, lone: str | None = None) -> list[tuple[str, str]]:
    """(lone bot, field bot) pairs: each unordered pair once for two players, both ways for
    more; with `lone`, only that bot alone against each other (a search against six
    heuristics, without the six searches against one heuristic that cost six times as much)."""
    if lone is not None:
        return [(lone, other) for other in bot_names if other != lone]
    if players == 2:
        return list(itertools.combinations(bot_names, 2))
    return list(itertools.permutations(bot_names, 2))


def schedule(game_id: str, bot_names: list[str], games_per_pairing: int, seed: int,
             options: dict[str, Any] | None = None, max_actions: int = MAX_ACTIONS,
             lone: str | None = None) -> list[Match]:
    """Every match of the tournament, in a fixed order (with `lone`, only those where that
    bot plays alone); refuses unknown or repeated bots and a lone bot not among them."""
    info = games.info(game_id)
    options = dict(options or {})
    players = list(games.new(info.id, seed=0, **options).players)
    if len(bot_names) < 2 or len(set(bot_names)) != len(bot_names):
        raise InputError(f"name at least two different bots, not {', '.join(bot_names) or 'none'}")
    unknown = [name for name in bot_names if bots.split(name)[0] not in bots.names(info.id)]
    if unknown:
        raise InputError(f"no bot {unknown[0]!r} for {info.id}; its bots are: {', '.join(bots.names(info.id))}")
    for name in bot_names:   # "search:quick": the bot and its think budget
        bots.checked_budget(info.id, *bots.split(name))
    if games_per_pairing < 1:
        raise InputError("--games must be at least 1")
    if lone is not None and lone not in bot_names:
        raise InputError(f"--lone {lone!r} is not one of the bots named in --bots ({', '.join(bot_names)})")
    registered = tuple(i for i in (bots.info(info.id, bots.split(name)[0]) for name in bot_names) if i is not None)
    seeds = seed_list(seed, -(-games_per_pairing // len(players)))
    matches: list[Match] = []
    for lone_bot, field_bot in pairings(bot_names, len(players), lone):
        for k in range(games_per_pairing):
            lone = players[k % len(players)]
            seats = {p: lone_bot if p == lone else field_bot for p in players}
            matches.append(Match(len(matches), info, seeds[k // len(players)], seats, lone, options,
                                 registered, max_actions))
    return matches


def turn_limit(game_id: str, turns: int) -> dict[str, int]:
    """The option that ends `game_id` after `turns` turns: `max_turns` (hex games) or
    `rounds`. The Diplomacy games end by year (`--option max_year=…`): the variant's
    game-turns skip years, so a count of turns is not a year."""
    described = [o.name for o in games.options(game_id)]
    for name in TURN_OPTIONS:
        if name in described:
            return {name: turns}
    if "max_year" in described:
        raise InputError(f"{game_id} ends by year: give --option max_year=YEAR instead of --max-turns")
    raise InputError(f"{game_id} takes no turn limit (it knows {', '.join(described) or 'no option'})")


class TimedBot:
    """A bot whose decisions are counted and whose CPU time is summed, the longest decision
    kept (a search bot thinks a whole phase in one; issue 26 bounds a phase's CPU); with
    `phases`, it also notes the phase of every decision it makes (outside its timed CPU)."""

    def __init__(self, bot: bots.Bot, phases: set[str] | None = None):
        self.bot = bot
        self.phases = phases
        self.decisions = 0
        self.cpu = 0.0
        self.longest = 0.0

    def choose(self, game: Game, player: str) -> Action:
        if self.phases is not None:
            self.phases.add(str(game.view(None).get("phase")))
        started = time.process_time()
        action = self.bot.choose(game, player)
        spent = time.process_time() - started
        self.cpu += spent
        self.longest = max(self.longest, spent)
        self.decisions += 1
        return action


def counts_turns(game: Game) -> bool:
    """Whether the game's full view numbers its turns (`turn`), as the hex games do."""
    return isinstance(game.view(None).get("turn"), int)


def turns_played(game: Game, phases: set[str]) -> int | None:
    """The game's turn number at the end, or for a game that names its phases by year
    (Diplomacy's "S1901M", the variant's "TA2750M") the years in which a bot made a
    decision; None if it says neither."""
    if counts_turns(game):
        return int(game.view(None)["turn"])
    years = {y for y in map(_year, phases) if y is not None}
    return len(years) or None


def _year(phase: str) -> int | None:
    digits = "".join(c for c in phase if c.isdigit())
    return int(digits) if digits else None


def play_match(match: Match) -> dict[str, Any]:
    """Play one match to its end (or its action limit) and return its result line."""
    if match.game.id not in games.ids():
        games.register(match.game)
    for info in match.bot_infos:
        if bots.info(info.game, info.name) is None:
            bots.register(info)
    game = games.new(match.game.id, seed=match.seed, **match.options)
    phases: set[str] | None = None if counts_turns(game) else set()
    timed = {p: TimedBot(bots.make(game.game_id, name, bots.bot_rng(match.seed, p)), phases)
             for p, name in match.seats.items()}
    actions = bots.play_out(game, dict(timed), match.max_actions)
    outcome = game.outcome()
    names = sorted(set(match.seats.values()))
    return {"index": match.index, "game": game.game_id, "seed": match.seed, "options": match.options,
            "seats": match.seats, "lone": match.lone, "pairing": [match.seats[match.lone], _field(match)],
            "finished": game.is_over, "outcome": outcome.to_json() if outcome else None,
            "winner": winner(match.seats, outcome.winners if outcome else ()),
            "turns": turns_played(game, phases or set()), "actions": actions,
            "cpu_s": {n: round(sum(t.cpu for p, t in timed.items() if match.seats[p] == n), 6) for n in names},
            "cpu_max_s": {n: round(max(t.longest for p, t in timed.items() if match.seats[p] == n), 6) for n in names},
            "decisions": {n: sum(t.decisions for p, t in timed.items() if match.seats[p] == n) for n in names}}


def _field(match: Match) -> str:
    return next(name for seat, name in match.seats.items() if seat != match.lone)


def winner(seats: dict[str, str], winners: Iterable[str]) -> str | None:
    """The bot that won the game, or None for a draw: a win (or a draw shared only by its
    seats) is its bot's; a draw shared by both bots, a game with no winner or one that
    did not finish is a draw."""
    won = {seats[p] for p in winners if p in seats}
    return won.pop() if len(won) == 1 else None


@dataclass(frozen=True)
class Row:
    """One bot's line of the table."""

    bot: str
    games: int
    wins: int
    draws: int
    losses: int
    win_interval: tuple[float, float]
    elo: float
    cpu_ms_per_decision: float | None
    cpu_s_longest: float | None   # the longest decision of any game, where the lines give it


def table(lines: list[dict[str, Any]]) -> list[Row]:
    """Per bot: results with the Wilson 95 % interval of its win rate, its Bradley–Terry
    rating, and its CPU milliseconds per decision; best rating first."""
    record: dict[str, list[int]] = {}
    points: dict[tuple[str, str], float] = {}
    cpu: dict[str, float] = {}
    decisions: dict[str, int] = {}
    longest: dict[str, float] = {}
    for line in lines:
        pair = line["pairing"]
        for bot, other in (pair, pair[::-1]):
            result = 1.0 if line["winner"] == bot else 0.5 if line["winner"] is None else 0.0
            counts = record.setdefault(bot, [0, 0, 0])
            counts[{1.0: 0, 0.5: 1, 0.0: 2}[result]] += 1
            points[(bot, other)] = points.get((bot, other), 0.0) + result
            cpu[bot] = cpu.get(bot, 0.0) + line["cpu_s"].get(bot, 0.0)
            decisions[bot] = decisions.get(bot, 0) + line["decisions"].get(bot, 0)
            if bot in line.get("cpu_max_s", {}):
                longest[bot] = max(longest.get(bot, 0.0), line["cpu_max_s"][bot])
    elo = bradley_terry(points) if points else {}
    rows = [Row(bot, sum(c), c[0], c[1], c[2], wilson(c[0], sum(c)), elo[bot],
                1000 * cpu[bot] / decisions[bot] if decisions[bot] else None, longest.get(bot))
            for bot, c in record.items()]
    return sorted(rows, key=lambda r: (-r.elo, r.bot))


def by_seat(lines: list[dict[str, Any]]) -> dict[tuple[str, str, str], list[int]]:
    """(bot, seat, other bot) -> [wins, draws, losses] of a bot that held that seat alone
    (both bots of a two-player game; in Diplomacy the one against copies of the other)."""
    counts: dict[tuple[str, str, str], list[int]] = {}
    for line in lines:
        held = list(line["seats"].values())
        for seat, bot in line["seats"].items():
            if held.count(bot) == 1:
                other = next(b for b in held if b != bot)
                cell = counts.setdefault((bot, seat, other), [0, 0, 0])
                cell[0 if line["winner"] == bot else 1 if line["winner"] is None else 2] += 1
    return counts


@dataclass(frozen=True)
class Alone:
    """What a bot alone against copies of another scored (issue 26's Diplomacy targets):
    its solos, and the mean of its sum-of-squares share (its score squared over the sum of
    every seat's score squared: centres in Diplomacy, Victory Points in the variant)."""

    bot: str
    against: str
    games: int
    solos: int
    shares: tuple[float, ...]


def alone(lines: list[dict[str, Any]]) -> list[Alone]:
    """Per (lone bot, field bot) of games with more than two seats: the solos (the lone
    seat sole winner by "victory", not by leading at a limit) and the shares of the games
    whose outcome scores every seat; in the order the pairings were first played."""
    found: dict[tuple[str, str], list[Any]] = {}
    for line in lines:
        if len(line["seats"]) <= 2:
            continue
        cell = found.setdefault((line["pairing"][0], line["pairing"][1]), [0, 0, []])
        outcome = line["outcome"] or {}
        cell[0] += 1
        cell[1] += outcome.get("reason") == "victory" and outcome.get("winners") == [line["lone"]]
        scores = outcome.get("scores") or {}
        squares = sum(float(scores.get(seat, 0.0)) ** 2 for seat in line["seats"])
        if squares > 0 and set(line["seats"]) <= set(scores):
            cell[2].append(float(scores[line["lone"]]) ** 2 / squares)
    return [Alone(bot, other, n, solos, tuple(shares)) for (bot, other), (n, solos, shares) in found.items()]


__all__ = ["Alone", "Match", "Row", "TimedBot", "alone", "by_seat", "pairings", "play_match", "schedule", "seed_list", "table",
           "turn_limit", "turns_played", "winner"]
