"""A change's game row and seats written by prebuilt UPDATE statements, not by the ORM's
unit of work: at commit its flush (working out what changed, the statements' parameters,
the bookkeeping after) cost about a third of a toy submission's route (py-spy), for two
UPDATEs. Just before each flush, every changed `GameRow` or `Seat` whose changes are all
plain columns is written here, one statement per table and set of changed columns (built
once), and marked as stored, so the flush has nothing left to do for it; anything else
(new rows, deletions, a changed relationship) is left to the flush as before."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table, Update, bindparam, inspect, update
from sqlalchemy.orm import Session

from warjudge.server.models import GameRow, Seat, now

_TABLES: dict[type, Table] = {GameRow: GameRow.__table__, Seat: Seat.__table__}  # type: ignore[dict-item]
_COLUMNS = {kind: frozenset(table.columns.keys()) for kind, table in _TABLES.items()}
_KEY = "key_"   # the bound parameters' prefix for the primary key, apart from the new values
_BUILT: dict[tuple[type, frozenset[str]], Update] = {}


def _statement(kind: type, changed: frozenset[str]) -> Update:
    """UPDATE of `changed` columns of one row of `kind`'s table, by its primary key."""
    built = _BUILT.get((kind, changed))
    if built is None:
        table = _TABLES[kind]
        where = [column == bindparam(_KEY + column.key, type_=column.type) for column in table.primary_key]
        built = _BUILT[kind, changed] = update(table).where(*where).values(
            {name: bindparam(name, type_=table.columns[name].type) for name in sorted(changed)})
    return built


def write_changed_rows(session: Session, _context: Any, _instances: Any) -> None:
    """Before a flush: each changed game row and seat written and marked as stored."""
    for row in list(session.dirty):
        kind = type(row)
        if kind not in _TABLES:
            continue
        state = inspect(row)
        if not frozenset(state.committed_state) <= _COLUMNS[kind]:
            continue   # a relationship too: the flush's work
        values = {name: state.dict[name] for name, was in state.committed_state.items() if was != state.dict[name]}
        if not values:
            continue   # set again to what it was: nothing to write, as the flush would find
        if kind is GameRow:
            values["updated_at"] = state.dict["updated_at"] = now()   # as its `onupdate` would
        table = _TABLES[kind]
        keys = {_KEY + column.key: state.dict[column.key] for column in table.primary_key}
        session.connection().execute(_statement(kind, frozenset(values)), values | keys)
        state._commit_all(state.dict, session.identity_map)   # stored: the flush leaves it

