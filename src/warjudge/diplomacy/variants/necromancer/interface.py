"""`warjudge diplomacy adjudicate` for Necromancer: one phase as one JSON document in and out
(docs/interface.md). It runs the game's own phase code on the given position, so the
JSON path and a saved game can never adjudicate differently. Every size is bounded and
every fact checked before anything is adjudicated."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from warjudge.core.errors import InputError
from warjudge.diplomacy.variants.necromancer.calendar import RETREAT, START_YEAR, NPhase, is_adjustment_year
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.mapfile import NecroMap
from warjudge.diplomacy.variants.necromancer.state import NecroState
from warjudge.diplomacy.variants.necromancer.movement import Dislodgement
from warjudge.diplomacy.variants.necromancer.pieces import ARMY, DRAGONS, SPIDERS, parse_group

MAX_ITEMS = 500   # far more units, orders or names than a power can ever have
from warjudge.diplomacy.variants.necromancer.position import (
    STANDING, Piece, parse_position, position_problems,
)


Text = Annotated[str, StringConstraints(max_length=200)]
Texts = Annotated[list[Text], Field(max_length=MAX_ITEMS)]
OrderTexts = Annotated[list[Annotated[str, StringConstraints(max_length=1000)]], Field(max_length=MAX_ITEMS)]
Names = Annotated[list[Annotated[str, StringConstraints(max_length=40)]], Field(max_length=MAX_ITEMS)]


class VariantState(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    edition: Literal["2000", "2002"] = "2002"
    alignment: bool = True
    activated: dict[str, int] = Field(default_factory=dict, max_length=MAX_ITEMS)
    spiders_used: bool = False
    dragons_used: bool = False
    neutralised: Names = Field(default_factory=list)
    eriador_alive: bool = True
    sauron_eliminated: bool = False
    secret_armies: Names = Field(default_factory=list)
    secret_beasts: Names = Field(default_factory=list)


class DislodgedIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    unit: Text
    attacker_from: Annotated[str, StringConstraints(max_length=40)] = ""
    also_forbidden: Names = Field(default_factory=list)


class NecroDocument(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    variant: Literal["necromancer"]
    phase: Annotated[str, StringConstraints(max_length=20)]
    units: dict[str, Texts] = Field(default_factory=dict, max_length=MAX_ITEMS)
    supply_centers: dict[str, Names] = Field(default_factory=dict, max_length=MAX_ITEMS)
    dislodged: dict[str, Annotated[list[DislodgedIn], Field(max_length=MAX_ITEMS)]] = Field(
        default_factory=dict, max_length=MAX_ITEMS)
    standoffs: Names = Field(default_factory=list)
    orders: dict[str, OrderTexts] = Field(default_factory=dict, max_length=MAX_ITEMS)
    state: VariantState = Field(default_factory=VariantState)
    view: str | None = None


def _problems(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'document'}: {e['msg']}" for e in exc.errors()[:5])


def adjudicate_necromancer(doc: Any) -> dict[str, Any]:
    try:
        spec = NecroDocument.model_validate(doc)
    except ValidationError as exc:
        raise InputError(_problems(exc)) from None
    s = spec.state
    game = NecromancerDiplomacyGame(s.edition, s.alignment)
    nmap = game.map
    powers = set(game.powers)
    for section in ("units", "supply_centers", "orders", "dislodged"):
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
        names[label] = _provinces(nmap, values, f"{label}: unknown province in {values}")
    dislodged = []
    for power, items in spec.dislodged.items():
        for d in items:
            group = parse_group(d.unit, nmap.resolve_name)
            unknown = f"dislodged: unknown province in {d.attacker_from!r}, {d.also_forbidden}"
            places = [*(_provinces(nmap, [d.attacker_from], unknown) if d.attacker_from else [""]),
                      *_provinces(nmap, d.also_forbidden, unknown)]
            dislodged.append(Dislodgement(power, group.province, [Piece(power, c) for c in group.components()],
                                          places[0], tuple(places[1:])))
    state = replace(
        game.state, phase=phase, position=position, owners=owners, eriador_alive=s.eriador_alive,
        activated=dict(zip(names["activated"], s.activated.values())), spiders_used=s.spiders_used,
        dragons_used=s.dragons_used, neutralised=set(names["neutralised"]), sauron_eliminated=s.sauron_eliminated,
        secret_armies=set(names["secret_armies"]), secret_beasts=set(s.secret_beasts), third_army=None)
    problems = state_problems(nmap, state, dislodged, set(names["standoffs"]))
    if problems:
        raise InputError("; ".join(problems))
    game.state = state
    game.dislodged, game.standoffs = dislodged, set(names["standoffs"])
    for power, texts in spec.orders.items():
        game.set_orders(power, texts)
    report = game.process()
    after = game.state
    view = game.report_view(report, spec.view)
    out: dict[str, Any] = {key: view[key] for key in (
        "phase", "next_phase", "orders", "units", "dislodged", "standoffs", "supply_centers", "winner")}
    if phase.kind == "A":
        out["victory_points"] = view["victory_points"]
    if spec.view is None:  # the GM's document carries what the judge must remember
        out["state"] = {"edition": s.edition, "alignment": s.alignment, "activated": after.activated,
                        "spiders_used": after.spiders_used, "dragons_used": after.dragons_used,
                        "neutralised": sorted(after.neutralised), "eriador_alive": after.eriador_alive,
                        "sauron_eliminated": after.sauron_eliminated,
                        "secret_armies": sorted(after.secret_armies), "secret_beasts": sorted(after.secret_beasts)}
    return out


def _provinces(nmap: NecroMap, names: list[str], unknown: str) -> list[str]:
    """The province ids of `names`, or InputError(`unknown`) if one names no province."""
    out = []
    for name in names:
        pid = nmap.resolve_name(name)
        if pid is None:
            raise InputError(unknown)
        out.append(pid)
    return out


def state_problems(nmap: NecroMap, state: NecroState, dislodged: list[Dislodgement], standoffs: set[str]) -> list[str]:
    """What cannot be in a phase's state (issue 11: refuse it, with the reason)."""
    problems = []
    phase = state.phase
    for province, year in state.activated.items():
        if not nmap.provinces[province].standing_army:
            problems.append(f"activated: {province} never held a Standing Army (EN 7.8.2 i)")
        if year != START_YEAR and not (is_adjustment_year(year) and START_YEAR < year <= phase.year):
            problems.append(f"activated: {province} in {year}: Activations happen in TA 2750 or an adjustment "
                            f"year up to this phase's (EN 7.8.2 iv)")
    for province in state.secret_armies:
        if province not in state.activated or not any(
                p.power == "SAURON" and p.component.kind == ARMY for p in state.position.get(province, [])):
            problems.append(f"secret_armies: no unrevealed Activated army of Sauron stands in {province}")
    for kind in state.secret_beasts:
        used = {SPIDERS: state.spiders_used, DRAGONS: state.dragons_used}.get(kind)
        if not used or not any(p.power == "SAURON" and p.component.kind == kind
                               for ps in state.position.values() for p in ps):
            problems.append(f"secret_beasts: {kind!r} is not Spiders (S) or Dragons (D) of Sauron's on the board")
    for province in state.neutralised:
        if nmap.provinces[province].alignment == "neutral":
            problems.append(f"neutralised: {province} was never Good or Evil (EN 8.1 viii)")
    if phase.kind == RETREAT and not dislodged:
        problems.append("a retreat phase needs the dislodged units")
    if phase.kind != RETREAT and (dislodged or standoffs):
        problems.append("dislodged units and standoffs belong only to a retreat phase")
    seen: dict[str, str] = {}
    for d in dislodged:
        if d.province in seen:
            problems.append(f"dislodged: two dislodged units in {d.province} ({seen[d.province]}, {d.power}); "
                            "units in one province retreat together (EN 4.2 xii)")
        seen[d.province] = d.power
        if d.attacker_from and nmap.border(d.province, d.attacker_from) is None:
            problems.append(f"dislodged: {d.attacker_from} is not next to {d.province}")
    for province in standoffs:
        if state.position.get(province):
            problems.append(f"standoffs: {province} is occupied, so no standoff left it vacant")
    return problems
