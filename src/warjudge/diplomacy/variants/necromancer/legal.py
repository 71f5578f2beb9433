"""Every legal Necromancer order of a power, in canonical text, for the game interface.

Candidates are spelled out from the position (each set of a province's unordered
Components, every Hold, Move, MU size, Double Move, Support, Auxiliary and Lead; every
retreat; every build, disband, waive and Activation) and each is kept only if the judge
itself accepts it beside the orders the power already gave (`build_groups`,
`judge_retreats`, the adjustment `Judging` find it not void). So the list and the judge can
never disagree, and an order that would void one already given is not offered.

A power is offered only what it can see (docs/rulings.md, "Necromancer legal orders"):
supports name units in its view, and retreats and builds are judged on its view of the
board, as the view's own retreat lists are (a hidden unit there still spoils them).
Movement orders interact only within one province (MUs, Leads, the Wizard aboard an
A/F, the 2002 amendments), so each province is judged alone, which keeps this fast.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from warjudge.diplomacy.variants.necromancer.adjustments import (
    Judging, home_centres, wizard_at,
)
from warjudge.diplomacy.variants.necromancer.calendar import START_YEAR
from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, SARUMAN_THIRD_ARMY, NecroMap
from warjudge.diplomacy.variants.necromancer.movement import Dislodgement, build_groups
from warjudge.diplomacy.variants.necromancer.orders import (
    Activate, Build, BuildAuxiliary, Disband, DoubleMove, Hold, Lead, Move, NOrder, Step, Support, Waive,
    format_norder,
)
from warjudge.diplomacy.variants.necromancer.pieces import (
    DOUBLE_MOVERS, DRAGONS, ENGINE, FLEET, NAZGUL, SPIDERS, Group,
)
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece, Position
from warjudge.diplomacy.variants.necromancer.resolver import NMR, Rules
from warjudge.diplomacy.variants.necromancer.retreats import judge_retreats, split_wizard_at_sea, written_dislodged
from warjudge.diplomacy.variants.necromancer.state import NecroState

MU_POWERS = ("GONDOR", "SAURON")   # EN 4.2 i, 7.3 i, 7.8.1 ix: only they form Multiple Units


# --- movement -----------------------------------------------------------------------------

def province_orders(nmap: NecroMap, edition: str, position: Position, sight: Position, power: str,
                    province: str, given: tuple[str, ...]) -> list[str]:
    """The legal orders of `power`'s unordered Components in `province`, `given` being the
    orders it already gave there."""
    here = {province: position[province]}
    groups, _ = build_groups(nmap, here, [(power, t) for t in given], edition)
    rest = [p for g in groups if g.kind == NMR and g.power == power for p in g.pieces]
    out = []
    for text in dict.fromkeys(_movement_candidates(nmap, position, sight, power, province, rest)):
        _, verdicts = build_groups(nmap, here, [(power, t) for t in (*given, text)], edition)
        if all(v.result != "void" for v in verdicts) and verdicts[-1].why is None:
            out.append(text)
    return out


def _subsets(rest: list[Piece], province: str) -> Iterator[Group]:
    """Every written unit naming some of `rest` exactly: each Personality alone, and any
    number of a kind's Components with and without each Auxiliary (EN 4.2 ii-v)."""
    counts: dict[str, dict[str | None, int]] = {}
    for p in rest:
        if p.component.personality:
            yield Group(p.component.kind, 1, (), province)
        else:
            by_aux = counts.setdefault(p.component.kind, {})
            by_aux[p.component.aux] = by_aux.get(p.component.aux, 0) + 1
    for kind, by_aux in sorted(counts.items()):
        for plain in range(by_aux.get(None, 0) + 1):
            for fleets in range(by_aux.get(FLEET, 0) + 1):
                for engines in range(by_aux.get(ENGINE, 0) + 1):
                    if plain + fleets + engines:
                        aux = tuple((a, n) for a, n in ((FLEET, fleets), (ENGINE, engines)) if n)
                        yield Group(kind, plain + fleets + engines, aux, province)


def _soldiers(position: Position, power: str, provinces: Iterable[str]) -> int:
    return sum(1 for prov in provinces for p in position.get(prov, [])
               if p.power == power and not p.component.personality)


