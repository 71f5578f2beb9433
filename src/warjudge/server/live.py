"""Live updates (issue 13): `GET /api/games/{id}/events` as server-sent events.

Each stream watches one game for one role (a seat, the games master, or the public): it
looks at the database every `POLL` seconds (so an update made by any server process on
the same database reaches it) and sends an event whenever the game's version or the
number of messages that role may read or the seats that said ready change. An event
carries only facts every seat may see (the version, how many phases are finished, who
must act, who is ready, whether it is over) and the role's own message count; the client
then GETs its view, history or press.

A poll reads three small things (the game's version, the ready seats, the role's message
count) and the stored progress (`phases.py`): it never loads or replays the game. When the
version moved on, the stored phases are folded up to it (a bounded step, once per game in
the process, whoever asks), unless the bots moved it: their step folds what it played
itself, within their share of the time (`botturns.Budget`; a poll that folded it in a
request thread took that time from the players, issue 22's abuse mix); streams of one game and role share a poll made less than half
a `POLL` ago, so many watchers of one game cost about one query a second.

A stream ends after `seconds` (an EventSource reconnects by itself) and when the client
goes away; a comment line every `HEARTBEAT` seconds keeps proxies from closing it. Each
process holds at most `config.stream_caps()` streams: so many per client (its token, or
signed out its address: 429) and so many in all (503), each refusal with a Retry-After,
checked before the stream reads anything from the database."""

from __future__ import annotations

import hashlib
import json
import threading
import time
import weakref
from collections import deque
from typing import Any, AsyncIterator, Callable

import anyio
from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from sqlalchemy import select

from warjudge.server import config, phases, play, press
from warjudge.server.access import Bearer, Credentials, GameId, SeatQuery, game_row, maybe_caller
from warjudge.server.db import Sessions
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow, Seat

POLL = 1.0
HEARTBEAT = 15.0
RETRY_MS = 2000
RETRY_AFTER = "10"   # seconds a refused stream is told to wait
MEMO = 4096          # (game, role) polls remembered for the streams sharing them

_memo: dict[tuple[str, str], tuple[float, dict[str, Any]]] = {}
_memo_lock = threading.Lock()


def _polled(sessions: Sessions, game_id: str, role: str) -> dict[str, Any]:
    with sessions.reading() as session:
        found = session.execute(select(GameRow.version, GameRow.bot_streak).where(GameRow.id == game_id)).first()
        if found is None:
            raise ApiError(404, "api.no_game", game=game_id)
        version, bots_moved = found.version, found.bot_streak > 0   # the bots' step folds its own change
        ready = sorted(session.scalars(select(Seat.name).where(Seat.game_id == game_id, Seat.ready)))   # public
        messages = press.count(session, game_id, role)
        unread = press.unread_count(session, game_id, role)   # a read in another tab or device is news too
        progress = phases.stored_progress(session, game_id)
    if (progress is None or progress.version != version) and not bots_moved:
        try:   # another stream of this process folding the game already: its news come next poll
            progress = phases.catch_up(sessions, game_id, wait=False)
        except phases.Unsplittable:   # a game whose phases cannot be told apart still has a version
            progress = None
    known = progress is not None and progress.version == version   # else: still folding (a long old game)
    return {"version": version, "phase": progress.phases - 1 if known and progress else None,
            "to_act": list(progress.to_act) if known and progress else None,
            "is_over": progress.is_over if known and progress else None, "press": messages, "unread": unread,
            "ready": ready}


def _state(sessions: Sessions, game_id: str, role: str) -> dict[str, Any]:
    """Where the game stands for `role`: a poll of the database, or one that another
    stream of the same game and role made less than half a `POLL` ago."""
    now = time.monotonic()
    with _memo_lock:
        kept = _memo.get((game_id, role))
    if kept and now - kept[0] < POLL / 2:
        return kept[1]
    state = _polled(sessions, game_id, role)
    with _memo_lock:
        if len(_memo) >= MEMO:
            _memo.clear()
        _memo[(game_id, role)] = (now, state)
    return state


def _event(kind: str, state: dict[str, Any]) -> str:
    return f"id: {state['version']}.{state['press']}\nevent: {kind}\ndata: {json.dumps(state)}\n\n"


