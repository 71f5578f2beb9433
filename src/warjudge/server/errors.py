"""Every error the API sends is JSON `{"error": message}` with the right status; a
request the server cannot read is a 422 naming each problem, never a traceback; a database
that cannot be used for now is a 503 with `Retry-After` (`outage.py`). A browser asking for
a page (not under /api/, accepting HTML) gets the same message as an HTML page with a link
home (`app.state.error_page`, set by the pages)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from warjudge.core.events import LANGUAGES, Event, english, worded
from warjudge.server.outage import DatabaseOutage
from warjudge.server.writelock import WriteTimeout

log = logging.getLogger("warjudge.server")
LANG_COOKIE = "warjudge-lang"   # as static/lang.js names it


class ApiError(Exception):
    """A refusal with its reason as data: `why` is a code ("api.…") and parameters, worded
    at the edge (presentation/api: `message` in English, a page's language for pages).
    `seat_names`: language -> how a game's seats are named there, for a refusal that
    carries a game's own reason naming a seat ("ce n'est pas au tour de l'Angleterre")."""

    def __init__(self, status: int, code: str, headers: dict[str, str] | None = None, *,
                 seat_names: dict[str, dict[str, str] | None] | None = None, **params: Any):
        self.why = Event(code, params)
        self.seat_names = seat_names or {}
        self.message = english(self.why)
        super().__init__(self.message)
        self.status = status
        self.headers = headers   # such as a 429's Retry-After


def answer_lang(request: Request) -> str:
    """The language a page or an error's `reason` is worded in: `?lang=`, else the cookie
    the pages' script keeps (static/lang.js), else `Accept-Language` (the pages' script
    sends the page's own)."""
    for chosen in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if chosen in LANGUAGES:
            return chosen
    accepted = request.headers.get("accept-language", "")[:200].split(",")[0].strip().lower()
    return "fr" if accepted.startswith("fr") else "en"


def _problem(error: dict[str, Any]) -> str:
    where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
    return f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg", "invalid"))


def _answer(request: Request, status: int, why: Event, headers: Mapping[str, str] | None = None,
            names: Mapping[str, dict[str, str] | None] | None = None, **more: Any) -> Response:
    """`error` in English, `why` its code and parameters, `reason` in the asker's language."""
    page: Callable[[Request, int, Event, Mapping[str, str] | None], Response] | None = getattr(
        request.app.state, "error_page", None)
    wants_page = not request.url.path.startswith("/api/") and "text/html" in request.headers.get("accept", "")
    if page is not None and wants_page:
        return page(request, status, why, headers)
    lang = answer_lang(request)
    return JSONResponse({"error": english(why), "why": why.to_json(), "reason": worded(why, lang, (names or {}).get(lang)),
                         **more}, status_code=status, headers=headers)


def install(app: FastAPI) -> None:
    app.add_middleware(DatabaseOutage)   # a database outage: a 503, never a 500 (outage.py)

    @app.exception_handler(ApiError)
    async def _api(request: Request, exc: ApiError) -> Response:
        return _answer(request, exc.status, exc.why, exc.headers, exc.seat_names)

    @app.exception_handler(WriteTimeout)
    async def _busy(request: Request, exc: WriteTimeout) -> Response:
        return _answer(request, 503, Event("api.busy", {"detail": str(exc)}), {"Retry-After": "1"})

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> Response:
        why = getattr(exc, "why", None) or Event("api.http", {"status": exc.status_code, "detail": str(exc.detail)})
        return _answer(request, exc.status_code, why, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> Response:
        problems = [_problem(e) for e in exc.errors()]
        return _answer(request, 422, Event("api.invalid", {"problems": "; ".join(problems[:5])}), problems=problems)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> Response:
        log.exception("internal error")
        return _answer(request, 500, Event("api.internal"))
