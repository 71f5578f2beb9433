"""Signing up, signing in, tokens and passwords: one set of steps for the API and the
browser's forms, so both go through the same limits (`ratelimit.py`).

Every password check first reserves an attempt in the limits (one short transaction),
then runs Argon2 outside any transaction, then gives the attempt back if the password was
right. A new password revokes every other token of the account."""

from __future__ import annotations

import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Annotated, Any, Callable, cast

from fastapi import APIRouter, Path, Request, Response
from fastapi.security import HTTPAuthorizationCredentials
from sqlalchemy import CursorResult, Delete, delete, select
from sqlalchemy.orm import Session

from warjudge.server import auth, known_tokens, ratelimit
from warjudge.server.access import Bearer, Credentials as Caller
from warjudge.server.errors import ApiError
from warjudge.server.models import Token, User
from warjudge.server.schemas import Credentials, NewToken, PasswordChange, Revoked, SignedUp, Tokens

Transaction = Callable[[], AbstractContextManager[Session]]
TokenId = Annotated[int, Path(ge=1, le=2**31 - 1, description="a token's id (GET /api/tokens)")]


@dataclass
class Accounts:
    begin: Transaction
    limits: ratelimit.Limits
    token_days: float

    @property
    def lifetime(self) -> float:
        return self.token_days * 86400

    def sign_up(self, body: Credentials, address: str, kind: str | None = None) -> str | None:
        """The new account; with `kind`, a token for it of that kind."""
        with self.begin() as session:
            ratelimit.reserve_signup(session, self.limits, address, time.time())
        password_hash = auth.hash_password(body.password)
        with self.begin() as session:
            user = auth.create_user(session, body.name, password_hash)
            session.flush()
            return auth.issue_token(session, user.id, self.lifetime, kind) if kind else None

    def sign_in(self, name: str, password: str, address: str, kind: str) -> str:
        with self.begin() as session:
            reservation = ratelimit.reserve_login(session, self.limits, name, address, time.time())
            found = session.execute(select(User.id, User.password_hash).where(User.name == name)).first()
        right = auth.password_is(found.password_hash if found else None, password)   # as slow for no account
        if found is None or not right:
            raise ApiError(401, "api.wrong_sign_in")
        with self.begin() as session:
            ratelimit.give_back(session, reservation)
            return auth.issue_token(session, found.id, self.lifetime, kind)

    def change_password(self, token: str, change: PasswordChange, address: str) -> int:
        """The new password; every other token of the account revoked (their number)."""
        with self.begin() as session:
            user = auth.user_of_token(session, token)
            reservation = ratelimit.reserve_login(session, self.limits, user.name, address, time.time())
            stored = user.password_hash
        if not auth.password_is(stored, change.old_password):
            raise ApiError(403, "api.old_password_wrong")
        new_hash = auth.hash_password(change.new_password)
        with self.begin() as session:
            user = auth.user_of_token(session, token)
            ratelimit.give_back(session, reservation)
            user.password_hash = new_hash
            return revoke(session, user, keep=token)


def revoke(session: Session, user: User, keep: str | None = None) -> int:
    """Revokes every token of the user but `keep`; how many."""
    query = delete(Token).where(Token.user_id == user.id)
    if keep is not None:
        query = query.where(Token.token_hash != auth.token_hash(keep))
    return _deleted(session, query)


def _deleted(session: Session, query: Delete) -> int:
    known_tokens.forget_on_commit(session)
    return cast(CursorResult[Any], session.execute(query)).rowcount


def _moment(value: datetime) -> float:
    return (value if value.tzinfo else value.replace(tzinfo=timezone.utc)).timestamp()   # SQLite drops the zone


TOKENS_LISTED = 200   # a script signing in over and over must not make the list unbounded


def tokens_of(session: Session, user: User, current: str) -> list[dict[str, Any]]:
    """The user's newest `TOKENS_LISTED` unexpired tokens: never the secret, only its first characters."""
    mine = auth.token_hash(current)
    rows = session.scalars(select(Token).where(Token.user_id == user.id, Token.expires_at > time.time())
                           .order_by(Token.id.desc()).limit(TOKENS_LISTED)).all()
    return [{"id": t.id, "prefix": t.prefix, "kind": t.kind, "created_at": _moment(t.created_at),
             "last_used_at": t.last_used_at, "expires_at": t.expires_at, "current": t.token_hash == mine}
            for t in rows]


def revoke_one(session: Session, user: User, token_id: int) -> None:
    if not _deleted(session, delete(Token).where(Token.id == token_id, Token.user_id == user.id)):
        raise ApiError(404, "api.no_token", token=token_id)


def router(accounts: Accounts, reading: Transaction) -> APIRouter:
    routes = APIRouter(tags=["accounts"])

    def token_of(credentials: Caller) -> str:
        if credentials is None:
            raise ApiError(401, "api.sign_in_bearer")
        return credentials.credentials

    @routes.post("/api/users", status_code=201, response_model=SignedUp)
    def new_user(body: Credentials, request: Request) -> dict[str, Any]:
        """An account (at most `signup` of them per address: docs/server.md, Limits)."""
        accounts.sign_up(body, ratelimit.client_address(request))
        return {"name": body.name}

    @routes.post("/api/tokens", response_model=NewToken)
    def new_token(body: Credentials, request: Request) -> dict[str, Any]:
        """A token (shown this once) that lasts the server's token lifetime; failed
        attempts are limited per name and address (429 with Retry-After)."""
        token = accounts.sign_in(body.name, body.password, ratelimit.client_address(request), auth.API)
        return {"token": token, "expires_at": time.time() + accounts.lifetime}

    @routes.get("/api/tokens", response_model=Tokens)
    def list_tokens(credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, Any]:
        """Your tokens and browser sessions: id, first characters, kind, created, last used
        (to the five minutes), expiry; `current` is the one asking."""
        token = token_of(credentials)
        with reading() as session:
            return {"tokens": tokens_of(session, auth.user_of_token(session, token), token)}

    @routes.delete("/api/tokens/{token_id}", status_code=204)
    def revoke_token(token_id: TokenId, credentials: HTTPAuthorizationCredentials | None = Bearer) -> Response:
        """Revokes one of your tokens (or browser sessions) at once."""
        with accounts.begin() as session:
            revoke_one(session, auth.user_of_token(session, token_of(credentials)), token_id)
        return Response(status_code=204)

    @routes.delete("/api/tokens", response_model=Revoked)
    def sign_out_everywhere(credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, int]:
        """Revokes every one of your tokens and browser sessions, this one included."""
        with accounts.begin() as session:
            return {"revoked": revoke(session, auth.user_of_token(session, token_of(credentials)))}

    @routes.post("/api/password", response_model=Revoked)
    def change_password(body: PasswordChange, request: Request,
                        credentials: HTTPAuthorizationCredentials | None = Bearer) -> dict[str, int]:
        """A new password, given the old one; every other token and session is revoked."""
        revoked = accounts.change_password(token_of(credentials), body, ratelimit.client_address(request))
        return {"revoked": revoked}

    return routes
