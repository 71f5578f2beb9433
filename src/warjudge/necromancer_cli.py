"""`warjudge necromancer ...`: play Steve Jackson Games' Necromancer (1983).

    warjudge necromancer new GAME.json [--scenario standard|conversion] [--seed N] [--first red|black|coin]
                                       [--optional cp_allowance ...] [--items 1 | --items red=2,black=1]
                                       [--map FILE]
    warjudge necromancer act GAME.json SIDE 'ACTION'    (JSON, or the text form: 'move 12 0505 0605')
    warjudge necromancer show GAME.json [--side red|black] [--svg out.svg] [--png out.png]
    warjudge necromancer play [--vs-bot red|black|none] [--seed N] [--scenario ...] [--save FILE]
    warjudge necromancer map check FILE
    warjudge necromancer map render --svg out.svg [--png out.png] [--map FILE]

Every user error is one red line and exit status 2; a refused action leaves the file as it was.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape

from warjudge.core.errors import WarjudgeError

necromancer_app = typer.Typer(no_args_is_help=True, help="Play Steve Jackson Games' Necromancer (1983), "
                                                          "by saved game files or at the terminal.")
necro_map_app = typer.Typer(no_args_is_help=True, help="Check or draw a Necromancer map file.")
necromancer_app.add_typer(necro_map_app, name="map")
console = Console()
err = Console(stderr=True)

SIDES = ("red", "black")


def _fail(message: str) -> None:
    err.print(f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def _load(path: Path):
    from warjudge.core.record import load_game
    from warjudge.hexwar.necromancer.game import NecromancerGame

    _must_exist(path)
    return load_game(path, NecromancerGame.from_record)


def _must_exist(path: Path) -> None:
    if not path.exists():
        _fail(f"{path} does not exist; start a game with 'warjudge necromancer new {path}'")


def _side(side: Optional[str]) -> Optional[str]:
    if side is None:
        return None
    if side.lower() not in SIDES:
        _fail(f"unknown side {side!r}; the sides are red and black")
    return side.lower()


def _write_images(view: dict, svg: Optional[Path], png: Optional[Path]) -> None:
    from warjudge.hexwar.necromancer.render import render_png, render_svg

    try:
        if svg is not None:
            svg.write_text(render_svg(view), encoding="utf-8")
            console.print(f"Wrote {svg}.", highlight=False)
        if png is not None:
            render_png(view, png)
            console.print(f"Wrote {png}.", highlight=False)
    except OSError as exc:
        _fail(f"cannot write {exc.filename}: {exc.strerror}")


def _pending_line(game) -> str:
    if game.winner:
        return f"{game.winner} has won."
    d = game.pending
    return f"Now {d.player} to answer: {d.kind} ({' or '.join(d.accepts)})." if d else "Nothing pending."


ITEMS_HELP = ("10.5 extra items: how many each side chooses, e.g. 1, or red=2,black=1 for a handicap "
              "(a dragon counts as two)")


def _items(text: Optional[str]) -> dict[str, int]:
    """'2' -> both sides 2; 'red=2,black=1' -> each its own."""
    if not text:
        return {}
    if text.strip().isdigit():
        return {side: int(text) for side in SIDES}
    out: dict[str, int] = {}
    for part in text.split(","):
        side, sep, count = part.partition("=")
        if not sep or side.strip().lower() not in SIDES or not count.strip().isdigit():
            _fail(f"--items is a number (both sides) or red=N,black=N, not {text!r}")
        out[side.strip().lower()] = int(count)
    return out


@necromancer_app.command("new")
def new(path: Path = typer.Argument(..., help="the game file to create"),
        scenario: str = typer.Option("standard", help="standard (9.1) or conversion (9.2)"),
        seed: Optional[int] = typer.Option(None, help="seed for the dice (default: random)"),
        first: str = typer.Option("coin", help="red, black or coin (9.1; the conversion scenario: red)"),
        optional: list[str] = typer.Option([], "--optional", help="optional rule: cp_allowance, miasma_movement, "
                                           "miasma_teleport, miasma_demon, fourth_jewel (repeat the option for more)"),
        items: Optional[str] = typer.Option(None, "--items", help=ITEMS_HELP),
        map_file: Optional[Path] = typer.Option(None, "--map", help="your own map file (default: the reconstruction)"),
        force: bool = typer.Option(False, "--force", help="overwrite an existing file")) -> None:
    """Start a new game and save its record at PATH."""
    from warjudge.hexwar.necromancer.game import NecromancerGame

    if path.exists() and not force:
        _fail(f"{path} exists; choose another file or add --force")
    options = {"scenario": scenario, "first": first, "optional": list(optional), "items": _items(items)}
    if map_file is not None:
        options["map"] = str(map_file.resolve())
    try:
        game = NecromancerGame.new(seed=seed if seed is not None else random.randrange(1 << 31), **options)
        game.record.save(path)
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror}")
    for line in game.log:
        console.print(escape(line), highlight=False)
    console.print(f"New {scenario} game in {path}. {_pending_line(game)}", highlight=False)


@necromancer_app.command("act")
def act(path: Path = typer.Argument(..., help="the game file"),
        side: str = typer.Argument(..., help="red or black: who acts"),
        action: str = typer.Argument(..., help="a JSON action, or the text form: 'move 12 13 0505 0605', 'end', "
                                     "'attack d:12 -> 0707', 'deploy auto' ... (see 'play' and its help)")) -> None:
    """Apply one action for SIDE and save (play by e-mail). A refused action changes nothing."""
    from warjudge.core.record import updating
    from warjudge.hexwar.necromancer.game import NecromancerGame
    from warjudge.hexwar.necromancer.play import Command, complete_action, parse_command

    side = _side(side)
    _must_exist(path)
    try:
        with updating(path, NecromancerGame.from_record) as game:
            text = action.strip()
            if text.startswith("{"):
                try:
                    data = json.loads(text)
                except json.JSONDecodeError as exc:
                    _fail(f"the action is not valid JSON: {exc.msg} at column {exc.colno}")
                if not isinstance(data, dict):
                    _fail("a JSON action is an object, e.g. {\"type\": \"end\"}")
                if data.setdefault("side", side) != side:
                    _fail(f"the action says side {data['side']!r} but you act as {side}")
                command = Command("action", data)
            else:
                command = parse_command(text, side)
                if command.kind not in ("action", "deploy_auto"):
                    _fail(f"'{command.kind}' is a command of the interactive session, not a game action")
            lines = game.act(complete_action(game, command))
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror}")
    for line in lines:
        console.print(escape(line), highlight=False)
    console.print(_pending_line(game), highlight=False)


@necromancer_app.command("show")
def show(path: Path = typer.Argument(..., help="the game file"),
         side: Optional[str] = typer.Option(None, help="show only what red or black may see"),
         svg: Optional[Path] = typer.Option(None, help="write the view as SVG"),
         png: Optional[Path] = typer.Option(None, help="write the view as PNG"),
         log: int = typer.Option(0, help="also print the last N lines of the game's log")) -> None:
    """Print the position (or write it as SVG/PNG), as the games master or as one side."""
    from warjudge.hexwar.necromancer.play import view_for
    from warjudge.hexwar.necromancer.render import render_terminal

    viewer = _side(side)
    try:
        game = _load(path)
        view = view_for(game, viewer)
    except WarjudgeError as exc:
        _fail(str(exc))
    if log > 0 and (viewer is None or not (game.pending and game.pending.kind == "deploy")):
        for line in game.log[-log:]:
            console.print(escape(line), highlight=False)
    if svg is None and png is None:
        console.print(render_terminal(view))
    else:
        _write_images(view, svg, png)


@necromancer_app.command("play")
def play(vs_bot: str = typer.Option("black", "--vs-bot", help="the side the heuristic bot plays: red, black or none "
                                    "(hot-seat)"),
         seed: Optional[int] = typer.Option(None, help="seed for the dice and the bot (default: random)"),
         scenario: str = typer.Option("standard", help="standard or conversion"),
         first: str = typer.Option("coin", help="red, black or coin"),
         optional: list[str] = typer.Option([], "--optional", help="optional rules (repeatable)"),
         items: Optional[str] = typer.Option(None, "--items", help=ITEMS_HELP),
         map_file: Optional[Path] = typer.Option(None, "--map", help="your own map file"),
         save: Optional[Path] = typer.Option(None, help="save the game here after every action"),
         resume: Optional[Path] = typer.Option(None, help="continue the game saved in this file")) -> None:
    """Play at the terminal: hot-seat, or against the heuristic bot. Type 'help' at the prompt."""
    from warjudge.hexwar.necromancer.game import NecromancerGame
    from warjudge.hexwar.necromancer.play import run_session

    if vs_bot.lower() not in (*SIDES, "none"):
        _fail(f"--vs-bot is red, black or none, not {vs_bot!r}")
    bot_side = None if vs_bot.lower() == "none" else vs_bot.lower()
    seed = seed if seed is not None else random.randrange(1 << 31)
    try:
        with _session_lock(save or resume):   # the session's file is not changed by others meanwhile
            if resume is not None:
                game = _load(resume)
                save = save or resume
            else:
                options = {"scenario": scenario, "first": first, "optional": list(optional), "items": _items(items)}
                if map_file is not None:
                    options["map"] = str(map_file.resolve())
                game = NecromancerGame.new(seed=seed, **options)
                for line in game.log:
                    console.print(escape(line), highlight=False)
            run_session(game, bot_side=bot_side, console=console, rng=random.Random(seed), save_path=save,
                        input_fn=lambda prompt: console.input(escape(prompt)))
    except WarjudgeError as exc:
        _fail(str(exc))


def _session_lock(path: Optional[Path]):
    """The lock of the file a `play` session reads and saves, for the whole session."""
    from contextlib import nullcontext

    from warjudge.core.recordfile import locked

    return locked(path) if path is not None else nullcontext()


def _board(path: Optional[Path]):
    """The map at `path` (None: the shipped reconstruction), or one clear error line."""
    from warjudge.hexwar.necromancer.board import load_board

    try:
        return load_board(path)
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror}")


@necro_map_app.command("check")
def map_check(file: Path = typer.Argument(..., help="the map file to validate")) -> None:
    """Validate a Necromancer map file: every broken fact is listed, then exit status 2."""
    from warjudge.hexwar.necromancer.board import level4_plateaus

    board = _board(file)
    kinds: dict[str, int] = {}
    for h in board.hexes.values():
        kinds[h.terrain] = kinds.get(h.terrain, 0) + 1
    console.print(f"OK: {file} is a valid Necromancer map: {board.name!r}, {board.grid.width}x{board.grid.height} "
                  f"hexes ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), {len(board.cliffs)} cliff "
                  f"hexsides, largest level-4 plateau {len(level4_plateaus(board)[0])} hexes"
                  f"{' (a reconstruction)' if board.reconstruction else ''}.", highlight=False)


@necro_map_app.command("render")
def map_render(svg: Optional[Path] = typer.Option(None, help="SVG file to write"),
               png: Optional[Path] = typer.Option(None, help="PNG file to write"),
               map_file: Optional[Path] = typer.Option(None, "--map", help="your own map file")) -> None:
    """Draw the map (terrain, cliffs, Miasma spirals, skull hexes) as SVG and/or PNG."""
    if svg is None and png is None:
        _fail("say what to write: --svg FILE and/or --png FILE")
    board = _board(map_file)
    view = {"board": board, "turn": 0, "phasing": None, "phase": None, "units": [], "jewels": [], "miasma": [],
            "sides": {}, "pending": None, "winner": None}
    _write_images(view, svg, png)


__all__ = ["necromancer_app"]
