"""`warjudge sjg ...`: play Steve Jackson Games' Necromancer (1983).

    warjudge sjg new GAME.json [--scenario standard|conversion] [--seed N] [--first red|black|coin]
                                       [--optional cp_allowance ...] [--items 1 | --items red=2,black=1]
                                       [--map FILE]
    warjudge sjg act GAME.json SIDE 'ACTION'    (JSON, or the text form: 'move 12 0505 0605';
                                                         also 'undo', and the queries 'units' and 'hex 0707')
    warjudge sjg show GAME.json [--side red|black] [--units] [--svg out.svg] [--png out.png]
                                        [--export VIEW.json]   (a side's view, to mail to that player)
    warjudge sjg show VIEW.json [--units] [--svg ...]  (a player draws the view the GM sent)
    warjudge sjg play [--vs-bot red|black|none] [--seed N] [--scenario ...] [--save FILE]
    warjudge sjg map check FILE
    warjudge sjg map render [FILE] --svg out.svg [--png out.png]

Every user error is one red line and exit status 2; a refused action leaves the file as it was.
"""

from __future__ import annotations

import random
import secrets
from pathlib import Path
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Optional

import typer
from rich.console import Console
from rich.markup import escape

from warjudge.core.errors import WarjudgeError
from warjudge.cli import shell
from warjudge.cli.shell import fail as _fail

if TYPE_CHECKING:
    from collections.abc import Sequence

    from warjudge.core.json_types import EventJson
    from warjudge.hexwar.hexmap import HexMap
    from warjudge.hexwar.sjg.game import SjgNecromancerGame
    from warjudge.hexwar.sjg.view_types import SjgPicture

sjg_app = typer.Typer(no_args_is_help=True, help="Play Steve Jackson Games' Necromancer (1983), "
                                                          "by saved game files or at the terminal.")
sjg_map_app = typer.Typer(no_args_is_help=True, help="Check or draw an SJG Necromancer (1983) hex map file.")
sjg_app.add_typer(sjg_map_app, name="map")
console = Console()

SIDES = ("red", "black")


MAX_ACTION_CHARS = 20_000  # a whole hand deployment as JSON is a few thousand


def _load(path: Path) -> SjgNecromancerGame:
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

    _must_exist(path)
    return shell.load(path, SjgNecromancerGame, "an SJG Necromancer game")


def _exists(path: Path) -> bool:
    from warjudge.core.textinput import path_exists

    try:
        return path_exists(path, "file")
    except WarjudgeError as exc:
        _fail(str(exc))


def _must_exist(path: Path) -> None:
    if not _exists(path):
        _fail(f"{path} does not exist; start a game with 'warjudge sjg new {path}'")


def _new_seed(seed: Optional[int]) -> int:
    """128 bits from the operating system's secure source, unless the user asks for a
    reproducible game: a seed players could guess would let them foresee every roll."""
    if seed is None:
        return secrets.randbits(128)
    if not 0 <= seed < 1 << 256:
        _fail("--seed is a whole number from 0 to 2**256-1")
    return seed


MAX_TURNS_HELP = ("end the game after N player-turns if no Necromancer has fallen (outcome 'turn-limit'; "
                  "default: no limit)")


def _options(scenario: str, first: str, optional: list[str], items: Optional[str], map_file: Optional[Path],
             max_turns: Optional[int] = None) -> dict[str, Any]:
    """Game options from the command line, each checked with a message that says what
    is allowed; a map file is read and carried in the record (never its path)."""
    from warjudge.hexwar.sjg.setup import OPTIONAL_RULES, SCENARIOS

    if scenario not in SCENARIOS:
        _fail(f"--scenario is {' or '.join(SCENARIOS)}, not {scenario!r}")
    if first not in ("red", "black", "coin"):
        _fail(f"--first is red, black or coin, not {first!r}")
    for rule in optional:
        if rule not in OPTIONAL_RULES:
            _fail(f"--optional takes {', '.join(OPTIONAL_RULES)}; not {rule!r}")
    options: dict[str, Any] = {"scenario": scenario, "first": first, "optional": list(dict.fromkeys(optional)),
                               "items": _items(items)}
    if max_turns is not None:
        if not 1 <= max_turns <= 10_000:
            _fail(f"--max-turns is a whole number from 1 to 10000, not {max_turns}")
        options["max_turns"] = max_turns
    if map_file is not None:
        options["map"] = _board(map_file).spec   # the game checks it again and carries it with its digest
    return options


