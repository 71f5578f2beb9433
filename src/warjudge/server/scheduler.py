"""Deadlines that run themselves: a thread in each server process looks for games whose
deadline has passed and adjudicates each exactly once, however many processes share the
database. Another such thread takes the bots' steps (`botturns.py`).

Exactly once: a game is adjudicated only inside a transaction holding its row lock, after
checking again under the lock that its deadline has passed; the same transaction moves the
deadline on. A second process waiting for that lock then finds the new deadline and does
nothing; one that finds the row locked skips it (PostgreSQL `SKIP LOCKED`), and SQLite's
write lock serializes the processes outright."""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import Callable

from sqlalchemy import select

from warjudge.server import db, play
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow

log = logging.getLogger("warjudge.server")
INTERVAL = 2.0   # seconds between two looks for due games
STOP_WAIT = 10.0   # seconds `stop` waits for a step under way (a daemon thread: the process may end)


def due(sessions: db.Sessions, now: float) -> list[str]:
    """The games whose deadline has passed (read without locking: each is checked again
    under its lock)."""
    with sessions.reading() as session:
        return list(session.scalars(select(GameRow.id).where(GameRow.deadline <= now).order_by(GameRow.deadline)))


def run_due(sessions: db.Sessions, now: float | None = None) -> list[str]:
    """Adjudicate every game whose deadline has passed; the ids of those adjudicated."""
    now = time.time() if now is None else now
    done = []
    for game_id in due(sessions, now):
        try:
            with sessions.begin() as session:
                row = db.locked_game(session, game_id, skip_locked=True)
                adjudicated = row is not None and play.deadline_passed(row, now)
            if adjudicated and row is not None:   # committed
                done.append(game_id)
                log.info("deadline: game %s adjudicated, now version %d", game_id, row.version)
        except ApiError as exc:  # a game that cannot be loaded stays as it is; the others go on
            log.error("deadline of game %s: %s", game_id, exc.message)
    return done


class Scheduler:
    """A background thread doing `work` every `interval` seconds (the deadlines; the bots'
    steps, `botturns.run_due`), or at once when woken (`wake`: a request just left a bot
    to act); `stop()` ends it within one interval, or gives up waiting for a step that is
    stuck after STOP_WAIT (logged), so a server can always shut down. Each wait is the
    interval give or take half of it, so several processes never look in lockstep and each
    takes its share."""

    def __init__(self, work: Callable[[], object], interval: float = INTERVAL, name: str = "warjudge-deadlines"):
        self.work, self.interval = work, interval
        self._jitter = random.Random()   # timing only: no game's dice
        self._stop, self._wake = threading.Event(), threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(STOP_WAIT)
        if self._thread.is_alive():
            log.warning("the %s thread is still in a step after %.0f s; not waiting for it", self._thread.name, STOP_WAIT)

    def _run(self) -> None:
        while True:
            self._wake.wait(self.interval * self._jitter.uniform(0.5, 1.5))
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                self.work()
            except Exception:  # noqa: BLE001 - a database hiccup must not end the work for good
                log.exception("the %s thread failed; trying again", self._thread.name)
