"""The `warjudge` command: one group of words per game family (issue 12), so the
Diplomacy variant and the SJG game never share a word.

    warjudge diplomacy ...   standard Diplomacy and (--variant necromancer) the Middle-earth variant
    warjudge sjg ...         Steve Jackson Games' Necromancer (1983)
    warjudge gs ...          SPI's Gondor & Sauron (1977)
    warjudge games | selfplay GAME   every registered game, through the one interface
    warjudge picture FILE    any saved game's board as SVG or PNG, by its registered presenter
    warjudge tournament GAME  bots against each other: results and ratings
    warjudge tournament-table FILE…  the tables of result files (a run stopped early, or pooled)
    warjudge verify RECORD   a finished game's dice against the commitments the server published
    warjudge serve | db ...  the play server
"""

from __future__ import annotations

import typer

from warjudge.cli.diplomacy import diplomacy_app, play_bot_game
from warjudge.cli.games import add_game_commands
from warjudge.cli.gondor_sauron import gs_app
from warjudge.cli.sjg import sjg_app
from warjudge.cli.tournament import table_command, tournament_command
from warjudge.cli.verify import verify_command
from warjudge.server.cli import db_app, serve

app = typer.Typer(add_completion=False, no_args_is_help=True, help="warjudge: judge and engine for fantasy wargames.")
app.add_typer(diplomacy_app, name="diplomacy")
app.add_typer(sjg_app, name="sjg")
app.add_typer(gs_app, name="gs")
add_game_commands(app)
app.command("tournament")(tournament_command)
app.command("tournament-table")(table_command)
app.command("verify")(verify_command)
app.command("serve")(serve)
app.add_typer(db_app, name="db")


def main() -> None:  # pragma: no cover - entry point
    app()


__all__ = ["app", "main", "play_bot_game"]
