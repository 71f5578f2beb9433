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

MAX_BODY = 256 * 1024

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


CONTROL = re.compile(rb"[\x00-\x1f\x7f]")


def _message(limit: int) -> str:
    return f"the request body is larger than {limit // 1024} KiB"


class RequestLimits:
    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int = MAX_BODY):
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        address = scope.get("raw_path") or scope["path"].encode("utf-8", "surrogateescape")
        if CONTROL.search(unquote_to_bytes(address)) or CONTROL.search(unquote_to_bytes(scope.get("query_string", b""))):
            await _answer(send, 400, "the address (path or query) holds a control character such as NUL; "
                                     "no game, seat or page is named so")
            return
        length = dict(scope.get("headers", ())).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413, _message(self.limit))
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:  # a streamed body: the app's error handler answers 413
                raise HTTPException(413, _message(self.limit))
            return message

        await self.app(scope, limited, send)


async def _answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
