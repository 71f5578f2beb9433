"""uvicorn's HTTP protocol (httptools), each answer sent to the socket in one write.

uvicorn writes an answer's status line and headers, then its body, as two writes: on
localhost each is a system call that also delivers the segment and wakes the client, and
the server holds the GIL through both (py-spy on `warjudge serve` under the Diplomacy
load: uvicorn's `send` was 9 % of the server's busy time, issue 22). Here a write is held
until the next one, which goes out with it at once (an answer's headers and its body,
written one after the other with nothing awaited between, are one write), or until the
loop's next turn if none follows (a stream's headers, each of its events). Holding every
write of a turn till its end delayed each answer behind the turn's other work: the
abuse mix's toy clients ran at half the rate."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class JoinedWrites:
    """A transport whose write is held until the next write (both sent as one) or the
    loop's next turn; everything else is the transport's own. A close sends what is held
    first."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop):
        self._transport, self._loop = transport, loop
        self._held: bytes | None = None

    def write(self, data: bytes) -> None:
        if self._held is not None:   # an answer's body after its headers: both now
            held, self._held = self._held, None
            self._transport.write(held + bytes(data))
            return
        self._held = bytes(data)
        self._loop.call_soon(self.flush)

    def flush(self) -> None:
        held, self._held = self._held, None
        if held is not None and not self._transport.is_closing():
            self._transport.write(held)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class OneWriteProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol on a `JoinedWrites` transport (`uvicorn.run(http=…)`)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(JoinedWrites(transport, self.loop))  # type: ignore[arg-type]
