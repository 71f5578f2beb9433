"""The lobby: the games this server runs, creating a game, listing them, one game as the
caller may see it, its bots, and its whole record once it is over."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Query, Response
from sqlalchemy import select

from warjudge.core import games
from warjudge.core.events import localised
from warjudge.server import bots, cache, play, press
from warjudge.server.access import LangQuery, game_row
from warjudge.server.deadlines import PhaseRules
from warjudge.server.errors import ApiError
from warjudge.server.gameread import GameRead
from warjudge.server.models import GameRequest, GameRow, User
from warjudge.server.routes.deps import Caller, GameCaller, OneHop
from warjudge.server.schemas import BotsOffered, Created, GameListed, GameOffered, GameShown, NewGame
from warjudge.server.web.pages import is_mine, newest_page

LIST_DEFAULT, LIST_MAX = 50, 200   # games a page of GET /api/games lists, by default and at most
SeatQuery = Query(None, max_length=64, description="whose view: one of your seats, or 'public'")

router = APIRouter(tags=["games"], route_class=OneHop)


def _summary(row: GameRead, game: Any, user: User | None) -> dict[str, Any]:
    gm = play.is_gm(row, user)
    seats = [{"seat": s.name, "user": s.user_name, "bot": s.bot, "ready": s.ready}
             | ({"bot_budget": budget} if (budget := play.thinks_to(row, s)) else {})
             | ({"invitation": s.invitation} if gm and s.user_id is None and not s.bot else {})
             for s in row.seats]
    outcome = game.outcome()
    return {"id": row.id, "game": row.game, "title": games.info(row.game).title, "open": row.open_seats,
            "version": row.version, "seats": seats, "to_act": list(game.to_act()),
            "waiting": play.waited_for(row, game), "is_over": game.is_over,
            "outcome": outcome.to_json() if outcome else None,
            "phase_seconds": row.phase_seconds, "deadline": row.deadline,
            "clock_waits_for_seats": play.waits_for_seats(row),
            "phase_rules": json.loads(row.phase_rules) if row.phase_rules else None,
            "paused": row.paused_remaining is not None, "paused_remaining": row.paused_remaining,
            "last_nmr": json.loads(row.last_nmr) if row.last_nmr else [],
            "seed_commitments": game.record.commitments(),
            "you": {"gm": gm, "seats": play.held_seats(row, user)}}


def _created(row: GameRow) -> dict[str, Any]:
    """What creating a game answers: its id and each seat's invitation."""
    return {"id": row.id, "game": row.game,
            "seats": [{"seat": s.name, "invitation": s.invitation} for s in row.seats]}


@router.get("/api/games-available", response_model=list[GameOffered])
def registered() -> list[dict[str, Any]]:
    """The games this server can run (the registry's ids), each with its bots and the
    options a new game may be given (name, kind, help, default, choices, range)."""
    return [{"id": g, "title": games.info(g).title, "bots": bots.names(g), "bot_levels": bots.levels(g),
             "bot_budgets": bots.budgets(g), "options": play.offered_options(g)}
            for g in games.ids()]


@router.post("/api/games", status_code=201, response_model=Created)
def new_game(body: NewGame, call: Caller) -> dict[str, Any]:
    with call.writing() as (session, user):
        made = body.request_key and session.get(GameRequest, (user.id, body.request_key))
        if made:   # the same request again: the game it made
            return _created(game_row(session, made.game_id))
        rules = PhaseRules(body.phase_seconds, body.phase_seconds_by_kind, body.deadline_at)
        row = play.create(session, user, body.game, body.options, body.open, rules)
        session.flush()
        if body.request_key:
            session.add(GameRequest(user_id=user.id, key=body.request_key, game_id=row.id))
        if body.press:
            press.choose(session, row, body.press)
        return _created(row)


@router.get("/api/games", response_model=list[GameListed])
def list_games(response: Response, call: Caller,
               start: int = Query(0, ge=0, le=2**31, description="how many of the newest games to pass over"),
               limit: int = Query(LIST_DEFAULT, ge=1, le=LIST_MAX, description="the most games to list"),
               mine: bool = Query(False, description="only the caller's: as games master or holding a seat")
               ) -> list[dict[str, Any]]:
    """A page of the games, newest first: a `Link: <…>; rel="next"` header says where
    the next page starts, if there is one."""
    with call.reading() as session:
        user = call.viewer(session)
        if mine and user is None:
            raise ApiError(401, "api.sign_in_mine")
        query = select(GameRow).where(is_mine(user)) if mine and user else select(GameRow)
        rows, more = newest_page(session, query, start, limit)
        if more:
            response.headers["Link"] = f'</api/games?start={start + limit}&limit={limit}' \
                                       f'{"&mine=true" if mine else ""}>; rel="next"'
        return [{"id": r.id, "game": r.game, "open": r.open_seats, "you": {"gm": play.is_gm(r, user),
                 "seats": play.held_seats(r, user)},
                 "seats": [{"seat": s.name, "taken": s.user_id is not None or s.bot is not None} for s in r.seats]}
                for r in rows]


@router.get("/api/games/{game_id}", response_model=GameShown, response_model_exclude_unset=True)
def show_game(call: GameCaller, seat: str | None = SeatQuery, lang: str = LangQuery) -> dict[str, Any]:
    with call.reading_game() as read:
        user = read.viewer()
        row = read.row
        game = play.load(row)
        role = play.role(row, user, seat)
        view = cache.view(row, game, role)
        return _summary(row, game, user) | {"view_of": role, "view": view if lang == "en" else localised(view, lang, play.seat_names(game, lang))}


@router.get("/api/games/{game_id}/bots", tags=["seats"], response_model=BotsOffered)
def game_bots(call: GameCaller) -> dict[str, Any]:
    """The bots that can hold a seat of this game (`random` plays every game), each with
    the think budgets it takes."""
    with call.reading() as session:
        game_id = call.row(session).game
        return {"bots": bots.names(game_id), "budgets": bots.budgets(game_id)}


@router.get("/api/games/{game_id}/record", response_model=dict[str, Any])
def record(call: GameCaller) -> Any:
    """The whole record, seeds and every secret included, once the game is over, for
    anyone (check it with `warjudge verify`); while it runs, nobody's, the games master's
    and the creator's included: GET …/history is what each may see meanwhile."""
    with call.reading_game() as read:
        row = read.row
        if not play.load(row).is_over:
            raise ApiError(409, "api.no_record_yet", game=row.id)
        return json.loads(row.record)
