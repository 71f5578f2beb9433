"""`warjudge adjudicate` for Necromancer: one phase as one JSON document in and out
(docs/interface.md). It runs the game's own phase code on the given position, so the
JSON path and a saved game can never adjudicate differently."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from warjudge.core.errors import InputError
from warjudge.diplomacy.variants.necromancer.adjustments import victory_points
from warjudge.diplomacy.variants.necromancer.calendar import NPhase
from warjudge.diplomacy.variants.necromancer.game import NecromancerGame
from warjudge.diplomacy.variants.necromancer.movement import Dislodgement
from warjudge.diplomacy.variants.necromancer.pieces import parse_group
from warjudge.diplomacy.variants.necromancer.retreats import written_dislodged
from warjudge.diplomacy.variants.necromancer.position import (
    STANDING, Piece, format_position, parse_position, position_problems,
)


class VariantState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    edition: Literal["2000", "2002"] = "2002"
    alignment: bool = True
    activated: dict[str, int] = Field(default_factory=dict)
    spiders_used: bool = False
    dragons_used: bool = False
    neutralised: list[str] = Field(default_factory=list)
    eriador_alive: bool = True
    sauron_eliminated: bool = False
    secret_armies: list[str] = Field(default_factory=list)
    secret_beasts: list[str] = Field(default_factory=list)


class DislodgedIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    power: str
    unit: str
    attacker_from: str = ""
    also_forbidden: list[str] = Field(default_factory=list)


class NecroDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")
    variant: Literal["necromancer"]
    phase: str
    units: dict[str, list[str]] = Field(default_factory=dict)
    supply_centers: dict[str, list[str]] = Field(default_factory=dict)
    dislodged: list[DislodgedIn] = Field(default_factory=list)
    standoffs: list[str] = Field(default_factory=list)
    orders: dict[str, list[str]] = Field(default_factory=dict)
    state: VariantState = Field(default_factory=VariantState)
    view: str | None = None


def adjudicate_necromancer(doc: Any) -> dict[str, Any]:
    try:
        spec = NecroDocument.model_validate(doc)
    except ValidationError as exc:
        raise InputError("; ".join(f"{'.'.join(map(str, e['loc'])) or 'document'}: {e['msg']}"
                                   for e in exc.errors())) from None
    s = spec.state
    game = NecromancerGame(s.edition, s.alignment)
    nmap = game.map
    powers = set(game.powers)
    for section in ("units", "supply_centers", "orders"):
        for power in getattr(spec, section):
            if power not in powers and not (section == "units" and power == STANDING):
                raise InputError(f"{section}: unknown power {power!r}; powers are {', '.join(sorted(powers))}")
    if spec.view is not None and spec.view not in powers:
        raise InputError(f"view: unknown power {spec.view!r}")
    phase = NPhase.parse(spec.phase)
    if phase.kind == "A" and not spec.supply_centers:   # the phase is decided by who owns what
        raise InputError("an adjustment phase needs supply_centers (who owns each centre)")
    position = parse_position(spec.units, nmap)
    problems = position_problems(position, nmap)
    if problems:
        raise InputError("units: " + "; ".join(problems))
    owners: dict[str, str] = {}
    for power, provinces in spec.supply_centers.items():
        for name in provinces:
            pid = nmap.resolve_name(name)
            if pid is None or not nmap.provinces[pid].sc or pid == "Eri":
                raise InputError(f"supply_centers: {name!r} of {power} is not a supply centre that can be owned")
            if pid in owners:
                raise InputError(f"supply_centers: {pid} is owned by both {owners[pid]} and {power}")
            owners[pid] = power
    names = {}
    for label, values in (("neutralised", s.neutralised), ("secret_armies", s.secret_armies),
                          ("activated", list(s.activated)), ("standoffs", spec.standoffs)):
        resolved = [nmap.resolve_name(v) for v in values]
        if None in resolved:
            raise InputError(f"{label}: unknown province in {values}")
        names[label] = resolved
    dislodged = []
    if spec.dislodged and phase.kind != "R":
        raise InputError("dislodged units belong only to a retreat phase")
    for d in spec.dislodged:
        group = parse_group(d.unit, nmap.resolve_name)
        dislodged.append(Dislodgement(d.power, group.province, [Piece(d.power, c) for c in group.components()],
                                      d.attacker_from, tuple(d.also_forbidden)))
    game.state = replace(
        game.state, phase=phase, position=position, owners=owners, eriador_alive=s.eriador_alive,
        activated=dict(zip(names["activated"], s.activated.values())), spiders_used=s.spiders_used,
        dragons_used=s.dragons_used, neutralised=set(names["neutralised"]), sauron_eliminated=s.sauron_eliminated,
        secret_armies=set(names["secret_armies"]), secret_beasts=set(s.secret_beasts), third_army=None)
    game.dislodged, game.standoffs = dislodged, set(names["standoffs"])
    for power, texts in spec.orders.items():
        game.set_orders(power, texts)
    report = game.process()
    after = game.state
    view = report.view(spec.view)
    out: dict[str, Any] = {
        "phase": str(phase), "next_phase": str(after.phase),
        "orders": view["orders"],
        "units": view["units"] if spec.view else format_position(after.position),
        "dislodged": [{"power": d.power, "unit": written_dislodged(d), "attacker_from": d.attacker_from,
                       "also_forbidden": list(d.also_forbidden)} for d in report.dislodged
                      if spec.view is None or d.power == spec.view],
        "standoffs": sorted(report.standoffs),
        "supply_centers": {p: sorted(c for c, o in after.owners.items() if o == p) for p in sorted(powers)
                           if any(o == p for o in after.owners.values())},
        "winner": after.winner,
    }
    if phase.kind == "A":
        out["victory_points"] = {p: victory_points(nmap, after, p) for p in sorted(powers)}
    if spec.view is None:  # the GM's document carries what the judge must remember
        out["state"] = {"edition": s.edition, "alignment": s.alignment, "activated": after.activated,
                        "spiders_used": after.spiders_used, "dragons_used": after.dragons_used,
                        "neutralised": sorted(after.neutralised), "eriador_alive": after.eriador_alive,
                        "sauron_eliminated": after.sauron_eliminated,
                        "secret_armies": sorted(after.secret_armies), "secret_beasts": sorted(after.secret_beasts)}
    return out
