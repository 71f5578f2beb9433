"""Bots play in the background, one bounded step at a time, never inside a request.

A change that leaves a bot to act (a player's action, a phase adjudicated, a bot seated)
stores when the game's bots act next (`bots_at`); the scheduler of each server process
looks for such games and takes one *step* for each (`bots.step`: the bots act until none
must, a new phase begins, or `bots.STEP_ACTIONS`). A step is three short transactions:

1. the claim: `bots_at` moved on by `LEASE` only if it is still due (one conditional
   UPDATE), so among several processes one takes the step and the others skip the game;
2. a read: the game loaded as a request loads it (this process's cached game, else its
   saved position and the few actions after it: never a replay of a long game; one not
   folded yet gets one bounded fold instead, and its step comes at the next look), and
   the bots' actions computed on it with no lock held (an SJG heuristic turn thinks for
   seconds; nobody waits for it);
3. the commit, holding the game's row lock: kept only if the game's version and its bots
   are still those the step read (a player who acted meanwhile moved the version on and
   the step is taken again from the new state), so a step is applied exactly once.

After its commit a step folds what it played into the stored phases (`phases.catch_up`),
in this same background thread, so the history reads and stream polls of a game the bots
play alone find them up to date instead of folding them inside the request.

The pace (`Pace`): after a change by anyone else the bots take up to `burst` steps at
once (a player waiting on them sees them answer within a poll); a game the bots go on
playing alone takes one step per `every` seconds, and one look starts no new step after
`busy` seconds. Games the bots play alone share `alone` of the thread's time (`Budget`):
however many of them an account starts, nobody's request waits on more than that share
(issue 22's abuse mix). A game that is over has no `bots_at`."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from warjudge.core import games
from warjudge.core.errors import WarjudgeError
from warjudge.core.game import GM, Game
from warjudge.core.record import GameRecord
from warjudge.server import bots, cache, db, passes, phases, play
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow

log = logging.getLogger("warjudge.server")
LEASE = 60.0   # seconds a claimed step may take before another process may take it again
BATCH = 32     # games looked at per query


@dataclass(frozen=True)
class Pace:
    """`poll`: seconds between two looks for games whose bots must act; `burst`: steps the
    bots take at once after a change by anyone else; `every`: then, seconds between two
    steps of one game; `busy`: seconds after which one look starts no new step; `alone`:
    the share of the time the steps of games past their burst (the bots playing alone,
    nobody waiting on them) may take, all such games together."""

    poll: float = 0.25
    burst: int = 4
    every: float = 1.0
    busy: float = 0.5
    alone: float = 0.1


class Budget:
    """The time the steps of games the bots play alone may still take: it grows by
    `share` of the time that passes (at most `most` seconds saved up) and each such
    step spends its own duration, so over any stretch they take about `share` of it."""

    def __init__(self, share: float, most: float = 0.5):
        self.share, self.most = share, most
        self.left = most
        self._at = time.monotonic()

    def allows(self) -> bool:
        now = time.monotonic()
        self.left = min(self.most, self.left + (now - self._at) * self.share)
        self._at = now
        return self.left > 0

    def spend(self, seconds: float) -> None:
        self.left -= seconds


@dataclass(frozen=True)
class _Read:
    """What a step computed from: the version, the bots (seat -> bot, seat -> seed, seat ->
    think budget)."""

    version: int
    bot_names: dict[str, str]
    bot_seeds: dict[str, str]
    streak: int
    bot_budgets: dict[str, str | None]


def due(sessions: db.Sessions, now: float) -> list[str]:
    """Games whose bots must act, those just changed by someone else first (read without
    locking: each is claimed before its step)."""
    return [game_id for game_id, _ in _due(sessions, now)]


def _due(sessions: db.Sessions, now: float) -> list[tuple[str, int]]:
    """`due`, each game with its bots' streak (steps taken in a row by the bots alone)."""
    with sessions.reading() as session:
        query = (select(GameRow.id, GameRow.bot_streak).where(GameRow.bots_at <= now)
                 .order_by(GameRow.bot_streak, GameRow.bots_at).limit(BATCH))
        return [(game_id, streak) for game_id, streak in session.execute(query)]


def claim(sessions: db.Sessions, game_id: str, now: float) -> bool:
    """This process takes the game's next step (False: another took it, or it is not due)."""
    with sessions.begin() as session:
        taken = session.execute(update(GameRow).where(GameRow.id == game_id, GameRow.bots_at <= now)
                                .values(bots_at=now + LEASE).execution_options(synchronize_session=False))
        return bool(getattr(taken, "rowcount", 0) == 1)


def _loaded(session: Session, row: GameRow) -> Game | None:
    """The row's game from the cache (taken: no request shares it while the bots change
    it), else from its saved position and the actions after it, else replayed if short;
    never kept under this version again, since the step changes it. None: a long game
    with no saved position near its end (not folded yet), which no step replays whole."""
    game = cache.GAMES.take(row.id, row.version)
    if game is not None:
        return game
    record = GameRecord.from_json(row.record, f"stored game {row.id}")
    game = phases.restored(session, row, record, play.LOAD_REPLAY)
    if game is None and record.action_count() > play.LOAD_REPLAY and games.entries(record) is not None:
        return None
    return game or games.load(record)


