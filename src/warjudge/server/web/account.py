"""The browser's sign-in, sign-up and account pages: the same steps and limits as the API
(`accounts.py`), every form carrying a CSRF token. Before sign-in the token is derived from
a random pre-session cookie (`auth.PRE_SESSION_COOKIE`), so a page on another site cannot
sign the browser in (login CSRF); after it, from the session's own token. The accounts'
steps (`accounts.Accounts`) are the app's (`app.state.users`), reached through `AccountVisitor`,
a dependency with no database work, as `Visitor` (rendering.py)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Annotated, Any, Callable

from fastapi import APIRouter, Depends, Request
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
from warjudge.server.web.rendering import Visit

router = APIRouter(include_in_schema=False)

STALE_FORM = Event("api.form_expired")


@dataclass(frozen=True)
class AccountVisit(Visit):
    """A page's request (`Visit`) and the app's accounts, whose steps it takes."""

    @property
    def users(self) -> accounts.Accounts:
        users: accounts.Accounts = self.request.app.state.users
        return users


async def _account_visit(request: Request) -> AccountVisit:   # a coroutine: no thread-pool hop (rendering.py)
    return AccountVisit(request)


AccountVisitor = Annotated[AccountVisit, Depends(_account_visit)]

# A sign-in or sign-up step: the accounts, the form's credentials and the caller's address to a session's token
Step = Callable[[accounts.Accounts, Credentials, str], str]


def _cookie(response: Response, name: str, value: str, max_age: int | None = None) -> None:
    response.set_cookie(name, value, max_age=max_age, httponly=True, secure=True, samesite="lax", path="/")


def _problems(exc: ValidationError) -> str:
    return "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())


def form_page(visit: Visit, status: int = 200, error: ApiError | Event | str | None = None,
              name: str = "") -> HTMLResponse:
    """The sign-in page, its forms' CSRF field from the pre-session cookie (a new one if
    the browser has none)."""
    pre = visit.request.cookies.get(auth.PRE_SESSION_COOKIE) or secrets.token_urlsafe(32)
    message = error.why if isinstance(error, ApiError) else error
    response = visit.page("signin.html", status, error=message, name=name, form_csrf=auth.csrf_token(pre))
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


def signed_in_response(users: accounts.Accounts, token: str) -> RedirectResponse:
    response = RedirectResponse("/lobby", status_code=303)
    _cookie(response, auth.SESSION_COOKIE, token, max_age=int(users.lifetime))
    response.delete_cookie(auth.PRE_SESSION_COOKIE, path="/")
    return response


@router.get("/signin")
@router.get("/signup")   # a reloaded or bookmarked sign-up page
def signin_page(visit: AccountVisitor) -> HTMLResponse:
    return form_page(visit)


async def account_form(visit: AccountVisit, step: Step,
                       invalid: Callable[[ValidationError], tuple[int, Event | str]]) -> Response:
    """A sign-in or sign-up form: its CSRF token checked, then `step` (a session's token)
    run off the event loop, since Argon2 takes a deliberate fraction of a second."""
    fields = await checked_form(visit.request)
    if fields is None:
        return form_page(visit, 403, STALE_FORM)
    name = fields.get("name", "")
    try:
        body = Credentials(name=name, password=fields.get("password", ""))
    except ValidationError as exc:
        return form_page(visit, *invalid(exc), name)
    try:
        token = await run_in_threadpool(step, visit.users, body, ratelimit.client_address(visit.request))
    except ApiError as exc:
        return form_page(visit, exc.status, exc, name)
    return signed_in_response(visit.users, token)


def sign_in(users: accounts.Accounts, body: Credentials, address: str) -> str:
    return users.sign_in(body.name, body.password, address, auth.BROWSER)


def sign_up(users: accounts.Accounts, body: Credentials, address: str) -> str:
    token = users.sign_up(body, address, auth.BROWSER)
    assert token is not None   # asked for with its kind
    return token


@router.post("/signin")
async def signin(visit: AccountVisitor) -> Response:
    # no account has a name or a password out of bounds
    return await account_form(visit, sign_in, lambda _exc: (401, Event("api.wrong_sign_in")))


@router.post("/signup")
async def signup(visit: AccountVisitor) -> Response:
    return await account_form(visit, sign_up, lambda exc: (422, _problems(exc)))


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


def revoking(users: accounts.Accounts, token: str, revoke: Callable[[Session, User], object]) -> None:
    with users.begin() as session:
        revoke(session, auth.user_of_token(session, token))


def sign_out(users: accounts.Accounts, token: str) -> None:
    with users.begin() as session:
        auth.revoke_token(session, token)


@router.post("/signout")
async def signout(visit: AccountVisitor) -> Response:
    if visit.request.cookies.get(auth.SESSION_COOKIE):
        token, _ = await session_form(visit.request)
        await run_in_threadpool(sign_out, visit.users, token)   # valid or not: the cookie goes either way
        header_names.forget(token)
    return signed_out()


@router.get("/account")
def account(visit: AccountVisitor, done: str | None = None) -> Response:
    return account_page(visit, done=done)


def account_page(visit: AccountVisit, status: int = 200, **context: Any) -> Response:
    with visit.reading() as session:
        who = visit.who(session)
        if who is None:
            return RedirectResponse("/signin", status_code=303)
        user, token = who
        return visit.page("account.html", status, user=user.name, csrf=auth.csrf_token(token),
                          tokens=accounts.tokens_of(session, user, token), days=visit.users.token_days,
                          email=user.email or "", events=user.mail_events.split(","), event_names=notify.EVENT_NAMES,
                          mail_on=notify.ENABLED, **context)


@router.post("/account/password")
async def change_password(visit: AccountVisitor) -> Response:
    token, fields = await session_form(visit.request)
    try:
        change = PasswordChange(old_password=fields.get("old_password", ""),
                                new_password=fields.get("new_password", ""))
        revoked = await run_in_threadpool(visit.users.change_password, token, change,
                                          ratelimit.client_address(visit.request))
    except ValidationError as exc:
        return await run_in_threadpool(account_page, visit, 422, error=_problems(exc))
    except ApiError as exc:
        response = await run_in_threadpool(account_page, visit, exc.status, error=exc.why)
        response.headers.update(exc.headers or {})
        return response
    return RedirectResponse(f"/account?done=password-{revoked}", status_code=303)


@router.get("/account/password")
@router.get("/account/mail")
def account_again() -> RedirectResponse:
    """A reloaded account form (its answer was an error shown at the form's address)."""
    return RedirectResponse("/account", status_code=303)


@router.post("/account/signout-everywhere")
async def signout_everywhere(visit: AccountVisitor) -> Response:
    token, _ = await session_form(visit.request)
    await run_in_threadpool(revoking, visit.users, token, accounts.revoke)
    return signed_out()


@router.post("/account/tokens/{token_id}/revoke")
async def revoke(visit: AccountVisitor, token_id: accounts.TokenId) -> Response:
    token, _ = await session_form(visit.request)
    await run_in_threadpool(revoking, visit.users, token,
                            lambda session, user: accounts.revoke_one(session, user, token_id))
    return RedirectResponse("/account", status_code=303)


@router.post("/account/mail")
async def mail_settings(visit: AccountVisitor) -> Response:
    token, fields = await session_form(visit.request)
    try:
        address = notify.checked_address(fields.get("email", ""))
    except ValueError as exc:
        return await run_in_threadpool(account_page, visit, 422, error=str(exc))
    events = [e for e in notify.EVENTS if fields.get(f"event_{e}")]
    await run_in_threadpool(revoking, visit.users, token, lambda session, user: notify.choose(user, address, events))
    return RedirectResponse("/account?done=mail", status_code=303)


# One click, signed in or not: the link in every mail (GET) and its List-Unsubscribe-Post (RFC 8058)
@router.api_route("/unsubscribe/{user_id}/{token}", methods=["GET", "POST"])
def unsubscribed(visit: AccountVisitor, user_id: int, token: str) -> HTMLResponse:
    with visit.users.begin() as session:
        done = notify.unsubscribe(session, user_id, token)
    return visit.page("unsubscribed.html", 200 if done else 404, done=done)
