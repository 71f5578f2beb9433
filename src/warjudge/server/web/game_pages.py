"""One game's pages and the two requests only pages need: the game page (its kind from
the game's presenter), the games master's page, the board picture, a hex game's log in
words, and a dry run of typed orders. Each reads the caller's view through the same role
rule as GET /api/games/{id} (`play.role`, `views.view_for`), so a page holds nothing more."""

from __future__ import annotations

from typing import Any, Callable

from fastapi import APIRouter, Query
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from warjudge.core import games
from warjudge.core.game import Game, View
from warjudge.server import auth, cache, history, phases, play, press
from warjudge.server.access import game_row
from warjudge.core.bots import BUDGETS
from warjudge.server.bots import budgets as bot_budgets
from warjudge.server.bots import levels as bot_levels
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow
from warjudge.server.routes.deps import GameCaller
from warjudge.server.schemas import Checked
from warjudge.server.views import GM_ROLE, PUBLIC_ROLE, view_for
from warjudge.presentation import choices
from warjudge.presentation.game_titles import titles
from warjudge.presentation.logs import log_lines
from warjudge.presentation.necromancer_diplomacy.report import WORDS as REPORT_WORDS
from warjudge.presentation.seat_names import every_language
from warjudge.server.web.boards import LANGUAGES, board_png, board_svg, has_board, page_kind
from warjudge.server.web.rendering import Visit, Visitor

router = APIRouter(include_in_schema=False)
api = APIRouter(tags=["play"])   # the order box's dry run, part of the API's documentation

# The judge's result words in each language, for the Diplomacy page's results and history
RESULT_WORDS = {lang: {word: words[word] for word in ("succeeds", "fails", "void", "unknown")}
                for lang, words in REPORT_WORDS.items()}


class OrderCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: str = Field(min_length=1, max_length=64)
    orders: list[str] = Field(max_length=200)
    replace: bool = Field(False, description="as POST …/actions' {\"orders\", \"replace\": true}: "
                                             "the seat's orders given before taken back first")


def _language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ApiError(422, "api.lang", choices=", ".join(LANGUAGES))


def _every_seat_name(session: Session, row: GameRow) -> dict[str, dict[str, str]]:
    """The game's seats' names in every language, for a page's `data-seat-names` (lang.js)."""
    stored = phases.stored_progress(session, row.id)
    return every_language(row.game, stored.names if stored else None)


def _role(visit: Visit, session: Session, row: GameRow, seat: str | None) -> str:
    who = visit.who(session)
    return play.role(row, who[0] if who else None, seat)


@router.get("/games/{game_id}")
def game_page(visit: Visitor, game_id: str, seat: str | None = None) -> Response:
    with visit.reading() as session:
        who = visit.who(session)
        row = game_row(session, game_id)
        user = who[0] if who else None
        csrf = who and auth.csrf_token(who[1])
        held = play.held_seats(row, user)
        if seat is None and len(held) > 1:
            return visit.page("choose_seat.html", game_id=game_id, seats=held, user=user and user.name, csrf=csrf)
        role = play.role(row, user, seat)
        return visit.page(f"{page_kind(row.game)}.html", game_id=game_id, game=row.game,
                          title=games.info(row.game).title, titles=titles(row.game), role=role,
                          is_seat=role not in (GM_ROLE, PUBLIC_ROLE), has_board=has_board(row.game),
                          press_max=press.MAX_TEXT, result_words=RESULT_WORDS, gm=play.is_gm(row, user),
                          user=user and user.name, csrf=csrf, seat_names=_every_seat_name(session, row),
                          bots_seated=_bots_seated(row))


def _bots_seated(row: GameRow) -> list[dict[str, Any]]:
    """The bot seats as the game page's status line names them: one entry per bot and
    think budget with its seats, so six alike read as one line on a phone, not six."""
    groups: dict[tuple[str, str | None], list[str]] = {}
    for s in row.seats:
        if s.bot:
            groups.setdefault((s.bot, play.thinks_to(row, s)), []).append(s.name)
    return [{"bot": bot, "budget": budget, "seats": seats} for (bot, budget), seats in groups.items()]


