"""`warjudge serve` sends each answer in one write (server/onewrite.py, issue 22):
uvicorn wrote its headers and its body as two system calls. (Every test of a real
`warjudge serve`, `tests/server/live.py`, is served through it.)"""

from __future__ import annotations

import asyncio

from warjudge.server.onewrite import JoinedWrites


class Recorded:
    """A transport that records its writes."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> str:
        return f"info {name}"


def test_a_write_goes_out_with_the_next_or_at_the_next_turn_and_a_close_sends_it_first():
    async def run() -> Recorded:
        sent = Recorded()
        joined = JoinedWrites(sent, asyncio.get_running_loop())  # type: ignore[arg-type]
        joined.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n")
        assert sent.writes == []   # held for the body
        joined.write(b"{}")
        assert sent.writes == [b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}"]   # at once, as one
        joined.write(b"event: update\n\n")   # alone: sent at the loop's next turn
        await asyncio.sleep(0)
        assert sent.writes[-1] == b"event: update\n\n"
        joined.write(b"last")
        joined.close()
        assert sent.writes[-1] == b"last" and sent.closed
        assert joined.get_extra_info("peername") == "info peername"   # the rest is the transport's
        await asyncio.sleep(0)
        assert len(sent.writes) == 3   # nothing sent twice
        return sent

    asyncio.run(run())

