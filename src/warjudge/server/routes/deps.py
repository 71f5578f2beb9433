"""The API's FastAPI dependencies: who calls (the bearer token or session cookie, its CSRF
token checked) about which game, gathered with no database work; and the transactions a
route opens with them, inside its own body (`Call.reading`, `Call.writing`,
`GameCall.reading_game`, `GameCall.changing`).

A transaction is never a dependency: FastAPI runs a generator dependency's entry, the
route and its exit as three thread-pool calls, so a change that took SQLite's write lock
on entry waited for a free thread to run and then to commit while every thread waited for
that lock (503s under `benchmarks/server_load.py --mix diplomacy`). A sync route's body is
one thread-pool call: the lock is taken, used and released within it, never held while
waiting for a thread. The bots are woken only once a change is committed.

The routes' answers are checked against their models and written as JSON inside that same
call too (`OneHop`): FastAPI checks a sync route's answer in a second thread-pool call."""

from __future__ import annotations

import inspect
from contextlib import contextmanager
from dataclasses import dataclass
from functools import wraps
from typing import Annotated, Any, Callable, Iterator

from fastapi import Depends, Request, Response, Security
from fastapi.datastructures import DefaultPlaceholder
from fastapi.exceptions import ResponseValidationError
from fastapi.routing import APIRoute
from sqlalchemy.orm import Session

from warjudge.server import auth, cache, db, gamewrite, play
from warjudge.server.gameread import GameRead, read_game
from warjudge.server.gamewrite import GameWrite
from warjudge.server.access import Credentials, GameId, caller, game_row, maybe_caller
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow, User


@dataclass(frozen=True)
class Change:
    """What a change of one game holds until it commits: its transaction, the caller, the game's row locked."""

    session: Session
    user: User
    row: GameRow


@dataclass(frozen=True)
class Move:
    """A player's change of one game (an action, Ready) until it commits: its transaction,
    the caller, the game's row and seats locked, by Core (`gamewrite.py`)."""

    session: Session
    user: User
    row: GameWrite


@dataclass(frozen=True)
class Reading:
    """A read of one game: its transaction, the game as read (`row`: 404 if none) and the
    caller, checked when asked (401 before 404), as a shared detached account: a read only
    looks at it (`auth.user_of_token`)."""

    session: Session
    credentials: Credentials
    game_id: str
    found: GameRead | None

    @property
    def row(self) -> GameRead:
        if self.found is None:
            raise ApiError(404, "api.no_game", game=self.game_id)
        return self.found

    def caller(self) -> User:
        """The signed-in caller (401 if not)."""
        return caller(self.session, self.credentials, attach=False)

    def viewer(self) -> User | None:
        """The caller if they sent credentials (then valid ones), else None: anyone may read."""
        return maybe_caller(self.session, self.credentials, attach=False)


