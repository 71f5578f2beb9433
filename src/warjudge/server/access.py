"""Who is asking, for the routers mounted beside `app.py` (press, history, live updates):
the caller from the bearer token or session cookie and the game's row, with the same checks and messages as
`app.py`'s routes (`auth.user_of_token`, `play.role`, `play.require_seat`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path, Query
from fastapi.security import HTTPAuthorizationCredentials
from sqlalchemy.orm import Session

from warjudge.server import auth
from warjudge.server.errors import ApiError
from warjudge.server.models import GameRow, User

Credentials = HTTPAuthorizationCredentials | None
Bearer = Depends(auth.bearer_or_cookie)   # a bearer token, or a browser's cookie with its CSRF token
# a game's id is 12 URL-safe characters (play.create); a path that cannot be one is a 422
# naming it before any database sees it (PostgreSQL refuses a NUL byte in any string)
GameId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the game's id (POST /api/games)")]
SeatPath = Annotated[str, Path(min_length=1, max_length=64, description="a seat of the game (its `seats`)")]
LangQuery = Query("en", pattern="^(en|fr)$", description="the language of reasons: en or fr (each reason also "
                                                         "carries its code and parameters, as `why`)")
SeatQuery = Query(None, max_length=64, description="whose: one of your seats (omitted: your only seat, "
                                                   "the games master's all, or the public's)")


def caller(session: Session, credentials: Credentials, attach: bool = True) -> User:
    """The caller's account (401 if none), a row of `session` unless not `attach` (`auth.user_of_token`)."""
    return auth.user_of_token(session, credentials.credentials if credentials else None, attach)


def maybe_caller(session: Session, credentials: Credentials, attach: bool = True) -> User | None:
    return caller(session, credentials, attach) if credentials else None


def game_row(session: Session, game_id: str) -> GameRow:
    row = session.get(GameRow, game_id)
    if row is None:
        raise ApiError(404, "api.no_game", game=game_id)
    return row
