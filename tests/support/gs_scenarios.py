"""Small Gondor & Sauron battles written as scenario files (and, where a test needs
certain results, charts files), played through `games.new` and `act` only."""

from __future__ import annotations

import json

from warjudge.core import games
from warjudge.hexwar.gondor_sauron.charts import DEFAULT_CHARTS
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS

W, S = "westernesse", "sauron"
RING = ("0504", "0605", "0506", "0406", "0405", "0404")   # the neighbours of 0505


def battle(game: str, units, leaders=(), walls=(), tokens=None, **changes) -> dict:
    """A 9x9 clear map with the given pieces; `walls`: (hex, hex) wall hexsides;
    `tokens`: hex -> map token for other terrain ("U0": a Tunnel hex outside the city)."""
    doc = json.loads((SCENARIOS / f"{game}.json").read_text(encoding="utf-8"))
    rows = [" ".join((tokens or {}).get(f"{c:02d}{r:02d}", "0") for c in range(1, 10)) for r in range(1, 10)]
    doc["map"].update(width=9, height=9, rows=rows,
                      hexsides=[{"hexes": list(pair), "kind": "wall"} for pair in walls])
    doc.update({"pedestal": None} if game == "sauron" else {"engines": [], "cauldrons": []})
    doc.update({"units": list(units), "leaders": list(leaders), "turns": 3, "night_turns": [],
                "reinforcements": [], "spells": [], **changes})
    return doc


def unit(uid, side, hex_, ratings="C2X", nationality=None, **more) -> dict:
    return {"id": uid, "side": side, "nationality": nationality or ("gondor" if side == W else "mordor"),
            "kind": "infantry", "ratings": ratings, "hex": hex_, **more}


def leader(lid, side, hex_, rally=2, nationality=None, **more) -> dict:
    return {"id": lid, "side": side, "nationality": nationality or ("gondor" if side == W else "mordor"),
            "rally": rally, "hex": hex_, **more}


def charts(result: str) -> dict:
    """The shipped charts, but every attack causes a casualty and every casualty is `result`."""
    doc = json.loads(DEFAULT_CHARTS.read_text(encoding="utf-8"))
    doc["casualty_probability"] = {a: {str(arm): list(range(2, 13)) for arm in range(1, 5)} for a in "ABCDE"}
    doc["casualty_results"] = {m: [result] * 6 for m in "WXYZ"}
    return doc


def new(game: str, doc: dict, seed: int = 1, **options):
    return games.new(game, seed=seed, scenario=doc, **options)


def play_until(g, player, phase, stage=None):
    """Ends parts of the turn (or goes on to the next stage) until `player` acts in
    `phase` (and `stage`)."""
    while not (g.to_act() == (player,) and g.state.phase == phase and (stage is None or g.state.stage == stage)):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})


def where(g, piece: str) -> str | None:
    """The hex of a unit or Leader in the open view (None: not on the map)."""
    view = g.view(None)
    return next((p["hex"] for p in (*view["units"], *view["leaders"]) if p["id"] == piece), None)


def leader_view(g, lid: str) -> dict | None:
    return next((x for x in g.view(None)["leaders"] if x["id"] == lid), None)


def events(g, kind: str) -> list[dict]:
    return [e for e in g.view(None)["events"] if e["event"] == kind]
