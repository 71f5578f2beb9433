"""The browser's pages and the two requests only pages need (the board picture and a dry
run of typed orders). Pages carry no game data: each page's script asks the JSON API for
the caller's view, so the page, the API and every other client share one filter.

Signing in sets an HttpOnly, Secure, SameSite=Lax cookie holding a session token (a row
of the tokens table, revoked at sign-out; `account.py`); every page that can change
anything carries the session's CSRF token for its scripts (`auth.bearer_or_cookie` checks
it on the API)."""

from __future__ import annotations

import time
from contextlib import AbstractContextManager
from functools import lru_cache
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Callable

from fastapi import Depends, FastAPI, Query, Request
from fastapi.security import HTTPAuthorizationCredentials
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import or_, select
from sqlalchemy.orm import Session, defer, selectinload

from warjudge.core import games
from warjudge.core.events import Event
from warjudge.server import auth, cache, history, phases, play, press
from warjudge.server.accounts import Accounts
from warjudge.server.access import GameId
from warjudge.server.bots import levels as bot_levels
from warjudge.server.errors import ApiError
from warjudge.server.schemas import Checked
from warjudge.server.models import GameRow, Seat, User
from warjudge.server.views import GM_ROLE, PUBLIC_ROLE, view_for
from warjudge.presentation import choices
from warjudge.presentation.game_titles import titles
from warjudge.presentation.logs import log_lines
from warjudge.presentation.necromancer_diplomacy.report import WORDS as REPORT_WORDS
from warjudge.presentation.seat_names import every_language, seat_names
from warjudge.server.web.boards import LANGUAGES, board_svg, has_board, page_kind
from warjudge.server.web import account, header_names
from warjudge.server.web.page_words import labels, page_lang, wording

HERE = Path(__file__).parent
TEMPLATES = Jinja2Templates(directory=HERE / "templates")
Transaction = Callable[[], AbstractContextManager[Session]]


class OrderCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: str = Field(min_length=1, max_length=64)
    orders: list[str] = Field(max_length=200)
    replace: bool = Field(False, description="as POST …/actions' {\"orders\", \"replace\": true}: "
                                             "the seat's orders given before taken back first")


def _signed_in(session: Session, request: Request) -> tuple[User, str] | None:
    token = request.cookies.get(auth.SESSION_COOKIE)
    if not token:
        return None
    try:
        user = auth.user_of_token(session, token)
    except ApiError:
        header_names.forget(token)
        return None
    header_names.saw(token, user.name)
    return user, token


def _game_row(session: Session, game_id: str) -> GameRow:
    row = session.get(GameRow, game_id)
    if row is None:
        raise ApiError(404, "api.no_game", game=game_id)
    return row


# The judge's result words in each language, for the Diplomacy page's results and history
RESULT_WORDS = {lang: {word: words[word] for word in ("succeeds", "fails", "void", "unknown")}
                for lang, words in REPORT_WORDS.items()}

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


def _every_seat_name(session: Session, row: GameRow) -> dict[str, dict[str, str]]:
    """The game's seats' names in every language, for a page's `data-seat-names` (lang.js)."""
    stored = phases.stored_progress(session, row.id)
    return every_language(row.game, stored.names if stored else None)


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