@dataclass(frozen=True)
class Call:
    """A request's caller (their credentials, not yet checked) and the server's database."""

    request: Request
    credentials: Credentials

    @property
    def sessions(self) -> db.Sessions:
        sessions: db.Sessions = self.request.app.state.sessions
        return sessions

    def caller(self, session: Session, attach: bool = True) -> User:
        """The signed-in caller (401 if not): a row of `session`, or if not `attach` a
        shared detached account, only to be looked at (`auth.user_of_token`)."""
        return caller(session, self.credentials, attach)

    def viewer(self, session: Session) -> User | None:
        """The caller if they sent credentials (then valid ones), else None: anyone may read."""
        return maybe_caller(session, self.credentials)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A transaction that changes nothing, so takes no write lock."""
        with self.sessions.reading() as session:
            yield session

    @contextmanager
    def writing(self, attach: bool = True) -> Iterator[tuple[Session, User]]:
        """One transaction for the whole change, the caller checked first (`caller`)."""
        with self.sessions.begin() as session:
            yield session, self.caller(session, attach)


@dataclass(frozen=True)
class GameCall(Call):
    """A call about one game."""

    game_id: str

    def row(self, session: Session) -> GameRow:
        return game_row(session, self.game_id)

    @contextmanager
    def reading_game(self) -> Iterator[Reading]:
        """A read of the game: its loaded game borrowed before anything is read
        (`cache.reserve`), yet once the read holds its database connection (a borrower
        waiting for a connection that a writer waiting for the game held was a deadlock);
        then its row, seats and players, by Core (`gameread.py`)."""
        with self.reading() as session:
            session.connection()   # SQLite's snapshot is only taken at the first read
            cache.reserve(session, self.game_id)
            yield Reading(session, self.credentials, self.game_id, read_game(session, self.game_id))

    @contextmanager
    def changing(self, gm: bool = False) -> Iterator[Change]:
        """The caller (401 before 404) and the game's row, locked until the change commits;
        with `gm`, anyone but its games master refused (403). A change of a game never
        changes its caller's account, so the caller is not merged into its session."""
        with self.writing(attach=False) as (session, user):
            row = db.locked_game(session, self.game_id)
            if row is None:
                raise ApiError(404, "api.no_game", game=self.game_id)
            if gm:
                play.require_gm(row, user)
            yield Change(session, user, row)
        self._wake_bots(row)

    @contextmanager
    def moving(self) -> Iterator[Move]:
        """As `changing`, for a player's action or Ready: the row and seats locked and
        read by Core, and what the change altered written back just before the commit (a
        change that raises writes nothing, and its transaction rolls back)."""
        with self.writing(attach=False) as (session, user):
            row = gamewrite.locked_game(session, self.game_id)
            if row is None:
                raise ApiError(404, "api.no_game", game=self.game_id)
            yield Move(session, user, row)
            row.write()
        self._wake_bots(row)

    def _wake_bots(self, row: GameRow | GameWrite) -> None:
        if row.bots_at is not None:   # committed, leaving a bot to act: this process's bots answer now
            for thread in self.request.app.state.bot_threads:
                thread.wake()


# Each reads the bearer token itself (`auth.credentials_of`) rather than through
# `auth.bearer_or_cookie`: a dependency fewer for FastAPI to solve on every request (its
# dependency solving was about a tenth of a cached `GET …/legal`, issue 22).
async def _call(request: Request, given: Credentials = Security(auth.BEARER)) -> Call:
    return Call(request, auth.credentials_of(request, given))


async def _game_call(request: Request, game_id: GameId, given: Credentials = Security(auth.BEARER)) -> GameCall:
    return GameCall(request, auth.credentials_of(request, given), game_id)


Caller = Annotated[Call, Depends(_call)]   # anyone; what they may do is checked in the route's transaction
GameCaller = Annotated[GameCall, Depends(_game_call)]   # anyone, about the game in the path


class OneHop(APIRoute):
    """A route whose sync body also checks its answer against the route's model and writes
    it as JSON, as FastAPI would, but within the body's one thread-pool call: FastAPI checks
    a sync route's answer in a call of its own, a second trip to the pool and back per
    request. Routes that set headers through a `Response` parameter, or answer with a
    response class of their own, are left to FastAPI."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kw: Any):
        if not inspect.iscoroutinefunction(endpoint):
            endpoint = self._answering(endpoint)
        super().__init__(path, endpoint, **kw)

    def _answering(self, endpoint: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(endpoint)   # FastAPI reads the parameters of the function it wraps
        def answered(*args: Any, **kw: Any) -> Any:
            content = endpoint(*args, **kw)
            field = self.response_field
            if (isinstance(content, Response) or field is None or self.dependant.response_param_name
                    or not isinstance(self.response_class, DefaultPlaceholder)):
                return content
            value, errors = field.validate(content, {}, loc=("response",))
            if errors:
                raise ResponseValidationError(errors, body=content)
            body = field.serialize_json(value, include=self.response_model_include,
                                        exclude=self.response_model_exclude, by_alias=self.response_model_by_alias,
                                        exclude_unset=self.response_model_exclude_unset,
                                        exclude_defaults=self.response_model_exclude_defaults,
                                        exclude_none=self.response_model_exclude_none)
            return Response(body, status_code=self.status_code or 200, media_type="application/json")
        return answered