@router.get("/games/{game_id}/gm")
def gm_page(visit: Visitor, game_id: str) -> Response:
    with visit.reading() as session:
        who = visit.who(session)
        if who is None:
            return RedirectResponse("/signin", status_code=303)
        row = game_row(session, game_id)
        play.require_gm(row, who[0])
        return visit.page("gm.html", game_id=game_id, title=games.info(row.game).title, titles=titles(row.game),
                          user=who[0].name, csrf=auth.csrf_token(who[1]), bots=bot_levels(row.game),
                          budgets=bot_budgets(row.game), all_budgets=list(BUDGETS),
                          has_board=has_board(row.game), diplomacy=page_kind(row.game) == "diplomacy",
                          names={lang: choices.names(row.game, lang) for lang in LANGUAGES},
                          seat_names=_every_seat_name(session, row))


@router.get("/games/{game_id}/board.svg")
def board(visit: Visitor, game_id: str, seat: str | None = None, lang: str = "en",
          phase: int | None = Query(None, ge=0, le=2**31)) -> Response:
    """The board as the caller's view shows it (the same role rule as GET /api/games/{id});
    with `phase`, as that role saw it when that finished phase ended (GET …/history/{n})."""
    return Response(_drawn(visit, game_id, seat, lang, phase, board_svg), media_type="image/svg+xml")


@router.get("/games/{game_id}/board.png")
def board_picture(visit: Visitor, game_id: str, seat: str | None = None, lang: str = "en",
                  phase: int | None = Query(None, ge=0, le=2**31)) -> Response:
    """The same board as a PNG, for a game whose presenter draws one (`GameInfo.png`)."""
    return Response(_drawn(visit, game_id, seat, lang, phase, board_png), media_type="image/png")


def _drawn(visit: Visit, game_id: str, seat: str | None, lang: str, phase: int | None,
           draw: Callable[[str, Game, View, str], str | bytes | None]) -> str | bytes:
    """The caller's view (now, or as finished phase `phase` ended) drawn by `draw`, once
    per version of the game, role, phase and language (`cache.PICTURES`): a PNG takes
    about a second to draw, so asking again for it costs nothing more."""
    _language(lang)
    seen = None if phase is None else _past_view(visit, game_id, seat, phase)
    with visit.reading() as session:
        row = game_row(session, game_id)
        game = play.load(row)
        role = _role(visit, session, row, seat)

        def work_out() -> str | bytes | None:
            return draw(row.game, game, view_for(game, role) if seen is None else seen, lang)

        drawn: str | bytes | None = cache.PICTURES.get(row, game, (draw.__name__, role, phase, lang), work_out)
        if drawn is None:
            raise ApiError(404, "api.no_png" if has_board(row.game) else "api.no_board", kind=row.game)
        return drawn


def _past_view(visit: Visit, game_id: str, seat: str | None, phase: int) -> dict[str, Any]:
    """The caller's view as finished phase `phase` ended, read before the board's own
    read and with no connection held meanwhile: the phase may first be folded into the
    stored ones (`history.up_to_date`), in transactions of its own, and requests each
    holding one connection while waiting for a second could take every connection of
    the pool and wait for one another."""
    with visit.reading() as session:
        row = game_row(session, game_id)
        role = _role(visit, session, row, seat)
    view: dict[str, Any] = history.phase_seen_by(visit.request.app.state.sessions, row, phase, role)[0]["view"]
    return view


@router.get("/games/{game_id}/log")
def game_log(visit: Visitor, game_id: str, seat: str | None = None, lang: str = "en") -> dict[str, Any]:
    """A hex game's log in words (in `lang`), results and dice included, worded from the
    caller's own view (the same role rule as GET /api/games/{id}), so it holds nothing more."""
    _language(lang)
    with visit.reading() as session:
        row = game_row(session, game_id)
        lines = log_lines(row.game, view_for(play.load(row), _role(visit, session, row, seat)), lang)
    if lines is None:
        raise ApiError(404, "api.no_log", kind=row.game)
    return {"lines": lines}


@api.post("/api/games/{game_id}/check", response_model=Checked)
def check_orders(call: GameCaller, body: OrderCheck, lang: str = "en") -> dict[str, Any]:
    """A dry run of typed orders: each line accepted or refused with the reason (in
    `lang`, with its code and parameters), as POST …/actions would answer, with nothing
    stored (the order box's live marks)."""
    _language(lang)
    with call.reading() as session:
        row = call.row(session)
        play.require_seat(row, call.caller(session), body.seat)
        return {"results": play.dry_run(play.load(row), body.seat, body.orders, lang, body.replace)}
