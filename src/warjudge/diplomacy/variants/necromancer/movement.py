"""Necromancer movement phase, first step: orders -> order groups -> resolution
(docs/necromancer-judge.md section 1). Double Movement, views and the report come next.

Every order is checked here; a void order leaves its Components holding, with the reason.

What the variant shares with the standard judge, and what it keeps and why (issue 25):
- shared: the guess-and-check driver (diplomacy/guess.py, under resolver.py); the retreat
  bounce (diplomacy/retreat_rules.py) and the adjustment balance and civil disorder
  (diplomacy/adjustment_rules.py), with the variant's exceptions as a hook and data.
- kept, the same rule on other data: an unordered unit holds (EN 2.2.1 vii; here one NMR
  group per power and province, as an MU's Components are ordered apart, EN 4.2 v), and
  the results (a move that does not prevail fails, a support cut or unmatched, a hold
  dislodged, EN 2.2.3; here over groups, a Build failing as a cut Support, EN 3.4 iii).
- kept, the variant's own rules: strengths summed over Components, MU coalitions (4.2 ix),
  supports reduced rather than cut (4.2 vii), Fortresses (4.1), Siege Engines (4.4),
  Alignment (8.1), Eriador (5.1), Personalities (3.3), Lead (7.8.1), Double and Hidden
  Movement (3.2, 7.6); no convoys (a Fleet Auxiliary carries its own Component, 4.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, NecroMap
from warjudge.diplomacy.variants.necromancer.orders import (
    Activate, Build, BuildAuxiliary, Disband, DoubleMove, Hold, Lead, Move, Retreat, Support, Waive,
)
from warjudge.diplomacy.variants.necromancer.pieces import (
    DOUBLE_MOVERS, FLEET, NAZGUL, PERSONALITIES, WIZARD, Group as Written,
)
from warjudge.core.events import Event
from warjudge.diplomacy.variants.necromancer.position import Piece, Position
from warjudge.diplomacy.variants.necromancer.reasons import because, nested
from warjudge.diplomacy.report import OrderResult
from warjudge.diplomacy.variants.necromancer.results import NEntry, parsed
from warjudge.diplomacy.variants.necromancer.resolver import (
    BUILD, HOLD, MOVE, NMR, SUPPORT, Group, NecroResolver, Resolution, Rules,
)


Checked = tuple[Event | None, Group | None]   # why an order is void, else its group
_OTHER_PHASES = {Build: "necdip.move.adjustment_order", Activate: "necdip.move.adjustment_order",
                 Waive: "necdip.move.adjustment_order", Retreat: "necdip.move.retreat_order",
                 Disband: "necdip.move.retreat_order"}   # orders of other phases: void here


def select(position: Position, power: str, unit: Written, taken: set[int],
           loose: bool = False) -> list[int] | None:
    """Indices (in position[province]) of the Components the written unit names; `loose`
    also takes Components whose Auxiliary the order left out."""
    pieces = position.get(unit.province, [])
    chosen: list[int] = []
    for kind, aux in unit.wanted:   # auxiliaries first, then plain
        for k, piece in enumerate(pieces):
            if k in taken or k in chosen or piece.power != power:
                continue
            have = piece.component
            if have.kind != kind or (have.aux != aux and not (loose and aux is None)):
                continue
            chosen.append(k)
            break
        else:
            return None
    return chosen


def _all_of(pieces: list[Piece], kind: str) -> bool:
    """Are all these Components of this kind? (a loop: cheaper than all() on a generator
    for the one or two Components a group usually has; issue 12: speed)"""
    for p in pieces:
        if p.component.kind != kind:
            return False
    return True


def _personalities(pieces: list[Piece]) -> bool:
    """Are these Components all Personalities (EN 3.3)? The same kind of loop as _all_of."""
    for p in pieces:
        if not p.component.personality:
            return False
    return True


def passable(nmap: NecroMap, pieces: list[Piece], src: str, dest: str) -> Event | None:
    """None if these Components may cross from src to dest, else the reason."""
    kind = nmap.border(src, dest)
    if kind is None:
        return because("necdip.move.not_adjacent", dest=dest, src=src)
    if kind == "mountain" and not _all_of(pieces, NAZGUL):
        return because("necdip.move.mountains", src=src, dest=dest)
    if _all_of(pieces, WIZARD):
        return None  # EN 7.7 vii: at sea only aboard an A/F, checked with the other orders
    if nmap.provinces[dest].kind == "sea":
        if _all_of(pieces, NAZGUL):
            return because("necdip.move.nazgul_sea")
        if not all(p.component.aux == FLEET for p in pieces):
            return because("necdip.move.fleet_only_sea")
    elif kind == "sea" and nmap.provinces[src].kind == "sea" and not all(p.component.aux == FLEET for p in pieces):
        return because("necdip.move.fleet_only_sea")
    return None


def build_groups(nmap: NecroMap, position: Position, orders: Sequence[NEntry], edition: str = "2002"
                 ) -> tuple[list[Group], list[OrderResult]]:
    """Parse and check every order; returns (groups, verdicts)."""
    verdicts: list[OrderResult] = []
    taken: dict[str, set[int]] = {}
    groups: list[Group] = []
    leads: list[tuple[str, str, Written, list[Piece], int]] = []
    overfull: set[tuple[str, str]] = set()
    mu_orders: dict[tuple[str, str], list[int]] = {}
    for verdict, order in parsed(nmap, orders, verdicts):
        power, index = verdict.power, len(verdicts) - 1
        wrong_phase = _OTHER_PHASES.get(type(order))
        if wrong_phase is not None:
            verdict.set_void(because(wrong_phase))
            continue
        unit = order.unit
        used = taken.setdefault(unit.province, set())
        picked = select(position, power, unit, used)
        unwritten = False
        if picked is None:
            picked = select(position, power, unit, used, loose=True)
            unwritten = picked is not None
        if picked is None:
            verdict.set_void(_missing_unit(position, power, unit, used))
            if unit.kind not in PERSONALITIES and sum(   # an MU (a lone unit: the first order counts)
                    p.power == power and not p.component.personality for p in position.get(unit.province, [])) > 1 \
                    and select(position, power, unit, set(), loose=True) is not None:
                overfull.add((power, unit.province))   # EN/FR 4.2 v: more orders than Components
                mu_orders.setdefault((power, unit.province), []).append(index)
            continue
        if unit.kind not in PERSONALITIES:
            mu_orders.setdefault((power, unit.province), []).append(index)
        pieces = [position[unit.province][k] for k in picked]
        if unwritten and edition == "2002":   # FR 4.2 xviii: an Auxiliary left out is destroyed
            pieces = [without_auxiliary(p, p.component.aux) if p.component.aux else p for p in pieces]
            verdict.why = because("necdip.move.auxiliary_left_out")
        check = _CHECKS.get(type(order))
        if check is None:
            raise TypeError(f"not a movement order: {order!r}")
        reason, group = check(nmap, position, order, pieces)
        if unit.count > 1 and not reason and edition == "2002" and isinstance(order, Move) \
                and order.dest_size is None:
            reason = because("necdip.move.mu_size")
        used.update(picked)
        if group is not None:
            group.order_index = index
        if reason:
            verdict.set_void(reason)
            groups.append(Group(power, unit.province, pieces, HOLD,   # a void order holds (ruling)
                                order_index=index))
            continue
        if isinstance(order, Lead):
            leads.append((power, unit.province, order.target, pieces, index))
        if group is not None:
            groups.append(group)
    for key in overfull:   # EN/FR 4.2 v: too many orders for an MU's Components: all are void
        for index in mu_orders.get(key, ()):
            verdicts[index].set_void(because("necdip.move.overfull_mu"))
            for g in groups:
                if g.order_index == index:
                    g.kind, g.dest, g.form_size, g.then, g.target, g.auxiliary = HOLD, None, None, None, None, None
    for province, pieces in position.items():
        ordered = taken.get(province)
        if ordered and len(ordered) == len(pieces):
            continue   # every Component here is ordered
        rest = [p for k, p in enumerate(pieces) if k not in ordered] if ordered else pieces
        if len(rest) == 1:   # the usual case: one Component, unordered
            groups.append(Group(rest[0].power, province, [rest[0]], NMR))
            continue
        for power in sorted({p.power for p in rest}):
            groups.append(Group(power, province, [p for p in rest if p.power == power], NMR))
    _join_leaders(nmap, groups, leads, verdicts)
    _wizard_aboard(nmap, groups, verdicts)
    if edition == "2002":
        _amendments_2002(position, groups, verdicts)
    return groups, verdicts


def _missing_unit(position: Position, power: str, unit: Written, used: set[int]) -> Event:
    """Why a written unit selects nothing: already ordered, another power's, or not there."""
    if used and select(position, power, unit, set(), loose=True) is not None:
        return because("necdip.move.already_ordered", unit=str(unit))
    owners = sorted({p.power for p in position.get(unit.province, []) if p.power != power
                     and p.component.kind == unit.kind})
    if owners and owners[0] != "STANDING":
        return because("necdip.move.not_yours", unit=str(unit), owner=owners[0], power=power)
    return because("necdip.no_such_unit", power=power, unit=str(unit))


