"""Every error the server sends is JSON `{"error": message}` with the right status; a
request the server cannot read is a 422 naming each problem, never a traceback; a database
that cannot be used for now is a 503 with `Retry-After` (`outage.py`)."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
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


def _problem(error: dict) -> str:
    where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
    return f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg", "invalid"))


def install(app: FastAPI) -> None:
    app.add_middleware(DatabaseOutage)   # a database outage: a 503, never a 500 (outage.py)

    @app.exception_handler(ApiError)
    async def _api(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(WriteTimeout)
    async def _busy(_request: Request, exc: WriteTimeout) -> JSONResponse:
        return JSONResponse({"error": f"the server is busy ({exc}); nothing was changed: try again"},
                            status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(HTTPException)
    async def _http(_request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [_problem(e) for e in exc.errors()]
        return JSONResponse({"error": "the request is not valid: " + "; ".join(problems[:5]),
                             "problems": problems}, status_code=422)

    @app.exception_handler(Exception)
    async def _bug(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error")
        return JSONResponse({"error": "internal error; the server's log has the details"}, status_code=500)
