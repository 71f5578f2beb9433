"""Accounts and bearer tokens.

Passwords are hashed with Argon2id (argon2-cffi); a token is 256 random bits shown once,
and only its SHA-256 is stored. Failed logins are rate-limited per account name so a
password cannot be guessed online (per process: several processes each keep their own)."""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import defaultdict, deque

from argon2 import PasswordHasher
from fastapi import Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from argon2.exceptions import VerificationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from warjudge.server.errors import ApiError
from warjudge.server.models import Token, User

HASHER = PasswordHasher()
MAX_FAILURES = 5          # failed logins per name within WINDOW seconds, then 429
WINDOW = 60.0


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class LoginLimiter:
    def __init__(self, max_failures: int = MAX_FAILURES, window: float = WINDOW):
        self.max_failures, self.window = max_failures, window
        self._failures: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def _recent(self, name: str, moment: float) -> deque[float]:
        times = self._failures[name]
        while times and times[0] <= moment - self.window:
            times.popleft()
        return times

    def check(self, name: str) -> None:
        with self._lock:
            if len(self._recent(name, time.monotonic())) >= self.max_failures:
                raise ApiError(429, f"too many failed logins for this name; wait {int(self.window)} seconds")

    def failed(self, name: str) -> None:
        with self._lock:
            self._recent(name, time.monotonic()).append(time.monotonic())


# Hashing takes a deliberate fraction of a second: it is done outside every transaction,
# which on SQLite holds the database's write lock.

def hash_password(password: str) -> str:
    return HASHER.hash(password)


def create_user(session: Session, name: str, password_hash: str) -> User:
    if session.scalars(select(User).where(User.name == name)).first():
        raise ApiError(409, f"the name {name!r} is taken; choose another")
    user = User(name=name, password_hash=password_hash)
    session.add(user)
    return user


def password_hash_of(session: Session, limiter: LoginLimiter, name: str) -> tuple[int, str] | None:
    limiter.check(name)
    user = session.scalars(select(User).where(User.name == name)).first()
    return (user.id, user.password_hash) if user else None


def check_password(limiter: LoginLimiter, name: str, stored: tuple[int, str] | None, password: str) -> int:
    """The user's id if the password is theirs, else a 401 (counted against the name)."""
    try:
        if stored is None:
            raise VerificationError
        HASHER.verify(stored[1], password)
    except VerificationError:
        limiter.failed(name)
        raise ApiError(401, "wrong name or password") from None
    return stored[0]


def issue_token(session: Session, user_id: int) -> str:
    token = secrets.token_urlsafe(32)
    session.add(Token(user_id=user_id, token_hash=token_hash(token)))
    return token


def user_of_token(session: Session, token: str | None) -> User:
    if not token:
        raise ApiError(401, "sign in first: send 'Authorization: Bearer <token>' (POST /api/tokens gives one)")
    user = session.scalars(select(User).join(Token, Token.user_id == User.id)
                           .where(Token.token_hash == token_hash(token))).first()   # one query per request
    if user is None:
        raise ApiError(401, "this token is not valid; get a new one from POST /api/tokens")
    return user


# --- browser sessions -------------------------------------------------------------------
# A browser signs in once and holds a token in an HttpOnly cookie (scripts cannot read it).
# Every state-changing request that relies on the cookie must also carry the session's CSRF
# token (a header from the page's scripts, or a form field); it is derived from the
# session's own token, so another site cannot know it. Bearer requests carry no cookie
# and need none.

SESSION_COOKIE = "warjudge_session"
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf_token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def csrf_token(session_token: str) -> str:
    return hashlib.sha256(b"warjudge csrf\0" + session_token.encode("utf-8")).hexdigest()


def check_csrf(session_token: str, sent: str | None) -> None:
    if not sent or not secrets.compare_digest(sent, csrf_token(session_token)):
        raise ApiError(403, f"this request needs the page's CSRF token (header {CSRF_HEADER}); reload the page")


def revoke_token(session: Session, token: str) -> None:
    row = session.scalars(select(Token).where(Token.token_hash == token_hash(token))).first()
    if row is not None:
        session.delete(row)


BEARER = HTTPBearer(auto_error=False, description="a token from POST /api/tokens")


def bearer_or_cookie(request: Request, given: HTTPAuthorizationCredentials | None = Security(BEARER)
                     ) -> HTTPAuthorizationCredentials | None:
    """The caller's token: the bearer token if one was sent, else the session cookie, whose
    every state-changing request must carry the session's CSRF token."""
    if given is not None:
        return given
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        return None
    if request.method not in SAFE_METHODS:
        check_csrf(cookie, request.headers.get(CSRF_HEADER))
    return HTTPAuthorizationCredentials(scheme="Bearer", credentials=cookie)
