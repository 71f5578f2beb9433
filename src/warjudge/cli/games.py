"""`warjudge games`, `warjudge selfplay` and `warjudge picture`: every registered game,
driven only through the one interface (core.game) and drawn by its registered presenter,
so these commands work for a game the day it registers.

`selfplay` prints one JSON document; its `state_hash` (SHA-256 of the canonical JSON of
the final full view) is the same for the same seed in every process.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from warjudge.core import bots, games
from warjudge.core.errors import InputError, WarjudgeError
from warjudge.core.events import LANGUAGES
from warjudge.core.record import load_game
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


def picture_command(
    path: Path = typer.Argument(..., help="a saved game, of any registered game"),
    seat: Optional[str] = typer.Option(None, help="draw what this seat sees (default: the full view, the GM's)"),
    lang: str = typer.Option("en", help="the picture's words: en or fr"),
    svg: Optional[Path] = typer.Option(None, help="write the board as SVG"),
    png: Optional[Path] = typer.Option(None, help="write the board as PNG (where the game draws one)"),
) -> None:
    """Draw a saved game's board as a seat sees it now, by the presenter its registration
    names (`GameInfo.board`, `GameInfo.png`): one way for every game."""
    if svg is None and png is None:
        _fail("say what to write: --svg FILE and/or --png FILE")
    if lang not in LANGUAGES:
        _fail(f"language {lang!r}: choose {' or '.join(LANGUAGES)}")
    try:
        game = load_game(path, games.load)
        info = games.info(game.game_id)
        if seat is not None and seat not in game.players:
            raise InputError(f"no seat {seat!r} in {game.game_id}; the seats are {', '.join(game.players)}")
        board, photo = info.board_renderer(), info.png_renderer()
        if svg is not None and board is None:
            raise InputError(f"{game.game_id} has no board picture: its pages list its legal actions")
        if png is not None and photo is None:
            raise InputError(f"{game.game_id} draws its board as SVG only: write --svg FILE")
        view = game.view(seat)
        pictures = [(target, draw(game, view, lang)) for target, draw in ((svg, board), (png, photo))
                    if target is not None and draw is not None]
    except WarjudgeError as exc:
        _fail(str(exc))
    for target, drawn in pictures:
        try:
            target.write_bytes(drawn.encode("utf-8") if isinstance(drawn, str) else drawn)
        except OSError as exc:
            _fail(f"cannot write {target}: {exc.strerror}")
        typer.echo(f"Wrote {target}.")


def add_game_commands(app: typer.Typer) -> None:
    app.command("games")(list_games)
    app.command("selfplay")(selfplay_command)
    app.command("picture")(picture_command)


__all__ = ["add_game_commands", "list_games", "parse_options", "picture_command", "selfplay_command"]
