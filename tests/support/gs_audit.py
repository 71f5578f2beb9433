"""Gondor & Sauron rule tests through the one interface only (issue 23's audit): a
position is a scenario file, play is `act`, and what happened is read from `view`,
`legal_actions`, `decision`, `outcome` and the events. The dice stay the game's own: a
test picks the seed whose first rolls are the faces it needs.

The map is a clear 9x9 (terrain tokens and hexsides set per test). Neighbours of an odd
row's hex, 0505: 0404 0504 (above), 0405 0605, 0406 0506 (below); of an even row's,
0504: 0503 0603, 0404 0604, 0505 0605."""

from __future__ import annotations

import functools
import json
from typing import Any

from warjudge.core import games
from warjudge.core.dice import Dice
from warjudge.hexwar.gondor_sauron.charts import DEFAULT_CHARTS
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS

W, S = "westernesse", "sauron"
SIZE = 9


@functools.lru_cache(maxsize=None)
def seed_rolling(*faces: int | None) -> int:
    """The first seed whose dice roll `faces` first, in order (None: any face)."""
    for seed in range(10_000_000):
        dice = Dice(seed)
        if all(dice.roll() == f or f is None for f in faces):
            return seed
    raise AssertionError(f"no seed rolls {faces}")


def unit(uid: str, side: str, hex_: str | None, ratings: str = "C2X", kind: str = "infantry",
         nationality: str | None = None, **kw: Any) -> dict:
    where = {"hex": hex_} if hex_ else {}
    return {"id": uid, "side": side, "nationality": nationality or ("gondor" if side == W else "mordor"),
            "kind": kind, "ratings": ratings, **where, **kw}


def leader(lid: str, side: str, hex_: str, rally: int = 2, nationality: str | None = None, **kw: Any) -> dict:
    return {"id": lid, "side": side, "nationality": nationality or ("gondor" if side == W else "mordor"),
            "rally": rally, "hex": hex_, **kw}


def scenario(units: list[dict], leaders: list[dict] = (), game: str = "sauron", tokens: dict[str, str] | None = None,
             hexsides: dict[tuple[str, str], str] | None = None, **changes: Any) -> dict:
    """A scenario file for `game` on a clear 9x9 map: `tokens` hex -> map token ("G0",
    "M0", "U0", "T1", "2"), `hexsides` (a, b) -> "wall" | "gate" | "tower"."""
    doc = json.loads((SCENARIOS / f"{game}.json").read_text(encoding="utf-8"))
    tokens = tokens or {}
    rows = [" ".join(tokens.get(f"{c:02d}{r:02d}", "0") for c in range(1, SIZE + 1)) for r in range(1, SIZE + 1)]
    doc["map"].update(width=SIZE, height=SIZE, rows=rows,
                      hexsides=[{"hexes": list(k), "kind": v} for k, v in (hexsides or {}).items()])
    doc.update({"units": list(units), "leaders": list(leaders), "turns": 3, "night_turns": [], "reinforcements": [],
                "spells": [], "demoralization_levels": {W: 99, S: 99}})
    if game == "sauron":
        doc["pedestal"] = None
    else:
        doc.update(engines=[], cauldrons=[], siege=None)
    doc.update(changes)
    return doc


def charts(**tables: Any) -> dict:
    """The shipped charts with some tables replaced (a transcription of one's own, the
    `charts` option): `charts(rally={...})`."""
    doc = json.loads(DEFAULT_CHARTS.read_text(encoding="utf-8"))
    doc.update(tables)
    return doc


def new(doc: dict, *faces: int | None, **options: Any):
    """A game of `doc` whose first dice roll `faces`."""
    return games.new(doc["game"], seed=seed_rolling(*faces), scenario=doc, **options)


def where(g) -> tuple[str, str, str | None]:
    """(phase, side to act, combat stage) as the view shows them."""
    v = g.view(None)
    return v["phase"], (v["to_act"] or [None])[0], v["stage"] if v["phase"] in ("D", "G") else None


def play_until(g, phase: str, side: str | None = None, stage: str | None = None, turn: int | None = None) -> None:
    """Ends each part of the turn (`next`, else `end`) until `side` acts in `phase`
    (and `stage`, and `turn`); fails if a forced choice stands in the way."""
    for _ in range(200):
        v = g.view(None)
        p, s, st = where(g)
        if p == phase and side in (None, s) and stage in (None, st) and turn in (None, v["turn"]):
            return
        legal = g.legal_actions(s)
        step = {"type": "next"} if {"type": "next"} in legal else {"type": "end"}
        assert step in legal, f"{s} cannot end {p} {st}: {legal[:4]}"
        g.act(s, step)
    raise AssertionError(f"never reached {phase} {side} {stage}")


def piece(g, pid: str) -> dict | None:
    """A unit's or Leader's entry in the view (None once gone)."""
    v = g.view(None)
    return next((x for x in (*v["units"], *v["leaders"]) if x["id"] == pid), None)


def moves(g, side: str, pid: str) -> set[str]:
    """The hexes `pid` may move to now."""
    return {a["to"] for a in g.legal_actions(side) if a["type"] == "move" and a["piece"] == pid}


def of_type(g, side: str, kind: str) -> list[dict]:
    return [a for a in g.legal_actions(side) if a["type"] == kind]


def events(g, kind: str) -> list[dict]:
    return [e for e in g.view(None)["events"] if e["event"] == kind]


__all__ = ["S", "W", "charts", "events", "leader", "moves", "new", "of_type", "piece", "play_until", "scenario",
           "seed_rolling", "unit", "where"]
