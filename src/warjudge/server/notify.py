"""What each account is told by mail (issue 24), queued in the outbox (`models_mail.py`)
inside the transaction of the change it tells of; `mail.py` sends it later.

Notices: a new phase (to the seats that must act in it), a deadline 24 h and 1 h away
(to the seats whose orders are still missing), a press message (to its recipients only),
the game's start (once every seat is held) and its end. A mail says no more than the
recipient's own page shows: the phase's public name, the deadline, and a press message
only to the seats that may read it; never another seat's orders or the dice.

Once each: the start, the end and each phase's reminders leave a mark (`MailMark`),
written under the game's row lock (as the deadline scheduler adjudicates), so several
server processes queue each notice once."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from datetime import datetime, timezone
from typing import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session, object_session

from warjudge.core.game import Game
from warjudge.presentation.phase_words import phase_words
from warjudge.server import db
from warjudge.server.errors import ApiError
from warjudge.server.gamewrite import GameWrite, session_of
from warjudge.server.models import ALL_EVENTS, GameRow, User
from warjudge.server.models_mail import MailMark, OutboxMail

Changed = GameRow | GameWrite   # a game's row locked for a change (play.Changed)

log = logging.getLogger("warjudge.server")
EVENTS = tuple(ALL_EVENTS.split(","))
EVENT_NAMES = {"phase": "a new phase where I must act", "reminder": "a deadline 24 h and 1 h away, my orders missing",
               "press": "press sent to me", "start": "a game of mine starts", "end": "a game of mine ends"}
REMINDERS = {"24h": 24 * 3600.0, "1h": 3600.0}   # before a deadline
GAMES_PER_LOOK = 50   # games one look for due reminders deals with at most
ENABLED = False       # set by `mail.configure`: without SMTP nothing is queued


def wants(user: User, event: str) -> bool:
    return event in (user.mail_events or "").split(",")


def unsubscribe_token(user: User) -> str:
    """Signed with the account's own key (made on first use): it unsubscribes this account only."""
    if not user.mail_key:
        user.mail_key = secrets.token_hex(32)
    return hmac.new(user.mail_key.encode(), f"unsubscribe {user.id}".encode(), hashlib.sha256).hexdigest()


def unsubscribe_path(user: User) -> str:
    return f"/unsubscribe/{user.id}/{unsubscribe_token(user)}"


def unsubscribe(session: Session, user_id: int, token: str) -> bool:
    """Every mail stopped for the account if the token is its own; False if it is not."""
    user = session.get(User, user_id)
    if user is None or not user.mail_key or not hmac.compare_digest(token, unsubscribe_token(user)):
        return False
    user.mail_events = ""
    return True


def checked_address(text: str) -> str | None:
    """The address as typed (None: no mail); ValueError if it cannot be one (a line break
    would let it write the mail's headers)."""
    address = text.strip()
    if not address:
        return None
    name, at, domain = address.rpartition("@")
    if len(address) > 254 or not at or not name or "." not in domain or any(c.isspace() or c in "<>,;\"" for c in address):
        raise ValueError(f"e-mail: {address[:80]!r} is not an address like name@example.org")
    return address


def choose(user: User, address: str | None, events: Iterable[str]) -> None:
    """The account's address and the notices it wants (any not in EVENTS are ignored)."""
    user.email = address
    user.mail_events = ",".join(e for e in EVENTS if e in set(events))


