"""The games master's tools: adjudicate now, the clock (start, pause, resume, extend), the
game's own games-master actions, rolling back to an earlier phase, replacing a player."""

from __future__ import annotations

import time
from typing import Any, Callable

from fastapi import APIRouter, Request

from warjudge.server import history, play
from warjudge.server.access import GameId, caller, game_row
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow
from warjudge.server.routes.deps import AsGm, Caller, Sessions, Writing, as_gm
from warjudge.server.schemas import (Accepted, Clock, Extension, GmAction, PhaseStarts, Processed, Replacement,
                                     RollBack, RolledBack, Seated)

router = APIRouter(tags=["games master"])


@router.post("/api/games/{game_id}/process", tags=["play"], response_model=Processed)
def process(row: AsGm) -> dict[str, Any]:
    if not play.process(row):
        raise ApiError(409, f"game {row.id} has nothing to adjudicate now")
    return {"processed": True, "version": row.version}


def _clock(row: GameRow, change: Callable[[GameRow, float], None]) -> dict[str, Any]:
    change(row, time.time())
    return {"deadline": row.deadline, "paused": row.paused_remaining is not None,
            "paused_remaining": row.paused_remaining, "clock_waits_for_seats": play.waits_for_seats(row)}


@router.post("/api/games/{game_id}/start", response_model=Clock)
def start(row: AsGm) -> dict[str, Any]:
    """Games master: start the clock of a game whose seats are not all taken (it starts
    by itself once they are); the free seats miss their deadlines."""
    return _clock(row, play.start_now)


@router.post("/api/games/{game_id}/pause", response_model=Clock)
def pause(row: AsGm) -> dict[str, Any]:
    """Games master: stop the current phase's clock (the time left waits for the resume)."""
    return _clock(row, play.pause)


@router.post("/api/games/{game_id}/resume", response_model=Clock)
def resume(row: AsGm) -> dict[str, Any]:
    """Games master: the clock runs again with the time that was left."""
    return _clock(row, play.resume)


@router.post("/api/games/{game_id}/extend", response_model=Clock)
def extend(body: Extension, row: AsGm) -> dict[str, Any]:
    """Games master: the current deadline (or the time left while paused) moves `seconds` on."""
    return _clock(row, lambda changed, _now: play.extend(changed, body.seconds))


@router.post("/api/games/{game_id}/gm", response_model=Accepted)
def gm_action(body: GmAction, row: AsGm) -> dict[str, Any]:
    """Games master: one of the game's own games-master actions (a draw, the end, `process`)."""
    play.act_as_gm(row, body.action)
    return {"accepted": True, "version": row.version}


@router.get("/api/games/{game_id}/phases", response_model=PhaseStarts)
def phases(game_id: GameId, sessions: Sessions, credentials: Caller) -> dict[str, Any]:
    """Games master: the phases a roll back may reach (those that began within
    `play.ROLLBACK_REPLAY` actions), each with its name and the number of actions before it."""
    with sessions.reading() as session:
        user = caller(session, credentials)
        row = game_row(session, game_id)
        play.require_gm(row, user)
        starts = [start for start in play.phase_starts(row) if start <= play.ROLLBACK_REPLAY]
    names = history.phase_names(sessions, row, len(starts))   # no transaction open meanwhile
    return {"phases": [{"phase": n, "actions_before": a, "name": names[n] if n < len(names) else None}
                       for n, a in enumerate(starts)]}


@router.post("/api/games/{game_id}/rollback", response_model=RolledBack)
def rollback(request: Request, game_id: GameId, body: RollBack, sessions: Sessions, credentials: Caller) -> dict[str, Any]:
    """Games master: play again from the start of an earlier phase (the actions taken out
    are kept). The game is replayed to there before its row is locked (`play.cut`)."""
    with sessions.reading() as session:
        row = game_row(session, game_id)
        play.require_gm(row, caller(session, credentials))
    done = play.cut(row, body.phase)   # no transaction open meanwhile
    with as_gm(request, game_id, credentials) as (session, user, row):
        play.roll_back(session, row, user, done)
        return {"phase": body.phase, "version": row.version}


@router.post("/api/games/{game_id}/replace", response_model=Seated)
def replace(body: Replacement, session: Writing, row: AsGm) -> dict[str, Any]:
    """Games master: another account takes the seat (or it is freed); its old holder loses it."""
    holder = play.user_named(session, body.user) if body.user else None
    play.replace_holder(row, body.seat, holder)
    return {"seat": body.seat, "user": body.user}
