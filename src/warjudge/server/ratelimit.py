"""Login and sign-up limits, kept in the database so that every server process shares them.

Each limit is a bucket per key (GCRA, a leaky bucket): `burst` attempts at once, then one
more every `every` seconds. A bucket is stored as the moment it drains to nothing; an
attempt is reserved (counted) in one short transaction that holds the bucket's row
(`INSERT … ON CONFLICT DO UPDATE` locks it on PostgreSQL; SQLite's write lock serializes
the whole transaction) before the slow password check runs, so no concurrent burst can
get more than the limit tried. A login that succeeds gives its reservation back.

Login limits (docs/server.md says why):
- per (name, address): a guesser at one account from one address;
- per address: one address spraying guesses over many names;
- per name, from every address: while it is full (a name under attack from many
  addresses), an address may try the name only if it has no failure on it still counted,
  so a stranger's failures slow the attack down but never lock the owner out.
Sign-ups are limited per address."""

from __future__ import annotations

import hashlib
import ipaddress
import math
import os
from dataclasses import dataclass, fields, replace
from typing import Iterable

from fastapi import Request
from sqlalchemy import delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from warjudge.server.errors import ApiError
from warjudge.server.models import RateBucket

LIMITS_ENV = "WARJUDGE_RATE_LIMITS"
CLEAN_UP = 100   # drained buckets deleted per reservation, at most


@dataclass(frozen=True)
class Rate:
    burst: int      # attempts allowed at once
    every: float    # seconds: one more attempt allowed after each

    @classmethod
    def parse(cls, text: str) -> "Rate":
        try:
            burst, every = text.split("/")
            rate = cls(int(burst), float(every))
        except ValueError:
            rate = cls(0, 0)
        if rate.burst < 1 or not 0 < rate.every < math.inf:
            raise ValueError(f"{text!r}: a limit is burst/seconds, such as 5/60")
        return rate


@dataclass(frozen=True)
class Limits:
    login: Rate = Rate(5, 60)          # failed logins per (name, address)
    address: Rate = Rate(20, 30)       # failed logins per address, whatever the names
    name: Rate = Rate(10, 60)          # failed logins per name, from every address
    signup: Rate = Rate(5, 600)        # accounts made per address

    @classmethod
    def parse(cls, text: str) -> "Limits":
        """`login=5/60,signup=50/60`: each named limit as burst/seconds; the rest as default."""
        names = {f.name for f in fields(cls)}
        chosen: dict[str, Rate] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, rate = part.partition("=")
            if name not in names:
                raise ValueError(f"{name!r}: the limits are {', '.join(sorted(names))}")
            chosen[name] = Rate.parse(rate)
        return replace(cls(), **chosen)

    @classmethod
    def from_env(cls) -> "Limits":
        return cls.parse(os.environ.get(LIMITS_ENV, ""))


class RateLimited(ApiError):
    """A 429 that says when to try again (`Retry-After`, whole seconds)."""

    def __init__(self, wait: float, what: str):
        seconds = max(1, math.ceil(wait))
        super().__init__(429, "api.too_many", {"Retry-After": str(seconds)}, what=what, seconds=seconds)


def client_address(request: Request) -> str:
    """The socket peer (a proxy's X-Forwarded-For only if `serve --forwarded-allow-ips`
    trusts it); an IPv6 address counts as its /64, which one machine usually holds whole."""
    host = request.client.host if request.client else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def _key(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()


def _held(session: Session, keys: Iterable[str]) -> dict[str, float]:
    """Each bucket's drain moment, its row created if new and locked until the transaction
    ends (in sorted order, so two transactions never wait for each other in a circle)."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    held = {}
    for key in sorted(set(keys)):
        upsert = insert(RateBucket).values(key=key, empty_at=0.0)
        upsert = upsert.on_conflict_do_update(index_elements=[RateBucket.key],
                                              set_={"empty_at": RateBucket.empty_at})   # no change, but locked
        held[key] = session.execute(upsert.returning(RateBucket.empty_at)).scalar_one()
    return held


def _set(session: Session, moments: dict[str, float], now: float) -> None:
    for key, empty_at in sorted(moments.items()):
        session.execute(update(RateBucket).where(RateBucket.key == key).values(empty_at=empty_at))
    drained = select(RateBucket.key).where(RateBucket.empty_at < now).limit(CLEAN_UP).with_for_update(skip_locked=True)
    session.execute(delete(RateBucket).where(RateBucket.key.in_(drained)))


def _wait(empty_at: float, rate: Rate, now: float) -> float:
    """Seconds until the bucket has room for one more attempt (0: it has now)."""
    return max(0.0, max(empty_at, now) + rate.every - now - rate.burst * rate.every)


def _added(empty_at: float, rate: Rate, now: float) -> float:
    return max(empty_at, now) + rate.every


@dataclass(frozen=True)
class Reservation:
    """The buckets a login attempt was counted in: given back if the password was right."""

    amounts: tuple[tuple[str, float], ...]


def reserve_login(session: Session, limits: Limits, name: str, address: str, now: float) -> Reservation:
    pair, by_address, by_name = _key("login", name, address), _key("address", address), _key("name", name)
    held = _held(session, (pair, by_address, by_name))
    waits = [_wait(held[pair], limits.login, now), _wait(held[by_address], limits.address, now)]
    if _wait(held[by_name], limits.name, now) > 0 and held[pair] > now:
        # the name is under attack and this address has a failure on it still counted: it may
        # try again when that failure has drained or the attack has died down
        waits.append(min(held[pair] - now, _wait(held[by_name], limits.name, now)))
    if max(waits) > 0:
        raise RateLimited(max(waits), "sign_ins")
    ceiling = now + limits.name.burst * limits.name.every   # the per-name count never grows past its burst
    _set(session, {pair: _added(held[pair], limits.login, now),
                   by_address: _added(held[by_address], limits.address, now),
                   by_name: min(ceiling, _added(held[by_name], limits.name, now))}, now)
    return Reservation(((pair, limits.login.every), (by_address, limits.address.every),
                        (by_name, limits.name.every)))


def give_back(session: Session, reservation: Reservation) -> None:
    """A right password: the attempt counts in no bucket."""
    for key, every in sorted(reservation.amounts):
        session.execute(update(RateBucket).where(RateBucket.key == key)
                        .values(empty_at=RateBucket.empty_at - every))


def reserve_signup(session: Session, limits: Limits, address: str, now: float) -> None:
    key = _key("signup", address)
    empty_at = _held(session, (key,))[key]
    wait = _wait(empty_at, limits.signup, now)
    if wait > 0:
        raise RateLimited(wait, "accounts")
    _set(session, {key: _added(empty_at, limits.signup, now)}, now)
