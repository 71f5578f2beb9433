"""The machine interface: one JSON document in, one JSON document out.

Other tools drive the judge through this; its shape is a contract (docs/interface.md).
Any problem with the document raises InputError and nothing is adjudicated.
"""

from __future__ import annotations

from typing import Any, Iterable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from warjudge.core.errors import InputError
from warjudge.diplomacy.game import load_variant_map
from warjudge.diplomacy.phases import ADJUSTMENT, RETREAT, GameState, Phase, judge_phase
from warjudge.diplomacy.results import Dislodged
from warjudge.diplomacy.units import Unit, parse_unit


class DislodgedIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unit: str
    attacker_from: str | None = None
    via_convoy: bool = False


class PhaseDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")
    variant: str = "standard"
    phase: str
    units: dict[str, list[str]] = Field(default_factory=dict)
    supply_centers: dict[str, list[str]] = Field(default_factory=dict)
    dislodged: dict[str, list[DislodgedIn]] = Field(default_factory=dict)
    standoffs: list[str] = Field(default_factory=list)
    orders: dict[str, list[str]] = Field(default_factory=dict)


def adjudicate_document(doc: Any) -> dict[str, Any]:
    if isinstance(doc, dict) and doc.get("variant") == "necromancer":
        from warjudge.diplomacy.variants.necromancer.interface import adjudicate_necromancer

        return adjudicate_necromancer(doc)
    try:
        spec = PhaseDocument.model_validate(doc)
    except ValidationError as exc:
        raise InputError("; ".join(f"{'.'.join(map(str, e['loc'])) or 'document'}: {e['msg']}"
                                   for e in exc.errors())) from None
    dmap = load_variant_map(spec.variant)
    phase = Phase.parse(spec.phase)
    powers = set(dmap.powers)
    for section in ("units", "supply_centers", "dislodged", "orders"):
        for power in getattr(spec, section):
            if power.upper() not in powers:
                raise InputError(f"{section}: unknown power {power!r}; powers are {', '.join(dmap.powers)}")

    units: dict[str, Unit] = {}
    for power, texts in spec.units.items():
        for text in texts:
            unit = parse_unit(text, power.upper(), dmap)
            if unit.province in units:
                raise InputError(f"units: two units in {unit.province}")
            units[unit.province] = unit

    centers: dict[str, set[str]] = {}
    owner: dict[str, str] = {}
    for power, provs in spec.supply_centers.items():
        for name in provs:
            pid = dmap.resolve_name(name)
            if pid is None or not dmap.provinces[pid].sc:
                raise InputError(f"supply_centers: {name!r} of {power} is not a supply centre")
            if pid in owner:
                raise InputError(f"supply_centers: {pid} is owned by both {owner[pid]} and {power.upper()}")
            owner[pid] = power.upper()
            centers.setdefault(power.upper(), set()).add(pid)

    dislodged = []
    if spec.dislodged and phase.kind != RETREAT:
        raise InputError("dislodged units belong only to a retreat phase")
    for power, items in spec.dislodged.items():
        for item in items:
            unit = parse_unit(item.unit, power.upper(), dmap)
            frm = dmap.resolve_name(item.attacker_from) if item.attacker_from else None
            if item.attacker_from and frm is None:
                raise InputError(f"dislodged: unknown province {item.attacker_from!r}")
            dislodged.append(Dislodged(unit, frm, item.via_convoy))
    standoffs = set()
    for name in spec.standoffs:
        pid = dmap.resolve_name(name)
        if pid is None:
            raise InputError(f"standoffs: unknown province {name!r}")
        standoffs.add(pid)
    if phase.kind == ADJUSTMENT and not spec.supply_centers:
        raise InputError("an adjustment phase needs supply_centers")

    state = GameState(phase, units, centers, dislodged, standoffs)
    orders = {power.upper(): texts for power, texts in spec.orders.items()}
    report = judge_phase(dmap, state, orders)
    after = report.after
    return {
        "phase": str(phase),
        "next_phase": str(after.phase),
        "orders": [
            {"power": r.power, "order": r.text, "result": r.result, "reason": r.reason,
             "why": None if r.why is None else r.why.to_json(), **({"default": True} if r.default else {})}
            for r in report.results
        ],
        "units": _units_out(after.units.values()),
        "dislodged": {
            p: [{"unit": str(d.unit), "attacker_from": d.attacker_from,
                 **({"via_convoy": True} if d.via_convoy else {})}
                for d in report.dislodged if d.unit.power == p]
            for p in sorted({d.unit.power for d in report.dislodged})
        },
        "standoffs": sorted(report.standoffs),
        "supply_centers": {p: sorted(c) for p, c in sorted(after.centers.items()) if c},
        "winner": after.winner,
    }


def _units_out(units: Iterable[Unit]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in sorted(units, key=lambda u: (u.power, u.province)):
        out.setdefault(u.power, []).append(str(u))
    return out
