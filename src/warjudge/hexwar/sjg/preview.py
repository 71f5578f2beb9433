"""What an attack faces before its dice are rolled (issue 14: odds shown before the
attack is committed): the strengths, the odds column, each die-roll modifier and the
Combat Results Table row the two dice will be read on. Everything comes from the rules'
own functions (`plan_attack`, `attack_strength`, `crt`), so the preview is what the
engine then resolves; it holds only what the attacking side sees on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg.problems import Problem
from warjudge.hexwar.sjg.combat import AttackPlan, attack_strength, plan_attack
from warjudge.hexwar.sjg.state import Position, Unit
from warjudge.hexwar.sjg.tables import AUTO_AE, AUTO_DE, DEMON_STRENGTH, crt, odds_column

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

ROLLS = range(2, 13)   # two dice (6.21)
SLOPE_NOTE = "half strength on a slope (SJG 2.12, 6.31)"
ITEM_NOTE = {True: "its Magic Sword or Bow (SJG 10.57, 10.58)", False: "its Magic Bow (SJG 10.58)"}


def attack_preview(game: "SjgNecromancerGame", side: str, action: dict[str, Any]) -> dict[str, Any] | None:
    """The preview of a legal `attack` action of `side`; None for any other action."""
    if action.get("type") != "attack":
        return None
    act = A.parse_action(action)
    assert isinstance(act, A.Attack)
    decision = game._decision_for(side)
    spent = game.state.opp_spent if decision.kind == "opportunity" else game.state.attacked
    pos = game.state.position
    plan = plan_attack(pos, side, act.direct, act.indirect, act.boulder, act.targets, spent=spent, demon=act.demon)
    if isinstance(plan, Problem):
        return None
    attackers = [_attacker(pos, pos.units[uid], method)
                 for method, ids in (("direct", plan.direct), ("indirect", plan.indirect), ("boulder", plan.boulder))
                 for uid in ids]
    out: dict[str, Any] = {"kind": "attack", "attackers": attackers, "attack": plan.attack,
                           "targets": list(plan.targets), "modifier": plan.modifier,
                           "modifiers": [{"value": v, "why": why} for v, why in plan.modifiers]}
    if plan.boulder:   # 6.23: each unit below defends alone at its boulder defence
        out["rolls"] = _boulder_rolls(pos, plan)
    else:
        defenders = [] if plan.demon else [_defender(pos, u, pos.defence_strength(u)) for t in plan.targets
                                           for u in pos.at(t)]
        out["rolls"] = [_roll("the Miasma demon" if plan.demon else "the defenders", defenders,
                              plan.defence, plan.column, plan.modifier)]
    return out


def _attacker(pos: Position, unit: Unit, method: str) -> dict[str, Any]:
    direct = method != "indirect"
    full = pos.direct_strength(unit) if direct else pos.indirect_strength(unit)
    strength = attack_strength(pos, unit, method)
    notes = [f"+{pos.item_bonus(unit, direct)} {ITEM_NOTE[direct]}"] if pos.item_bonus(unit, direct) else []
    notes += [SLOPE_NOTE] if strength != full else []
    return {"id": unit.id, "kind": unit.kind.value, "hex": unit.hex, "method": method, "strength": strength,
            "notes": notes}


def _defender(pos: Position, unit: Unit, strength: int) -> dict[str, Any]:
    return {"id": unit.id, "kind": unit.kind.value, "hex": unit.hex, "strength": strength}


def _boulder_rolls(pos: Position, plan: AttackPlan) -> list[dict[str, Any]]:
    if plan.demon:
        return [_roll("the Miasma demon", [], DEMON_STRENGTH, odds_column(plan.attack, DEMON_STRENGTH), plan.modifier)]
    out = []
    for unit in pos.at(plan.targets[0]):
        defence = pos.boulder_defence(unit)
        if defence is None:
            out.append({"against": f"{unit.kind.value} {unit.id}", "immune": "Necromancers and apprentices (SJG 6.23)"})
        else:
            out.append(_roll(f"{unit.kind.value} {unit.id}", [_defender(pos, unit, defence)], defence,
                             odds_column(plan.attack, defence), plan.modifier))
    return out


def _roll(against: str, defenders: list[dict[str, Any]], defence: int, column: str, modifier: int) -> dict[str, Any]:
    """One roll on the CRT: its column and, for each two-dice total, the result (the
    automatic columns need no roll, 6.21)."""
    automatic = column in (AUTO_DE, AUTO_AE)
    row = {} if automatic else {str(r): str(crt(column, r + modifier)) for r in ROLLS}
    return {"against": against, "defenders": defenders, "defence": defence, "column": column,
            "automatic": str(crt(column, 0)) if automatic else None, "row": row}
