"""Loaded games kept in memory between requests, so a request does not replay the whole
record each time (a long Diplomacy game replays hundreds of orders).

An entry is keyed by the game's id and its stored `version`, which every change moves
on under the game's row lock: a game changed by another server process (or rolled back)
has a new version, so its old entry is never found again. A request *takes* its entry
(no other request shares the object while it may change it) and the game is kept again
only after its transaction commits, under the version it committed; a transaction that
rolls back keeps nothing, so a half-applied change never reaches the cache."""

from __future__ import annotations

import threading
from collections import OrderedDict

from sqlalchemy import event
from sqlalchemy.orm import Session

from warjudge.core.game import Game
from warjudge.server.models import GameRow

SIZE = 256   # games kept per process: the least recently used goes first
_PENDING = "warjudge.loaded"   # session.info key: the games a transaction loaded, kept on commit


class GameCache:
    """A bounded LRU of loaded games by (game id, version); safe across threads."""

    def __init__(self, size: int = SIZE):
        self.size = size
        self._games: OrderedDict[tuple[str, int], Game] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, game_id: str, version: int) -> Game | None:
        with self._lock:
            return self._games.pop((game_id, version), None)

    def keep(self, game_id: str, version: int, game: Game) -> None:
        with self._lock:
            self._games[(game_id, version)] = game
            self._games.move_to_end((game_id, version))
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def __len__(self) -> int:
        return len(self._games)


GAMES = GameCache()


def take(session: Session, row: GameRow) -> Game | None:
    """The row's game already loaded in this transaction, else the cached game at the
    row's version (now owned by this transaction), else None."""
    pending = session.info.get(_PENDING, {})
    if row.id in pending:
        return pending[row.id][1]
    return GAMES.take(row.id, row.version)


def loaded(session: Session, row: GameRow, game: Game) -> None:
    """`game` is the row's game in this transaction (every change to it is stored in the
    row before the commit): keep it under the committed version."""
    session.info.setdefault(_PENDING, {})[row.id] = (row, game)


@event.listens_for(Session, "after_commit")
def _keep_committed(session: Session) -> None:
    for row, game in session.info.pop(_PENDING, {}).values():
        GAMES.keep(row.id, row.version, game)


@event.listens_for(Session, "after_soft_rollback")
def _forget_rolled_back(session: Session, _previous: object) -> None:
    session.info.pop(_PENDING, None)
