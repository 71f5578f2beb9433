"""The games master's tools: adjudicate now, the clock (start, pause, resume, extend), the
game's own games-master actions, rolling back to an earlier phase, replacing a player."""

from __future__ import annotations

import time
from typing import Any, Callable

from fastapi import APIRouter

from warjudge.server import history, play
from warjudge.server.access import LangQuery
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow
from warjudge.server.routes.deps import GameCall, GameCaller, OneHop
from warjudge.server.schemas import (Clock, Extension, GmAction, GmDone, PhaseStarts, Processed, Replacement,
                                     RollBack, RolledBack, Seated)

router = APIRouter(tags=["games master"], route_class=OneHop)


@router.post("/api/games/{game_id}/process", tags=["play"], response_model=Processed)
def process(call: GameCaller) -> dict[str, Any]:
    with call.changing(gm=True) as change:
        if not play.process(change.row):
            raise ApiError(409, "api.nothing_to_adjudicate", game=change.row.id)
        return {"processed": True, "version": change.row.version}


def _clock(call: GameCall, change: Callable[[GameRow, float], None]) -> dict[str, Any]:
    with call.changing(gm=True) as changed:
        row = changed.row
        change(row, time.time())
        return {"deadline": row.deadline, "paused": row.paused_remaining is not None,
                "paused_remaining": row.paused_remaining, "clock_waits_for_seats": play.waits_for_seats(row)}


@router.post("/api/games/{game_id}/start", response_model=Clock)
def start(call: GameCaller) -> dict[str, Any]:
    """Games master: start the clock of a game whose seats are not all taken (it starts
    by itself once they are); the free seats miss their deadlines."""
    return _clock(call, play.start_now)


@router.post("/api/games/{game_id}/pause", response_model=Clock)
def pause(call: GameCaller) -> dict[str, Any]:
    """Games master: stop the current phase's clock (the time left waits for the resume)."""
    return _clock(call, play.pause)


@router.post("/api/games/{game_id}/resume", response_model=Clock)
def resume(call: GameCaller) -> dict[str, Any]:
    """Games master: the clock runs again with the time that was left."""
    return _clock(call, play.resume)


@router.post("/api/games/{game_id}/extend", response_model=Clock)
def extend(body: Extension, call: GameCaller) -> dict[str, Any]:
    """Games master: the current deadline (or the time left while paused) moves `seconds` on."""
    return _clock(call, lambda changed, _now: play.extend(changed, body.seconds))


@router.post("/api/games/{game_id}/gm", response_model=GmDone)
def gm_action(body: GmAction, call: GameCaller, lang: str = LangQuery) -> dict[str, Any]:
    """Games master: one of the game's own games-master actions (a draw, the end, `process`,
    a power's `orders`: its void lines come back in `refused`, with their reasons in `lang`)."""
    with call.changing(gm=True) as change:
        refused = play.act_as_gm(change.row, body.action, lang)
        return {"accepted": True, "version": change.row.version, "refused": refused}


@router.get("/api/games/{game_id}/phases", response_model=PhaseStarts)
def phases(call: GameCaller) -> dict[str, Any]:
    """Games master: the phases a roll back may reach (those that began within
    `play.ROLLBACK_REPLAY` actions), each with its name and the number of actions before it."""
    with call.reading() as session:
        user, row = call.caller(session), call.row(session)
        play.require_gm(row, user)
        starts = [start for start in play.phase_starts(row) if start <= play.ROLLBACK_REPLAY]
    labels = history.phase_labels(call.sessions, row, len(starts))   # no transaction open meanwhile
    unnamed: dict[str, Any] = {"name": None, "turn": None, "code": None, "acting": []}
    return {"phases": [{"phase": n, "actions_before": a, **(labels[n] if n < len(labels) else unnamed)}
                       for n, a in enumerate(starts)]}


@router.post("/api/games/{game_id}/rollback", response_model=RolledBack)
def rollback(body: RollBack, call: GameCaller) -> dict[str, Any]:
    """Games master: play again from the start of an earlier phase (the actions taken out
    are kept). The game is replayed to there before its row is locked (`play.cut`)."""
    with call.reading() as session:
        row = call.row(session)
        play.require_gm(row, call.caller(session))
    done = play.cut(row, body.phase)   # no transaction open meanwhile
    with call.changing(gm=True) as change:
        play.roll_back(change.session, change.row, change.user, done)
        return {"phase": body.phase, "version": change.row.version}


@router.post("/api/games/{game_id}/replace", response_model=Seated)
def replace(body: Replacement, call: GameCaller) -> dict[str, Any]:
    """Games master: another account takes the seat (or it is freed); its old holder loses it."""
    with call.changing(gm=True) as change:
        holder = play.user_named(change.session, body.user) if body.user else None
        play.replace_holder(change.row, body.seat, holder)
        return {"seat": body.seat, "user": body.user}
