"""Live updates (issue 13): `GET /api/games/{id}/events` as server-sent events.

Each stream watches one game for one role (a seat, the games master, or the public): it
looks at the database every `POLL` seconds (so an update made by any server process on
the same database reaches it) and sends an event whenever the game's version or the
number of messages that role may read or the seats that said ready change. An event
carries only facts every seat may see (the version, how many phases are finished, who
must act, who is ready, whether it is over) and the role's own message count; the client
then GETs its view, history or press.

A stream ends after `seconds` (an EventSource reconnects by itself) and when the client
goes away; a comment line every `HEARTBEAT` seconds keeps proxies from closing it."""

from __future__ import annotations

import json
import time
from typing import Any, AsyncIterator

import anyio
from fastapi import APIRouter, Query
from fastapi.responses import StreamingResponse

from warjudge.server import history, play, press
from warjudge.server.access import Bearer, Credentials, GameId, SeatQuery, game_row, maybe_caller
from warjudge.server.db import Sessions
from warjudge.server.errors import ApiError

POLL = 1.0
HEARTBEAT = 15.0
RETRY_MS = 2000


def _state(sessions: Sessions, game_id: str, role: str) -> dict[str, Any]:
    with sessions.reading() as session:
        row = game_row(session, game_id)
        messages = press.count(session, game_id, role)
        ready = sorted(s.name for s in row.seats if s.ready)   # public: every summary shows it
    try:
        now = history.replayed(row)
        phase, to_act, is_over = len(now.phases) - 1, now.to_act, now.is_over
    except ApiError:   # a game whose phases cannot be told apart still has a version
        game = play.load(row)
        phase, to_act, is_over = None, game.to_act(), game.is_over
    return {"version": row.version, "phase": phase, "to_act": list(to_act), "is_over": is_over,
            "press": messages, "ready": ready}


def _event(kind: str, state: dict[str, Any]) -> str:
    return f"id: {state['version']}.{state['press']}\nevent: {kind}\ndata: {json.dumps(state)}\n\n"


def router(sessions: Sessions) -> APIRouter:
    api = APIRouter(tags=["live"])

    def role_of(game_id: str, seat: str | None, credentials: Credentials) -> str:
        with sessions.reading() as session:
            user = maybe_caller(session, credentials)
            return play.role(game_row(session, game_id), user, seat)

    async def stream(game_id: str, role: str, first: dict[str, Any], seconds: float) -> AsyncIterator[str]:
        yield f"retry: {RETRY_MS}\n" + _event("state", first)
        seen = (first["version"], first["press"], first["ready"])
        end = time.monotonic() + seconds
        quiet_since = time.monotonic()
        while time.monotonic() < end:
            await anyio.sleep(min(POLL, max(0.0, end - time.monotonic())))
            try:
                state = await anyio.to_thread.run_sync(_state, sessions, game_id, role)
            except ApiError as exc:   # the game was deleted or damaged meanwhile: say so, and end
                yield f"event: error\ndata: {json.dumps({'error': exc.message})}\n\n"
                return
            if (state["version"], state["press"], state["ready"]) != seen:
                seen = (state["version"], state["press"], state["ready"])
                quiet_since = time.monotonic()
                yield _event("update", state)
            elif time.monotonic() - quiet_since >= HEARTBEAT:
                quiet_since = time.monotonic()
                yield ": still here\n\n"

    @api.get("/api/games/{game_id}/events", response_class=StreamingResponse,
             responses={200: {"content": {"text/event-stream": {}},
                              "description": "server-sent events: `state` first, then an `update` per change"}})
    async def events(game_id: GameId, seat: str | None = SeatQuery,
                     seconds: float = Query(600, gt=0, le=3600, description="the stream ends after this long"),
                     credentials: Credentials = Bearer) -> StreamingResponse:
        """Server-sent events for the caller's seat (as `GET /api/games/{id}` picks it): an
        `update` whenever the game's version, the seats that are ready or the seat's readable
        press change."""
        role = await anyio.to_thread.run_sync(role_of, game_id, seat, credentials)
        first = await anyio.to_thread.run_sync(_state, sessions, game_id, role)
        return StreamingResponse(stream(game_id, role, first, seconds), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    return api
