"""`warjudge diplomacy ...`: standard Diplomacy and, with `--variant necromancer`, the
Middle-earth variant: `adjudicate`, `demo`, the games-master commands (`new`, `orders`,
`process`, `draw`, `show`) and `map`.

Every user error is printed as one clear line (JSON for `adjudicate`), never a traceback.
"""

from __future__ import annotations

import json
import os
import random
import stat
import sys
from pathlib import Path
from contextlib import AbstractContextManager
from typing import Any, Callable, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table
from rich.text import Text

from warjudge.core import games
from warjudge.core.errors import WarjudgeError
from warjudge.core.textinput import (
    MAX_FILE_BYTES, UnusableInput, decode_utf8, load_json, path_exists, read_user_file,
)
from warjudge.diplomacy.bots import bot_action
from warjudge.diplomacy.game import VARIANT_GAMES, DiplomacyGame
from warjudge.diplomacy.interface import adjudicate_document
from warjudge.cli import shell
from warjudge.cli.shell import fail as _fail
from warjudge.diplomacy.family import DiplomacyFamily
from warjudge.diplomacy.phases import GameState, Phase
from warjudge.diplomacy.report import PhaseReport
from warjudge.diplomacy.results import Dislodged
from warjudge.diplomacy.view_types import DiplomacyView

diplomacy_app = typer.Typer(no_args_is_help=True, help="Diplomacy: standard, and the Middle-earth variant with "
                            "--variant necromancer. Adjudicate, play a demo, run a game as its games master, "
                            "check or draw maps.")
map_app = typer.Typer(no_args_is_help=True, help="Check a map file, or draw a variant's map.")
diplomacy_app.add_typer(map_app, name="map")
console = Console(soft_wrap=True)   # piped to a file, lines are never wrapped or cut
err = Console(stderr=True, soft_wrap=True)


def _say(text: str) -> None:
    """Print text that may hold what users wrote: never interpreted as markup."""
    console.print(text, markup=False, highlight=False)


def _stdin_text(what: str) -> str:
    """Standard input as UTF-8 text, size-capped like a file (core.textinput)."""
    stream = getattr(sys.stdin, "buffer", None)
    data = stream.read(MAX_FILE_BYTES + 1) if stream is not None else sys.stdin.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise UnusableInput(what, f"larger than {MAX_FILE_BYTES:,} bytes")
    return decode_utf8(data, what) if isinstance(data, bytes) else data


@diplomacy_app.command()
def adjudicate(file: Optional[Path] = typer.Argument(None, help="JSON document (default: standard input)")) -> None:
    """Adjudicate one phase: one JSON document in, one JSON document out (docs/interface.md).
    Without "view" the output is the GM's: it holds every secret of a Necromancer phase."""
    try:
        text = read_user_file(file, "phase document") if file else _stdin_text("standard input")
        out = adjudicate_document(load_json(text, "the document"))
    except WarjudgeError as exc:
        print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        raise typer.Exit(2)
    print(json.dumps(out, indent=1, ensure_ascii=False))


def _centre_table(view: DiplomacyView, title: str) -> Table:
    """Centres and units per power, from a standard game's view."""
    table = Table(title=title)
    table.add_column("Power")
    table.add_column("Centres", justify="right")
    table.add_column("Units", justify="right")
    for power, centres in view["supply_centers"].items():
        table.add_row(power, str(len(centres)), str(len(view["units"][power])))
    return table


def play_bot_game(seed: int, max_year: int,
                  on_phase: Callable[[DiplomacyGame, PhaseReport[Phase, GameState, Dislodged, None]], None] | None = None
                  ) -> DiplomacyGame:
    """Bots play until someone wins or `max_year` ends, through the game interface only:
    each power to act gives one action chosen from its legal actions, and the game
    adjudicates each phase once every power is done."""
    rng = random.Random(seed)
    game = DiplomacyGame(max_year=max_year)
    while not game.is_over:
        seen = len(game.history)
        for power in game.to_act():
            while power in game.to_act() and len(game.history) == seen:
                game.act(power, bot_action(game, power, rng))
        if on_phase:
            for report in game.history[seen:]:
                on_phase(game, report)
    return game


