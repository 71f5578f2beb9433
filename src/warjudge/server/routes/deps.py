"""The API's FastAPI dependencies: a transaction (reading, or writing and holding the
game's lock), the caller from its bearer token or session cookie, the game's row (locked
for a change), the games master's check. A transaction's dependency has `scope="function"`:
it commits (or rolls back) as soon as the route returns, before the answer is sent, as the
`with` blocks it replaced did; the bots are woken only once a change is committed."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Annotated, Iterator

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from warjudge.server import cache, db, play
from warjudge.server.access import Bearer, Credentials, GameId, caller, game_row, maybe_caller
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow, User

_WAKES = "warjudge_wakes"   # session info: the locked game's row, whose bots a committed change may wake


def sessions_of(request: Request) -> db.Sessions:
    return request.app.state.sessions


Sessions = Annotated[db.Sessions, Depends(sessions_of)]
Caller = Annotated[Credentials, Bearer]


def _reading(sessions: Sessions) -> Iterator[Session]:
    """A request that changes nothing takes no write lock."""
    with sessions.reading() as session:
        yield session


def _reading_game(game_id: GameId, sessions: Sessions) -> Iterator[Session]:
    """A read of one game: its loaded game borrowed before anything is read
    (`cache.reserve`), yet once the read holds its database connection (a borrower
    waiting for a connection that a writer waiting for the game held was a deadlock)."""
    with sessions.reading() as session:
        session.connection()   # SQLite's snapshot is only taken at the first read
        cache.reserve(session, game_id)
        yield session


def _wake_bots(request: Request, row: GameRow | None) -> None:
    """The change is committed: if it left a bot to act, this process's bots answer now."""
    if row is not None and row.bots_at is not None:
        for thread in request.app.state.bot_threads:
            thread.wake()


def _writing(request: Request, sessions: Sessions) -> Iterator[Session]:
    """One transaction for the whole change."""
    with sessions.begin() as session:
        yield session
    _wake_bots(request, session.info.get(_WAKES))


@contextmanager
def as_gm(request: Request, game_id: str, credentials: Credentials) -> Iterator[tuple[Session, User, GameRow]]:
    """A games master's change opened by the route itself (when it must do work before the
    lock, as a roll back does): the game's row locked, anyone else refused (403)."""
    with sessions_of(request).begin() as session:
        user = caller(session, credentials)
        row = _locked_row(session, game_id)
        play.require_gm(row, user)
        yield session, user, row
    _wake_bots(request, row)


Reading = Annotated[Session, Depends(_reading, scope="function")]
ReadingGame = Annotated[Session, Depends(_reading_game, scope="function")]
Writing = Annotated[Session, Depends(_writing, scope="function")]


def _viewer(session: ReadingGame, credentials: Caller) -> User | None:
    return maybe_caller(session, credentials)


def _reader(session: ReadingGame, credentials: Caller) -> User:
    return caller(session, credentials)


def _writer(session: Writing, credentials: Caller) -> User:
    return caller(session, credentials)


Viewer = Annotated[User | None, Depends(_viewer)]   # anyone, signed in or not, reading one game
Reader = Annotated[User, Depends(_reader)]   # a signed-in caller reading one game
Writer = Annotated[User, Depends(_writer)]   # a signed-in caller changing something


def _game(game_id: GameId, session: ReadingGame) -> GameRow:
    return game_row(session, game_id)


def _locked_row(session: Session, game_id: str) -> GameRow:
    row = db.locked_game(session, game_id)
    if row is None:
        raise ApiError(404, f"there is no game {game_id!r}")
    return row


def _locked(game_id: GameId, session: Writing, _caller: Writer) -> GameRow:
    """The game's row, locked until the change commits (the caller is checked first: 401 before 404)."""
    session.info[_WAKES] = row = _locked_row(session, game_id)
    return row


def _as_gm(row: Annotated[GameRow, Depends(_locked)], user: Writer) -> GameRow:
    """A games master's change: anyone else is refused (403)."""
    play.require_gm(row, user)
    return row


Game = Annotated[GameRow, Depends(_game)]   # the game read
Locked = Annotated[GameRow, Depends(_locked)]   # the game changed, its row locked
AsGm = Annotated[GameRow, Depends(_as_gm)]   # the game changed by its games master
