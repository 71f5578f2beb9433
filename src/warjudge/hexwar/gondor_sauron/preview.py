"""What a Gondor & Sauron roll faces before its dice (issue 14): for a melee or missile
attack the strength, the target's armour (with a wall's cover) and morale, the two-dice
totals that cause a casualty and the morale row the one die is then read on; for a Leader
duel the differential and its row; for a rally or a spell the totals that succeed.
Computed by the rules' own functions (`combat.melee_terms`, `missile_terms`,
`duel_differential`, the charts)."""

from __future__ import annotations

from typing import Any

from warjudge.hexwar.gondor_sauron import cauldrons, combat
from warjudge.hexwar.gondor_sauron.charts import Charts
from warjudge.hexwar.gondor_sauron.position import Position

DIE = range(1, 7)
TWO_DICE = [(a, b) for a in DIE for b in DIE]


def attack_preview(pos: Position, action: dict[str, Any], spell_costs: dict[str, int]) -> dict[str, Any] | None:
    """The preview of a legal `attack`, `fire`, `pour`, `duel`, `rally` or `cast` (`spell_costs`:
    the scenario's spells' Magic Points); None for any other action."""
    kind = action.get("type")
    if kind == "rally":   # 8.34: two dice on the Rally Table under the Leader's rating (10.0)
        rating = pos.rally_rating(pos.leaders[action["leader"]])
        return {"kind": "rally", "leader": action["leader"], "unit": action["unit"], "rating": rating,
                **_succeeding([t for t in range(2, 13) if pos.charts.rallies(rating, t)])}
    if kind == "cast":    # 8.54: two dice on the Magic Spell Chart under the points used
        cost = spell_costs[action["spell"]]
        return {"kind": "spell", "leader": action["leader"], "spell": action["spell"], "cost": cost,
                **_succeeding([t for t in range(2, 13) if pos.charts.spell_succeeds(cost, t)])}
    if kind == "duel":
        a, d = pos.leaders[action["leader"]], pos.leaders[action["target"]]
        differential = combat.duel_differential(pos, a, d)
        return {"kind": "duel", "attacker": a.id, "target": d.id, "differential": differential,
                "rule": "one die against the difference of Rally Ratings (SPI 7.22, 10.0 at night)",
                "row": {str(die): "/".join(pos.charts.leader_result(differential, die)) for die in DIE}}
    if kind not in ("attack", "fire", "pour"):
        return None
    target = pos.units[action["target"]]
    if kind == "pour":    # Gondor, reconstructed: as missile fire at the cauldron's strength
        terms = cauldrons.pour_terms(pos, pos.cauldrons[action["cauldron"]], target)
        return {"kind": "oil", "attacker": action["cauldron"], "target": target.id, "attack": terms.attack,
                "armour": terms.armour, "morale": terms.morale, "fanatical": False,
                "modifiers": _modifiers(terms), **_chances(pos.charts, terms)}
    if kind == "attack":
        attacker = pos.units[action["unit"]]
        terms = combat.melee_terms(pos, attacker, target)
    else:
        shooter = pos.units.get(action["unit"]) or pos.engines[action["unit"]]
        terms = combat.missile_terms(pos, shooter, target)
    return {"kind": "melee" if kind == "attack" else "missile", "attacker": action["unit"], "target": target.id,
            "attack": terms.attack, "armour": terms.armour, "morale": terms.morale, "fanatical": terms.fanatical,
            "modifiers": _modifiers(terms), **_chances(pos.charts, terms)}


def statement_preview(pos: Position, target: str, attackers: list[str]) -> dict[str, Any]:
    """`resolve` (SPI 7.32): each stated attack's melee preview, in the order they will be
    made (a later one only if the defender is still there)."""
    return {"kind": "melee-statement", "target": target,
            "attacks": [attack_preview(pos, {"type": "attack", "unit": u, "target": target}, {}) for u in attackers]}


def _modifiers(terms: combat.Terms) -> list[dict[str, Any]]:
    out = [{"value": terms.cover, "why": "armour +1: fired on through a wall of its own hex (SPI 7.18)"}] \
        if terms.cover else []
    if terms.fanatical:
        out.append({"value": 0, "why": "a fanatical attacker causes a casualty without the two dice (SPI 7.37)"})
    return out


def _chances(charts: Charts, terms: combat.Terms) -> dict[str, Any]:
    """7.33: the casualty totals (every total when fanatical, 7.37), their chance in 36,
    and one die against morale (7.42)."""
    totals = sorted(range(2, 13)) if terms.fanatical else sorted(charts.casualty_totals(terms.attack, terms.armour))
    return {"casualty_on": totals, "chance_in_36": _in_36(totals),
            "morale_row": {str(die): charts.casualty_result(terms.morale, die).code for die in DIE}}


def _succeeding(totals: list[int]) -> dict[str, Any]:
    return {"succeeds_on": totals, "chance_in_36": _in_36(totals)}


def _in_36(totals: list[int]) -> int:
    """How many of the 36 throws of two dice make one of `totals`."""
    return sum(1 for a, b in TWO_DICE if a + b in totals)
