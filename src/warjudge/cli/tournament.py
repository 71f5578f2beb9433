"""`warjudge tournament GAME --bots A,B --games N`: bots against each other on a fixed
schedule (`core.tournament`), in worker processes, one JSONL line per game (`--out`) and a
table of wins, Wilson intervals, Bradley–Terry ratings and CPU per decision. `--ray ADDRESS`
plays the same matches on a Ray cluster instead (the `ray` extra), because self-play
outgrows one machine; every node needs warjudge installed.

The lines are written in schedule order whatever order the workers finish in, so the
same seed gives the same file (CPU times aside) with any --jobs.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import socket
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import IO, Any, Iterator, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich import box
from rich.table import Table

from warjudge.cli.games import parse_options
from warjudge.core import games
from warjudge.core.errors import InputError, WarjudgeError
from warjudge.core.ratings import mean_interval, wilson
from warjudge.core.tournament import Match, alone, by_seat, play_match, schedule, table, turn_limit

_out = Console(width=max(Console().width, 100))   # the table whole, also when written to a file
_err = Console(stderr=True)


def _reachable(address: str) -> None:
    """Refuse a HOST:PORT (or ray://HOST:PORT) nothing listens on at once: Ray itself
    retries such an address for minutes."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return   # "local", "auto": Ray finds (or starts) its own
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as exc:
        raise InputError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None


def _ray_results(matches: list[Match], address: str) -> Iterator[dict[str, Any]]:
    """Result lines as a Ray cluster finishes them; "local" starts a Ray for this run only."""
    import ray

    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise InputError(f"cannot reach the Ray cluster at {address!r}: {exc}") from None
    try:
        remote = ray.remote(play_match)
        waiting = [remote.remote(m) for m in matches]
        while waiting:
            finished, waiting = ray.wait(waiting, num_returns=1)
            yield ray.get(finished[0])
    finally:
        ray.shutdown()


def _results(matches: list[Match], jobs: int, ray_address: Optional[str] = None) -> Iterator[dict[str, Any]]:
    """Result lines as games finish: on Ray, in `jobs` processes, or in this one."""
    if ray_address is not None:
        yield from _ray_results(matches, ray_address)
        return
    if jobs == 1:
        yield from map(play_match, matches)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures: list[Future[dict[str, Any]]] = [pool.submit(play_match, m) for m in matches]
        for future in as_completed(futures):
            yield future.result()


def run(matches: list[Match], jobs: int, out: Optional[IO[str]],
        ray_address: Optional[str] = None) -> list[dict[str, Any]]:
    """Play every match with a progress bar; write the lines to `out` in schedule order
    (the matches are a tail of the schedule when a run is resumed)."""
    done: dict[int, dict[str, Any]] = {}
    written = matches[0].index if matches else 0
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=_err, transient=True) as progress:
        task = progress.add_task(matches[0].game.id if matches else "", total=len(matches))
        for line in _results(matches, jobs, ray_address):
            done[line["index"]] = line
            while written in done and out is not None:
                out.write(json.dumps(done[written], sort_keys=True) + "\n")
                out.flush()
                written += 1
            progress.advance(task)
    return [done[i] for i in sorted(done)]


def show(lines: list[dict[str, Any]]) -> None:
    rows = Table(title=f"{lines[0]['game']}: {len(lines)} games", box=box.SIMPLE_HEAD)
    for heading in ("bot", "games", "won", "drawn", "lost", "win %", "95 % CI", "Elo", "CPU ms/dec.", "longest s"):
        rows.add_column(heading, justify="left" if heading == "bot" else "right")
    for r in table(lines):
        low, high = r.win_interval
        cpu = "-" if r.cpu_ms_per_decision is None else f"{r.cpu_ms_per_decision:.2f}"
        longest = "-" if r.cpu_s_longest is None else f"{r.cpu_s_longest:.2f}"
        rows.add_row(r.bot, str(r.games), str(r.wins), str(r.draws), str(r.losses), f"{r.wins / r.games:.1%}",
                     f"{low:.1%}-{high:.1%}", f"{r.elo:+.0f}", cpu, longest)
    _out.print(rows)
    seats = Table(title="by seat: a bot alone at a seat", box=box.SIMPLE_HEAD)
    for heading in ("bot", "seat", "against", "won", "drawn", "lost", "win %", "95 % CI"):
        seats.add_column(heading)
    for (bot, seat, other), (won, drawn, lost) in sorted(by_seat(lines).items()):
        low, high = wilson(won, won + drawn + lost)
        seats.add_row(bot, seat, other, str(won), str(drawn), str(lost), f"{won / (won + drawn + lost):.1%}",
                      f"{low:.1%}-{high:.1%}")
    _out.print(seats)
    show_alone(lines)


def show_alone(lines: list[dict[str, Any]]) -> None:
    """With more than two seats: each lone bot's solos and sum-of-squares share."""
    summary = alone(lines)
    if not summary:
        return
    shares = Table(title="a bot alone against copies of another: solos and sum-of-squares share", box=box.SIMPLE_HEAD)
    for heading in ("bot", "against", "games", "solos", "solo %", "95 % CI", "share", "95 % CI"):
        shares.add_column(heading, justify="left" if heading in ("bot", "against") else "right")
    for a in summary:
        low, high = wilson(a.solos, a.games)
        share, interval = "-", "-"   # no game scored every seat
        if a.shares:
            mean, below, above = mean_interval(list(a.shares))
            share, interval = f"{mean:.1%}", f"{below:.1%}-{above:.1%}"
        shares.add_row(a.bot, a.against, str(a.games), str(a.solos), f"{a.solos / a.games:.1%}", f"{low:.1%}-{high:.1%}",
                       share, interval)
    _out.print(shares)


