"""What every page shares: its template rendered in the caller's language, an error as a
page, and the page's visitor (`Visitor`, a FastAPI dependency), who is signed in by the
session cookie. As on the API (`routes/deps.py`), the transaction is opened in the page's
own body, never by a dependency: a dependency's entry and exit are thread-pool calls of
their own, and requests each holding a connection while waiting for a thread could wait
for one another."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from sqlalchemy.orm import Session

from warjudge.core.events import Event
from warjudge.server import auth
from warjudge.server.errors import ApiError
from warjudge.server.models import User
from warjudge.server.web import header_names
from warjudge.server.web.page_words import labels, page_lang, wording

HERE = Path(__file__).parent
TEMPLATES = Jinja2Templates(directory=HERE / "templates")


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


def signed_in(session: Session, request: Request) -> tuple[User, str] | None:
    """The session cookie's account and token, or None if there is none or it was revoked."""
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


@dataclass(frozen=True)
class Visit:
    """A page's request: its reads (`reading`, a transaction that takes no write lock) and
    who is signed in (`who`, within one of them)."""

    request: Request

    def reading(self) -> AbstractContextManager[Session]:
        reading: AbstractContextManager[Session] = self.request.app.state.sessions.reading()
        return reading

    def who(self, session: Session) -> tuple[User, str] | None:
        return signed_in(session, self.request)

    def page(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        return page(self.request, template, status, **context)


async def _visit(request: Request) -> Visit:   # a coroutine: no thread-pool hop (routes/deps.py)
    return Visit(request)


Visitor = Annotated[Visit, Depends(_visit)]