def _join_leaders(nmap: NecroMap, groups: list[Group], leads: list[tuple[str, str, Written, list[Piece], int]], verdicts: list[OrderResult]) -> None:
    """EN 7.8.1 vii-viii: the Nazgul giving a Lead order adds 1 to the led unit's order and
    stays with that unit for the whole turn, wherever it goes (it joins the unit's group).
    A Lead with no unit to lead, or of a unit going to sea (7.8.1 vi), is void: the Nazgul holds."""
    for power, province, target, nazgul, index in leads:
        led = next((g for g in groups if g.power == power and g.province == province and not g.led
                    and not all(p.component.personality for p in g.pieces)
                    and any(p.component.kind == target.kind for p in g.pieces)), None)
        if led is None or (led.kind == MOVE and nmap.provinces[led.to].kind == "sea"):
            verdicts[index].set_void(because("necdip.move.nazgul_sea") if led is not None else
                                     because("necdip.move.no_unit_to_lead", power=power, unit=str(target)))
            groups.append(Group(power, province, nazgul, HOLD, order_index=index))
            continue
        led.led, led.lead_order = True, index
        led.pieces = [*led.pieces, *nazgul]


def _wizard_aboard(nmap: NecroMap, groups: list[Group], verdicts: list[OrderResult]) -> None:
    """EN 7.7 vii: the Wizard goes to (or along) the sea only aboard a Saruman A/F making
    the same move; it may leave an A/F only for land."""
    for g in groups:
        if g.kind != MOVE or not _all_of(g.pieces, WIZARD):
            continue
        if nmap.provinces[g.to].kind != "sea":
            continue
        if not any(h.power == g.power and h.kind == MOVE and h.province == g.province and h.dest == g.dest
                   and any(p.component.aux == FLEET for p in h.pieces) for h in groups if h is not g):
            assert g.order_index is not None   # a move is always ordered
            verdicts[g.order_index].set_void(because("necdip.move.wizard_at_sea"))
            g.kind, g.dest = HOLD, None


