"""Helpers for the SJG Necromancer rule tests (tests/hexwar/sjg/test_sjg_*.py).

* `make_map(...)`: a 23x17 test map, all level-1 plateau, plus the few features a test
  needs (other levels, slopes, monoliths, cliffs). Loaded with `facts=None`, so the
  Necromancer map facts (board.py) are not enforced on it.
* `start(units, ...)`: a game whose set-up is skipped: the units are placed directly,
  both sides are counted (3.1) and the engine's own `_start_turn` begins the first
  player's turn. Returns the game and a dict name -> Unit.
* Dice: `start` replaces `game.dice` with a `ScriptedDice`; every `roll(6)` pops the next
  scripted value and an unscripted roll fails the test, so a test also proves which dice
  the rules call for. Script more with `game.dice.push(...)`; `two(total)` splits a
  two-dice total into two die faces.
* `refused(game, action)`: the action raises IllegalAction and changes nothing.
"""

from __future__ import annotations

import copy
import json
from dataclasses import asdict
from typing import Any

import pytest

from warjudge.presentation.sjg.wording_en import lines as log_lines
from warjudge.hexwar.decisions import IllegalAction
from warjudge.hexwar.grid import Grid
from warjudge.hexwar.hexmap import HexMap, load_hexmap
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.state import SIDES, recount
from warjudge.hexwar.sjg.tables import UnitType
from tests.support.sjg_act import act_as_its_side

GRID = Grid(23, 17)
DEFAULT_POINTS = {"miasma:1-2": "0404", "miasma:3-4": "1209", "miasma:5-6": "2004",
                  "start:red": "0414", "start:black": "2014"}
FILL_ROWS = {"red": (1, 2, 3), "black": (17, 16, 15)}  # far from the action (rows 5-13)


class ScriptedDice:
    """Stands in for `game.dice`: `roll(6)` returns the scripted faces in order."""

    def __init__(self, *faces: int):
        self.faces = list(faces)
        self.rolled: list[int] = []

    def push(self, *faces: int) -> None:
        self.faces.extend(faces)

    def roll(self, sides: int = 6) -> int:
        assert sides == 6, "Necromancer uses six-sided dice only (SJG 2.4)"
        assert self.faces, "the engine rolled a die the test did not script"
        face = self.faces.pop(0)
        assert 1 <= face <= 6
        self.rolled.append(face)
        return face

    def state(self) -> dict[str, Any]:
        return {"left": list(self.faces), "rolled": len(self.rolled)}


def two(total: int) -> tuple[int, int]:
    """Two die faces summing to `total` (2-12)."""
    assert 2 <= total <= 12
    first = min(6, total - 1)
    return first, total - first


def nb(h: str, direction: str) -> str:
    """The neighbour of `h` by compass name: NE, E, SE, SW, W, NW."""
    d = {"NE": 1, "E": 2, "SE": 3, "SW": 4, "W": 5, "NW": 6}[direction]
    found = GRID.neighbour(h, d)
    assert found, f"{h} has no {direction} neighbour"
    return found


def make_map(terrain: dict[str, str] | None = None, cliffs: tuple = (), points: dict | None = None,
             regions: dict | None = None) -> HexMap:
    """`terrain`: hex -> token ("2", "S2", "M1"); `cliffs`: (high hex, low hex) pairs."""
    terrain = terrain or {}
    rows = [" ".join(terrain.get(f"{c:02d}{r:02d}", "1") for c in range(1, 24)) for r in range(1, 18)]
    spec = {
        "format": "warjudge-hexmap/1", "game": "necromancer-sjg", "name": "test map",
        "reconstruction": True, "width": 23, "height": 17, "rows": rows,
        "hexsides": [{"hexes": [hi, lo], "kind": "cliff", "high": hi} for hi, lo in cliffs],
        "points": {**DEFAULT_POINTS, **(points or {})}, "regions": regions or {},
    }
    return load_hexmap(json.dumps(spec), "test map", facts=None)