def _movement_candidates(nmap: NecroMap, position: Position, sight: Position, power: str, province: str,
                         rest: list[Piece]) -> Iterator[str]:
    around = sorted(nmap.around(province))
    seen = {q: sorted({p.component.kind for p in pieces}) for q, pieces in sight.items()}
    for unit in _subsets(rest, province):
        personality = unit.kind in (NAZGUL, "W")
        yield format_norder(Hold(power, unit))
        for dest in around:
            yield format_norder(Move(power, unit, dest))
        if power in MU_POWERS and not personality:   # FR 4.2 vi: the MU's size written at arrival
            for dest in [province, *around]:
                near = _soldiers(position, power, {dest, *nmap.around(dest)}) - unit.count
                for size in range(max(2, unit.count), unit.count + max(near, 0) + 1):
                    yield format_norder(Move(power, unit, dest, size))
        if unit.kind in DOUBLE_MOVERS and unit.count == 1:   # EN 3.2.2, 7.6 ii, 7.8.1 iv
            for second in around:
                yield format_norder(DoubleMove(power, unit, Step(None), Step(second)))
            for first in around:
                for second in sorted(nmap.around(first)):
                    yield format_norder(DoubleMove(power, unit, Step(first), Step(second)))
        if personality:
            if unit.kind == NAZGUL:   # EN 7.8.1 vii: the Lead of a unit in its province
                for kind in sorted({p.component.kind for p in position[province]
                                    if p.power == power and not p.component.personality}):
                    yield format_norder(Lead(power, unit, Group(kind, 1, (), province)))
            continue
        for aux in (FLEET, ENGINE):
            yield format_norder(BuildAuxiliary(power, unit, aux))
        for aim in around:   # supports name units the power can see (docs/rulings.md)
            for kind in seen.get(aim, ()):
                yield format_norder(Support(power, unit, Group(kind, 1, (), aim)))
            for origin in sorted(nmap.around(aim)):
                for kind in seen.get(origin, ()):
                    yield format_norder(Support(power, unit, Group(kind, 1, (), origin), aim))


def canonical_support(order: NOrder | Waive) -> NOrder | Waive:
    """A Support names the supported unit by kind and province only (the judge matches no
    more, EN 4.2 xv): '2A/1F Pel' and 'A Pel' are one order."""
    if isinstance(order, Support):
        return Support(order.power, order.unit, Group(order.target.kind, 1, (), order.target.province),
                       order.target_dest)
    return order


# --- retreats ------------------------------------------------------------------------------

def retreat_orders(nmap: NecroMap, rules: Rules, sight: Position, dislodged: list[Dislodgement],
                   standoffs: set[str], power: str, given: tuple[str, ...]) -> list[str]:
    out = []
    for d in split_wizard_at_sea(nmap, dislodged):
        if d.power != power:
            continue
        unit = written_dislodged(d)
        for text in [f"{unit} D", *(f"{unit} R {n}" for n in sorted(nmap.around(d.province)))]:
            entries = [(power, t) for t in (*given, text)]
            _, results = judge_retreats(nmap, sight, dislodged, standoffs, entries, rules)
            if all(r.result != "void" for r in results[:len(entries)]):
                out.append(text)
    return out


# --- adjustments ---------------------------------------------------------------------------

def adjustment_orders(nmap: NecroMap, seen: NecroState, power: str, given: tuple[str, ...],
                      counted_disbands: bool = True) -> list[str]:
    """`seen`: the state with the position as `power` sees it. The orders given are judged
    once; each candidate after them on a fork (as the judge reads them in turn);
    `counted_disbands` as the judge's (`Judging`)."""
    judging = Judging(nmap, seen, [], counted_disbands)
    if any(r.result == "void" for r in judging.judge([(power, t) for t in given])):
        return []
    return [text for text in dict.fromkeys(_adjustment_candidates(nmap, seen, power, judging.delta[power]))
            if judging.fork().judge([(power, text)])[0].result != "void"]


def _adjustment_candidates(nmap: NecroMap, state: NecroState, power: str, balance: int) -> Iterator[str]:
    """`balance`: the power's centres less its units before it gave any order."""
    yield format_norder(Waive(power))
    builds = max(1, balance)
    sites = home_centres(nmap, state, power) | {ERIADOR}
    wizard = wizard_at(state) if power == "SARUMAN" else None
    if wizard is not None:
        sites.add(wizard)
    if state.phase.year == START_YEAR:
        sites |= set(SARUMAN_THIRD_ARMY)
    for province in sorted(sites):
        for kind in ("A", "C", NAZGUL):
            for count in range(1, (builds if power in MU_POWERS and kind == "A" else 1) + 1):
                yield format_norder(Build(power, Group(kind, count, (), province)))
    for province, pieces in sorted(state.position.items()):
        mine = [p for p in pieces if p.power == power]
        for unit in _subsets(mine, province):
            yield format_norder(Disband(power, unit))
    if power == "SAURON":   # EN 7.8.2 iv
        for province, pieces in sorted(state.position.items()):
            if any(p.power == STANDING for p in pieces):
                yield format_norder(Activate(power, Group("A", 1, (), province)))
        for kind, starts in ((SPIDERS, nmap.spec.spiders_start), (DRAGONS, nmap.spec.dragons_start)):
            for province in starts:
                yield format_norder(Activate(power, Group(kind, 1, (), province)))


def is_owed(text: str) -> bool:
    """Is this adjustment order one the power owes (a build it may waive, a disband)
    rather than an optional one (an Activation, the Nazgul's rebuild, the third army)?"""
    return text == "Waive" or text.endswith(" D")


__all__ = ["adjustment_orders", "canonical_support", "is_owed", "province_orders", "retreat_orders"]
