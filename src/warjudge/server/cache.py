"""Loaded games kept in memory between requests, so a request does not replay the whole
record each time (a long Diplomacy game replays hundreds of orders).

An entry is keyed by the game's id and holds the game at one stored `version`, which
every change moves on under the game's row lock: a game changed by another server process
(or rolled back) has a new version, so its old entry is never used again. A request
*borrows* the entry for its whole transaction: one request at a time uses a game (its
methods may keep caches of their own), and another request of that game waits its turn
(`WAIT` seconds at most, then loads its own copy) instead of rebuilding it, which under
load cost more than all the rest of a request (seven Diplomacy seats looking at one
game). When the transaction commits, the entry is given back at the version it committed
(the game was changed in place with the row); a writing transaction that rolls back
drops it, so a half-applied change never reaches the cache."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Hashable

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction

from warjudge.core.game import Game
from warjudge.server.db import READ_ONLY   # in session.info: a transaction that only reads, so changes no game
from warjudge.server.gameread import GameRead
from warjudge.server.gamewrite import GameWrite
from warjudge.server.models import GameRow
from warjudge.server.views import view_for

SIZE = 256   # games kept per process: the least recently used goes first
WAIT = 2.0   # seconds a request waits for another to give back the game it needs
_PENDING = "warjudge.loaded"       # session.info: the games this transaction uses, by game id
_COMMITTED = "warjudge.committed"  # session.info: its transaction committed


@dataclass(eq=False)
class Entry:
    """A loaded game at `version`, and the lock its borrower holds."""

    version: int
    game: Game
    lock: threading.Lock = field(default_factory=threading.Lock)
    holder: int | None = None   # the thread that borrowed it


class GameCache:
    """A bounded LRU of loaded games by game id, each lent to one borrower at a time;
    safe across threads."""

    def __init__(self, size: int = SIZE):
        self.size = size
        self._games: OrderedDict[str, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def borrow(self, game_id: str, version: int | None, wait: float = WAIT) -> Entry | None:
        """The game at `version` (None: at whichever it is), the caller's until `give_back`;
        None if there is none, or if it is not given back within `wait` seconds, or if this
        thread holds it already (a second transaction of one request: it loads its own)."""
        with self._lock:
            entry = self._games.get(game_id)
            if entry is None or version not in (None, entry.version) or entry.holder == threading.get_ident():
                return None
        if not entry.lock.acquire(timeout=wait):
            return None
        with self._lock:
            if self._games.get(game_id) is not entry or version not in (None, entry.version):   # changed meanwhile
                entry.lock.release()
                return None
            entry.holder = threading.get_ident()
            self._games.move_to_end(game_id)
        return entry

    def give_back(self, game_id: str, entry: Entry, version: int | None) -> None:
        """The borrowed game is at `version` now (None: it may be half changed, so dropped)."""
        with self._lock:
            entry.holder = None
            if version is not None:
                entry.version = version
            elif self._games.get(game_id) is entry:
                del self._games[game_id]
        entry.lock.release()

    def take(self, game_id: str, version: int, wait: float = WAIT) -> Game | None:
        """The game at `version`, out of the cache for good (the bots change it outside any
        transaction: `botturns.py`)."""
        entry = self.borrow(game_id, version, wait)
        if entry is None:
            return None
        self.give_back(game_id, entry, None)
        return entry.game

    def keep(self, game_id: str, version: int, game: Game) -> None:
        """A game loaded or built apart from the cache, at `version`: kept unless the cache
        holds that game at a newer version already."""
        with self._lock:
            current = self._games.get(game_id)
            if current is not None and current.version >= version and current.game is not game:
                return
            self._games[game_id] = Entry(version, game)
            self._games.move_to_end(game_id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def __len__(self) -> int:
        return len(self._games)


GAMES = GameCache()


class Answers:
    """What read routes worked out from a game at one stored version (a seat's legal
    actions, worded: SJG's deployments cost more than the rest of the request), kept for
    the next asker: a game's state changes only with its version, so an answer is keyed
    by the game, its version and what was asked, and is never stale. Bounded LRU."""

    def __init__(self, size: int = SIZE):
        self.size = size
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, row: GameRow | GameRead | GameWrite, game: Game, asked: Hashable, work_out: Callable[[], Any]) -> Any:
        """The answer to `asked` about the row's game (loaded as `game`), worked out once
        per version (and per record length: a game changed in this transaction is not the
        stored version's)."""
        key = (row.id, row.version, game.record.action_count(), asked)
        with self._lock:
            if key in self._answers:
                self._answers.move_to_end(key)
                return self._answers[key]
        answer = work_out()
        with self._lock:
            self._answers[key] = answer
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)
        return answer


ANSWERS = Answers()
PICTURES = Answers(size=32)   # boards drawn for a role at a version: an SJG PNG takes a second and ~0.5 MB


def view(row: GameRow | GameRead | GameWrite, game: Game, role: str) -> Any:
    """`views.view_for`, worked out once per version of the game for the reads that follow
    a change (a page asks for the seat's view and its legal actions, whose labels read the
    view too). Shared: read it, never change it."""
    return ANSWERS.get(row, game, ("view", role), partial(view_for, game, role))


@dataclass(eq=False)
class _Used:
    row: GameRow | GameRead | GameWrite | None   # None: reserved, its row not read yet
    game: Game
    entry: Entry | None   # borrowed from the cache, or None: loaded by this transaction


def reserve(session: Session, game_id: str) -> None:
    """Borrow the game before the transaction reads anything: its row, read after, is then
    at least as new as the cached game, which is used if it is at that version (`take`).
    A request that borrowed only once it had read the row found, when a change had
    held the game meanwhile, a game newer than its row, and had to load its own."""
    pending: dict[str, _Used] = session.info.setdefault(_PENDING, {})
    if game_id not in pending and (entry := GAMES.borrow(game_id, None)) is not None:
        pending[game_id] = _Used(None, entry.game, entry)


def take(session: Session, row: GameRow | GameRead | GameWrite) -> Game | None:
    """The row's game already used in this transaction (or reserved, if at the row's
    version), else the cached game at the row's version (now this transaction's until it
    ends), else None."""
    pending: dict[str, _Used] = session.info.setdefault(_PENDING, {})
    used = pending.get(row.id)
    if used is not None and used.row is None and used.entry is not None:
        if used.entry.version == row.version:
            used.row = row
        else:   # changed by another process: not this game
            del pending[row.id]
            GAMES.give_back(row.id, used.entry, used.entry.version)
            return None
    if used is not None:
        return used.game
    entry = GAMES.borrow(row.id, row.version)
    if entry is None:
        return None
    pending[row.id] = _Used(row, entry.game, entry)
    return entry.game


def loaded(session: Session, row: GameRow | GameRead | GameWrite, game: Game) -> None:
    """`game` is the row's game in this transaction (every change to it is stored in the
    row before the commit): kept under the committed version."""
    pending: dict[str, _Used] = session.info.setdefault(_PENDING, {})
    used = pending.get(row.id)
    if used is not None and used.game is game:
        return
    if used is not None and used.entry is not None:   # another game replaces the one borrowed
        GAMES.give_back(row.id, used.entry, None)
    pending[row.id] = _Used(row, game, None)


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    session.info[_COMMITTED] = True


@event.listens_for(Session, "after_transaction_end")
def _ended(session: Session, transaction: SessionTransaction) -> None:
    """Every game the transaction used goes back: at the committed version; after a roll
    back, as it was if the transaction only read, else dropped."""
    if transaction.parent is not None:
        return   # a savepoint or a nested transaction: the outer one decides
    committed = session.info.pop(_COMMITTED, False)
    unchanged = committed or bool(session.info.get(READ_ONLY))
    for game_id, used in session.info.pop(_PENDING, {}).items():
        if used.entry is not None and (used.row is None or not committed):   # (a roll back expired the row)
            GAMES.give_back(game_id, used.entry, used.entry.version if used.row is None or unchanged else None)
        elif used.entry is not None and used.row is not None:
            GAMES.give_back(game_id, used.entry, used.row.version)
        elif committed and used.row is not None:
            GAMES.keep(game_id, used.row.version, used.game)
