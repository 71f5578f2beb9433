"""The tokens a server process checked in the last `MEMORY` seconds, so that a request's
caller costs no query: the token's query was about a sixth of a `GET …/legal`'s server CPU
(issue 22). A token revoked, or an account changed, through this process is forgotten as
that change commits (every remembered token at once: these are rare); through another
process on the same database (several servers on one PostgreSQL) a revoked token may
still be taken for up to `MEMORY` seconds."""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from functools import cached_property
from time import monotonic
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import Session, make_transient_to_detached, object_session

from warjudge.server.models import User

MEMORY = 1.0     # seconds a checked token is taken without asking the database again
MOST = 10_000    # tokens remembered at most (then all forgotten: a bound, not a policy)
INFO = "warjudge.known_tokens"   # session.info: the server's `KnownTokens` (db.Sessions puts it there)
_COLUMNS = tuple(a.key for a in inspect(User).column_attrs)


@dataclass(frozen=True)
class Known:
    """A token as checked: its account's columns, its id, expiry and recorded last use."""

    account: dict[str, Any]
    token_id: int
    expires_at: float
    last_used_at: float | None
    checked_at: float

    def user(self, session: Session) -> User:
        """The account as a row of `session` (the one it holds already, if any), read from nothing."""
        return session.merge(self._built(), load=False)

    @cached_property
    def detached(self) -> User:
        """The account as a detached row, built once and shared: for reads, which only look
        at it (merged into each request's session it cost more than the token's query)."""
        return self._built()

    def _built(self) -> User:
        user = User(**self.account)
        make_transient_to_detached(user)
        return user


def checked(account: Any, token_id: int, expires_at: float, last_used_at: float | None) -> Known:
    """A token checked now: `account` has the account's columns as attributes (a `User`, or a row)."""
    return Known({k: getattr(account, k) for k in _COLUMNS}, token_id, expires_at, last_used_at, monotonic())


class KnownTokens:
    """Tokens by hash; `generation` moves on each time all are forgotten, so that a check
    that read the database before a revocation committed does not remember it after."""

    def __init__(self) -> None:
        self._known: dict[str, Known] = {}
        self._lock = threading.Lock()
        self.generation = 0

    def get(self, digest: str) -> Known | None:
        known = self._known.get(digest)
        return known if known is not None and monotonic() - known.checked_at < MEMORY else None

    def keep(self, digest: str, known: Known, generation: int) -> None:
        """`known` kept, unless every token was forgotten since `generation` (read before it)."""
        with self._lock:
            if generation == self.generation:
                if len(self._known) >= MOST:
                    self._known.clear()
                self._known[digest] = known

    def used(self, digest: str, at: float) -> None:
        """Its last use is being recorded (`auth.RecordTokenUse`): the next requests need not again."""
        with self._lock:
            if (known := self._known.get(digest)) is not None:
                self._known[digest] = replace(known, last_used_at=at)

    def forget_all(self) -> None:
        with self._lock:
            self.generation += 1
            self._known.clear()


def of(session: Session) -> KnownTokens | None:
    known: KnownTokens | None = session.info.get(INFO)
    return known


def forget_on_commit(session: Session) -> None:
    """Tokens were revoked or an account changed in `session`: forget every token now and
    again once it commits (a check in between read the database before the change)."""
    if (known := of(session)) is not None:
        known.forget_all()
        event.listen(session, "after_commit", lambda _session: known.forget_all(), once=True)


@event.listens_for(User, "after_update")
def _account_changed(_mapper: Any, _connection: Any, user: User) -> None:
    if (session := object_session(user)) is not None:
        forget_on_commit(session)