def _at(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def _queue(session: Session, row: Changed, seats: Iterable[str], event: str, subject: str, body: str,
           now: float) -> None:
    """A mail to the player of each of `seats` who has an address and wants `event`."""
    wanted = set(seats)
    for seat in row.seats:
        user = session.get(User, seat.user_id) if seat.user_id is not None and seat.name in wanted else None
        if user is not None and user.email and wants(user, event):
            session.add(OutboxMail(user_id=user.id, event=event, subject=f"[warjudge] {subject}"[:255],
                                   body=body.replace("{seat}", seat.name), link=f"/games/{row.id}",
                                   queued_at=now, next_try=now, attempts=0))


def _mark(session: Session, row: Changed, mark: str) -> bool:
    """True the first time the game gets `mark` (the caller holds its lock)."""
    if session.get(MailMark, (row.id, mark)) is not None:
        return False
    session.add(MailMark(game_id=row.id, mark=mark))
    return True


def _phase_key(row: Changed) -> str:
    from warjudge.server.play import phase_starts   # play imports this module

    starts = phase_starts(row)
    return f"{len(starts) - 1}.{starts[-1]}"


def _phase_name(game: Game) -> str:
    phase = game.view(None).get("phase")
    if phase is None:
        return "a new phase"
    worded = phase_words(str(phase))   # Diplomacy's "Spring 1901 (moves)"; a hex game's "phase movement"
    return worded if worded != phase else f"phase {phase}"


def _deadline(row: Changed) -> str:
    return f"\nDeadline: {_at(row.deadline)}." if row.deadline is not None else ""


def started(row: Changed, now: float | None = None) -> None:
    """Once every seat is held (by a player or a bot): the players are told the game began."""
    session = session_of(row)
    if not ENABLED or session is None or any(s.user_id is None and not s.bot for s in row.seats):
        return
    if _mark(session, row, "start"):
        _queue(session, row, [s.name for s in row.seats], "start", f"game {row.id} ({row.game}) has begun",
               f"Every seat of game {row.id} ({row.game}) is taken: the game has begun. You play {{seat}}."
               f"{_deadline(row)}", time.time() if now is None else now)


def stored(row: Changed, game: Game, began: bool, now: float) -> None:
    """After `play.store`: a new phase tells the seats that must act; the end tells everyone."""
    session = session_of(row)
    if not ENABLED or session is None:
        return
    if game.is_over:
        if _mark(session, row, "end"):
            _queue(session, row, [s.name for s in row.seats], "end", f"game {row.id} ({row.game}) is over",
                   f"Game {row.id} ({row.game}) is over: its result and whole record are on its page.", now)
        return
    started(row, now)
    if not began:
        return
    key = _phase_key(row)
    for name, before in REMINDERS.items():   # a phase shorter than a reminder's notice: the phase's own mail says it
        if row.deadline is not None and row.deadline - now <= before:
            _mark(session, row, f"{name}.{key}")
    _queue(session, row, game.to_act(), "phase", f"game {row.id}: {_phase_name(game)}, your move",
           f"Game {row.id} ({row.game}) is in {_phase_name(game)}, and {{seat}} has something to do."
           f"{_deadline(row)}", now)


def press(row: GameRow, sender: str, to: list[str] | None, text: str, now: float | None = None) -> None:
    """A press message, to its recipients only (`to` None: to every seat), never to its sender."""
    session = object_session(row)
    if not ENABLED or session is None:
        return
    seats = [s.name for s in row.seats] if to is None else to
    _queue(session, row, [s for s in seats if s != sender], "press", f"game {row.id}: press from {sender}",
           f"{sender} wrote to {'every seat' if to is None else ', '.join(to)} in game {row.id} ({row.game}):\n\n"
           f"{text}", time.time() if now is None else now)


def _due_reminders(sessions: db.Sessions, now: float) -> list[str]:
    most = max(REMINDERS.values())
    with sessions.reading() as session:
        return list(session.scalars(select(GameRow.id).where(GameRow.deadline > now, GameRow.deadline <= now + most)
                                    .order_by(GameRow.deadline).limit(GAMES_PER_LOOK)))


def _remind(session: Session, row: GameRow, now: float) -> int:
    """The reminders now due for the game's phase (its lock held); how many were queued."""
    from warjudge.server.play import load   # play imports this module

    if row.deadline is None or row.deadline <= now:
        return 0
    key = _phase_key(row)
    due = [name for name, before in REMINDERS.items() if row.deadline - now <= before]
    marked = [_mark(session, row, f"{name}.{key}") for name in due]
    if not marked or not marked[-1]:
        return 0   # the nearest reminder was queued already (a farther one now due is only marked: it is late)
    game = load(row)
    missing = set(game.waiting_for()) & set(game.to_act())
    late = [s.name for s in row.seats if s.name in missing and not s.ready]
    _queue(session, row, late, "reminder", f"game {row.id}: {_phase_name(game)} ends in {due[-1]}",
           f"The deadline of {_phase_name(game)} in game {row.id} ({row.game}) is {_at(row.deadline)}, "
           f"and the orders of {{seat}} are not all in.", now)
    queued = len(late)
    return queued


def remind_due(sessions: db.Sessions, now: float) -> None:
    """Queue the deadline reminders now due (the scheduler's work, with its clock)."""
    if not ENABLED:
        return
    for game_id in _due_reminders(sessions, now):
        with sessions.begin() as session:
            row = db.locked_game(session, game_id, skip_locked=True)
            try:
                if row is not None:
                    _remind(session, row, now)
            except ApiError as exc:   # a game that cannot be loaded: the others are reminded
                log.error("reminders of game %s: %s", game_id, exc.message)
