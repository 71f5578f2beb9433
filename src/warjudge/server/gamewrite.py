"""A game's row and seats locked for a player's change (an action, Ready) as plain values
read by SQLAlchemy Core, and what the change altered written back by prebuilt UPDATEs
before the transaction commits. The ORM's loading of the locked row and its seats (the
identity map, the instances' state, the joined eager load) and its bookkeeping at commit
were about a third of a Diplomacy submission's CPU (cProfile, in-process, issue 22).

The lock is the one `db.locked_game` takes (SQLite: the transaction's `BEGIN IMMEDIATE`;
PostgreSQL: `SELECT … FOR UPDATE` of the game's row), so two changes of one game still
run one after the other. The record is read only if asked for (the game is not cached),
and written only if set. `write` sends the game's changed columns and each changed seat in
the change's own transaction: the action and the version commit together or not at all."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from sqlalchemy import Table, Update, bindparam, select, update
from sqlalchemy.orm import Session, object_session

from warjudge.server.gameread import GameColumns, GameRead
from warjudge.server.models import GameRow, Seat, now

_GAMES: Table = GameRow.__table__   # type: ignore[assignment]
_SEATS: Table = Seat.__table__   # type: ignore[assignment]
_ROW = [c for c in _GAMES.c if c.key not in ("record", "created_at", "updated_at")]
_SEAT = [c for c in _SEATS.c if c.key not in ("game_id", "position")]
# built once, like gameread.py's: building a statement costs more than running it
_JOINED = (select(*_ROW, *[c.label(f"seat_{c.key}") for c in _SEAT])
           .select_from(_GAMES.outerjoin(_SEATS, _SEATS.c.game_id == _GAMES.c.id))
           .where(_GAMES.c.id == bindparam("game_id")).order_by(_SEATS.c.position))
_LOCKED = select(*_ROW).where(_GAMES.c.id == bindparam("game_id")).with_for_update()
_SEATS_OF = select(*_SEAT).where(_SEATS.c.game_id == bindparam("game_id")).order_by(_SEATS.c.position)
_RECORD = select(_GAMES.c.record).where(_GAMES.c.id == bindparam("game_id"))
_ROW_KEYS = tuple(c.key for c in _ROW)
_SEAT_KEYS = tuple(c.key for c in _SEAT)
_row_values, _seat_values = attrgetter(*_ROW_KEYS), attrgetter(*_SEAT_KEYS)
_KEY = "key_"   # the bound parameters' prefix for the primary key, apart from the new values
_BUILT: dict[tuple[str, frozenset[str]], Update] = {}


def _changed(keys: tuple[str, ...], was: tuple[Any, ...], now: tuple[Any, ...]) -> dict[str, Any]:
    return {} if now == was else {k: v for k, v, old in zip(keys, now, was) if v != old}


def _update(table: Table, changed: frozenset[str]) -> Update:
    """UPDATE of `changed` columns of one row of `table`, by its primary key (built once per set)."""
    built = _BUILT.get((table.name, changed))
    if built is None:
        where = [column == bindparam(_KEY + column.key, type_=column.type) for column in table.primary_key]
        built = _BUILT[table.name, changed] = update(table).where(*where).values(
            {name: bindparam(name, type_=table.columns[name].type) for name in sorted(changed)})
    return built


@dataclass(eq=False)
class SeatWrite:
    """A seat of a locked game: its holder or bot, ready, acted, invitation (changeable)."""

    name: str
    user_id: int | None
    bot: str | None
    bot_seed: str | None
    bot_budget: str | None
    ready: bool
    acted: bool
    invitation: str
    was: tuple[Any, ...] = field(default=(), repr=False)   # the values as read (or last written)

    def __post_init__(self) -> None:
        self.was = _seat_values(self)


@dataclass(eq=False)
class GameWrite(GameColumns):
    """A game's row and its seats in order, locked in `session`'s transaction (a change
    may alter them); `record` is read when first asked for."""

    seats: list[SeatWrite]
    was: tuple[Any, ...] = field(default=(), repr=False)   # the columns as read (or last written)
    new_record: str | None = field(default=None, repr=False)   # set by the change
    read_record: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.was = _row_values(self)

    @property
    def record(self) -> str:
        if self.new_record is not None:
            return self.new_record
        if self.read_record is None:
            self.read_record = self.session.connection().execute(_RECORD, {"game_id": self.id}).scalar_one()
        return self.read_record

    @record.setter
    def record(self, text: str) -> None:
        self.new_record = text

    def write(self) -> None:
        """The game's changed columns (its record if set) and each changed seat, sent in
        the change's transaction; a row set again to what it was is not written."""
        connection = self.session.connection()
        values = _changed(_ROW_KEYS, self.was, _row_values(self))
        if self.new_record is not None:
            values["record"] = self.new_record
            self.read_record, self.new_record = self.new_record, None
        if values:
            values["updated_at"] = now()   # as GameRow's `onupdate` would
            connection.execute(_update(_GAMES, frozenset(values)), values | {_KEY + "id": self.id})
            self.was = _row_values(self)
        for seat in self.seats:
            changed = _changed(_SEAT_KEYS, seat.was, _seat_values(seat))
            if changed:
                connection.execute(_update(_SEATS, frozenset(changed)),
                                   changed | {_KEY + "game_id": self.id, _KEY + "name": seat.name})
                seat.was = _seat_values(seat)


def locked_game(session: Session, game_id: str) -> GameWrite | None:
    """The game's row and seats, locked until the session's transaction ends (None: no
    such game), by Core. On SQLite the transaction holds the database's write lock
    already, and the seats come joined to the row; on PostgreSQL the row is locked
    (`FOR UPDATE`) and its seats read after."""
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        rows = connection.execute(_JOINED, {"game_id": game_id}).all()
        if not rows:
            return None
        seats = [_seat(r[len(_ROW):]) for r in rows if r.seat_name is not None]
        return _game(session, rows[0][:len(_ROW)], seats)
    row = connection.execute(_LOCKED, {"game_id": game_id}).first()
    if row is None:
        return None
    return _game(session, row, [_seat(r) for r in connection.execute(_SEATS_OF, {"game_id": game_id})])


def _seat(values: Any) -> SeatWrite:
    return SeatWrite(**dict(zip(_SEAT_KEYS, values)))


def _game(session: Session, values: Any, seats: list[SeatWrite]) -> GameWrite:
    return GameWrite(session, **dict(zip(_ROW_KEYS, values)), seats=seats)


def session_of(row: GameRow | GameRead | GameWrite) -> Session | None:
    """The session a game's row was read in (None: an ORM row not in one)."""
    return object_session(row) if isinstance(row, GameRow) else row.session
