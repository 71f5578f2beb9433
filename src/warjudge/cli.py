"""Command line: `warjudge adjudicate`, `warjudge demo`, and `warjudge game ...` for a GM.

Every user error is printed as one clear line (JSON for `adjudicate`), never a traceback.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table

from warjudge.core.errors import WarjudgeError
from warjudge.core.record import GameRecord, load_game, updating
from warjudge.diplomacy.bots import random_orders
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.interface import adjudicate_document
from warjudge.diplomacy.phases import PhaseReport
from warjudge.necromancer_cli import necromancer_app

app = typer.Typer(add_completion=False, no_args_is_help=True, help="warjudge: judge and engine for fantasy wargames.")
game_app = typer.Typer(no_args_is_help=True, help="Run a Diplomacy game as a games master, one saved record per game.")
app.add_typer(game_app, name="game")
map_app = typer.Typer(no_args_is_help=True, help="Check a map file, or draw a variant's map.")
app.add_typer(map_app, name="map")
app.add_typer(necromancer_app, name="necromancer")
console = Console()
err = Console(stderr=True)


def _fail(message: str) -> None:
    err.print(f"[red]error:[/red] {escape(message)}", highlight=False)
    raise typer.Exit(2)


@app.command()
def adjudicate(file: Optional[Path] = typer.Argument(None, help="JSON document (default: standard input)")) -> None:
    """Adjudicate one phase: one JSON document in, one JSON document out."""
    try:
        text = file.read_text(encoding="utf-8") if file else sys.stdin.read()
    except OSError as exc:
        print(json.dumps({"error": f"cannot read {file}: {exc.strerror}"}))
        raise typer.Exit(2)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        print(json.dumps({"error": f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"}))
        raise typer.Exit(2)
    try:
        print(json.dumps(adjudicate_document(doc), indent=1))
    except WarjudgeError as exc:
        print(json.dumps({"error": str(exc)}))
        raise typer.Exit(2)


def _centre_table(game: DiplomacyGame, title: str) -> Table:
    table = Table(title=title)
    table.add_column("Power")
    table.add_column("Centres", justify="right")
    table.add_column("Units", justify="right")
    for power in game.map.powers:
        units = sum(1 for u in game.state.units.values() if u.power == power)
        table.add_row(power, str(len(game.state.centers.get(power, ()))), str(units))
    return table


def play_bot_game(seed: int, max_year: int, on_phase=None) -> DiplomacyGame:
    """Random bots play until someone wins or `max_year` ends."""
    rng = random.Random(seed)
    game = DiplomacyGame()
    while not game.is_over and game.state.phase.year <= max_year:
        for power in game.map.powers:
            orders = random_orders(game.map, game.state, power, rng)
            if orders:
                game.set_orders(power, orders)
        report = game.process()
        if on_phase:
            on_phase(game, report)
    return game


@app.command()
def demo(seed: int = typer.Option(1, help="seed for the bots"),
         max_year: int = typer.Option(1935, help="stop after this year if nobody has won"),
         orders: bool = typer.Option(False, "--orders", help="print every order and its result")) -> None:
    """Play and print a complete standard game between random bots."""
    console.print(f"[bold]Standard Diplomacy, random bots, seed {seed}[/bold]")
    start = 1901
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total} years"),
                  console=console, transient=False) as progress:
        task = progress.add_task("playing", total=max_year - start + 1)

        def show(game: DiplomacyGame, report: PhaseReport) -> None:
            counts = " ".join(f"{p[:3]}:{len(c)}" for p, c in sorted(report.after.centers.items()))
            progress.console.print(f"{report.phase}  {len(report.results):3d} orders  centres {counts}", highlight=False)
            if orders:
                for r in report.results:
                    progress.console.print(f"    {r.power:8} {r.canonical:28} {r.result} {r.reason}", highlight=False)
            progress.update(task, completed=min(report.after.phase.year, max_year + 1) - start,
                            description=str(report.after.phase))

        game = play_bot_game(seed, max_year, show)
    console.print(_centre_table(game, f"After {game.history[-1].phase}"))
    if game.state.winner:
        console.print(f"[bold green]{game.state.winner} wins with {len(game.state.centers[game.state.winner])} centres.[/bold green]")
    else:
        console.print(f"No winner by {max_year}: the game ends in a draw among the survivors.")


# --- games master commands ------------------------------------------------------------

def _game_of(record: GameRecord):
    """A saved game of either variant, replayed from its record."""
    from warjudge.diplomacy.variants.necromancer.game import NecromancerGame

    if record.game == "necromancer":
        return NecromancerGame.from_record(record)
    return DiplomacyGame.from_record(record)


def _load(path: Path):
    return load_game(path, _game_of)


@game_app.command("new")
def game_new(path: Path, variant: str = typer.Option("standard", help="standard or necromancer"),
             edition: str = typer.Option("2002", help="Necromancer: 2000 (English text) or 2002 (French, amended)"),
             alignment: bool = typer.Option(True, help="Necromancer: the optional Alignment rules (EN 8.1)"),
             map_file: Optional[Path] = typer.Option(None, "--map", help="Necromancer: your own map file")) -> None:
    """Start a new game saved at PATH."""
    from warjudge.diplomacy.variants.necromancer.game import NecromancerGame

    try:
        if path.exists():
            _fail(f"{path} exists; choose another file")
        if variant == "necromancer":
            game = NecromancerGame(edition, alignment, str(map_file) if map_file else None)
        else:
            game = DiplomacyGame(variant)
        game.record.save(path)
    except WarjudgeError as exc:
        _fail(str(exc))
    console.print(f"New {variant} game in {path}; now {game.state.phase}.")


@game_app.command("orders")
def game_orders(path: Path, power: str, file: Optional[Path] = typer.Argument(None, help="orders, one a line (default: stdin)")) -> None:
    """Enter POWER's orders for the current phase (replacing any given before)."""
    try:
        text = file.read_text(encoding="utf-8") if file else sys.stdin.read()
        orders = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
        with updating(path, _game_of) as game:
            game.set_orders(power.upper(), orders)
    except OSError as exc:
        _fail(f"cannot read orders: {exc.strerror}")
    except WarjudgeError as exc:
        _fail(str(exc))
    console.print(f"{len(orders)} order(s) for {power.upper()} in {game.state.phase}.")