@diplomacy_app.command()
def demo(seed: int = typer.Option(1, help="seed for the bots"),
         max_year: int = typer.Option(1935, help="stop after this year if nobody has won"),
         orders: bool = typer.Option(False, "--orders", help="print every order and its result")) -> None:
    """Play and print a complete standard game between random bots."""
    console.print(f"[bold]Standard Diplomacy, random bots, seed {seed}[/bold]")
    start = 1901
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total} years"),
                  console=console, transient=False) as progress:
        task = progress.add_task("playing", total=max_year - start + 1)

        def show(game: DiplomacyGame, report: PhaseReport[Phase, GameState, Dislodged, None]) -> None:
            counts = " ".join(f"{p[:3]}:{len(c)}" for p, c in sorted(report.after.centers.items()))
            progress.console.print(f"{report.phase}  {len(report.results):3d} orders  centres {counts}", highlight=False)
            if orders:
                for r in report.results:
                    progress.console.print(f"    {r.power:8} {r.canonical:28} {r.result} {r.reason}", highlight=False)
            progress.update(task, completed=min(report.after.phase.year, max_year + 1) - start,
                            description=str(report.after.phase))

        game = play_bot_game(seed, max_year, show)
    console.print(_centre_table(game.view(None), f"After {game.history[-1].phase}"))
    outcome = game.outcome()
    if outcome is not None and outcome.reason == "victory":
        winner = outcome.winners[0]
        console.print(f"[bold green]{winner} wins with {int(outcome.scores[winner])} centres.[/bold green]")
    else:
        console.print(f"No winner by {max_year}: the game ends in a draw among the survivors.")


# --- games master commands ------------------------------------------------------------

PRIVATE = ("The game file holds every order and secret: keep it; never send it to a player. "
           "Send each power the output of 'warjudge diplomacy show --power POWER'.")


def _check_game_file(path: Path) -> None:
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror}")
    if not stat.S_ISREG(mode):
        _fail(f"{path} is not a regular file, so not a saved game")


def _load(path: Path) -> DiplomacyFamily:
    """The Diplomacy game at PATH (any variant, through the registry), for reading only."""
    _check_game_file(path)
    return shell.load(path, DiplomacyFamily, "a Diplomacy game")


def _updating(path: Path) -> AbstractContextManager[DiplomacyFamily]:
    """The Diplomacy game at PATH, locked from load to save (cli/shell.py)."""
    _check_game_file(path)
    return shell.updating(path, DiplomacyFamily, "a Diplomacy game")


def _save(game: DiplomacyFamily, path: Path) -> None:
    try:
        game.record.save(path)
    except (OSError, WarjudgeError) as exc:
        _fail(f"cannot write {path}: {getattr(exc, 'strerror', None) or exc}")


def _check_lang(lang: str) -> None:
    from warjudge.presentation.necromancer_diplomacy.report import LANGS

    if lang not in LANGS:
        _fail(f"--lang {lang!r}: reports are in {' or '.join(LANGS)}")


def _check_new_file(path: Path) -> None:
    try:
        taken = path_exists(path, "game file")
    except WarjudgeError as exc:
        _fail(str(exc))
    if taken:
        _fail(f"{path} exists; choose another file")
    if not os.path.isdir(path.parent):
        _fail(f"cannot create {path}: the folder {path.parent} does not exist")


@diplomacy_app.command("new")
def game_new(path: Path, variant: str = typer.Option("standard", help="standard or necromancer"),
             edition: Optional[str] = typer.Option(None, help="Necromancer: 2000 (English text) or 2002 "
                                                   "(French, amended; the default)"),
             alignment: Optional[bool] = typer.Option(None, help="Necromancer: the optional Alignment rules "
                                                      "(EN 8.1; on by default)"),
             map_file: Optional[Path] = typer.Option(None, "--map", help="Necromancer: your own map file (its "
                                                     "content is stored in the game file)")) -> None:
    """Start a new game saved at PATH (the GM's file: it will hold every secret); its phases
    wait for 'diplomacy process'."""
    if variant not in VARIANT_GAMES:
        _fail(f"unknown variant {variant!r}; available: {', '.join(VARIANT_GAMES)}")
    game_class: type[DiplomacyFamily] = games.info(VARIANT_GAMES[variant]).game_class()
    given = {name: value for name, value in (("edition", edition), ("alignment", alignment), ("map", map_file))
             if value is not None}
    foreign = [name for name in given if name not in {o.name for o in game_class.option_descriptions()}]
    if foreign:
        owners = [v for v, g in VARIANT_GAMES.items()
                  if set(foreign) <= {o.name for o in games.options(g)}]
        _fail(f"{', '.join('--' + n for n in foreign)}: {' or '.join(owners).capitalize()} options; "
              f"this is a {variant} game")
    _check_new_file(path)
    try:
        if map_file is not None:
            given["map"] = game_class.option_from_file("map", map_file)
        game = games.new(VARIANT_GAMES[variant], seed=0, gm_adjudicates=True, **given)
    except WarjudgeError as exc:
        _fail(str(exc))
    assert isinstance(game, DiplomacyFamily)   # the registry's Diplomacy games are
    _save(game, path)
    _say(f"New {variant} game in {path}; now {game.phase_name()}.\n{PRIVATE}")