def _side(side: Optional[str]) -> Optional[str]:
    if side is None:
        return None
    if side.lower() not in SIDES:
        _fail(f"unknown side {side!r}; the sides are red and black")
    return side.lower()


def _write_images(view: SjgPicture, svg: Optional[Path], png: Optional[Path]) -> None:
    from warjudge.presentation.sjg.render import render_png, render_svg

    try:
        if svg is not None:
            svg.write_text(render_svg(view), encoding="utf-8")
            console.print(f"Wrote {svg}.", highlight=False)
        if png is not None:
            render_png(view, png)
            console.print(f"Wrote {png}.", highlight=False)
    except OSError as exc:
        _fail(f"cannot write {exc.filename}: {exc.strerror}")


def _pending_line(game: SjgNecromancerGame) -> str:
    outcome = game.outcome()
    if outcome is not None and outcome.reason == "victory":
        return f"{outcome.winners[0]} has won."
    if outcome is not None:
        return f"The game is over: the {game.record.options['max_turns']} player-turns agreed are played."
    sides = game.to_act()
    d = game.decision(sides[0]) if sides else None
    if d is None:
        return "Nothing pending."
    return f"Now {' and '.join(sides)} to answer: {d.kind} ({' or '.join(d.info['accepts'])})."


ITEMS_HELP = ("10.5 extra items: how many each side chooses, e.g. 1, or red=2,black=1 for a handicap "
              "(a dragon counts as two)")


def _items(text: Optional[str]) -> dict[str, int]:
    """'2' -> both sides 2; 'red=2,black=1' -> each its own."""
    if not text:
        return {}
    def number(value: str) -> int:
        value = value.strip()
        if not (value.isascii() and value.isdigit()) or len(value) > 2:
            _fail(f"--items is a number (both sides) or red=N,black=N, not {text[:40]!r}")
        return int(value)

    if "=" not in text:
        return {side: number(text) for side in SIDES}
    out: dict[str, int] = {}
    for part in text.split(",")[:3]:
        side, sep, count = part.partition("=")
        if not sep or side.strip().lower() not in SIDES:
            _fail(f"--items is a number (both sides) or red=N,black=N, not {text[:40]!r}")
        out[side.strip().lower()] = number(count)
    return out


@sjg_app.command("new")
def new(path: Path = typer.Argument(..., help="the game file to create"),
        scenario: str = typer.Option("standard", help="standard (9.1) or conversion (9.2)"),
        seed: Optional[int] = typer.Option(None, help="seed for a reproducible game (default: 128 secret bits)"),
        first: str = typer.Option("coin", help="red, black or coin (9.1; the conversion scenario: red)"),
        optional: list[str] = typer.Option([], "--optional", help="optional rule: cp_allowance, miasma_movement, "
                                           "miasma_teleport, miasma_demon, fourth_jewel (repeat the option for more)"),
        items: Optional[str] = typer.Option(None, "--items", help=ITEMS_HELP),
        map_file: Optional[Path] = typer.Option(None, "--map", help="your own map file (default: the reconstruction)"),
        max_turns: Optional[int] = typer.Option(None, "--max-turns", help=MAX_TURNS_HELP),
        force: bool = typer.Option(False, "--force", help="overwrite an existing file")) -> None:
    """Start a new game and save its record at PATH."""
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

    if _exists(path) and not force:
        _fail(f"{path} exists; choose another file or add --force")
    options = _options(scenario, first, optional, items, map_file, max_turns)
    try:
        game = SjgNecromancerGame.new(seed=_new_seed(seed), **options)
        game.record.save(path)
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror}")
    _print_events(game.view(None)["events"])
    console.print(f"New {scenario} game in {path}. {_pending_line(game)}", highlight=False)