@game_app.command("process")
def game_process(path: Path, lang: str = typer.Option("en", help="Necromancer reports: en or fr")) -> None:
    """Adjudicate the current phase and print the games master's report."""
    try:
        with updating(path, _game_of) as game:
            report = game.process()
    except WarjudgeError as exc:
        _fail(str(exc))
    _print_any_report(game, report, None, lang)


@game_app.command("draw")
def game_draw(path: Path, powers: list[str] = typer.Argument(..., help="every surviving power")) -> None:
    """End a game in a draw among all survivors (they must all consent; Necromancer EN 6.3 v)."""
    try:
        with updating(path, _game_of) as game:
            game.draw([p.upper() for p in powers])
    except WarjudgeError as exc:
        _fail(str(exc))
    console.print(f"The game is drawn between {', '.join(game.drawn)}.")


@game_app.command("show")
def game_show(path: Path, power: Optional[str] = typer.Option(None, help="show only what this power may see"),
              lang: str = typer.Option("en", help="Necromancer reports: en or fr"),
              svg: Optional[Path] = typer.Option(None, help="Necromancer: also draw this view as SVG")) -> None:
    """Show the last report and the position, as the games master or as one power."""
    try:
        game = _load(path)
    except WarjudgeError as exc:
        _fail(str(exc))
    if lang not in ("en", "fr"):
        _fail("lang is en or fr")
    viewer = power.upper() if power else None
    if hasattr(game, "rules"):  # a Necromancer game
        if viewer is not None and viewer not in game.powers:
            _fail(f"unknown power {power!r}; powers are {', '.join(game.powers)}")
        if game.history:
            _print_any_report(game, game.history[-1], viewer, lang)
        console.print(f"Now {game.state.phase}", highlight=False)
        if svg is not None and game.history:
            from warjudge.diplomacy.variants.necromancer.render import picture_of_view, render_svg

            svg.write_text(render_svg(game.map, picture_of_view(game, game.history[-1], viewer)), encoding="utf-8")
            console.print(f"Wrote {svg}.")
        return
    if game.history:
        _print_report(game.history[-1])
    console.print(f"[bold]Now {game.state.phase}[/bold]")
    for p in game.map.powers:
        units = ", ".join(str(u) for u in game.state.units.values() if u.power == p)
        console.print(f"  {p:8} {units}", highlight=False)
    console.print(_centre_table(game, "Supply centres"))


def _print_any_report(game, report, viewer, lang: str) -> None:
    if hasattr(game, "rules"):
        from warjudge.diplomacy.variants.necromancer.report import report_text

        console.print(report_text(game, report, viewer, lang), highlight=False)
    else:
        _print_report(report)


def _print_report(report: PhaseReport) -> None:
    table = Table(title=f"Results of {report.phase}")
    for col in ("Power", "Order", "Result", "Reason"):
        table.add_column(col)
    for r in report.results:
        table.add_row(r.power, r.canonical + (" (default)" if r.default else ""), r.result, r.reason)
    console.print(table)
    if report.after.dislodged:
        console.print("Dislodged: " + ", ".join(f"{d.unit.power} {d.unit} (from {d.attacker_from})"
                                               for d in report.after.dislodged), highlight=False)
    if report.after.winner:
        console.print(f"[bold green]{report.after.winner} wins.[/bold green]")


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
    console.print(f"{file}: a valid {variant} map, {count} provinces, {len(loaded.supply_centers)} supply-centre "
                  f"provinces{' (a reconstruction)' if loaded.reconstruction else ''}.", highlight=False)


@map_app.command("render")
def map_render(out: Path = typer.Option(Path("necromancer.svg"), help="SVG file to write"),
               map_file: Optional[Path] = typer.Option(None, "--map", help="your own map file")) -> None:
    """Draw the Necromancer map with its initial position as SVG."""
    from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
    from warjudge.diplomacy.variants.necromancer.render import render_svg, start_picture

    try:
        nmap = load_necromancer_map(map_file)
        out.write_text(render_svg(nmap, start_picture(nmap)), encoding="utf-8")
    except WarjudgeError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {out}: {exc.strerror}")
    console.print(f"Wrote {out}.")


def main() -> None:  # pragma: no cover - entry point
    app()
