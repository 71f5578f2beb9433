"""Accounts and bearer tokens.

Passwords are hashed with Argon2id (argon2-cffi); a token is 256 random bits shown once,
and only its SHA-256 is stored, with its first characters to tell it apart. Every token
expires (`WARJUDGE_TOKEN_DAYS`, 30 days by default) and can be revoked; its last use is
recorded at most every TOUCH_EVERY seconds, after the response, so that a request that
only reads still takes no write lock. Login and sign-up limits: `ratelimit.py`."""

from __future__ import annotations

import hashlib
import os
import secrets
import time
from contextvars import ContextVar
from typing import Any, Awaitable, Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from warjudge.server import known_tokens
from warjudge.server.errors import ApiError, log
from warjudge.server.models import Token, User

HASHER = PasswordHasher()
TOKEN_DAYS_ENV = "WARJUDGE_TOKEN_DAYS"
TOKEN_DAYS = 30.0
TOUCH_EVERY = 300.0   # seconds: how stale a token's recorded last use may grow
PREFIX_CHARS = 8      # of a token, kept to tell it apart in the list of one's tokens
API, BROWSER = "api", "browser"


def token_days_from_env() -> float:
    days = float(os.environ.get(TOKEN_DAYS_ENV) or TOKEN_DAYS)
    if not 0 < days <= 3650:
        raise ValueError(f"{TOKEN_DAYS_ENV}: a number of days from 0 to 3650, not {days}")
    return days


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# Hashing takes a deliberate fraction of a second: it is done outside every transaction,
# which on SQLite holds the database's write lock.

def hash_password(password: str) -> str:
    return HASHER.hash(password)


_NOBODY: str | None = None   # a hash checked for a name that has no account, so its answer takes as long


def password_is(stored: str | None, password: str) -> bool:
    global _NOBODY
    if stored is None:
        _NOBODY = _NOBODY or HASHER.hash(secrets.token_urlsafe(16))
        stored = _NOBODY
    try:
        return HASHER.verify(stored, password) and stored is not _NOBODY
    except (VerificationError, InvalidHashError):   # the latter: a stored hash argon2 cannot read
        return False


def create_user(session: Session, name: str, password_hash: str) -> User:
    if session.scalars(select(User).where(User.name == name)).first():
        raise ApiError(409, "api.name_taken", name=name)
    user = User(name=name, password_hash=password_hash)
    session.add(user)
    return user


def issue_token(session: Session, user_id: int, lifetime: float, kind: str = API) -> str:
    """A new token for the user (their expired ones are deleted on the way)."""
    now = time.time()
    session.execute(delete(Token).where(Token.user_id == user_id, Token.expires_at <= now))
    token = secrets.token_urlsafe(32)
    session.add(Token(user_id=user_id, token_hash=token_hash(token), kind=kind, prefix=token[:PREFIX_CHARS],
                      expires_at=now + lifetime, last_used_at=now))
    return token


# Built once: building the statement (its column comparisons and cache key) cost more CPU
# than running it (about a tenth of a toy submission's server time, issue 22). Run by Core,
# its row plain values: the ORM's loading of the account cost more than the query.
_USERS, _TOKENS = User.__table__, Token.__table__
TOKEN_LOOKUP = (select(*_USERS.c, _TOKENS.c.id.label("token_id"), _TOKENS.c.expires_at, _TOKENS.c.last_used_at)
                .select_from(_USERS.join(_TOKENS, _TOKENS.c.user_id == _USERS.c.id))
                .where(_TOKENS.c.token_hash == bindparam("token_hash")))

USED: ContextVar[list[int] | None] = ContextVar("warjudge_tokens_used", default=None)