def _amendments_2002(position: Position, groups: list[Group], verdicts: list[OrderResult]) -> None:
    """FR 4.2 vii: several moves of one MU's Components to one province are all void.
    FR 7.8.1 x: in a Nazgul MU, orders are void unless the Nazgul stays or goes with them."""
    def void(g: Group, reason: Event) -> None:
        assert g.order_index is not None   # only ordered groups are voided here
        verdicts[g.order_index].set_void(reason)
        g.kind, g.dest, g.form_size, g.then = HOLD, None, None, None

    moves: dict[tuple[str, str, str], list[Group]] = {}
    for g in groups:
        if g.kind == MOVE and g.order_index is not None and g.dest != g.province and not _personalities(
                g.pieces):   # Personalities are not Components of an MU
            moves.setdefault((g.power, g.province, g.to), []).append(g)
    for same in moves.values():
        if len(same) > 1:
            for g in same:
                void(g, because("necdip.move.one_order_per_destination"))
    for province, pieces in position.items():
        if len(pieces) < 2 or sum(p.power == "SAURON" and not p.component.personality for p in pieces) < 2:
            continue   # no Sauron MU here: no need to look for its Nazgul (issue 12: speed)
        nazgul = next((g for g in groups if g.power == "SAURON" and g.province == province
                       and any(p.component.kind == NAZGUL for p in g.pieces)), None)
        if nazgul is None or nazgul.kind != MOVE:
            continue
        for g in groups:
            if g is not nazgul and g.power == "SAURON" and g.province == province and g.order_index is not None \
                    and not (g.kind == MOVE and g.dest == nazgul.dest):
                void(g, because("necdip.move.nazgul_leaves"))


