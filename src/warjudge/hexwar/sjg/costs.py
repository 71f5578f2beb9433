"""What a legal action forfeits (issue 24: no move whose cost is hidden): the units it
throws away, the Jewels it leaves, the moves it gives up, read from the rules' own
decision and action fields, so the page can mark it and ask before sending it. Each cost
carries its facts (`what`, `case`, `rule`, `hex`, `units`, …) and an English `why`; the
pages' French words it from the facts (presentation/sjg/wording_fr.py `cost`)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from warjudge.hexwar.sjg.tables import UnitType

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

Cost = dict[str, Any]


def action_cost(game: "SjgNecromancerGame", side: str, action: dict[str, Any]) -> list[Cost]:
    """Each thing `action` (one of `side`'s legal actions now, or a grouped listing's
    move, which has no `path`) forfeits; empty if nothing."""
    kind = action.get("type")
    if kind == "move" and action.get("suicide"):
        return [_suicide(game, action)]
    if kind == "retreat":
        return _retreat(game, side, action)
    if kind == "end" and game._decision_for(side).kind == "move":
        return _unmoved(game, side)
    return []


ONE = {"necromancer": "the Necromancer", "apprentice": "an apprentice"}   # else "a <kind>"
MANY = {"mercenary": "mercenaries", "necromancer": "Necromancers"}       # else "<kind>s"


def _names(game: "SjgNecromancerGame", ids: list[int], verb: tuple[str, str] = ("goes", "go")) -> str:
    """The units as their counters are printed, by kind (no counter carries an id; issue
    24 finding 9), then the verb agreeing with them ("a zombie goes", "2 wraiths and a
    zombie go")."""
    units = game.state.position.units
    return _said(tuple(units[u].kind.value for u in ids if u in units), verb[len(ids) > 1])


@lru_cache(maxsize=1024)
def _said(kinds: tuple[str, ...], verb: str) -> str:
    """The kinds as `_names` words them (kept: a listing names hundreds of suicides, a
    group's again and again)."""
    counted: dict[str, int] = {}
    for kind in kinds:
        counted[kind] = counted.get(kind, 0) + 1
    parts = [ONE.get(k, f"a {k}") if n == 1 else f"{n} {MANY.get(k, k + 's')}" for k, n in counted.items()]
    said = parts[0] if len(parts) < 2 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    return f"{said} {verb}"


def _suicide(game: "SjgNecromancerGame", action: dict[str, Any]) -> Cost:
    """6.7: the units go over the edge. A grouped listing's suicide (its action with no
    `path`: every hex below an edge the group reaches) costs the same into any hex, so
    that one cost names no hex."""
    units = list(action["units"])
    if "path" not in action:
        return {"what": "units-lost", "case": "over-the-edge", "rule": "SJG 6.7", "units": units,
                "why": f"{_names(game, units)} over the cliff edge: every one is lost (SJG 6.7)"}
    below = action["path"][-1]
    return {"what": "units-lost", "case": "over-the-edge", "rule": "SJG 6.7", "hex": below, "units": units,
            "why": f"{_names(game, units)} over the cliff edge into {below}: every one is lost (SJG 6.7)"}


def _retreat(game: "SjgNecromancerGame", side: str, action: dict[str, Any]) -> list[Cost]:
    """6.52-6.53: units lost beyond the result's count, a stack sent over a cliff edge,
    friends displaced over a cliff, Jewels not carried."""
    info = game._decision_for(side).info
    pos = game.state.position
    ids = [u for u in info["units"] if u in pos.units]
    lose = list(action.get("lose", []))
    counted = [u for u in ids if pos.units[u].kind != UnitType.NECROMANCER]
    need = min(info["losses"], len(counted))
    out: list[Cost] = []
    where = action.get("over_cliff") or action.get("to")
    if action.get("over_cliff"):
        rest = [u for u in ids if u not in lose]
        out.append({"what": "units-lost", "case": "over-the-edge", "rule": "SJG 6.52", "hex": where, "units": rest,
                    "why": f"{_names(game, rest)} over the cliff edge into {where}: every one is lost (SJG 6.52)"})
    extra = sum(1 for u in lose if pos.units[u].kind != UnitType.NECROMANCER) - need
    if extra > 0 and len(lose) < len(ids):
        out.append({"what": "units-lost", "case": "beyond-result", "rule": "SJG 6.52", "hex": info["hex"], "units": lose,
                    "need": need, "extra": extra, "why": f"{_names(game, lose, ('is', 'are'))} eliminated: the result takes {need or 'no'} unit{'' if need == 1 else 's'}, this loses {extra} more (SJG 6.52)"})
    thrown = [u for d in action.get("displace", []) if pos.board.is_cliff(action["to"], d["to"]) for u in d["units"]]
    if thrown:
        out.append({"what": "units-lost", "case": "displaced-over-the-edge", "rule": "SJG 6.52", "hex": action["to"],
                    "units": thrown, "why": f"{_names(game, thrown, ('is', 'are'))} displaced over the cliff edge and lost (SJG 6.52)"})
    left = [j for j in info["jewels"] if j not in action.get("carry", [])]
    if left and len(lose) < len(ids):
        out.append({"what": "jewels-left", "rule": "SJG 6.52", "hex": info["hex"], "jewels": left,
                    "why": f"the Jewel {', '.join(left)} is left behind in {info['hex']} (SJG 6.52)"})
    return out


def _unmoved(game: "SjgNecromancerGame", side: str) -> list[Cost]:
    """4.1: the phase's moves not made are lost: every unit that could still move stays."""
    groups = game.legal_groups(side)   # the plain moves grouped: a movement listing is thousands of them
    moves = [a for a in groups["actions"] if a.get("type") == "move"] + [g["action"] for g in groups["moves"]]
    could = sorted({u for a in moves for u in a["units"]})
    if not could:
        return []
    return [{"what": "units-unmoved", "rule": "SJG 4.1", "units": could,
             "why": f"{len(could)} unit{'s' if len(could) > 1 else ''} could still move: ending the phase "
                    "leaves them where they are this turn (SJG 4.1)"}]
