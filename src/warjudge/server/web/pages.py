"""The lobby's pages: the home redirect and the lobby, a page of my games and of the open
games I may join, read in a bounded number of rows with no game replayed (also the API's
`GET /api/games` listing, `routes/lobby.py`). Pages carry no game data of their own: a
game page's script asks the JSON API for the caller's view (`game_pages.py`), so the page,
the API and every other client share one filter."""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import or_, select
from sqlalchemy.orm import Session, defer, selectinload

from warjudge.core import games
from warjudge.server import auth, cache, phases, play, press
from warjudge.core.bots import BUDGETS
from warjudge.server.bots import budgets as bot_budgets
from warjudge.server.bots import levels as bot_levels
from warjudge.server.models import GameRow, Seat, User
from warjudge.presentation.game_titles import titles
from warjudge.presentation.seat_names import seat_names
from warjudge.server.web.page_words import page_lang
from warjudge.server.web.rendering import Visitor

router = APIRouter(include_in_schema=False)

LOBBY_PAGE = 25   # games in each of the lobby's lists per page


def newest_page(session: Session, query: Any, start: int, limit: int) -> tuple[list[GameRow], bool]:
    """`limit` of the games `query` selects from the `start`th, newest first (their records
    not read, their seats in one more query), and whether there are more: a listing reads
    a bounded number of rows however many games the server holds."""
    rows = session.scalars(query.options(defer(GameRow.record), selectinload(GameRow.seats))
                           .order_by(GameRow.created_at.desc(), GameRow.id).offset(start).limit(limit + 1)).all()
    return list(rows[:limit]), len(rows) > limit


def _listed(session: Session, query: Any, page: int) -> tuple[list[GameRow], bool]:
    return newest_page(session, query, page * LOBBY_PAGE, LOBBY_PAGE)


def is_mine(user: User) -> Any:
    """The condition a game of `user`'s meets: its games master, or holding one of its seats."""
    return or_(GameRow.creator_id == user.id, GameRow.id.in_(select(Seat.game_id).where(Seat.user_id == user.id)))


def _standing(session: Session, row: GameRow, progress: phases.Progress | None) -> tuple[list[str] | None, bool]:
    """(the seats the game waits for, is it over) without replaying it: from this process's
    loaded game at the row's version (`cache.py`), else from its stored progress
    (`phases.py`: who may act, less the seats that are ready and the bots, which act in
    the background); (None, False) while neither has caught up with the game."""
    game = cache.take(session, row)   # back in the cache when this read ends
    if game is not None:
        return play.waited_for(row, game), game.is_over
    if progress is None or progress.version != row.version:
        return None, False
    done = {s.name for s in row.seats if s.ready or s.bot}
    return [seat for seat in progress.to_act if seat not in done], progress.is_over


def _seat_names(row: GameRow, progress: phases.Progress | None, lang: str) -> dict[str, str]:
    """The game's seats as `lang` names them (presentation/seat_names.py)."""
    return seat_names(row.game, lang, progress.names if progress else None)


@lru_cache(maxsize=None)
def _new_game_seats(game_id: str) -> tuple[str, ...]:
    """A new game's seats with its default options, as the lobby offers them to its creator
    (made once per process: a registered game's default seats do not change)."""
    return tuple(games.new(game_id, seed=1).players)


def _lobby_seats(game_id: str, lang: str) -> list[dict[str, str]]:
    """The seats the lobby's "I play" offers, each named as the game's pages name it."""
    names = seat_names(game_id, lang)
    return [{"id": seat, "name": names.get(seat, seat)} for seat in _new_game_seats(game_id)]


def _lobby_games(session: Session, user: User, page: int, lang: str) -> dict[str, Any]:
    """A page of my games (each with the seats it waits for, its deadline and the press my
    seats have not read) and of the
    open games I may join, and whether either list goes on: a bounded number of rows
    read and no game replayed, however many games the server holds."""
    seated = select(Seat.game_id).where(Seat.user_id == user.id)
    rows, more_mine = _listed(session, select(GameRow).where(is_mine(user)), page)
    progress = phases.stored_progresses(session, [row.id for row in rows])
    unread = press.unread_by_game(session, user.id, [row.id for row in rows])
    mine = []
    for row in rows:
        waiting, over = _standing(session, row, progress.get(row.id))
        mine.append({"id": row.id, "titles": titles(row.game), "seats": play.held_seats(row, user),
                     "gm": play.is_gm(row, user), "waiting": waiting, "is_over": over, "deadline": row.deadline,
                     "waits_for_seats": play.waits_for_seats(row), "unread": unread.get(row.id, 0),
                     "names": _seat_names(row, progress.get(row.id), lang)})
    free_seat = select(Seat.game_id).where(Seat.user_id.is_(None), Seat.bot.is_(None))
    open_rows, more_open = _listed(session, select(GameRow).where(
        GameRow.open_seats, GameRow.creator_id != user.id, GameRow.id.in_(free_seat),
        GameRow.id.not_in(seated)), page)
    open_progress = phases.stored_progresses(session, [row.id for row in open_rows])
    joinable = [{"id": row.id, "titles": titles(row.game), "names": _seat_names(row, open_progress.get(row.id), lang),
                 "free": [s.name for s in row.seats if s.user_id is None and not s.bot]} for row in open_rows]
    return {"mine": mine, "joinable": joinable, "page": page, "more": more_mine or more_open}




@router.get("/")
def home() -> RedirectResponse:
    return RedirectResponse("/lobby", status_code=303)


@router.get("/lobby")
def lobby(visit: Visitor, page_number: int = Query(0, alias="page", ge=0, le=10_000)) -> Response:
    lang = page_lang(visit.request)
    with visit.reading() as session:
        who = visit.who(session)
        if who is None:
            return RedirectResponse("/signin", status_code=303)
        return visit.page("lobby.html", user=who[0].name, csrf=auth.csrf_token(who[1]),
                          **_lobby_games(session, who[0], page_number, lang), now=time.time(),
                          available=[{"id": g, "titles": titles(g), "seats": _lobby_seats(g, lang),
                                      "options": play.offered_options(g), "bots": bot_levels(g),
                                      "budgets": bot_budgets(g)}
                                     for g in games.ids()], budgets=list(BUDGETS))
