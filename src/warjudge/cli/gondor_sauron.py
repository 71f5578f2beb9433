"""`warjudge gs ...`: play SPI's Gondor or Sauron at the terminal, one action at a time,
against a person or the bot. The game lives in a record file; every command loads it,
checks the action completely and saves it only if it was legal."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer
from rich.console import Console

from warjudge.core.errors import WarjudgeError
from warjudge.cli import shell
from warjudge.cli.shell import fail as _fail

if TYPE_CHECKING:
    from warjudge.hexwar.gondor_sauron.game import GondorSauronGame
    from warjudge.hexwar.gondor_sauron.view_types import GondorView

gs_app = typer.Typer(no_args_is_help=True, help="Play SPI's Gondor & Sauron (1977) on reconstructed data.")
out = Console(highlight=False, soft_wrap=True)
GAMES = ("gondor", "sauron")
SIDE_MARK = {"westernesse": "W", "sauron": "S"}
TERRAIN_MARK = {"clear": ".", "grove": "g", "mountain": "M", "tower": "T", "tunnel": "U"}


def _read_json(path: Path, what: str) -> Any:
    from warjudge.core.textinput import load_json, read_user_file

    return load_json(read_user_file(path, what), what)


WHAT = "a Gondor & Sauron battle"


def _loaded(path: Path) -> GondorSauronGame:
    """The battle saved at `path`, for reading; a clear error if it cannot be."""
    from warjudge.hexwar.gondor_sauron.game import GondorSauronGame

    return shell.load(path, GondorSauronGame, WHAT)


@gs_app.command("new")
def gs_new(path: Path, game: str = typer.Option("gondor", help="gondor or sauron"),
           seed: Optional[int] = typer.Option(None, help="a fixed seed for a reproducible game"),
           scenario: Optional[Path] = typer.Option(None, help="your scenario file (docs/gondor-sauron-formats.md)"),
           charts: Optional[Path] = typer.Option(None, help="your charts file (docs/gondor-sauron-formats.md)"),
           max_turns: Optional[int] = typer.Option(None, help="end the battle after this Game-Turn")) -> None:
    """Start a battle in a new record file."""
    from warjudge.core import games
    from warjudge.core.textinput import path_exists
    from warjudge.hexwar.gondor_sauron.game import GondorSauronGame

    try:
        if game not in GAMES:
            _fail(f"--game must be gondor or sauron, not {game!r}")
        if path_exists(path, "file"):
            _fail(f"{path} exists; choose another file")
        options: dict[str, Any] = {k: v for k, v in (("max_turns", max_turns),) if v is not None}
        if scenario:
            options["scenario"] = _read_json(scenario, "scenario file")
        if charts:
            options["charts"] = _read_json(charts, "charts file")
        g = games.new(game, seed=seed, **options)
        assert isinstance(g, GondorSauronGame)
        g.record.save(path)
    except WarjudgeError as exc:
        _fail(str(exc))
    out.print(f"{g.view(None)['scenario']}: saved to {path}. {g.to_act()[0]} acts first.")


@gs_app.command("show")
def gs_show(path: Path) -> None:
    """The map (W/S a combat unit, lower case if disrupted, + with a Leader, * a Leader
    alone; otherwise terrain and city level), the pieces and who acts."""
    out.print(render(_loaded(path)))


@gs_app.command("legal")
def gs_legal(path: Path) -> None:
    """Number the legal actions of the side to act."""
    g = _loaded(path)
    outcome = g.outcome()
    if outcome is not None:
        out.print(f"The battle is over: {outcome.to_json()}")
        return
    side = g.to_act()[0]
    decision = g.decision(side)
    assert decision is not None   # the side to act always has one
    out.print(f"{side} to act ({decision.kind}):")
    for i, action in enumerate(g.legal_actions(side), 1):
        out.print(f"{i:4d}  {json.dumps(action)}")


@gs_app.command("act")
def gs_act(path: Path, side: str, action: str = typer.Argument(..., help="a number from 'legal', or the action as JSON"),
           ) -> None:
    """Play one action for SIDE."""
    from warjudge.hexwar.gondor_sauron.game import GondorSauronGame

    with shell.updating(path, GondorSauronGame, WHAT) as g:
        _play(g, side, action)
        out.print(_last_events(g))


@gs_app.command("bot")
def gs_bot(path: Path, side: str, kind: str = typer.Option("heuristic", help="heuristic or random"),
           seed: int = typer.Option(0, help="the bot's own choices (never the game's dice)")) -> None:
    """Let the bot play SIDE until the other side must act or the battle ends."""
    from warjudge.hexwar.gondor_sauron.bots import heuristic_action, random_action
    from warjudge.hexwar.gondor_sauron.game import GondorSauronGame

    bot = {"heuristic": heuristic_action, "random": random_action}.get(kind) or _fail("--kind: heuristic or random")
    with shell.updating(path, GondorSauronGame, WHAT) as g:
        rng = random.Random(seed + len(g.record.actions))
        played = 0
        while not g.is_over and g.to_act() == (side,):
            g.act(side, bot(g, side, rng))
            played += 1
        out.print(f"the bot played {played} action(s) for {side}")


def _play(g: GondorSauronGame, side: str, text: str) -> None:
    from warjudge.core.errors import IllegalAction

    if side not in g.to_act():
        raise IllegalAction(f"{side} is not to act now ({', '.join(g.to_act()) or 'nobody'} is)")
    legal = g.legal_actions(side)
    if text.strip().isdigit():
        n = int(text)
        if not 1 <= n <= len(legal):
            raise IllegalAction(f"choose an action from 1 to {len(legal)} ('warjudge gs legal FILE')")
        g.act(side, legal[n - 1])
        return
    try:
        action = json.loads(text)
    except ValueError:
        raise IllegalAction("give a number from 'warjudge gs legal FILE' or an action as JSON") from None
    g.act(side, action)


def _last_events(g: GondorSauronGame) -> str:
    return "\n".join(json.dumps(e) for e in g.view(None)["events"][-5:])


def render(g: GondorSauronGame) -> str:
    """Rows of hexes, even rows shifted half a hex; then the pieces and the state: drawn
    from the full view on the public map (the terminal is shared, so what lies under the
    cauldrons, which the full view holds, is not printed)."""
    view, m = g.view(None), g.public_map
    units = {u["hex"]: u for u in view["units"]}
    led = {ldr["hex"] for ldr in view["leaders"]}
    lines = [f"{view['scenario']}  turn {view['turn']}/{view['last_turn']} phase {view['phase']}"
             + (" (night)" if view["night"] else "") + f"  to act: {', '.join(view['to_act']) or '-'}"]
    lines.append("     " + "".join(f"{c:<3d}" for c in range(1, m.grid.width + 1)))
    for r in range(1, m.grid.height + 1):
        cells = []
        for c in range(1, m.grid.width + 1):
            h = f"{c:02d}{r:02d}"
            if h in units:
                mark = SIDE_MARK[units[h]["side"]]
                cells.append((mark.lower() if units[h]["disrupted"] else mark) + ("+" if h in led else " "))
            elif h in led:
                cells.append("* ")
            else:
                cells.append(f"{TERRAIN_MARK[m.terrain(h)]}{m.level(h)}")
        lines.append(f"{r:02d}  " + (" " if r % 2 == 0 else "") + " ".join(cells))
    walls = sum(1 for v in m.sides.values() if v == "wall")
    special = ", ".join(f"{v} {'-'.join(sorted(k))}" for k, v in sorted(m.sides.items(), key=lambda kv: sorted(kv[0]))
                        if v != "wall")
    lines.append(f"walls: {walls} hexsides, between hexes of different city levels" + (f"; {special}" if special else ""))
    lines += _pieces(view)
    if view["breached"]:
        lines.append("breached: " + ", ".join("-".join(hexes) for hexes in view["breached"]))
    if view["waiting"] or view["to_come"]:
        lines.append(f"to enter: {', '.join(view['waiting']) or '-'}  still to come: {', '.join(view['to_come']) or '-'}")
    lines.append(f"losses {view['losses']}  levels {view['levels']}  demoralized {view['demoralized'] or 'none'}")
    outcome = g.outcome()
    if outcome is not None:
        lines.append(f"over: {outcome.to_json()}")
    return "\n".join(lines)


def _pieces(view: GondorView) -> list[str]:
    """A line a piece, by side: combat units, Leaders, siege engines, cauldrons (which are
    dummies is not shown), the pedestal."""
    lines = []
    for u in sorted(view["units"], key=lambda u: (u["side"], u["id"])):
        flags = " reduced" * u["reduced"] + " disrupted" * u["disrupted"]
        lines.append(f"  {u['hex']} {SIDE_MARK[u['side']]} {u['id']} {u['ratings']} {u['kind']}{flags}")
    for ldr in sorted(view["leaders"], key=lambda x: (x["side"], x["id"])):
        lines.append(f"  {ldr['hex']} {SIDE_MARK[ldr['side']]} Leader {ldr['id']} rally {ldr['rally']}"
                     + (f" magic {ldr['magic']}" if ldr["magic"] is not None else ""))
    for e in sorted(view["engines"], key=lambda e: (e["side"], e["id"])):
        lines.append(f"  {e['hex']} {SIDE_MARK[e['side']]} {e['kind'].replace('_', ' ')} {e['id']}")
    for pot in view["cauldrons"]:
        lines.append(f"  {pot['hex']} {SIDE_MARK['westernesse']} cauldron {pot['id']}"
                     + (f" poured {pot['poured']}" * bool(pot["poured"])))
    if view["pedestal"]:
        lines.append(f"  {view['pedestal']['hex']} {SIDE_MARK['sauron']} pedestal of {view['pedestal']['leader']}")
    return lines


__all__ = ["gs_app", "render"]