def start(units: dict[str, tuple[str, str, str]] | None = None, *, board: HexMap | None = None,
          first: str = "red", scenario: str = "standard", optional: tuple = (), miasma: str | set | None = None,
          fill: dict[str, int] | None = None, cp: dict[str, int] | None = None, dice: tuple = ()):
    """A game at the start of `first`'s first turn with only `units` (name -> (kind,
    side, hex)) on the map, plus `fill[side]` extra wraiths far away to set a side's
    count (3.1). `miasma`: a centre hex (the hex and its six neighbours) or a set of
    hexes; None: no Miasma. `dice`: faces scripted before the turn starts."""
    game = SjgNecromancerGame.new(seed=1, board=board or make_map(), scenario=scenario, first=first,
                               optional=list(optional))
    pos = game.state.position
    pos.units.clear()
    named = {name: pos.add(UnitType(kind), side, h) for name, (kind, side, h) in (units or {}).items()}
    for side, n in (fill or {}).items():
        slots = [f"{c:02d}{r:02d}" for r in FILL_ROWS[side] for c in range(1, 24)]
        for i in range(n):
            pos.add(UnitType.WRAITH, side, slots[i // 3])
    if isinstance(miasma, str):
        pos.miasma.centre, pos.miasma.hexes = miasma, {miasma, *pos.board.neighbours(miasma)}
    else:
        pos.miasma.hexes = set(miasma or ())
        pos.miasma.centre = next(iter(sorted(pos.miasma.hexes)), None)
    for side, amount in (cp or {}).items():
        pos.sides[side].cp = amount
    game.state.deployed = set(SIDES)
    game.dice = ScriptedDice(*dice)
    for side in SIDES:
        recount(pos, side)
    game.state.turn = 0
    game._start_turn(first)
    return game, named


def act(game: SjgNecromancerGame, type_: str, side: str | None = None, **fields) -> list[str]:
    """Play one action through `act`; the events it caused, in English."""
    return log_lines(act_as_its_side(game, {"type": type_, "side": side or game.pending.player, **fields}))


def end(game: SjgNecromancerGame, side: str | None = None) -> list[str]:
    return act(game, "end", side)


def end_until(game: SjgNecromancerGame, kind: str) -> None:
    """Answer 'end' until the pending decision is of `kind`."""
    for _ in range(20):
        if game.pending.kind == kind:
            return
        end(game)
    raise AssertionError(f"never reached a {kind} decision")


def snapshot(game: SjgNecromancerGame) -> str:
    """Everything an action could change."""
    pos = game.state.position
    marks = {k: copy.deepcopy(v) for k, v in vars(game.state).items() if k not in ("position", "queue")}
    marks["undo_stack"] = [what for _, what in game.undo_stack]
    state = {
        "units": sorted((u.id, u.kind.value, u.side, u.hex) for u in pos.units.values()),
        "jewels": {k: asdict(j) for k, j in pos.jewels.items()},
        "items": {k: asdict(i) for k, i in pos.items.items()},
        "sides": {k: asdict(s) for k, s in pos.sides.items()},
        "miasma": {k: sorted(v) if isinstance(v, set) else v for k, v in asdict(pos.miasma).items()},
        "queue": [d.describe() for d in game.state.queue],
        "marks": {k: sorted(v) if isinstance(v, set) else v for k, v in marks.items()},
        "dice": game.dice.state(), "record": len(game.record.actions), "log": len(game.events),
    }
    return json.dumps(state, sort_keys=True, default=str)


def refused(game: SjgNecromancerGame, action: dict[str, Any], match: str | None = None) -> None:
    """`action` is refused (IllegalAction, message matching `match`) and changes nothing."""
    action = {"side": game.pending.player if game.pending else "red", **action}
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=match):
        act_as_its_side(game, action)
    assert snapshot(game) == before


def hexes_of(game: SjgNecromancerGame, side: str) -> list[str]:
    return sorted(u.hex for u in game.state.position.side_units(side))