def _read_orders(file: Optional[Path]) -> list[str]:
    text = read_user_file(file, "orders file") if file else _stdin_text("standard input")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


@diplomacy_app.command("orders")
def game_orders(path: Path, power: str,
                file: Optional[Path] = typer.Argument(None, help="orders, one a line (default: stdin)"),
                keep_void: bool = typer.Option(False, "--keep-void", help="record the orders even if some are "
                                               "void (the judge treats those as the rules say: in a standard game a "
                                               "void line is left out and its unit takes the default, holding or "
                                               "disbanding); exit status 1")
                ) -> None:
    """Enter POWER's orders for the current phase (replacing any given before). Each order is
    checked at once: any void order is reported and nothing is saved (exit 2) unless --keep-void."""
    power = power.upper()
    _check_game_file(path)
    try:
        orders = _read_orders(file)
    except WarjudgeError as exc:
        _fail(str(exc))
    with _updating(path) as game:
        problems = game.order_problems(power, orders)
        for text, reason in problems:
            err.print(Text(f"void: {text}: {reason}"), highlight=False)
        if problems and not keep_void:
            _fail(f"{len(problems)} of {len(orders)} order(s) for {power} are void; nothing was saved "
                  "(correct them, or add --keep-void to record them as given)")
        game.set_orders(power, orders)
    _say(f"{len(orders)} order(s) for {power} in {game.phase_name()}.")
    if problems:
        raise typer.Exit(1)


@diplomacy_app.command("process")
def game_process(path: Path, lang: str = typer.Option("en", help="the report's language: en or fr "
                                                     "(standard games: the reasons)"),
                 force: bool = typer.Option(False, "--force", help="process TA 2750 without Saruman's third "
                                            "army (it is then lost)")) -> None:
    """Adjudicate the current phase and print the GAMES MASTER'S report (every secret: never
    forward it; send each power 'warjudge diplomacy show --power POWER')."""
    _check_lang(lang)
    with _updating(path) as game:
        missing = "" if force else game.opening_warning()
        if missing:
            _fail(missing)
        game.process()
        text = _report_text(game, None, lang, None)   # rendered before anything is written
    _say(text)


@diplomacy_app.command("draw")
def game_draw(path: Path, powers: list[str] = typer.Argument(..., help="every surviving power")) -> None:
    """End a game in a draw among all survivors (they must all consent; Necromancer EN 6.3 v)."""
    with _updating(path) as game:
        game.draw([p.upper() for p in powers])
        outcome = game.outcome()
        assert outcome is not None   # a draw the game took ends it
        drawn = outcome.winners
    _say(f"The game is drawn between {', '.join(drawn)}.")


@diplomacy_app.command("show")
def game_show(path: Path, power: Optional[str] = typer.Option(None, help="only what this power may see: the "
                                                               "report to mail it"),
              lang: str = typer.Option("en", help="the report's language: en or fr (standard games: the "
                                       "reasons)"),
              phase: Optional[str] = typer.Option(None, help="a past phase's report, e.g. TA2780M or F1901M"),
              svg: Optional[Path] = typer.Option(None, help="also draw the board as this viewer sees it now, "
                                                 "as SVG")) -> None:
    """Show the last report (or --phase) and the position: as a power sees it with --power,
    else the GAMES MASTER'S copy with every secret (never forward that one)."""
    _check_lang(lang)
    game = _load(path)
    viewer = power.upper() if power else None
    if viewer is not None and viewer not in game.powers:
        _fail(f"unknown power {viewer!r}; powers are {', '.join(game.powers)}")
    if svg is not None and phase is not None:
        _fail("--svg draws the board as it is now; leave out --phase")
    try:
        text = _report_text(game, viewer, lang, phase)
        board = games.info(game.game_id).board_renderer()
        picture = board(game, game.view(viewer), lang) if svg is not None and board is not None else None
    except WarjudgeError as exc:
        _fail(str(exc))
    if picture is not None and svg is not None:
        try:
            svg.write_text(picture, encoding="utf-8")
        except OSError as exc:
            _fail(f"cannot write {svg}: {exc.strerror}")
    _say(text)
    if picture is not None:
        _say(f"Wrote {svg}.")


