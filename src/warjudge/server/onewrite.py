"""uvicorn's HTTP protocol (httptools), each answer sent to the socket in one write.

uvicorn writes an answer's status line and headers, then its body, as two writes: on
localhost each is a system call that also delivers the segment and wakes the client, and
the server holds the GIL through both (py-spy on `warjudge serve` under the Diplomacy
load: uvicorn's `send` was 9 % of the server's busy time, issue 22). Here the writes made
in one turn of the event loop are joined and sent at the end of that turn: an answer's
headers and body (sent one after the other, with nothing awaited between) go out as one."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class JoinedWrites:
    """A transport whose writes of one loop turn are held and sent as one; everything else
    is the transport's own. A close sends what is held first."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop):
        self._transport, self._loop = transport, loop
        self._held: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._held:
            self._loop.call_soon(self.flush)
        self._held.append(bytes(data))

    def flush(self) -> None:
        held, self._held = self._held, []
        if held and not self._transport.is_closing():
            self._transport.write(held[0] if len(held) == 1 else b"".join(held))

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class OneWriteProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol on a `JoinedWrites` transport (`uvicorn.run(http=…)`)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(JoinedWrites(transport, self.loop))  # type: ignore[arg-type]