@sjg_app.command("act")
def act(path: Path = typer.Argument(..., help="the game file"),
        side: str = typer.Argument(..., help="red or black: who acts"),
        action: str = typer.Argument(..., help="a JSON action, or the text form: 'move 12 13 0505 0605', 'end', "
                                     "'attack d:12 -> 0707', 'deploy auto' ... (see 'play' and its help)")) -> None:
    """Apply one action for SIDE and save (play by e-mail). A refused action changes nothing.
    'units' [all|HEX] and 'hex HEX' only print (what SIDE may see) and change nothing."""
    from warjudge.core.textinput import UnusableInput, load_json
    from warjudge.hexwar.sjg.game import SjgNecromancerGame
    from warjudge.presentation.sjg.terminal import (
        Command, acted, complete_action, hex_lines, parse_command, units_table, view_for,
    )

    side = _side(side) or ""   # a side is required here: typer gives one, _side checks it
    if len(action) > MAX_ACTION_CHARS:
        _fail(f"the action is {len(action):,} characters long; no action needs more than {MAX_ACTION_CHARS:,}")
    _must_exist(path)
    try:
        with shell.updating(path, SjgNecromancerGame, "an SJG Necromancer game") as game:   # locked load to save
            text = action.strip()
            if text.startswith("{"):
                try:
                    data = load_json(text, "the action")
                except UnusableInput as exc:
                    _fail(f"the action is not valid JSON: {exc.detail}")
                if not isinstance(data, dict):
                    _fail("a JSON action is an object, e.g. {\"type\": \"end\"}")
                if data.setdefault("side", side) != side:
                    _fail(f"the action says side {data['side']!r} but you act as {side}")
                command = Command("action", data)
            else:
                command = parse_command(text, side)
                if command.kind in ("units", "hex"):
                    view = view_for(game, side)
                    lines = units_table(view, side, command.arg) if command.kind == "units" else hex_lines(view, command.arg or "")
                    for line in lines:
                        console.print(escape(line), highlight=False)
                    return
                if command.kind not in ("action", "deploy_auto", "choose_auto"):
                    _fail(f"'{command.kind}' is a command of the interactive session, not a game action")
            lines = acted(game, complete_action(game, command, random.Random(secrets.randbits(64))))
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror}")
    for line in lines:
        console.print(escape(line), highlight=False)
    console.print(_pending_line(game), highlight=False)


@sjg_app.command("show")
def show(path: Path = typer.Argument(..., help="the game file (the GM's), or a view file a GM exported"),
         side: Optional[str] = typer.Option(None, help="show only what red or black may see"),
         units: bool = typer.Option(False, "--units", help="list every visible unit: number, hex, type"),
         svg: Optional[Path] = typer.Option(None, help="write the view as SVG"),
         png: Optional[Path] = typer.Option(None, help="write the view as PNG"),
         export: Optional[Path] = typer.Option(None, help="write this side's view to a file for its player"),
         log: int = typer.Option(0, help="also print the last N lines of the game's log")) -> None:
    """Print the position (or write it as SVG/PNG), as the games master or as one side."""
    from warjudge.core.textinput import UnusableInput, read_user_file
    from warjudge.presentation.sjg.terminal import units_table
    from warjudge.presentation.sjg.render import render_terminal
    from warjudge.hexwar.sjg.viewfile import export_view, import_view, is_view_text
    from warjudge.hexwar.sjg.views import view as mailed_view   # the view file's own format (viewfile.py)

    viewer = _side(side)
    game = None
    try:
        text = read_user_file(path, "game file")
        if is_view_text(text):
            view = import_view(text, str(path))
            if viewer is not None and viewer != view["viewer"]:
                _fail(f"{path} is {view['viewer']}'s view; it holds nothing of {viewer}'s")
            viewer = view["viewer"]
        else:
            game = _load(path)
            view = mailed_view(game, viewer)
        exported = export_view(view) if export is not None else None
    except UnusableInput as exc:
        _fail(str(exc) if _exists(path) else f"{path} does not exist")
    except WarjudgeError as exc:
        _fail(str(exc))
    if exported is not None and export is not None:
        _write_text(export, exported)
        console.print(f"Wrote {viewer}'s view to {export}; 'warjudge sjg show {export}' draws it.",
                      highlight=False)
        return
    if log > 0:
        _print_events(view["events"][-log:], path)
    if units:
        for line in units_table(view, viewer, "all"):
            console.print(escape(line), highlight=False)
    elif svg is None and png is None:
        console.print(render_terminal(view))
    if svg is not None or png is not None:
        _write_images(view, svg, png)


def _print_events(events: Sequence[EventJson], source: Optional[Path] = None) -> None:
    """Events (a view's, filtered for its viewer) as the game's log, in English."""
    from warjudge.presentation.sjg.wording_en import lines

    try:
        worded = lines(events)
    except (KeyError, TypeError, ValueError, AttributeError):
        _fail(f"{source} is damaged: its events cannot be read")
    for line in worded:
        console.print(escape(line), highlight=False)


def _write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror}")