def _report_text(game: DiplomacyFamily, viewer: str | None, lang: str, phase: str | None) -> str:
    """The game's report of `phase` (None: the last), through its registered report printer."""
    printer = games.info(game.game_id).report_printer()
    assert printer is not None   # every Diplomacy game registers one (core/games.py)
    return printer(game, viewer, lang, phase)


# --- maps ---------------------------------------------------------------------------

MAP_VARIANTS = ("standard", "necromancer")


@map_app.command("check")
def map_check(file: Path, variant: str = typer.Option("necromancer", help="standard or necromancer")) -> None:
    """Validate a map file (e.g. your transcription of the official Necromancer map):
    every broken fact is listed, then the exit status is 2."""
    from warjudge.diplomacy.mapdata import load_map
    from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map

    if variant not in MAP_VARIANTS:
        _fail(f"unknown variant {variant!r}; maps exist for {', '.join(MAP_VARIANTS)}")
    try:
        loaded = load_necromancer_map(file) if variant == "necromancer" else load_map(file)
    except WarjudgeError as exc:
        _fail(str(exc))
    count = len(loaded.provinces)
    _say(f"{file}: a valid {variant} map, {count} provinces, {len(loaded.supply_centers)} supply-centre "
         f"provinces{' (a reconstruction)' if loaded.reconstruction else ''}.")


@map_app.command("render")
def map_render(out: Path = typer.Option(Path("necromancer.svg"), help="SVG file to write"),
               map_file: Optional[Path] = typer.Option(None, "--map", help="your own map file")) -> None:
    """Draw the Necromancer map with its initial position as SVG."""
    from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
    from warjudge.presentation.necromancer_diplomacy.render import render_svg, start_picture

    try:
        nmap = load_necromancer_map(map_file)
        out.write_text(render_svg(nmap, start_picture(nmap)), encoding="utf-8")
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {out}: {exc.strerror}")
    _say(f"Wrote {out}.")


@map_app.command("picture")
def map_picture(file: Optional[Path] = typer.Argument(None, help="your map file (default: the shipped one)"),
                variant: str = typer.Option("necromancer", help="standard or necromancer"),
                layout: Optional[Path] = typer.Option(None, help="where the provinces sit (standard_layout.json's format)"),
                out: Optional[Path] = typer.Option(None, help="SVG file to write the picture to")) -> None:
    """Check the map as a picture (issue 14): every adjacency shows as a shared border or a
    drawn crossing, no two strangers share a border; problems are listed, exit status 2."""
    from warjudge.diplomacy.mapdata import load_map
    from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
    from warjudge.presentation.diplomacy_map import check_map, render_map
    from warjudge.presentation.diplomacy_map.boards import board_for
    from warjudge.presentation.diplomacy_map.layout import load_layout

    if variant not in MAP_VARIANTS:
        _fail(f"unknown variant {variant!r}; maps exist for {', '.join(MAP_VARIANTS)}")
    try:
        loaded: Any = variant if file is None else load_necromancer_map(file) if variant == "necromancer" \
            else load_map(file)
        board = board_for(loaded, load_layout(layout) if layout is not None else None)
        problems = check_map(board)
        svg = render_map(board, {}) if out is not None else ""
        if out is not None:
            out.write_text(svg, encoding="utf-8")
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {out}: {exc.strerror}")
    if out is not None:
        _say(f"Wrote {out}.")
    if problems:
        _fail(f"{len(problems)} problem(s) in the picture of {file or variant}:\n"
              + "\n".join(f"  - {p}" for p in problems))
    _say(f"{file or variant}: every adjacency can be seen and no two strangers share a border.")