def install(app: FastAPI, transaction: Transaction, reading: Transaction, users: Accounts) -> None:
    """The pages; `reading` serves what changes nothing (it takes no write lock)."""
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        lang = page_lang(request)
        return TEMPLATES.TemplateResponse(request, template, {"lang": lang, "t": wording(lang), "labels": labels, **context},
                                          status_code=status)

    def error_page(request: Request, status: int, why: Event, headers: Mapping[str, str] | None) -> HTMLResponse:
        """A page's error as a page (errors.py): its status, its reason in the page's language and a way home."""
        token = request.cookies.get(auth.SESSION_COOKIE)
        user = header_names.name_of(token)   # no database work: it may be down (header_names.py)
        answer = page(request, "error.html", status, code=status, message=why, user=user,
                      csrf=auth.csrf_token(token) if user and token else None)
        answer.headers.update(headers or {})
        return answer

    app.state.error_page = error_page

    @app.get("/", include_in_schema=False)
    def home() -> RedirectResponse:
        return RedirectResponse("/lobby", status_code=303)

    account.install(app, reading, users, page, _signed_in)

    @app.get("/lobby", include_in_schema=False)
    def lobby(request: Request, page_number: int = Query(0, alias="page", ge=0, le=10_000)) -> Response:
        with reading() as session:
            who = _signed_in(session, request)
            if who is None:
                return RedirectResponse("/signin", status_code=303)
            return page(request, "lobby.html", user=who[0].name, csrf=auth.csrf_token(who[1]),
                        **_lobby_games(session, who[0], page_number, page_lang(request)), now=time.time(),
                        available=[{"id": g, "titles": titles(g), "seats": _lobby_seats(g, page_lang(request)),
                                    "options": play.offered_options(g), "bots": bot_levels(g)}
                                   for g in games.ids()])

    @app.get("/games/{game_id}", include_in_schema=False)
    def game_page(request: Request, game_id: str, seat: str | None = None) -> Response:
        with reading() as session:
            who = _signed_in(session, request)
            row = _game_row(session, game_id)
            user = who[0] if who else None
            held = play.held_seats(row, user)
            if seat is None and len(held) > 1:
                return page(request, "choose_seat.html", game_id=game_id, seats=held, user=user and user.name,
                            csrf=who and auth.csrf_token(who[1]))
            role = play.role(row, user, seat)
            return page(request, f"{page_kind(row.game)}.html", game_id=game_id, game=row.game,
                        title=games.info(row.game).title, titles=titles(row.game), role=role, is_seat=role not in (GM_ROLE, PUBLIC_ROLE),
                        has_board=has_board(row.game), press_max=press.MAX_TEXT, result_words=RESULT_WORDS,
                        gm=play.is_gm(row, user), user=user and user.name, csrf=who and auth.csrf_token(who[1]),
                        seat_names=_every_seat_name(session, row))

    @app.get("/games/{game_id}/gm", include_in_schema=False)
    def gm_page(request: Request, game_id: str) -> Response:
        with reading() as session:
            who = _signed_in(session, request)
            if who is None:
                return RedirectResponse("/signin", status_code=303)
            row = _game_row(session, game_id)
            play.require_gm(row, who[0])
            return page(request, "gm.html", game_id=game_id, title=games.info(row.game).title, titles=titles(row.game),
                        user=who[0].name, csrf=auth.csrf_token(who[1]), bots=bot_levels(row.game),
                        has_board=has_board(row.game), diplomacy=page_kind(row.game) == "diplomacy",
                        names={lang: choices.names(row.game, lang) for lang in LANGUAGES},
                        seat_names=_every_seat_name(session, row))

    @app.get("/games/{game_id}/board.svg", include_in_schema=False)
    def board(request: Request, game_id: str, seat: str | None = None, lang: str = "en",
              phase: int | None = Query(None, ge=0, le=2**31)) -> Response:
        """The board as the caller's view shows it (the same role rule as GET /api/games/{id});
        with `phase`, as that role saw it when that finished phase ended (GET …/history/{n})."""
        if lang not in LANGUAGES:
            raise ApiError(422, "api.lang", choices=", ".join(LANGUAGES))
        seen = None if phase is None else past_view(request, game_id, seat, phase)
        with reading() as session:
            who = _signed_in(session, request)
            row = _game_row(session, game_id)
            game = play.load(row)
            view = view_for(game, play.role(row, who[0] if who else None, seat)) if seen is None else seen
            svg = board_svg(row.game, game, view, lang)
            if svg is None:
                raise ApiError(404, "api.no_board", kind=row.game)
            return Response(svg, media_type="image/svg+xml")

    def past_view(request: Request, game_id: str, seat: str | None, phase: int) -> dict[str, Any]:
        """The caller's view as finished phase `phase` ended, read before the board's own
        read and with no connection held meanwhile: the phase may first be folded into the
        stored ones (`history.up_to_date`), in transactions of its own, and requests each
        holding one connection while waiting for a second could take every connection of
        the pool and wait for one another."""
        with reading() as session:
            who = _signed_in(session, request)
            row = _game_row(session, game_id)
            role = play.role(row, who[0] if who else None, seat)
        view: dict[str, Any] = history.phase_seen_by(request.app.state.sessions, row, phase, role)[0]["view"]
        return view

    @app.get("/games/{game_id}/log", include_in_schema=False)
    def game_log(request: Request, game_id: str, seat: str | None = None, lang: str = "en") -> dict[str, Any]:
        """A hex game's log in words (in `lang`), results and dice included, worded from the
        caller's own view (the same role rule as GET /api/games/{id}), so it holds nothing more."""
        if lang not in LANGUAGES:
            raise ApiError(422, "api.lang", choices=", ".join(LANGUAGES))
        with reading() as session:
            who = _signed_in(session, request)
            row = _game_row(session, game_id)
            role = play.role(row, who[0] if who else None, seat)
            lines = log_lines(row.game, view_for(play.load(row), role), lang)
        if lines is None:
            raise ApiError(404, "api.no_log", kind=row.game)
        return {"lines": lines}

    @app.post("/api/games/{game_id}/check", tags=["play"], response_model=Checked)
    def check_orders(game_id: GameId, body: OrderCheck, lang: str = "en",
                     credentials: HTTPAuthorizationCredentials | None = Depends(auth.bearer_or_cookie)
                     ) -> dict[str, Any]:
        """A dry run of typed orders: each line accepted or refused with the reason (in
        `lang`, with its code and parameters), as POST …/actions would answer, with nothing
        stored (the order box's live marks)."""
        if lang not in LANGUAGES:
            raise ApiError(422, "api.lang", choices=", ".join(LANGUAGES))
        with reading() as session:
            user = auth.user_of_token(session, credentials.credentials if credentials else None)
            row = _game_row(session, game_id)
            play.require_seat(row, user, body.seat)
            return {"results": play.dry_run(play.load(row), body.seat, body.orders, lang, body.replace)}
