"""Why a well-formed order is not among a power's legal ones (issue 24 finding 12), read
from the legal orders themselves: the unit already has an order, no unit of the power is
in that province, the unit there is of another type or size, or that unit has no such
order (the reason lists a few it has)."""

from __future__ import annotations

from warjudge.core.events import Event
from warjudge.diplomacy.variants.necromancer.reasons import because

VERBS = {"Activate", "Build", "Disband", "Remove", "Waive"}
EXAMPLES = 3


def _unit(order: str) -> tuple[str, str]:
    """'2A Ere - 2A Dal' -> ('2A', 'Ere'); 'Activate A Gob' -> ('A', 'Gob')."""
    toks = order.split()
    if toks and toks[0] in VERBS:
        toks = toks[1:]
    return (toks[0], toks[1]) if len(toks) > 1 else ("", toks[0] if toks else "")


def why_not(order: str, power: str, legal: list[str], mine: list[str]) -> Event:
    kind, province = _unit(order)
    earlier = next((o for o in mine if _unit(o) == (kind, province)), None)
    if earlier is not None:
        return because("necdip.act.already_ordered", unit=f"{kind} {province}", order=earlier)
    there = [o for o in legal if _unit(o)[1] == province]
    if not there:
        return because("necdip.act.nothing_there", province=province, power=power)
    same = [o for o in there if _unit(o)[0] == kind]
    if not same:
        return because("necdip.act.wrong_unit", given=f"{kind} {province}", unit=" ".join(_unit(there[0])))
    return because("necdip.act.no_such_order", order=order, unit=f"{kind} {province}", examples=same[:EXAMPLES])