def _double(nmap: NecroMap, position: Position, order: DoubleMove, pieces: list[Piece]) -> Checked:
    """EN 3.2.2 i-iii: two Hold/Move orders, for Cavalry and the Nazgul only."""
    power, here = order.power, order.unit.province
    if len(pieces) != 1 or pieces[0].component.kind not in DOUBLE_MOVERS:
        return because("necdip.move.double_movers"), None
    first, second = order.first.dest, order.second.dest
    middle = first or here
    if first is not None:
        reason = passable(nmap, pieces, here, first)
        if reason:
            return reason, None
    if second is not None:
        if second == middle:
            return because("necdip.move.second_same"), None
        reason = passable(nmap, _landlubbers(pieces), middle, second) and passable(nmap, pieces, middle, second)
        if reason:
            return reason, None
    kind = MOVE if first is not None else HOLD
    return None, Group(power, here, pieces, kind, dest=first, then=second or "")


def _landlubbers(pieces: list[Piece]) -> list[Piece]:
    return [without_auxiliary(p, FLEET) for p in pieces]


def _hold(nmap: NecroMap, position: Position, order: Hold, pieces: list[Piece]) -> Checked:
    return None, Group(order.power, order.unit.province, pieces, HOLD)


def _move(nmap: NecroMap, position: Position, order: Move, pieces: list[Piece]) -> Checked:
    power, here = order.power, order.unit.province
    if order.dest == here:
        if order.dest_size is None:
            return because("necdip.move.own_province"), None
        return None, Group(power, here, pieces, MOVE, dest=here, form_size=order.dest_size)
    reason = passable(nmap, pieces, here, order.dest)
    if reason:
        return reason, None
    if len(pieces) > 1 and order.dest != ERIADOR and power not in ("GONDOR", "SAURON") \
            and sum(not p.component.personality for p in pieces) > 1:
        return because("necdip.move.no_multiple_units", power=power), None
    return None, Group(power, here, pieces, MOVE, dest=order.dest, form_size=order.dest_size)


def _idle(pieces: list[Piece], here: str, personality: str, eriador: str) -> Event | None:
    """Why these Components may not Support or Build (the code of each case given): a
    Personality does neither (EN 3.3 i), nor does anyone in Eriador (EN 5.1 iii)."""
    if _personalities(pieces):
        return because(personality)
    if here == ERIADOR:
        return because(eriador)
    return None