def _seen(state: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(json.dumps(state[k]) for k in ("version", "press", "unread", "ready", "phase", "to_act", "is_over"))


class Slots:
    """The streams open in this process, per client and in all, within their caps.

    A place is given back without the lock: a stream's body may be freed by the garbage
    collector (`weakref.finalize`), which runs on whichever thread allocates, also on the
    server's loop inside `take`'s own count; a give-back waiting there for the lock its
    own thread held stopped the loop, and every request, for good. Places given back wait
    in `_returned` (a deque's append is atomic) and are counted off by the next `take`."""

    def __init__(self, per_client: int, total: int):
        self.per_client, self.total = per_client, total
        self._open: dict[str, int] = {}
        self._returned: deque[str] = deque()
        self._lock = threading.Lock()

    def take(self, client: str) -> Callable[[], None]:
        """A place for one more stream of `client` (else 429 or 503); call what it returns,
        once or more, from any thread, to give it back."""
        with self._lock:
            self._count_returned()
            if sum(self._open.values()) >= self.total:
                raise ApiError(503, "api.streams_full", {"Retry-After": RETRY_AFTER}, total=self.total)
            if self._open.get(client, 0) >= self.per_client:
                raise ApiError(429, "api.streams_per_client", {"Retry-After": RETRY_AFTER}, most=self.per_client)
            self._open[client] = self._open.get(client, 0) + 1
        held = [client]

        def give_back() -> None:
            try:
                self._returned.append(held.pop())   # each pop atomic: a place comes back once
            except IndexError:
                pass
        return give_back

    def _count_returned(self) -> None:
        while self._returned:
            client = self._returned.popleft()
            self._open[client] -= 1
            if not self._open[client]:
                del self._open[client]


def client_of(request: Request, credentials: Credentials) -> str:
    """Whose streams count together, told without reading the database (the caps come
    first): the token sent (a signed-in browser's session or an API token; a token that
    signs nobody in is refused next, its place given back), else the address."""
    if credentials is not None:
        return "token " + hashlib.sha256(credentials.credentials.encode()).hexdigest()
    return f"address {request.client.host if request.client else '?'}"


def router(sessions: Sessions) -> APIRouter:
    api = APIRouter(tags=["live"])

    slots = Slots(*config.stream_caps())

    def role_of(game_id: str, seat: str | None, credentials: Credentials) -> str:
        with sessions.reading() as session:
            return play.role(game_row(session, game_id), maybe_caller(session, credentials), seat)

    async def stream(game_id: str, role: str, first: dict[str, Any], seconds: float,
                     give_back: Callable[[], None]) -> AsyncIterator[str]:
        try:
            yield f"retry: {RETRY_MS}\n" + _event("state", first)
            seen = _seen(first)
            end = time.monotonic() + seconds
            quiet_since = time.monotonic()
            while time.monotonic() < end:
                await anyio.sleep(min(POLL, max(0.0, end - time.monotonic())))
                try:
                    state = await anyio.to_thread.run_sync(_state, sessions, game_id, role)
                except ApiError as exc:   # the game was deleted or damaged meanwhile: say so, and end
                    yield f"event: error\ndata: {json.dumps({'error': exc.message})}\n\n"
                    return
                if _seen(state) != seen:
                    seen = _seen(state)
                    quiet_since = time.monotonic()
                    yield _event("update", state)
                elif time.monotonic() - quiet_since >= HEARTBEAT:
                    quiet_since = time.monotonic()
                    yield ": still here\n\n"
        finally:
            give_back()

    @api.get("/api/games/{game_id}/events", response_class=StreamingResponse,
             responses={200: {"content": {"text/event-stream": {}},
                              "description": "server-sent events: `state` first, then an `update` per change"}})
    async def events(request: Request, game_id: GameId, seat: str | None = SeatQuery,
                     seconds: float = Query(600, gt=0, le=3600, description="the stream ends after this long"),
                     credentials: Credentials = Bearer) -> StreamingResponse:
        """Server-sent events for the caller's seat (as `GET /api/games/{id}` picks it): an
        `update` whenever the game's version, the seats that are ready or the seat's readable
        press change. 429 when the caller holds too many streams, 503 when the server does."""
        give_back = slots.take(client_of(request, credentials))   # before any database read
        try:
            role = await anyio.to_thread.run_sync(role_of, game_id, seat, credentials)
            first = await anyio.to_thread.run_sync(_state, sessions, game_id, role)
        except BaseException:
            give_back()
            raise
        events = stream(game_id, role, first, seconds, give_back)
        weakref.finalize(events, give_back)   # a client gone before its stream began: the place comes back too
        return StreamingResponse(events, media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    return api
