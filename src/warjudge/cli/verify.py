"""`warjudge verify RECORD`: a finished game's dice checked against the commitments the
play server published while it ran (core.verify; docs/server.md, "Provably fair dice")."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from warjudge.core.errors import WarjudgeError
from warjudge.core.record import GameRecord
from warjudge.core.textinput import UnusableInput, load_json, read_user_file
from warjudge.core.verify import published, verify
from warjudge.cli.shell import fail as _fail

SUMMARY_BYTES = 64 * 1024 * 1024   # a summary holds the caller's view: a late game's may be large


def verify_command(
    record: Path = typer.Argument(..., help="the finished game's record (GET /api/games/ID/record)"),
    commitment: Optional[list[str]] = typer.Option(None, help="a seed commitment as published while the game "
                                                   "ran ('sha256:…'): the game's first, then one per roll "
                                                   "back, in order; repeatable"),
    summary: Optional[Path] = typer.Option(None, help="the game's summary as published (GET /api/games/ID): "
                                           "its seed_commitments and its outcome are checked"),
) -> None:
    """Check a finished game's record: its seeds match the published commitments, and its
    every action and roll replays to its outcome. Exit status 2 if not."""
    try:
        loaded = GameRecord.load(record)
        commitments, outcome = list(commitment or []), None
        if summary is not None:
            text = read_user_file(summary, "summary", SUMMARY_BYTES)
            shown, outcome = published(load_json(text, str(summary)), str(summary))
            if commitments and commitments != shown:
                _fail(f"the --commitment values differ from those of {summary}")
            commitments = shown
        done = verify(loaded, commitments, outcome)
    except UnusableInput as exc:
        _fail(f"cannot read {summary}: {exc.detail}")
    except WarjudgeError as exc:
        _fail(str(exc))
    typer.echo(f"verified: {done.game}, {done.actions} actions and {done.rolls} dice rolls replayed")
    typer.echo(f"seeds: {done.seeds}, each matching its published commitment")
    typer.echo(f"outcome: {done.outcome}" + (" (as published)" if outcome is not None else ""))


__all__ = ["verify_command"]
