"""Who an error page's header names (issue 24): an error page may be drawn while the
database is down or busy, so it looks nothing up; it names the account a page request
with the same session cookie found in the last `TTL` seconds (kept here, `MOST` at most),
else it shows the signed-out header. Only a name to print: no access follows from it."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from warjudge.server.auth import token_hash

TTL = 60.0
MOST = 4096
_seen: OrderedDict[str, tuple[str, float]] = OrderedDict()   # the cookie's hash -> (name, when)
_LOCK = threading.Lock()   # page requests run on several threads; a reorder must not race an eviction


def saw(token: str, name: str, now: float | None = None) -> None:
    """A page request found `name` behind this session cookie."""
    key = token_hash(token)
    with _LOCK:
        _seen[key] = (name, time.monotonic() if now is None else now)
        _seen.move_to_end(key)
        while len(_seen) > MOST:
            _seen.popitem(last=False)


def name_of(token: str | None, now: float | None = None) -> str | None:
    """The name last seen behind this cookie, if seen in the last `TTL` seconds."""
    found = _seen.get(token_hash(token)) if token else None
    if found is None or (time.monotonic() if now is None else now) - found[1] > TTL:
        return None
    return found[0]


def forget(token: str | None) -> None:
    """The cookie was signed out: its name is not shown again."""
    if token:
        with _LOCK:
            _seen.pop(token_hash(token), None)
