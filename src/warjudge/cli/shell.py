"""What every `warjudge` command group shares: one error line (`fail`), and a saved game
loaded (`load`) or changed under its lock (`updating`) through the registry
(core.games.load), so no group builds a game around it.

A user error is one line, `error: ...` on standard error (red on a terminal, never read
as markup), and exit status 2; a refused change leaves the file as it was.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, NoReturn, TypeVar

import typer

from warjudge.core import games
from warjudge.core.errors import RecordError, WarjudgeError
from warjudge.core.record import GameRecord, load_game, updating as locked_update


def fail(message: str, code: int = 2) -> NoReturn:
    """One error line; the message is printed as it is."""
    typer.echo(typer.style("error: ", fg="red") + str(message), err=True)
    raise typer.Exit(code)


G = TypeVar("G")
Kind = type[G] | tuple[type[G], ...]   # the game classes a command accepts (concrete, for mypy)


def _builder(kind: Kind[G], what: str) -> Callable[[GameRecord], G]:
    """The registry's replay of a record, refusing first a record of a game that is not a `kind`."""
    def build(record: GameRecord) -> G:
        if not issubclass(games.info(record.game).game_class(), kind):
            raise RecordError(f"this record is for {record.game!r}, not {what}")
        game = games.load(record)
        assert isinstance(game, kind)   # its class was checked above
        return game
    return build


def load(path: Path, kind: Kind[G], what: str) -> G:
    """The game saved at `path`, for reading only (`kind`: the family it must be of)."""
    try:
        return load_game(path, _builder(kind, what))
    except WarjudgeError as exc:
        fail(str(exc))


@contextmanager
def updating(path: Path, kind: Kind[G], what: str) -> Iterator[G]:
    """The game at `path`, locked from load to save (core.record.updating): saved only if
    the block ends normally, so a `fail` or a refusal inside leaves the file as it was."""
    try:
        with locked_update(path, _builder(kind, what)) as game:
            yield game
    except WarjudgeError as exc:
        fail(str(exc))