def tournament_command(
    game: str = typer.Argument(..., help="a game id (see `warjudge games`)"),
    bot_list: str = typer.Option(..., "--bots", help="two or more different bots, comma-separated "
                                 "(see `warjudge games`); a search bot may name its think budget, "
                                 "e.g. search:quick,search:long,heuristic"),
    games_per_pairing: int = typer.Option(..., "--games", help="games for each pairing of two bots"),
    jobs: int = typer.Option(1, help="worker processes"),
    ray_address: Optional[str] = typer.Option(None, "--ray", metavar="ADDRESS",
                                              help="play on this Ray cluster instead ('local' starts one for the "
                                              "run; needs the ray extra)"),
    seed: int = typer.Option(1, help="the tournament's seed: the same seed plays the same games"),
    max_turns: Optional[int] = typer.Option(None, help="end every game after this many turns (Diplomacy: years)"),
    option: Optional[list[str]] = typer.Option(None, help="a game option NAME=VALUE, as for `warjudge selfplay`; "
                                               "repeatable"),
    out: Optional[Path] = typer.Option(None, help="write one JSON line per game to this file"),
    lone: Optional[str] = typer.Option(None, help="play only the pairings in which this bot is alone "
                                       "(Diplomacy: it against six of each other bot, not the reverse)"),
    resume: bool = typer.Option(False, help="keep the games already in --out (a run stopped early, the same "
                                "command) and play only the rest, appended"),
) -> None:
    """Play every pairing of the bots N games, seats rotated, and print the table."""
    try:
        if jobs < 1:
            raise InputError("--jobs must be at least 1")
        if ray_address is not None and importlib.util.find_spec("ray") is None:
            raise InputError("--ray needs Ray: pip install 'warjudge[ray]'")
        if ray_address is not None:
            _reachable(ray_address)
        if max_turns is not None and max_turns < 1:
            raise InputError("--max-turns must be at least 1")
        game_id = games.info(game).id
        options = parse_options(option or [], games.options(game_id))
        if max_turns is not None:
            options.update(turn_limit(game_id, max_turns))
        matches = schedule(game_id, [name.strip() for name in bot_list.split(",")], games_per_pairing, seed, options,
                           lone=lone.strip() if lone is not None else None)
        kept = _kept(out, matches) if resume else []
        matches = matches[len(kept):]
        handle = out.open("a" if resume else "w", encoding="utf-8") if out is not None else None
    except (WarjudgeError, OSError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    try:
        lines = kept + run(matches, jobs, handle, ray_address)
    except WarjudgeError as exc:   # a game a bot could not go on with: say which, keep the lines so far
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1)
    finally:
        if handle is not None:
            handle.close()
    show(lines)


def _kept(out: Optional[Path], matches: list[Match]) -> list[dict[str, Any]]:
    """The lines of a stopped run of this same schedule that `--resume` keeps: they must
    be its first games, in order (the lines are written in schedule order)."""
    if out is None:
        raise InputError("--resume needs --out, the file of the run to go on with")
    if not out.exists():
        return []
    lines = read_results([out]) if out.stat().st_size else []
    if len(lines) > len(matches):
        raise InputError(f"{out} holds {len(lines)} games, more than this run's {len(matches)}: not the same run")
    for number, (line, match) in enumerate(zip(lines, matches), 1):
        if (line.get("index"), line.get("seed"), line["seats"], line.get("options")) != \
                (match.index, match.seed, match.seats, match.options):
            raise InputError(f"{out}:{number}: not game {match.index} of this run (another seed, bots or options)")
    return lines


RESULT_KEYS = ("game", "seats", "lone", "pairing", "outcome", "winner", "cpu_s", "decisions")


def read_results(paths: list[Path]) -> list[dict[str, Any]]:
    """The result lines of one game's tournament files, pooled in file order; a file that
    is not such lines, or a game given twice, is refused with the line it fails on."""
    lines: list[dict[str, Any]] = []
    played: set[str] = set()
    for path in paths:
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            try:
                line = json.loads(text)
            except ValueError:
                raise InputError(f"{path}:{number}: not a JSON line") from None
            missing = [key for key in RESULT_KEYS if not isinstance(line, dict) or key not in line]
            if missing:
                raise InputError(f"{path}:{number}: not a tournament result (no {missing[0]!r})")
            if lines and line["game"] != lines[0]["game"]:
                raise InputError(f"{path}:{number}: a {line['game']} result among {lines[0]['game']} ones")
            match = json.dumps([line.get("seed"), line.get("options"), line["seats"]], sort_keys=True)
            if match in played:   # the same seed, options and seats: the same game, counted twice
                raise InputError(f"{path}:{number}: a game already counted (the same seed and seats)")
            played.add(match)
            lines.append(line)
    if not lines:
        raise InputError("no results in " + ", ".join(map(str, paths)))
    return lines


def table_command(files: list[Path] = typer.Argument(..., help="result files written by `warjudge tournament --out`")) -> None:
    """Print the tables of tournament result files: a run stopped early, or several pooled."""
    try:
        lines = read_results(files)
    except (WarjudgeError, OSError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    show(lines)


__all__ = ["read_results", "run", "show", "table_command", "tournament_command"]
