"""Necromancer movement phase, first step: orders -> order groups -> resolution
(docs/necromancer-judge.md section 1). Double Movement, views and the report come next.

Every order is checked here; a void order leaves its Components holding, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, NecroMap
from warjudge.diplomacy.variants.necromancer.orders import BuildAuxiliary, DoubleMove, Hold, Lead, Move, Support
from warjudge.diplomacy.variants.necromancer.pieces import FLEET, NAZGUL, Group as Written
from warjudge.diplomacy.variants.necromancer.position import Piece, Position
from warjudge.diplomacy.variants.necromancer.results import NResult, parsed
from warjudge.diplomacy.variants.necromancer.resolver import (
    BUILD, HOLD, MOVE, NMR, SUPPORT, Group, NecroResolver, Resolution, Rules,
)


def select(position: Position, power: str, unit: Written, taken: set[int]) -> list[int] | None:
    """Indices (in position[province]) of the Components the written unit names."""
    pieces = position.get(unit.province, [])
    wanted = unit.components()
    chosen: list[int] = []
    for comp in sorted(wanted, key=lambda c: c.aux is None):  # auxiliaries first, then plain
        for k, piece in enumerate(pieces):
            if k in taken or k in chosen or piece.power != power or piece.component != comp:
                continue
            chosen.append(k)
            break
        else:
            return None
    return chosen


def passable(nmap: NecroMap, pieces: list[Piece], src: str, dest: str) -> str | None:
    """None if these Components may cross from src to dest, else the reason."""
    kind = nmap.border(src, dest)
    if kind is None:
        return f"{dest} is not adjacent to {src}"
    nazgul = all(p.component.kind == NAZGUL for p in pieces)
    if kind == "mountain" and not nazgul:
        return f"{src} and {dest} are separated by mountains (EN 5.2)"
    if nmap.provinces[dest].kind == "sea":
        if nazgul:
            return "the Nazgul may never enter a sea province (EN 7.8.1 vi)"
        if not all(p.component.aux == FLEET for p in pieces):
            return "only units with a Fleet may go to sea (EN 4.3 iv)"
    elif kind == "sea" and nmap.provinces[src].kind == "sea" and not all(p.component.aux == FLEET for p in pieces):
        return "only units with a Fleet may go to sea (EN 4.3 iv)"
    return None


def build_groups(nmap: NecroMap, position: Position, orders: list[tuple[str, str]]):
    """Parse and check every order; returns (groups, verdicts)."""
    verdicts: list[NResult] = []
    taken: dict[str, set[int]] = {}
    groups: list[Group] = []
    leads: list[tuple[str, str, Written]] = []
    for verdict, order in parsed(nmap, orders, verdicts):
        power = verdict.power
        if not hasattr(order, "unit"):
            verdict.set_void("not a movement-phase order")
            continue
        unit = order.unit
        used = taken.setdefault(unit.province, set())
        picked = select(position, power, unit, used)
        if picked is None:
            verdict.set_void(f"{power} has no {unit}")
            continue
        pieces = [position[unit.province][k] for k in picked]
        reason, group = _group(nmap, position, order, pieces)
        used.update(picked)
        if reason:
            verdict.set_void(reason)
            groups.append(Group(power, unit.province, pieces, HOLD))  # a void order holds (ruling)
            continue
        if isinstance(order, Lead):
            leads.append((power, unit.province, order.target))
        if group is not None:
            groups.append(group)
    for province, pieces in position.items():
        rest = [p for k, p in enumerate(pieces) if k not in taken.get(province, set())]
        for power in sorted({p.power for p in rest}):
            groups.append(Group(power, province, [p for p in rest if p.power == power], NMR))
    for power, province, target in leads:
        for g in groups:
            if g.power == power and g.province == province and any(
                    p.component.kind == target.kind for p in g.pieces) and not g.led:
                g.led = True
                break
    return groups, verdicts


def _group(nmap: NecroMap, position: Position, order, pieces: list[Piece]) -> tuple[str, Group | None]:
    power, here = order.power, order.unit.province
    personality = all(p.component.personality for p in pieces)
    if isinstance(order, Hold):
        return "", Group(power, here, pieces, HOLD)
    if isinstance(order, Move):
        if order.dest == here:
            if order.dest_size is None:
                return "a unit cannot move to its own province", None
            return "", Group(power, here, pieces, MOVE, dest=here, form_size=order.dest_size)
        reason = passable(nmap, pieces, here, order.dest)
        if reason:
            return reason, None
        soldiers = sum(not p.component.personality for p in pieces)
        if soldiers > 1 and order.dest != ERIADOR and power not in ("GONDOR", "SAURON"):
            return f"{power} has no Multiple Units: order these units one by one (EN 4.2 i)", None
        return "", Group(power, here, pieces, MOVE, dest=order.dest, form_size=order.dest_size)
    if isinstance(order, Support):
        if personality:
            return "a Personality cannot Support (EN 3.3 i)", None
        if here == ERIADOR:
            return "units in Eriador cannot Support (EN 5.1 iii)", None
        aim = order.target_dest or order.target.province
        if aim == here:
            return "a unit cannot support a move into its own province", None
        if aim != ERIADOR and passable(nmap, pieces, here, aim) and aim != here:
            return f"{order.unit} cannot move to {aim}, so cannot support there", None
        return "", Group(power, here, pieces, SUPPORT, dest=order.target_dest, target=order.target.province)
    if isinstance(order, BuildAuxiliary):
        if personality:
            return "a Personality cannot build Auxiliaries (EN 3.3 i)", None
        if here == ERIADOR:
            return "units in Eriador cannot Build (EN 5.1 iii)", None
        kind = nmap.provinces[here].kind
        if order.auxiliary == FLEET and kind != "coastal":
            return "Fleets are built only in coastal provinces (EN 4.3 ii)", None
        if order.auxiliary != FLEET:
            if kind == "sea":
                return "Siege Engines are built only on land (EN 4.4 ii)", None
            if any(p.component.aux == "E" for p in position.get(here, [])):
                return "only one Siege Engine may be in a province (EN 4.4 iii)", None
        return "", Group(power, here, pieces, BUILD, auxiliary=order.auxiliary)
    if isinstance(order, DoubleMove):
        return "this judge does not adjudicate Double Movement yet: give the unit one order", None
    if isinstance(order, Lead):
        if not all(p.component.kind == NAZGUL for p in pieces):
            return "only the Nazgul Leads (EN 7.8.1 vii)", None
        if order.target.province != here:
            return "the Nazgul Leads a unit in its own province (EN 7.8.1 vii)", None
        return "", None
    return "not a movement-phase order", None


def resolve_movement(nmap: NecroMap, position: Position, orders: list[tuple[str, str]],
                     rules: Rules) -> tuple[list[Group], list[NResult], Resolution]:
    groups, verdicts = build_groups(nmap, position, orders)
    return groups, verdicts, NecroResolver(nmap, groups, rules).run()


def default_rules(nmap: NecroMap, edition: str = "2002", alignment: bool = True) -> Rules:
    """Rules for a game on `nmap`: alignments from the map file (EN 8.1 ii-iii)."""
    return Rules(edition=edition, alignment=alignment,
                 power_alignment={p.id: p.alignment for p in nmap.spec.powers},
                 province_alignment={p.id: p.alignment for p in nmap.provinces.values()})


@dataclass
class Dislodgement:
    power: str
    province: str
    pieces: list[Piece]        # retreat together (EN 4.2 xii)
    attacker_from: str


def apply_movement(nmap: NecroMap, position: Position, groups: list[Group], res: Resolution,
                   rules: Rules) -> tuple[Position, list[Dislodgement]]:
    """The position after the main Movement resolution."""
    after: Position = {}
    dislodged: list[Dislodgement] = []
    for i, g in enumerate(groups):
        if i in res.moved:
            continue
        pieces = list(g.pieces)
        if i in res.built:
            pieces = _with_auxiliary(pieces, g.auxiliary)
        if g.province in res.dislodged and res.dislodged[g.province][0] == g.power:
            lost_engines = [without_auxiliary(p, "E") for p in pieces]        # EN 4.4 iv
            found = next((d for d in dislodged if d.province == g.province and d.power == g.power), None)
            if found is None:
                dislodged.append(Dislodgement(g.power, g.province, lost_engines, res.dislodged[g.province][1]))
            else:
                found.pieces.extend(lost_engines)
            continue
        after.setdefault(g.province, []).extend(pieces)
    for i in sorted(res.moved):
        g = groups[i]
        moved = []
        for p in g.pieces:
            if p.component.aux == "E":
                p = _engine_stays(p, g, after)                          # EN 4.4 iv-v
            if not fleet_survives(nmap, rules, g.province, g.dest):
                p = without_auxiliary(p, FLEET)
            moved.append(p)
        after.setdefault(g.dest, []).extend(moved)
    dislodged += abandoned_by_the_nazgul(after, rules)
    return {k: v for k, v in after.items() if v}, dislodged


def abandoned_by_the_nazgul(position: Position, rules: Rules) -> list[Dislodgement]:
    """A Sauron MU left without the Nazgul (EN/FR 7.8.1 ix). 2000: it breaks up as in a
    self-standoff, its extra Components dispersing through the Retreat phase (ruling, read
    with FR 9 i, which says the amendment put disbands in place of retreats). 2002: the
    extra units are destroyed at once, Spiders or Dragons surviving last where possible."""
    out = []
    for province, pieces in position.items():
        sauron = [k for k, p in enumerate(pieces) if p.power == "SAURON" and not p.component.personality]
        if province == ERIADOR or len(sauron) < 2 or any(
                p.power == "SAURON" and p.component.kind == NAZGUL for p in pieces):
            continue
        keep = max(sauron, key=lambda k: pieces[k].component.kind in ("S", "D"))
        extras = [k for k in sauron if k != keep]
        if rules.edition == "2000":
            out += [Dislodgement("SAURON", province, [pieces[k]], "") for k in extras]
        pieces[:] = [p for k, p in enumerate(pieces) if k not in extras]
    return out


def fleet_survives(nmap: NecroMap, rules: Rules, src: str, dest: str) -> bool:
    """A Fleet is lost going inland (EN 4.3 iii) and, in 2002, across a land-only border
    (FR 4.3 iii, the January 2002 clarification)."""
    if nmap.provinces[dest].kind == "inland":
        return False
    return not (rules.edition == "2002" and nmap.border(src, dest) == "land")


def without_auxiliary(piece: Piece, aux: str) -> Piece:
    if piece.component.aux != aux:
        return piece
    return Piece(piece.power, type(piece.component)(piece.component.kind, None))


def _engine_stays(piece: Piece, group: Group, after: Position) -> Piece:
    """A Component leaving with an Engine loses it; an MU keeps the Engine while one of
    its Components stays (ruling: it passes to a staying Component without an Auxiliary)."""
    here = after.get(group.province, [])
    for k, stayer in enumerate(here):
        if stayer.power == piece.power and not stayer.component.personality and stayer.component.aux is None:
            here[k] = Piece(stayer.power, type(stayer.component)(stayer.component.kind, "E"))
            break
    return without_auxiliary(piece, "E")


def _with_auxiliary(pieces: list[Piece], aux: str) -> list[Piece]:
    """A successful Build: each Component gets the Auxiliary, replacing any other (EN 3.4 v);
    an Engine goes to one Component only (EN 4.4 iii)."""
    out = []
    given = False
    for p in pieces:
        if aux == "E" and given:
            out.append(p)
            continue
        out.append(Piece(p.power, type(p.component)(p.component.kind, aux)))
        given = True
    return out