def _support(nmap: NecroMap, position: Position, order: Support, pieces: list[Piece]) -> Checked:
    power, here = order.power, order.unit.province
    idle = _idle(pieces, here, "necdip.move.personality_support", "necdip.move.eriador_support")
    if idle:
        return idle, None
    aim = order.target_dest or order.target.province
    if aim == here:
        return because("necdip.move.support_own_province"), None
    mine_here = sum(p.power == power for p in position.get(here, []))
    if order.target.province == here and mine_here <= len(pieces):
        return because("necdip.move.support_itself"), None
    if aim != ERIADOR and passable(nmap, pieces, here, aim):   # aim == here was refused above
        return because("necdip.move.cannot_support_there", unit=str(order.unit), dest=aim), None
    return None, Group(power, here, pieces, SUPPORT, dest=order.target_dest, target=order.target.province,
                       target_kind=order.target.kind)


def _build_auxiliary(nmap: NecroMap, position: Position, order: BuildAuxiliary, pieces: list[Piece]) -> Checked:
    power, here = order.power, order.unit.province
    idle = _idle(pieces, here, "necdip.move.personality_build", "necdip.move.eriador_build")
    if idle:
        return idle, None
    kind = nmap.provinces[here].kind
    if order.auxiliary == FLEET and kind != "coastal":
        return because("necdip.move.fleet_coastal"), None
    if order.auxiliary != FLEET:
        if kind == "sea":
            return because("necdip.move.engine_land"), None
        if any(p.component.aux == "E" for p in position.get(here, [])):
            return because("necdip.move.one_engine"), None
    return None, Group(power, here, pieces, BUILD, auxiliary=order.auxiliary)


def _lead(nmap: NecroMap, position: Position, order: Lead, pieces: list[Piece]) -> Checked:
    if not _all_of(pieces, NAZGUL):
        return because("necdip.move.only_nazgul_leads"), None
    if order.target.province != order.unit.province:
        return because("necdip.move.lead_own_province"), None
    return None, None


# Each Movement order's checks, by its type: the reason it is void, else its group (a
# Lead's group is the led unit's, joined later).
_CHECKS: dict[type, Callable[[NecroMap, Position, Any, list[Piece]], Checked]] = {
    Hold: _hold, Move: _move, Support: _support, BuildAuxiliary: _build_auxiliary, DoubleMove: _double, Lead: _lead,
}


def resolve_movement(nmap: NecroMap, position: Position, orders: Sequence[NEntry],
                     rules: Rules) -> tuple[list[Group], list[OrderResult], Resolution]:
    groups, verdicts = build_groups(nmap, position, orders, rules.edition)
    res = NecroResolver(nmap, groups, rules).run()
    _mark_results(groups, res, verdicts)
    return groups, verdicts, res


def _mark_results(groups: list[Group], res: Resolution, verdicts: list[OrderResult]) -> None:
    """Each order's result from the resolution (EN 2.2.3: a Move fails if it does not
    leave, a Hold if dislodged, a Support if cut; a Build as a Support, EN 3.4 iii)."""
    for i, g in enumerate(groups):
        if g.order_index is None or verdicts[g.order_index].result == "void":
            continue
        v = verdicts[g.order_index]
        dislodged = res.dislodged.get(g.province, ("", ""))[0] == g.power and i not in res.moved
        if g.kind == MOVE and g.dest == g.province:   # EN 4.2 iv: holding to form an MU
            if dislodged:
                v.set_failed(because("necdip.result.dislodged"))
            continue
        if g.kind == MOVE and i not in res.moved:
            v.set_failed(because("necdip.result.did_not_prevail", dest=g.dest))
        elif g.kind == SUPPORT and not _support_matched(g, groups):   # standard rules: an unmatched support
            v.set_failed(because("necdip.result.unmatched_move" if g.dest else "necdip.result.unmatched_hold"))
        elif g.kind == SUPPORT and res.support.get(i, 0) < g.base:
            v.set_failed(because("necdip.result.cut") if res.support.get(i, 0) == 0
                         else because("necdip.result.reduced", n=res.support[i]))
        elif g.kind == BUILD and i not in res.built:
            v.set_failed(because("necdip.result.attacked"))
        elif g.kind == HOLD and dislodged:
            v.set_failed(because("necdip.result.dislodged"))
        if dislodged and g.kind != HOLD:
            v.why = because("necdip.result.dislodged") if v.why is None else \
                because("necdip.result.and_dislodged", reason=nested(v.why))
        if dislodged and g.lead_order is not None:   # the Nazgul is dislodged with the unit it leads
            verdicts[g.lead_order].set_failed(because("necdip.result.dislodged"))


