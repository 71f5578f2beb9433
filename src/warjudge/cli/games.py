"""`warjudge games` and `warjudge selfplay`: every registered game, driven only through
the one interface (core.game), so these commands work for a game the day it registers.

`selfplay` prints one JSON document; its `state_hash` (SHA-256 of the canonical JSON of
the final full view) is the same for the same seed in every process.
"""

from __future__ import annotations

import json
from typing import Any, Optional

import typer

from warjudge.core import bots, games
from warjudge.core.errors import InputError, WarjudgeError
from warjudge.core.selfplay import MAX_ACTIONS, selfplay
from warjudge.core.textinput import load_json, read_user_file
from warjudge.cli.shell import fail as _fail


def list_games(as_json: bool = typer.Option(False, "--json", help="one JSON document instead of lines")) -> None:
    """List the registered games, their older record ids, the optional capabilities
    each offers (core.game.CAPABILITIES) and their bots."""
    rows = [{"id": i, "title": games.info(i).title, "also_reads": list(games.info(i).legacy_ids),
             "capabilities": sorted(games.info(i).capabilities()), "bots": bots.names(i)} for i in games.ids()]
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    for row in rows:
        also = f" (records: also {', '.join(row['also_reads'])})" if row["also_reads"] else ""
        offers = f"; offers: {', '.join(row['capabilities'])}" if row["capabilities"] else ""
        typer.echo(f"{row['id']:<24}{row['title']}{also}{offers}; bots: {', '.join(row['bots'])}")


def parse_options(pairs: list[str], described: tuple[games.Option, ...] = ()) -> dict[str, Any]:
    """`k=v` pairs, read as the game describes option `k` (`described`): a choice as typed
    (`edition=2000` is "2000"), a file option's `v` as a file to read (its JSON, with the
    limits of every user file), any other `v` that reads as JSON (a number, true, a list)
    as JSON, else as text."""
    kinds = {o.name: o.kind for o in described}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        key = key.strip()
        if not equals or not key:
            raise InputError(f"--option {pair!r}: write it as NAME=VALUE, e.g. --option max_year=1905")
        if kinds.get(key) == "choice":
            options[key] = text
        elif kinds.get(key) == "file":
            options[key] = load_json(read_user_file(text, f"the {key} file"), f"the {key} file {text}")
        else:
            try:
                options[key] = json.loads(text)
            except ValueError:
                options[key] = text
    return options


def selfplay_command(
    game: str = typer.Argument(..., help="a game id (see `warjudge games`)"),
    seed: int = typer.Option(..., help="the game's seed: the same seed gives the same game"),
    bot_list: str = typer.Option(bots.RANDOM, "--bots", help="one bot for every player, or one per player "
                                 "in order, comma-separated (see `warjudge games`)"),
    option: Optional[list[str]] = typer.Option(None, help="a game option NAME=VALUE, e.g. max_year=1905 "
                                               "(Diplomacy), max_turns=20 (SJG) or map=FILE (a file "
                                               "option names the file); repeatable"),
    max_actions: int = typer.Option(MAX_ACTIONS, help="stop after this many actions (reported as "
                                    "\"finished\": false)"),
) -> None:
    """Play a whole game between bots through the game interface and print one JSON
    document: game, seed, options, bots, actions, finished, outcome, state_hash."""
    try:
        if max_actions < 1:
            raise InputError("--max-actions must be at least 1")
        names = [name.strip() for name in bot_list.split(",")]
        game_id = games.info(game).id
        summary = selfplay(game_id, seed, names, parse_options(option or [], games.options(game_id)), max_actions)
    except WarjudgeError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(summary, indent=1))


def add_game_commands(app: typer.Typer) -> None:
    app.command("games")(list_games)
    app.command("selfplay")(selfplay_command)


__all__ = ["add_game_commands", "list_games", "parse_options", "selfplay_command"]
