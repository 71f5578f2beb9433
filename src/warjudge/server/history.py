"""History (issue 13): every finished phase of a game, as each caller may see it.

A phase ends (`phases.ends_phase`) where the server's deadlines say one begins
(`play.settle`: the games master moved the game to another phase, the game ended, a seat
other than the actor must now act that did not before) and also where a seat still acting is asked another kind of
decision (a hex game's movement, then its combat: one side's turn holds several phases).
Phase 0 is the start. A caller gets its role's view at the phase's end, the actions of the
phase that role may see (its own; anyone else, the games master included, none: what
others did reaches a seat only through its views), and the phase's results as its view
shows them. Actions of the phase still under way are in no entry.

Every entry is read from the stored phases (`phases.py`: written once per role as the
phase ends, folded from the record in bounded steps), never from a replay of the game, so
a long game's phase costs what a short game's does; a listing comes a page at a time."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field
from sqlalchemy.orm import defer

from warjudge.core.events import localised
from warjudge.server import phases, play
from warjudge.server.access import Bearer, Credentials, GameId, LangQuery, SeatQuery, maybe_caller
from warjudge.server.db import Sessions
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow
from warjudge.server.views import GM_ROLE

PAGE = 20       # phases in a listing when `limit` is not given
MAX_PAGE = 50   # and at most


def up_to_date(sessions: Sessions, row: GameRow) -> phases.Progress:
    """The game's stored progress, folded one bounded step further if it is behind; a 503
    (Retry-After) if it is still behind after that step (a long game of an old database,
    or after a new version of the server: `phases.Builder` goes on in the background)."""
    with sessions.reading() as session:
        progress = phases.stored_progress(session, row.id)
    if _behind(progress, row):
        progress = phases.catch_up(sessions, row.id)
    if progress is None or _behind(progress, row):   # a fold newer than the row read (a bot moved meanwhile) serves it
        raise ApiError(503, "api.history_catching_up", {"Retry-After": "2"}, game=row.id,
                       phases=progress.phases if progress else 0)
    return progress


def _behind(progress: phases.Progress | None, row: GameRow) -> bool:
    return progress is None or progress.version is None or progress.version < row.version


def phase_seen_by(sessions: Sessions, row: GameRow, n: int, role: str) -> tuple[dict[str, Any], phases.Progress]:
    """Finished phase `n` (0: the start) of the stored game as `role` may see it, and the
    game's progress."""
    progress = up_to_date(sessions, row)
    with sessions.reading() as session:
        found = phases.stored_phases(session, row.id, role, n, 1)
    if not found:
        raise ApiError(404, "api.no_phase_yet", game=row.id, phases=progress.phases, last=progress.phases - 1)
    return found[0], progress


def phase_labels(sessions: Sessions, row: GameRow, most: int) -> list[dict[str, Any]]:
    """The first `most` phases as the games master's view gives them as each phase begins:
    `name` (Diplomacy's "F1901M", a hex game's "turn 3 · movement"), and for a hex game its
    `turn`, phase letter (`code`) and the seats `acting` then, which tell apart the phases a
    turn hands from one side to the other under one title; an empty list while the stored
    phases are behind."""
    try:
        progress = up_to_date(sessions, row)
    except ApiError as exc:
        if exc.why.code != "api.history_catching_up":
            raise
        return []
    with sessions.reading() as session:
        stored = phases.stored_phases(session, row.id, GM_ROLE, 0, min(most, progress.phases))
    return [_label(p["view"], p.get("to_act", [])) for p in stored]


def _label(view: dict[str, Any], to_act: list[str]) -> dict[str, Any]:
    if "turn" not in view:
        return {"name": view.get("phase"), "turn": None, "code": None, "acting": []}
    title = view.get("phase_title") or view.get("phase")   # Gondor & Sauron's phases by their titles, not "A"
    return {"name": f"turn {view['turn']} · {title}", "turn": view["turn"], "code": view.get("phase"),
            "acting": list(to_act)}


class HistoryPage(BaseModel):
    seat: str = Field(description="whose: a seat, 'gm' or 'public'")
    count: int = Field(description="how many phases are finished")
    phases: list[dict[str, Any]] = Field(description="each phase as that seat may see it")
    next: int | None = Field(description="the `start` of the next page (null: none)")


def router(sessions: Sessions) -> APIRouter:
    api = APIRouter(tags=["history"])

    def read(game_id: str, seat: str | None, credentials: Credentials) -> tuple[GameRow, str]:
        with sessions.reading() as session:
            user = maybe_caller(session, credentials)
            row = session.get(GameRow, game_id, options=[defer(GameRow.record)])
            if row is None:
                raise ApiError(404, "api.no_game", game=game_id)
            return row, play.role(row, user, seat)

    @api.get("/api/games/{game_id}/history", response_model=HistoryPage)
    def history(game_id: GameId, seat: str | None = SeatQuery, lang: str = LangQuery,
                start: int = Query(0, ge=0, le=2**31, description="the first phase listed"),
                limit: int = Query(PAGE, ge=1, le=MAX_PAGE, description="how many phases at most"),
                credentials: Credentials = Bearer) -> dict[str, Any]:
        """Finished phases `start` onwards (0: the start), `limit` at most, as the caller's
        seat may see them, their reasons worded in `lang`; `count`: how many there are,
        `next`: the `start` of the next page (null: none)."""
        row, role = read(game_id, seat, credentials)
        progress = up_to_date(sessions, row)
        with sessions.reading() as session:
            page = phases.stored_phases(session, row.id, role, start, limit)
        names = progress.names.get(lang)
        return {"seat": role, "count": progress.phases, "phases": [localised(p, lang, names) for p in page],
                "next": start + limit if start + limit < progress.phases else None}

    @api.get("/api/games/{game_id}/history/{n}", response_model=dict[str, Any])
    def history_entry(game_id: GameId, n: int = Path(ge=0, le=2**31), seat: str | None = SeatQuery,
                      lang: str = LangQuery, credentials: Credentials = Bearer) -> dict[str, Any]:
        """One finished phase (0: the start) as the caller's seat may see it, its reasons
        worded in `lang`; `count`: how many phases are finished."""
        row, role = read(game_id, seat, credentials)
        entry, progress = phase_seen_by(sessions, row, n, role)
        worded: dict[str, Any] = localised(entry, lang, progress.names.get(lang))
        return {"seat": role, "count": progress.phases} | worded

    return api