def _support_matched(g: Group, groups: list[Group]) -> bool:
    """Is there a unit of the supported kind at the target making the supported move (or,
    for a support to hold, staying there: EN 4.2 xi)?"""
    at = [h for h in groups if h.province == g.target and h is not g
          and (g.target_kind is None or any(p.component.kind == g.target_kind for p in h.pieces))]
    if g.dest:
        return any(h.kind == MOVE and h.dest == g.dest for h in at)
    return any(h.kind != MOVE or h.dest == h.province for h in at)


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
    also_forbidden: tuple[str, ...] = ()   # an overrun Cavalry's second province (EN 7.6 iii)


def apply_movement(nmap: NecroMap, position: Position, groups: list[Group], res: Resolution,
                   rules: Rules, destroyed: list[tuple[str, Piece]] | None = None) -> tuple[Position, list[Dislodgement]]:
    """The position after the main Movement resolution; Components destroyed on the way
    (FR 7.8.1 ix) are added to `destroyed`, for the report."""
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
        fleets_lost = not fleet_survives(nmap, rules, g.province, g.to)
        for p in g.pieces:
            if p.component.aux == "E":
                p = _engine_stays(p, g, after)                          # EN 4.4 iv-v
            if fleets_lost:
                p = without_auxiliary(p, FLEET)
            moved.append(p)
        after.setdefault(g.to, []).extend(moved)
    dislodged += abandoned_by_the_nazgul(after, rules, destroyed if destroyed is not None else [])
    return {k: v for k, v in after.items() if v}, dislodged


def abandoned_by_the_nazgul(position: Position, rules: Rules, destroyed: list[tuple[str, Piece]]) -> list[Dislodgement]:
    """A Sauron MU left without the Nazgul (EN/FR 7.8.1 ix). 2000: it breaks up as in a
    self-standoff, its extra Components dispersing through the Retreat phase (ruling, read
    with FR 9 i, which says the amendment put disbands in place of retreats). 2002: the
    extra units are destroyed at once, Spiders or Dragons surviving last where possible."""
    out = []
    for province, pieces in position.items():
        if len(pieces) < 2:
            continue   # no MU here (issue 12: speed)
        sauron = [k for k, p in enumerate(pieces) if p.power == "SAURON" and not p.component.personality]
        if province == ERIADOR or len(sauron) < 2 or any(
                p.power == "SAURON" and p.component.kind == NAZGUL for p in pieces):
            continue
        keep = max(sauron, key=lambda k: pieces[k].component.kind in ("S", "D"))
        extras = [k for k in sauron if k != keep]
        if rules.edition == "2000":
            out += [Dislodgement("SAURON", province, [pieces[k]], "") for k in extras]
        else:
            destroyed += [(province, pieces[k]) for k in extras]
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


def _with_auxiliary(pieces: list[Piece], aux: str | None) -> list[Piece]:
    """A successful Build: each Component gets the Auxiliary, replacing any other (EN 3.4 v);
    an Engine goes to one Component only (EN 4.4 iii); a Nazgul leading the builder gets
    none (EN 3.3 i: Personalities build no Auxiliaries)."""
    out = []
    given = False
    for p in pieces:
        if p.component.personality or aux == "E" and given:
            out.append(p)
            continue
        out.append(Piece(p.power, type(p.component)(p.component.kind, aux)))
        given = True
    return out