@sjg_app.command("play")
def play(vs_bot: str = typer.Option("black", "--vs-bot", help="the side the heuristic bot plays: red, black or none "
                                    "(hot-seat)"),
         seed: Optional[int] = typer.Option(None, help="seed for a reproducible game (default: 128 secret bits)"),
         scenario: str = typer.Option("standard", help="standard or conversion"),
         first: str = typer.Option("coin", help="red, black or coin"),
         optional: list[str] = typer.Option([], "--optional", help="optional rules (repeatable)"),
         items: Optional[str] = typer.Option(None, "--items", help=ITEMS_HELP),
         map_file: Optional[Path] = typer.Option(None, "--map", help="your own map file"),
         max_turns: Optional[int] = typer.Option(None, "--max-turns", help=MAX_TURNS_HELP),
         save: Optional[Path] = typer.Option(None, help="save the game here after every action"),
         resume: Optional[Path] = typer.Option(None, help="continue the game saved in this file")) -> None:
    """Play at the terminal: hot-seat, or against the heuristic bot. Type 'help' at the prompt."""
    from warjudge.hexwar.sjg.game import SjgNecromancerGame
    from warjudge.presentation.sjg.terminal import line_reader, run_session

    if vs_bot.lower() not in (*SIDES, "none"):
        _fail(f"--vs-bot is red, black or none, not {vs_bot!r}")
    bot_side = None if vs_bot.lower() == "none" else vs_bot.lower()
    # the bot's own choices never come from the dice's seed: they are seen, the seed is secret
    bot_rng = random.Random(f"bot:{seed}" if seed is not None else secrets.randbits(128))
    options = _options(scenario, first, optional, items, map_file, max_turns) if resume is None else {}
    try:
        with _session_lock(save or resume):   # the session's file is not changed by others meanwhile
            if resume is not None:
                game = _load(resume)
                save = save or resume
            else:
                game = SjgNecromancerGame.new(seed=_new_seed(seed), **options)
                _print_events(game.view(None)["events"])
            run_session(game, bot_side=bot_side, console=console, rng=bot_rng, save_path=save,
                        input_fn=line_reader(console))
    except WarjudgeError as exc:
        _fail(str(exc))


def _session_lock(path: Optional[Path]) -> AbstractContextManager[None]:
    """The lock of the file a `play` session reads and saves, for the whole session."""
    from contextlib import nullcontext

    from warjudge.core.recordfile import locked

    return locked(path) if path is not None else nullcontext()


def _board(path: Optional[Path]) -> HexMap:
    """The map at `path` (None: the shipped reconstruction), or one clear error line."""
    from warjudge.hexwar.sjg.board import load_board

    try:
        return load_board(path)
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror}")


@sjg_map_app.command("check")
def map_check(file: Path = typer.Argument(..., help="the map file to validate")) -> None:
    """Validate an SJG Necromancer map file: every broken fact is listed, then exit status 2."""
    from warjudge.hexwar.sjg.board import level4_plateaus

    board = _board(file)
    kinds: dict[str, int] = {}
    for h in board.hexes.values():
        kinds[h.terrain] = kinds.get(h.terrain, 0) + 1
    console.print(f"OK: {file} is a valid SJG Necromancer map: {board.name!r}, {board.grid.width}x{board.grid.height} "
                  f"hexes ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), {len(board.cliffs)} cliff "
                  f"hexsides, largest level-4 plateau {len(level4_plateaus(board)[0])} hexes"
                  f"{' (a reconstruction)' if board.reconstruction else ''}.", highlight=False)


@sjg_map_app.command("render")
def map_render(file: Optional[Path] = typer.Argument(None, help="your map file (default: the reconstruction)"),
               svg: Optional[Path] = typer.Option(None, help="SVG file to write"),
               png: Optional[Path] = typer.Option(None, help="PNG file to write"),
               map_file: Optional[Path] = typer.Option(None, "--map", help="the same as FILE, as 'play --map' takes it"))\
        -> None:
    """Draw the map (terrain, cliffs, Miasma spirals, skull hexes) as SVG and/or PNG."""
    if svg is None and png is None:
        _fail("say what to write: --svg FILE and/or --png FILE")
    if file is not None and map_file is not None and file != map_file:
        _fail("name the map once: FILE or --map FILE")
    board = _board(file or map_file)
    view: SjgPicture = {"board": board, "viewer": None, "turn": 0, "phasing": None, "phase": None, "scenario": None,
                        "units": [], "jewels": [], "miasma": [], "demon": None, "items": [], "sides": {},
                        "pending": None, "winner": None, "outcome": None, "moved": [], "events": []}
    _write_images(view, svg, png)


__all__ = ["sjg_app"]
