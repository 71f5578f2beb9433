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

from warjudge.server.outage import DatabaseOutage
from warjudge.server.writelock import WriteTimeout

log = logging.getLogger("warjudge.server")


class ApiError(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers   # such as a 429's Retry-After


def _problem(error: dict[str, Any]) -> str:
    where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
    return f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg", "invalid"))


def _answer(request: Request, status: int, message: str, headers: Mapping[str, str] | None = None) -> Response:
    page: Callable[[Request, int, str, Mapping[str, str] | None], Response] | None = getattr(
        request.app.state, "error_page", None)
    wants_page = not request.url.path.startswith("/api/") and "text/html" in request.headers.get("accept", "")
    if page is not None and wants_page:
        return page(request, status, message, headers)
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def install(app: FastAPI) -> None:
    app.add_middleware(DatabaseOutage)   # a database outage: a 503, never a 500 (outage.py)

    @app.exception_handler(ApiError)
    async def _api(request: Request, exc: ApiError) -> Response:
        return _answer(request, exc.status, exc.message, exc.headers)

    @app.exception_handler(WriteTimeout)
    async def _busy(request: Request, exc: WriteTimeout) -> Response:
        return _answer(request, 503, f"the server is busy ({exc}); nothing was changed: try again",
                       {"Retry-After": "1"})

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> Response:
        return _answer(request, exc.status_code, str(exc.detail), exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [_problem(e) for e in exc.errors()]
        return JSONResponse({"error": "the request is not valid: " + "; ".join(problems[:5]),
                             "problems": problems}, status_code=422)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> Response:
        log.exception("internal error")
        return _answer(request, 500, "internal error; the server's log has the details")
