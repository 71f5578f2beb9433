"""The `warjudge` command: one group of words per game family (issue 12), so the
Diplomacy variant and the SJG game never share a word.

    warjudge diplomacy ...   standard Diplomacy and (--variant necromancer) the Middle-earth variant
    warjudge sjg ...         Steve Jackson Games' Necromancer (1983)
    warjudge gs ...          SPI's Gondor & Sauron (1977)
    warjudge games | selfplay GAME   every registered game, through the one interface
    warjudge tournament GAME  bots against each other: results and ratings
    warjudge verify RECORD   a finished game's dice against the commitments the server published
    warjudge serve | db ...  the play server

The words of the previous release stay for one more as hidden aliases that print a
one-line deprecation notice on standard error: `warjudge game ...` (now `diplomacy`),
`warjudge necromancer ...` (now `sjg`), `warjudge adjudicate`, `demo` and `map ...`
(now under `diplomacy`).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import typer
from rich.console import Console

from warjudge.cli.diplomacy import adjudicate, demo, diplomacy_app, game_app, map_app, play_bot_game
from warjudge.cli.games import add_game_commands
from warjudge.cli.gondor_sauron import gs_app
from warjudge.cli.sjg import sjg_app
from warjudge.cli.tournament import tournament_command
from warjudge.cli.verify import verify_command
from warjudge.server.cli import db_app, serve

app = typer.Typer(add_completion=False, no_args_is_help=True, help="warjudge: judge and engine for fantasy wargames.")
app.add_typer(diplomacy_app, name="diplomacy")
app.add_typer(sjg_app, name="sjg")
app.add_typer(gs_app, name="gs")
add_game_commands(app)
app.command("tournament")(tournament_command)
app.command("verify")(verify_command)
app.command("serve")(serve)
app.add_typer(db_app, name="db")

_err = Console(stderr=True, soft_wrap=True)


def deprecation_notice(old: str, new: str) -> None:
    _err.print(f"warjudge {old} is deprecated and goes in the next release; use 'warjudge {new}'.",
               markup=False, highlight=False)


def _notice(old: str, new: str) -> Callable[[], None]:
    """A group callback: runs before any command of the alias group."""
    def callback() -> None:
        deprecation_notice(old, new)
    return callback


def _aliased(command: Callable[..., Any], old: str, new: str) -> Callable[..., Any]:
    """`command` under its old name: the same options, after the notice."""
    @functools.wraps(command)
    def alias(*args: Any, **kwargs: Any) -> Any:
        deprecation_notice(old, new)
        return command(*args, **kwargs)
    return alias


app.add_typer(game_app, name="game", hidden=True, callback=_notice("game", "diplomacy"))
app.add_typer(sjg_app, name="necromancer", hidden=True, callback=_notice("necromancer", "sjg"))
app.add_typer(map_app, name="map", hidden=True, callback=_notice("map", "diplomacy map"))
app.command("adjudicate", hidden=True)(_aliased(adjudicate, "adjudicate", "diplomacy adjudicate"))
app.command("demo", hidden=True)(_aliased(demo, "demo", "diplomacy demo"))


def main() -> None:  # pragma: no cover - entry point
    app()


__all__ = ["app", "main", "play_bot_game"]
