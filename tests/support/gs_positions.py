"""Small Gondor & Sauron positions for rule tests: a clear 9x9 map (terrain, levels and
hexsides set per test) and pieces placed by hex."""

from __future__ import annotations

import json

from warjudge.hexwar.gondor_sauron.charts import VOCABULARY, default_charts
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import CAVALRY, INFANTRY, SAURON, WESTERNESSE, CombatUnit, Leader, Ratings
from warjudge.hexwar.hexmap import load_hexmap

SIZE = 9
W, S = WESTERNESSE, SAURON


def gs_map(tokens: dict[str, str] | None = None, sides: dict[tuple[str, str], str] | None = None):
    """`tokens`: hex -> token ("G0", "M0", "T1", "U0", "2"); `sides`: (a, b) -> kind."""
    tokens = tokens or {}
    rows = [" ".join(tokens.get(f"{c:02d}{r:02d}", "0") for c in range(1, SIZE + 1)) for r in range(1, SIZE + 1)]
    doc = {"format": "warjudge-hexmap/1", "game": "gondor", "name": "test", "reconstruction": True,
           "width": SIZE, "height": SIZE, "rows": rows,
           "hexsides": [{"hexes": list(k), "kind": v} for k, v in (sides or {}).items()]}
    return load_hexmap(json.dumps(doc), "test", vocabulary=VOCABULARY)


def unit(uid: str, side: str, hex_: str, ratings: str = "C2X", kind: str = INFANTRY,
         nationality: str | None = None, reduced: str | None = None) -> CombatUnit:
    return CombatUnit(uid, side, nationality or ("gondor" if side == W else "mordor"), kind,
                      Ratings.parse(ratings), Ratings.parse(reduced) if reduced else None, hex_)


def cavalry(uid: str, side: str, hex_: str, ratings: str = "B3X") -> CombatUnit:
    return unit(uid, side, hex_, ratings, CAVALRY)


def leader(lid: str, side: str, hex_: str, rally: int = 2, **kw) -> Leader:
    return Leader(lid, side, kw.pop("nationality", "gondor" if side == W else "mordor"), rally, hex_, **kw)


def position(*pieces, tokens=None, sides=None, **kw) -> Position:
    return Position(gs_map(tokens, sides), default_charts(),
                    {p.id: p for p in pieces if isinstance(p, CombatUnit)},
                    {p.id: p for p in pieces if isinstance(p, Leader)}, **kw)


class ScriptedDice:
    """Dice that roll the given faces in order (and fail loudly if asked for more)."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def roll(self, sides: int = 6) -> int:
        assert self.faces, "the rule rolled more dice than the test scripted"
        return self.faces.pop(0)
