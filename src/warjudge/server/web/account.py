"""The browser's sign-in, sign-up and account pages: the same steps and limits as the API
(`accounts.py`), every form carrying a CSRF token. Before sign-in the token is derived from
a random pre-session cookie (`auth.PRE_SESSION_COOKIE`), so a page on another site cannot
sign the browser in (login CSRF); after it, from the session's own token."""

from __future__ import annotations

import secrets
from contextlib import AbstractContextManager
from typing import Any, Callable

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from pydantic import ValidationError
from sqlalchemy.orm import Session

from warjudge.core.events import Event
from warjudge.server import accounts, auth, notify, ratelimit
from warjudge.server.errors import ApiError
from warjudge.server.models import User
from warjudge.server.schemas import Credentials, PasswordChange
from warjudge.server.web import header_names
from warjudge.server.web.forms import form_fields

Page = Callable[..., HTMLResponse]
SignedIn = Callable[[Session, Request], tuple[User, str] | None]
Transaction = Callable[[], AbstractContextManager[Session]]
STALE_FORM = Event("api.form_expired")


def _cookie(response: Response, name: str, value: str, max_age: int | None = None) -> None:
    response.set_cookie(name, value, max_age=max_age, httponly=True, secure=True, samesite="lax", path="/")


def _problems(exc: ValidationError) -> str:
    return "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())