def user_of_token(session: Session, token: str | None, attach: bool = True) -> User:
    """The token's account: a row of `session` (`attach`), else a detached copy, shared,
    for a read that only looks at it (no ORM work per request: `known_tokens.Known`)."""
    if not token:
        raise ApiError(401, "api.sign_in_bearer")
    digest, known = token_hash(token), known_tokens.of(session)
    checked = known.get(digest) if known else None
    if checked is None:   # not checked in the last known_tokens.MEMORY seconds
        generation = known.generation if known else 0
        found = session.connection().execute(TOKEN_LOOKUP, {"token_hash": digest}).first()   # one query per request
        if found is None:
            raise ApiError(401, "api.token_invalid")
        checked = known_tokens.checked(found, found.token_id, found.expires_at, found.last_used_at)
        if known:
            known.keep(digest, checked, generation)
    now = time.time()
    if checked.expires_at <= now:
        raise ApiError(401, "api.token_expired")
    used = USED.get()
    if used is not None and (checked.last_used_at is None or checked.last_used_at < now - TOUCH_EVERY):
        used.append(checked.token_id)
        if known:
            known.used(digest, now)
    return checked.user(session) if attach else checked.detached


ASGI = Callable[[dict[str, Any], Any, Any], Awaitable[None]]


class RecordTokenUse:
    """Middleware: the tokens a request used whose recorded last use had grown stale get
    it set, in a short transaction of its own after the response is sent."""

    def __init__(self, app: ASGI, begin: Callable[[], Any]):
        self.app, self.begin = app, begin

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        used: list[int] = []
        reset = USED.set(used)
        try:
            await self.app(scope, receive, send)
        finally:
            USED.reset(reset)
            if used:
                await run_in_threadpool(self._record, used)

    def _record(self, used: list[int]) -> None:
        try:
            with self.begin() as session:
                session.execute(update(Token).where(Token.id.in_(used)).values(last_used_at=time.time()))
        except Exception:  # noqa: BLE001 - the request was answered; its token's last use is only a hint
            log.warning("the tokens' last use could not be recorded", exc_info=True)


# --- browser sessions -------------------------------------------------------------------
# A browser signs in once and holds a token in an HttpOnly cookie (scripts cannot read it).
# Every state-changing request that relies on the cookie must also carry the session's CSRF
# token (a header from the page's scripts, or a form field); it is derived from the
# session's own token, so another site cannot know it. Bearer requests carry no cookie
# and need none.

SESSION_COOKIE = "warjudge_session"
# Before sign-in (the sign-in and sign-up forms) the CSRF token is derived the same way from
# a random pre-session cookie: a form posted from another site lacks the field (and, the
# cookie being SameSite=Lax, the cookie too), so it cannot sign a browser into the wrong account.
PRE_SESSION_COOKIE = "warjudge_presession"
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf_token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def csrf_token(session_token: str) -> str:
    return hashlib.sha256(b"warjudge csrf\0" + session_token.encode("utf-8")).hexdigest()


def check_csrf(session_token: str, sent: str | None) -> None:
    if not sent or not secrets.compare_digest(sent, csrf_token(session_token)):
        raise ApiError(403, "api.csrf", header=CSRF_HEADER)


def revoke_token(session: Session, token: str) -> None:
    session.execute(delete(Token).where(Token.token_hash == token_hash(token)))
    known_tokens.forget_on_commit(session)


BEARER = HTTPBearer(auto_error=False, description="a token from POST /api/tokens")


async def bearer_or_cookie(request: Request, given: HTTPAuthorizationCredentials | None = Security(BEARER)
                           ) -> HTTPAuthorizationCredentials | None:
    """The caller's token (`credentials_of`). A coroutine though it waits for nothing:
    FastAPI runs a plain function dependency in its thread pool, a hop to a worker thread
    and back for every request (issue 22)."""
    return credentials_of(request, given)


def credentials_of(request: Request, given: HTTPAuthorizationCredentials | None
                   ) -> HTTPAuthorizationCredentials | None:
    """The bearer token `given`, if one was sent, else the session cookie, whose every
    state-changing request must carry the session's CSRF token."""
    if given is not None:
        return given
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        return None
    if request.method not in SAFE_METHODS:
        check_csrf(cookie, request.headers.get(CSRF_HEADER))
    return HTTPAuthorizationCredentials(scheme="Bearer", credentials=cookie)