def double_movement(nmap: NecroMap, position: Position, groups: list[Group], res: Resolution,
                    dislodged: list[Dislodgement], rules: Rules, verdicts: list[OrderResult],
                    destroyed: list[tuple[str, Piece]] | None = None
                    ) -> tuple[Position, list[Dislodgement], list[Group], Resolution | None]:
    """Second orders (EN 3.2.2 iv-viii, 7.6 iii-v), resolved between Movement and Retreat
    as one more simultaneous step: each unit fights with its own strength (no supports on
    either side), a move into a province where a bounce occurred fails, a stronger mover
    dislodges, and the dislodged retreat as if dislodged in Movement. Also returns the
    step's groups and resolution (none if nobody double-moved), from which the views learn
    what a hidden unit's second move revealed (EN 3.2.1 vi)."""
    seconds: list[tuple[Group, str, Piece]] = []
    for i, g in enumerate(groups):
        then = g.then
        if not then:
            continue
        first_ok = (i in res.moved) if g.kind == MOVE else not any(
            d.province == g.province and d.power == g.power for d in dislodged)
        verdict = verdicts[g.order_index] if g.order_index is not None else None
        if not first_ok:
            if verdict is not None:
                verdict.set_failed(because("necdip.double.first_failed"))
            continue
        at = g.to if g.kind == MOVE else g.province
        piece = next((p for p in position.get(at, []) if p.power == g.power
                      and p.component.kind == g.pieces[0].component.kind), None)
        if piece is None:
            continue
        if g.then in res.standoffs:
            if verdict is not None:
                verdict.set_failed(because("necdip.double.bounce", dest=g.then))
            continue
        impossible = passable(nmap, [piece], at, then)
        if impossible:   # e.g. its Fleet was lost on the first move (EN/FR 4.3 iii)
            if verdict is not None:
                verdict.set_failed(because("necdip.double.impossible", reason=nested(impossible)))
            continue
        if piece.component.aux is not None:
            bare = without_auxiliary(piece, piece.component.aux)
            if passable(nmap, [bare], at, then) is not None:
                if verdict is not None:   # EN 7.6 v: ignored, the Auxiliary is kept
                    verdict.why = because("necdip.double.needs_auxiliary")
                continue
            position[at].remove(piece)
            position[at].append(bare)   # EN 7.6 v: the Auxiliary is lost before the second order
            piece = bare
        seconds.append((g, at, piece))
    if not seconds:
        return position, dislodged, [], None
    step: list[Group] = []
    for g, at, piece in seconds:
        position[at].remove(piece)
        step.append(Group(g.power, at, [piece], MOVE, dest=g.then, order_index=g.order_index))
    for province, pieces in position.items():
        if not pieces:
            continue   # the double mover was alone here
        if len(pieces) == 1 or all(p.power == pieces[0].power for p in pieces):   # the usual case: one power
            step.append(Group(pieces[0].power, province, list(pieces), HOLD))
            continue
        for power in sorted({p.power for p in pieces}):
            step.append(Group(power, province, [p for p in pieces if p.power == power], HOLD))
    step_res = NecroResolver(nmap, step, rules).run()
    for i, g in enumerate(step):
        if g.kind == MOVE and i not in step_res.moved and g.order_index is not None:
            verdicts[g.order_index].set_failed(because("necdip.double.second_failed", dest=g.dest))
    after, more = apply_movement(nmap, position, step, step_res, rules, destroyed)
    overrun = {g.province: g.then for g, _, _ in seconds if g.kind == MOVE and g.pieces[0].component.kind == "C"}
    for d in dislodged:   # EN 7.6 iii: not into the overrunning Cavalry's second province
        for origin, second in overrun.items():
            if d.attacker_from == origin:
                d.also_forbidden += (second,) if second else ()
    return after, dislodged + more, step, step_res