def install(app: FastAPI, reading: Transaction, users: accounts.Accounts, page: Page, signed_in: SignedIn) -> None:
    def form_page(request: Request, status: int = 200, error: ApiError | Event | str | None = None,
                  name: str = "") -> HTMLResponse:
        """The sign-in page, its forms' CSRF field from the pre-session cookie (a new one if
        the browser has none)."""
        pre = request.cookies.get(auth.PRE_SESSION_COOKIE) or secrets.token_urlsafe(32)
        message = error.why if isinstance(error, ApiError) else error
        response = page(request, "signin.html", status, error=message, name=name, form_csrf=auth.csrf_token(pre))
        if isinstance(error, ApiError) and error.headers:
            response.headers.update(error.headers)   # a 429's Retry-After
        _cookie(response, auth.PRE_SESSION_COOKIE, pre)
        return response

    async def checked_form(request: Request) -> dict[str, str] | None:
        """The form's fields if it carries the pre-session's CSRF token, else None."""
        fields = await form_fields(request)
        pre = request.cookies.get(auth.PRE_SESSION_COOKIE)
        sent = fields.get(auth.CSRF_FIELD)
        if not pre or not sent or not secrets.compare_digest(sent, auth.csrf_token(pre)):
            return None
        return fields

    def signed_in_response(token: str) -> RedirectResponse:
        response = RedirectResponse("/lobby", status_code=303)
        _cookie(response, auth.SESSION_COOKIE, token, max_age=int(users.lifetime))
        response.delete_cookie(auth.PRE_SESSION_COOKIE, path="/")
        return response

    @app.get("/signin", include_in_schema=False)
    @app.get("/signup", include_in_schema=False)   # a reloaded or bookmarked sign-up page
    def signin_page(request: Request) -> HTMLResponse:
        return form_page(request)

    async def account_form(request: Request, step: Callable[[Credentials, str], str],
                           invalid: Callable[[ValidationError], tuple[int, Event | str]]) -> Response:
        """A sign-in or sign-up form: its CSRF token checked, then `step` (a session's token)
        run off the event loop, since Argon2 takes a deliberate fraction of a second."""
        fields = await checked_form(request)
        if fields is None:
            return form_page(request, 403, STALE_FORM)
        name = fields.get("name", "")
        try:
            body = Credentials(name=name, password=fields.get("password", ""))
        except ValidationError as exc:
            return form_page(request, *invalid(exc), name)
        try:
            token = await run_in_threadpool(step, body, ratelimit.client_address(request))
        except ApiError as exc:
            return form_page(request, exc.status, exc, name)
        return signed_in_response(token)

    def sign_in(body: Credentials, address: str) -> str:
        return users.sign_in(body.name, body.password, address, auth.BROWSER)

    def sign_up(body: Credentials, address: str) -> str:
        token = users.sign_up(body, address, auth.BROWSER)
        assert token is not None   # asked for with its kind
        return token

    @app.post("/signin", include_in_schema=False)
    async def signin(request: Request) -> Response:
        # no account has a name or a password out of bounds
        return await account_form(request, sign_in, lambda _exc: (401, Event("api.wrong_sign_in")))

    @app.post("/signup", include_in_schema=False)
    async def signup(request: Request) -> Response:
        return await account_form(request, sign_up, lambda exc: (422, _problems(exc)))

    async def session_form(request: Request) -> tuple[str, dict[str, str]]:
        """A signed-in form's fields, once its CSRF token is checked (403 if it is wrong)."""
        token = request.cookies.get(auth.SESSION_COOKIE)
        if not token:
            raise ApiError(401, "api.sign_in")
        fields = await form_fields(request)
        auth.check_csrf(token, fields.get(auth.CSRF_FIELD))
        return token, fields

    def signed_out() -> RedirectResponse:
        response = RedirectResponse("/signin", status_code=303)
        response.delete_cookie(auth.SESSION_COOKIE, path="/")
        return response

    def revoking(token: str, revoke: Callable[[Session, User], object]) -> None:
        with users.begin() as session:
            revoke(session, auth.user_of_token(session, token))

    def sign_out(token: str) -> None:
        with users.begin() as session:
            auth.revoke_token(session, token)

    @app.post("/signout", include_in_schema=False)
    async def signout(request: Request) -> Response:
        if request.cookies.get(auth.SESSION_COOKIE):
            token, _ = await session_form(request)
            await run_in_threadpool(sign_out, token)   # valid or not: the cookie goes either way
            header_names.forget(token)
        return signed_out()

    @app.get("/account", include_in_schema=False)
    def account(request: Request, done: str | None = None) -> Response:
        return account_page(request, done=done)

    def account_page(request: Request, status: int = 200, **context: Any) -> Response:
        with reading() as session:
            who = signed_in(session, request)
            if who is None:
                return RedirectResponse("/signin", status_code=303)
            user, token = who
            return page(request, "account.html", status, user=user.name, csrf=auth.csrf_token(token),
                        tokens=accounts.tokens_of(session, user, token), days=users.token_days,
                        email=user.email or "", events=user.mail_events.split(","), event_names=notify.EVENT_NAMES,
                        mail_on=notify.ENABLED, **context)

    @app.post("/account/password", include_in_schema=False)
    async def change_password(request: Request) -> Response:
        token, fields = await session_form(request)
        try:
            change = PasswordChange(old_password=fields.get("old_password", ""),
                                    new_password=fields.get("new_password", ""))
            revoked = await run_in_threadpool(users.change_password, token, change, ratelimit.client_address(request))
        except ValidationError as exc:
            return await run_in_threadpool(account_page, request, 422, error=_problems(exc))
        except ApiError as exc:
            response = await run_in_threadpool(account_page, request, exc.status, error=exc.why)
            response.headers.update(exc.headers or {})
            return response
        return RedirectResponse(f"/account?done=password-{revoked}", status_code=303)

    @app.get("/account/password", include_in_schema=False)
    @app.get("/account/mail", include_in_schema=False)
    def account_again() -> RedirectResponse:
        """A reloaded account form (its answer was an error shown at the form's address)."""
        return RedirectResponse("/account", status_code=303)

    @app.post("/account/signout-everywhere", include_in_schema=False)
    async def signout_everywhere(request: Request) -> Response:
        token, _ = await session_form(request)
        await run_in_threadpool(revoking, token, accounts.revoke)
        return signed_out()

    @app.post("/account/tokens/{token_id}/revoke", include_in_schema=False)
    async def revoke(request: Request, token_id: accounts.TokenId) -> Response:
        token, _ = await session_form(request)
        await run_in_threadpool(revoking, token, lambda session, user: accounts.revoke_one(session, user, token_id))
        return RedirectResponse("/account", status_code=303)

    @app.post("/account/mail", include_in_schema=False)
    async def mail_settings(request: Request) -> Response:
        token, fields = await session_form(request)
        try:
            address = notify.checked_address(fields.get("email", ""))
        except ValueError as exc:
            return await run_in_threadpool(account_page, request, 422, error=str(exc))
        events = [e for e in notify.EVENTS if fields.get(f"event_{e}")]
        await run_in_threadpool(revoking, token, lambda session, user: notify.choose(user, address, events))
        return RedirectResponse("/account?done=mail", status_code=303)

    def unsubscribed(request: Request, user_id: int, token: str) -> HTMLResponse:
        with users.begin() as session:
            done = notify.unsubscribe(session, user_id, token)
        return page(request, "unsubscribed.html", 200 if done else 404, done=done)

    # One click, signed in or not: the link in every mail (GET) and its List-Unsubscribe-Post (RFC 8058)
    app.add_api_route("/unsubscribe/{user_id}/{token}", unsubscribed, methods=["GET", "POST"], include_in_schema=False)
