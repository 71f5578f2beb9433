"""A database that cannot be used for now (PostgreSQL restarting, a connection it dropped,
SQLite busy or failing to read its file) is a 503 with `Retry-After`, never a 500.

A request that failed so is run once more, from the start, when that cannot apply
anything twice: nothing it did had begun to commit (`db.Attempt` says so; a request whose
commit failed may have been saved, so it is never run again). A lost connection is the
case worth the retry: the second run connects afresh (`db.make_engine` waits a few
seconds for a restarting server)."""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any, Awaitable, Callable

from sqlalchemy import exc as sa

from warjudge.core.events import Event, english
from warjudge.server.db import Attempt

log = logging.getLogger("warjudge.server")

RETRY_AFTER = "2"
SQLITE_TRANSIENT = ("locked", "busy", "disk i/o", "unable to open", "disk is full")

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def unavailable(error: BaseException) -> bool:
    """The database could not be used for now; anything else is a bug (500)."""
    if isinstance(error, sa.TimeoutError):   # no pooled connection came free
        return True
    if not isinstance(error, sa.DBAPIError):
        return False
    if error.connection_invalidated or isinstance(error, sa.InterfaceError):
        return True
    if isinstance(error.orig, sqlite3.OperationalError):
        return any(word in str(error.orig).lower() for word in SQLITE_TRANSIENT)
    return isinstance(error, sa.OperationalError)


def lost_connection(error: BaseException) -> bool:
    """A PostgreSQL failure (a connection that broke, a transaction the server gave up),
    worth one more run on a new connection; not a busy SQLite file, which waited 30 s."""
    return isinstance(error, sa.DBAPIError) and not isinstance(error.orig, sqlite3.Error) and unavailable(error)


class DatabaseOutage:
    """ASGI middleware: the request's body is kept as it is read (it is bounded,
    `limits.py`) so the request can be run once more; an outage after the answer began
    is re-raised."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        seen: list[Message] = []   # the request's messages as the first run read them

        async def reading() -> Message:
            message = await receive()
            seen.append(message)
            return message

        for run in (1, 2):
            started, attempt = False, Attempt.begin()
            replay = list(seen)

            async def replayed() -> Message:
                return replay.pop(0) if replay else await reading()

            async def sending(message: Message) -> None:
                nonlocal started
                started = True
                await send(message)

            try:
                await self.app(scope, replayed, sending)
                return
            except Exception as error:
                if started or not unavailable(error):
                    raise
                if run == 1 and lost_connection(error) and not attempt.commit_begun:
                    log.warning("database connection lost (%s); running %s %s again", error.__class__.__name__,
                                scope["method"], scope["path"])
                    continue
                log.warning("database unavailable: %s", str(error).splitlines()[0][:200])
                await _unavailable(send, attempt.commit_begun)
                return
            finally:
                Attempt.end()


async def _unavailable(send: Send, commit_begun: bool) -> None:
    why = Event("api.db_lost" if commit_begun else "api.db_unavailable")
    payload = json.dumps({"error": english(why), "why": why.to_json(), "reason": english(why)}).encode()
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            (b"retry-after", RETRY_AFTER.encode())]})
    await send({"type": "http.response.body", "body": payload})
