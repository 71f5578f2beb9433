"""A game's row and seats as a read sees them: plain values read by SQLAlchemy Core, not
ORM rows. The ORM's loading of the row, its seats and their players (the identity map,
the instances' state, the joined eager load) cost more than the rest of a `GET …/legal`
(in-process, issue 22: 0.57 ms against 0.30 ms for the same row and seats read by Core).
A read changes nothing, so it needs no ORM row to track; a change locks and loads ORM
rows as before (`db.locked_game`).

On SQLite a read is one snapshot, so the row comes joined to its seats and players in one
statement, without its record (read later, only if the game is not cached). On
PostgreSQL a later statement of a read may see a newer commit, so the record comes with
the row, and the seats in a second statement (joined, they would repeat the record)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from warjudge.server.models import GameRow, Seat, User

_GAMES, _SEATS, _USERS = GameRow.__table__, Seat.__table__, User.__table__
_ROW = [c for c in _GAMES.c if c.key not in ("record", "created_at", "updated_at")]
_SEAT = [_SEATS.c.name, _SEATS.c.user_id, _USERS.c.name.label("user_name"), _SEATS.c.bot,
         _SEATS.c.bot_budget, _SEATS.c.ready, _SEATS.c.acted, _SEATS.c.invitation]
_WITH_PLAYERS = _SEATS.outerjoin(_USERS, _USERS.c.id == _SEATS.c.user_id)
# built once, like auth.TOKEN_LOOKUP: building a statement costs more than running it
_JOINED = (select(*_ROW, *[c.label(f"seat_{c.key}") for c in _SEAT])
           .select_from(_GAMES.outerjoin(_WITH_PLAYERS, _SEATS.c.game_id == _GAMES.c.id))
           .where(_GAMES.c.id == bindparam("game_id")).order_by(_SEATS.c.position))
_WITH_RECORD = select(*_ROW, _GAMES.c.record).where(_GAMES.c.id == bindparam("game_id"))
_SEATS_OF = (select(*_SEAT).select_from(_WITH_PLAYERS).where(_SEATS.c.game_id == bindparam("game_id"))
             .order_by(_SEATS.c.position))
_RECORD = select(_GAMES.c.record).where(_GAMES.c.id == bindparam("game_id"))


@dataclass(frozen=True)
class SeatRead:
    """A seat as read: its holder (`user_id`, `user_name`) or bot and its think budget,
    ready, acted, invitation."""

    name: str
    user_id: int | None
    user_name: str | None
    bot: str | None
    bot_budget: str | None
    ready: bool
    acted: bool
    invitation: str


@dataclass(eq=False)
class GameColumns:
    """A game's row as Core read it: the columns `GameRow` names but its record and
    timestamps, and the session of the transaction it was read in."""

    session: Session
    id: str
    game: str
    creator_id: int
    open_seats: bool
    version: int
    phase_seconds: int | None
    deadline: float | None
    paused_remaining: float | None
    phase_rules: str | None
    last_nmr: str | None
    phase_starts: str | None
    bots_at: float | None
    bot_streak: int


@dataclass(eq=False)
class GameRead(GameColumns):
    """A game's row and its seats in order, read in `session`'s transaction (a read
    changes neither); `record` is read when first asked for."""

    seats: tuple[SeatRead, ...]
    read_record: dict[str, str] = field(default_factory=dict)   # the record, once read

    @property
    def record(self) -> str:
        if "record" not in self.read_record:
            self.read_record["record"] = self.session.connection().execute(_RECORD, {"game_id": self.id}).scalar_one()
        return self.read_record["record"]


def read_game(session: Session, game_id: str) -> GameRead | None:
    """The game's row and seats (None: no such game), by Core in `session`'s transaction."""
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        rows = connection.execute(_JOINED, {"game_id": game_id}).all()
        if not rows:
            return None
        seats = [SeatRead(*r[len(_ROW):]) for r in rows if r.seat_name is not None]
        return _game(session, rows[0][:len(_ROW)], seats, {})
    row = connection.execute(_WITH_RECORD, {"game_id": game_id}).first()
    if row is None:
        return None
    seats = [SeatRead(*r) for r in connection.execute(_SEATS_OF, {"game_id": game_id})]
    return _game(session, row[:len(_ROW)], seats, {"record": row.record})


def _game(session: Session, values: Any, seats: list[SeatRead], record: dict[str, str]) -> GameRead:
    return GameRead(session, **dict(zip((c.key for c in _ROW), values)), seats=tuple(seats), read_record=record)