def step(sessions: db.Sessions, game_id: str, pace: Pace = Pace(), now: float | None = None) -> bool:
    """One step of the game's bots, if this process claims it; True if it was committed."""
    now = time.time() if now is None else now
    if not claim(sessions, game_id, now):
        return False
    with sessions.reading() as session:
        row = session.get(GameRow, game_id)
        if row is None:
            return False
        read = _Read(row.version, play.seat_bots(row), {s.name: s.bot_seed for s in row.seats if s.bot_seed},
                     row.bot_streak, play.seat_budgets(row))
        try:
            game = _loaded(session, row)
        except (WarjudgeError, ApiError) as exc:   # a damaged record: tried again after the lease, never a crash
            log.error("the bots of game %s cannot load it: %s", game_id, exc)
            return False
    if game is None:   # one bounded fold towards a saved position, and the step at the next look
        if _fold(sessions, game_id):
            _due_again(sessions, game_id, now)   # (a fold that failed: tried again after the lease)
        return False
    try:
        done = bots.step(game, read.bot_seeds, read.version, read.bot_names, bot_budgets=read.bot_budgets)
    except WarjudgeError as exc:  # a game refusing its own legal action is a bug in that game
        log.error("a bot of game %s was refused: %s", game_id, exc)
        return False
    committed = _commit(sessions, game_id, game, read, done, pace)
    if committed:
        _fold(sessions, game_id)
    return committed


def _fold(sessions: db.Sessions, game_id: str) -> bool:
    """One bounded fold of the game's record into its stored phases (skipped while this
    process folds it already); False if its phases cannot be stored (logged, but for a
    legacy record, whose phases cannot be told apart)."""
    try:
        phases.catch_up(sessions, game_id, wait=False)
    except phases.Unsplittable:
        return False
    except ApiError as exc:
        log.error("stored phases of game %s: %s", game_id, exc.message)
        return False
    return True


def _due_again(sessions: db.Sessions, game_id: str, now: float) -> None:
    """The claim given back: the game's step is due at once again (if nobody changed it meanwhile)."""
    with sessions.begin() as session:
        session.execute(update(GameRow).where(GameRow.id == game_id, GameRow.bots_at > now)
                        .values(bots_at=now).execution_options(synchronize_session=False))


def _commit(sessions: db.Sessions, game_id: str, game: Game, read: _Read, done: bots.Step, pace: Pace) -> bool:
    """Store the step under the game's lock if the game is still as the step read it."""
    with sessions.begin() as session:
        row = db.locked_game(session, game_id)
        if row is None or row.version != read.version:
            return False   # changed meanwhile: that change set `bots_at` anew
        if play.seat_bots(row) != read.bot_names or play.seat_budgets(row) != read.bot_budgets:
            row.bots_at = time.time()   # a seat changed hands meanwhile: look again from there
            return False
        waiting = game.to_act()
        passed = passes.play_passes(game)   # a player's empty stages after the bots' step
        began = done.began or (passed > 0 and bool(set(game.to_act()) - set(waiting)))
        idle = not began and (done.stuck or not bots.movers(game, read.bot_names))   # the bots are done for now
        if idle and play.all_ready(row, game):
            began = play.apply(game, GM, {"type": "process"}) is None   # the ready players (if any) waited for the bots
        if not (done.taken or began or passed):
            row.bots_at, row.bot_streak = None, 0   # nothing to do until something else changes
            return False
        streak = read.streak + 1
        play.store(row, game, began, time.time(), 0.0 if streak < pace.burst else pace.every, streak)
        if done.stuck and not began:   # it waits, as a player's seat would, for something else to change
            row.bots_at, row.bot_streak = None, 0
        cache.loaded(session, row, game)
    return True


def run_due(sessions: db.Sessions, pace: Pace = Pace(), now: float | None = None,
            budget: Budget | None = None) -> int:
    """Take a step for every game whose bots must act, again while any is due at once,
    for `pace.busy` seconds at most, the games the bots play alone only while `budget`
    allows (None: no limit); how many steps were committed."""
    started = time.monotonic()
    taken = 0
    while time.monotonic() - started < pace.busy:
        stepped = False
        for game_id, streak in _due(sessions, time.time() if now is None else now):
            alone = streak >= pace.burst
            if alone and budget is not None and not budget.allows():
                continue   # still due: taken up at a later look, in the order they fell due
            began = time.monotonic()
            taken += step(sessions, game_id, pace, now)
            stepped = True
            if alone and budget is not None:
                budget.spend(time.monotonic() - began)
            if time.monotonic() - started >= pace.busy:
                break
        if not stepped:
            break
    return taken
