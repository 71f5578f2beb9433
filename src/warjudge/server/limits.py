"""Bounded requests: a body larger than MAX_BODY is refused with 413 before any of it is
parsed, whether it announces its length or not; an address (path or query) holding a
control character such as NUL is refused with 400 before any route sees it (no game, seat
or page is named so, and PostgreSQL refuses a NUL byte in any string it is asked about)."""

from __future__ import annotations

import json
import re
from typing import Any, Awaitable, Callable
from urllib.parse import unquote_to_bytes

from starlette.exceptions import HTTPException

from warjudge.core.events import Event, english


MAX_BODY = 256 * 1024

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


CONTROL = re.compile(rb"[\x00-\x1f\x7f]")


class BodyTooLarge(HTTPException):
    """A streamed body past the limit: an HTTPException, since FastAPI reading the body
    turns any other error into a 400; `why` as an ApiError's (errors.py)."""

    def __init__(self, kib: int):
        self.why = Event("api.body_too_large", {"kib": kib})
        super().__init__(413, english(self.why))


class RequestLimits:
    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int = MAX_BODY):
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        address = scope.get("raw_path") or scope["path"].encode("utf-8", "surrogateescape")
        if CONTROL.search(unquote_to_bytes(address)) or CONTROL.search(unquote_to_bytes(scope.get("query_string", b""))):
            await _answer(send, 400, Event("api.control_character"))
            return
        length = dict(scope.get("headers", ())).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413, Event("api.body_too_large", {"kib": self.limit // 1024}))
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:  # a streamed body: the app's error handler answers 413
                raise BodyTooLarge(self.limit // 1024)
            return message

        await self.app(scope, limited, send)


async def _answer(send: Send, status: int, why: Event) -> None:
    """Before the app reads the request: English and the code (errors.py's shape, no cookie read)."""
    body = json.dumps({"error": english(why), "why": why.to_json(), "reason": english(why)}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
