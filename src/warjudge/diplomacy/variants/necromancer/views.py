"""What each power may see (EN/FR 3.2.1, 3.2.2 viii, 7.7 x, 7.8.1 vii, 7.8.2 vi-vii). The
GM sees everything.

This is the one visibility filter: `player_view` turns a phase's report into everything a
viewer may read (order lines, results and reasons, units, dislodged units and their
retreats, standoffs, centre ownership and counts, adjustments, eliminations), and every
output (the text reports, the SVG/PNG map, the JSON `view`) is made from it.

Hidden Movement units (the Wizard, the Nazgûl) are seen by others only where a phase
reveals them: a failed Move or Hold, a Support, a Retreat, a dislodgement, affecting
another unit (bouncing it, cutting it, dislodging it; in 2002 with its orders, FR 3.2.1
vi), a Build, a Lead (always revealed, 7.8.1 vii). Activated Standing Armies look
unactivated, and their centres unowned, until they do something other than Hold or are
dislodged; the Spiders and Dragons stay hidden until they act, bounce or affect another
unit; Saruman's third army is hidden until the TA 2765 adjudication; Activation orders
are never shown. A Double Move whose first order fails shows only the first order
(3.2.2 viii); a hidden unit revealed by its second order alone shows only that order.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from warjudge.core.events import english
from warjudge.diplomacy.view_types import DislodgedGroup, ReportLine, ReportView
from warjudge.diplomacy.variants.necromancer.adjustments import supply_centres, unit_count, victory_points
from warjudge.diplomacy.variants.necromancer.pieces import DRAGONS, HIDDEN_MOVERS, NAZGUL, SPIDERS, group_of
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece, Position, format_position
from warjudge.diplomacy.variants.necromancer.reasons import because
from warjudge.diplomacy.variants.necromancer.resolver import BUILD, HOLD, MOVE, NMR, SUPPORT, Group, Resolution, Rules
from warjudge.diplomacy.variants.necromancer.mapfile import NecroMap
from warjudge.diplomacy.report import OrderResult, PhaseReport
from warjudge.diplomacy.variants.necromancer.calendar import NPhase
from warjudge.diplomacy.variants.necromancer.movement import Dislodgement
from warjudge.diplomacy.variants.necromancer.state import NecroState
from warjudge.diplomacy.variants.necromancer.retreats import retreat_problem, written_dislodged

BEASTS = (SPIDERS, DRAGONS)
PUBLIC = "public"   # the reader who is no power: a spectator (public_report)


@dataclass
class Reveal:
    located: dict[tuple[str, str], str] = field(default_factory=dict)  # (power, kind) -> where seen
    orders: set[int] = field(default_factory=set)       # indices of results others may read
    results_hidden: set[int] = field(default_factory=set)  # supports to hidden units: only the giver learns (3.2.1 viii)
    unmasked_armies: set[str] = field(default_factory=set)
    unmasked_beasts: set[str] = field(default_factory=set)
    partial: dict[int, str] = field(default_factory=dict)  # order lines others see cut (3.2.2 viii)

    def absorb(self, later: "Reveal") -> None:
        """Add what a later step (Double Movement's second orders) revealed; a unit seen
        after its second move is shown where it ended, and an order revealed in both
        steps is shown whole."""
        self.located.update(later.located)
        for index, text in later.partial.items():
            if index in self.orders and index not in self.partial:
                continue
            if index in self.orders:
                del self.partial[index]    # both halves revealed: the whole line
            else:
                self.partial[index] = text
        self.orders |= later.orders
        self.results_hidden |= later.results_hidden
        self.unmasked_armies |= later.unmasked_armies
        self.unmasked_beasts |= later.unmasked_beasts


def is_hidden(power: str, kind: str, secret_beasts: set[str]) -> bool:
    return kind in HIDDEN_MOVERS or (power == "SAURON" and kind in secret_beasts)


def hidden_kind(g: Group, secret_beasts: set[str]) -> str | None:
    """The hidden kind of a group made only of one hidden unit, else None."""
    kinds = {p.component.kind for p in g.pieces}
    if len(kinds) == 1:
        kind = kinds.pop()
        if is_hidden(g.power, kind, secret_beasts):
            return kind
    return None


def _step_text(piece: Piece, province: str, dest: str | None) -> str:
    unit = group_of([piece.component], province)
    return f"{unit} - {dest}" if dest else f"{unit} H"


def movement_reveals(groups: list[Group], res: Resolution, secret_armies: set[str], secret_beasts: set[str],
                     edition: str, second_step: bool = False, void_orders: frozenset[int] = frozenset()) -> Reveal:
    """What a Movement resolution (or, `second_step`, the Double Movement step) shows others.
    A void order of a hidden unit is never shown, even when the unit is seen (EN 3.2.1 ix)."""
    reveal = Reveal()
    hidden_origin = {g.province for g in groups if any(is_hidden(g.power, p.component.kind, secret_beasts)
                                                       for p in g.pieces)}
    for i, g in enumerate(groups):
        moved = i in res.moved
        final = g.to if moved else g.province
        dislodged = res.dislodged.get(g.province, ("", ""))[0] == g.power and not moved
        if g.province in secret_armies and (g.power == "SAURON" and g.kind not in (HOLD, NMR) or dislodged):
            reveal.unmasked_armies.add(g.province)                                      # EN 7.8.2 vii
            if g.order_index is not None:
                reveal.orders.add(g.order_index)
        if not second_step and g.then is not None and g.order_index is not None:
            first_failed = (g.kind == MOVE and not moved) or dislodged
            if first_failed:                                                             # EN 3.2.2 viii
                reveal.partial[g.order_index] = _step_text(g.pieces[0], g.province, g.dest)
        if g.lead_order is not None:   # EN 7.8.1 vii: the Lead is public; the Nazgul goes with the unit
            reveal.located[(g.power, NAZGUL)] = g.province if dislodged else final
            reveal.orders.add(g.lead_order)
        kind = hidden_kind(g, secret_beasts)
        hidden_here = [p.component.kind for p in g.pieces if is_hidden(g.power, p.component.kind, secret_beasts)]
        if kind is None:
            for k in hidden_here:   # a hidden unit with no order among friends: seen if dislodged (3.2.1 v)
                if dislodged and g.lead_order is None:
                    reveal.located[(g.power, k)] = g.province
                    if k in BEASTS:
                        reveal.unmasked_beasts.add(k)
            continue
        failed = (g.kind == MOVE and not moved) or (g.kind in (HOLD, NMR) and dislodged)
        alone = all(h.power != g.power or h is g or all(is_hidden(h.power, p.component.kind, secret_beasts)
                                                        for p in h.pieces)
                    for h in groups if h.province == g.province)
        affects = (moved and g.dest in res.dislodged and res.dislodged[g.dest][0] != g.power) or (
            g.kind == MOVE and any(k != i and groups[k].kind == MOVE and groups[k].dest == g.dest
                                   and groups[k].power != g.power and k not in res.moved for k in range(len(groups)))
        ) or (g.kind == MOVE and any(h.province == g.dest and h.power != g.power and h.kind in (SUPPORT, BUILD)
                                     for h in groups)) or (
            not moved and alone and any(k in res.held and groups[k].dest == g.province
                                        and groups[k].power != g.power for k in range(len(groups))))
        if kind in BEASTS and (g.kind not in (HOLD, NMR) or dislodged or affects):
            reveal.unmasked_beasts.add(kind)                                            # EN 7.8.2 vii
        if failed or g.kind == SUPPORT or dislodged or affects or kind in reveal.unmasked_beasts:
            reveal.located[(g.power, kind)] = g.province if dislodged else final        # EN 3.2.1 ii-vi
            if g.order_index is not None and g.order_index not in void_orders and (
                    not affects or edition == "2002" or failed or g.kind == SUPPORT or kind in BEASTS):
                reveal.orders.add(g.order_index)
                if second_step:        # only the second order was revealed
                    reveal.partial[g.order_index] = _step_text(g.pieces[0], g.province, g.dest)
                elif g.then is not None and g.order_index not in reveal.partial:
                    reveal.partial[g.order_index] = _step_text(g.pieces[0], g.province, g.dest)
    for g in groups:   # EN 3.2.1 viii: supporting a hidden unit, only the giver learns the result
        if g.kind == SUPPORT and g.order_index is not None and g.target in hidden_origin and \
                g.target_kind is not None and is_hidden("SAURON" if g.target_kind in BEASTS else "", g.target_kind,
                                                        secret_beasts):
            reveal.results_hidden.add(g.order_index)
    return reveal


# --- one viewer's view of a report ----------------------------------------------------------

def visible_position(state: NecroState, viewer: str | None, reveal: Reveal) -> Position:
    """The pieces `viewer` sees; unrevealed Activated armies appear as Standing Armies."""
    out: Position = {}
    for province, pieces in state.position.items():
        for p in pieces:
            power, kind = p.power, p.component.kind
            if viewer is not None and power != viewer:
                if is_hidden(power, kind, state.secret_beasts) and reveal.located.get((power, kind)) != province:
                    continue
                if power == "SARUMAN" and province == state.third_army and kind == "A":
                    continue
                if power == "SAURON" and province in state.secret_armies and kind == "A":
                    p = Piece(STANDING, p.component)
            out.setdefault(province, []).append(p)
    return out


def visible_owners(state: NecroState, viewer: str | None) -> dict[str, str]:
    """Centre owners as `viewer` knows them: an unrevealed Activation leaves its centre
    looking unowned (EN 7.8.2 vii)."""
    if viewer in (None, "SAURON"):
        return dict(state.owners)
    return {p: o for p, o in state.owners.items() if not (o == "SAURON" and p in state.secret_armies)}


def view_position(state: NecroState, viewer: str | None, reveal: Reveal) -> dict[str, list[str]]:
    """Units by power as `viewer` sees them (None: the GM sees all)."""
    return {power: sorted(units) for power, units in
            sorted(format_position(visible_position(state, viewer, reveal)).items())}


def view_results(results: list[OrderResult], viewer: str | None, reveal: Reveal, hidden_orders: set[int]
                 ) -> list[ReportLine]:
    """The report's lines `viewer` may read. `hidden_orders`: lines of hidden units and
    Activations, shown to others only when revealed."""
    out = []
    for index, r in enumerate(results):
        mine = viewer is None or r.power == viewer
        if not mine and index in hidden_orders and index not in reveal.orders:
            continue
        line: ReportLine = {"power": r.power, "order": r.text, "result": r.result, "reason": r.reason,
                "why": None if r.why is None else r.why.to_json()}
        if r.default:
            line["default"] = True
        if not mine and index in reveal.partial:
            line["order"] = reveal.partial[index]
        if not mine and index in reveal.results_hidden:
            hidden = because("necdip.result.support_hidden")
            line["result"], line["reason"], line["why"] = "unknown", english(hidden), hidden.to_json()
        out.append(line)
    return out


def player_view(nmap: NecroMap, rules: Rules, report: PhaseReport[NPhase, NecroState, Dislodgement, Reveal], viewer: str | None
                ) -> ReportView:
    """Everything `viewer` may know after `report` (None: the GM)."""
    state = report.after
    seen_state = replace(state, position=visible_position(state, viewer, report.reveal),
                         owners=visible_owners(state, viewer))
    powers = [p.id for p in nmap.spec.powers]
    dislodged: dict[str, list[DislodgedGroup]] = {}
    for d in report.dislodged:
        entry: DislodgedGroup = {"unit": written_dislodged(d), "attacker_from": d.attacker_from}
        if d.also_forbidden:
            entry["also_forbidden"] = list(d.also_forbidden)
        if viewer in (None, d.power) and state.phase.kind == "R":
            own_sight = visible_position(state, d.power, report.reveal)
            entry["retreats"] = sorted(n for n in nmap.neighbours(d.province, {"land", "coast", "sea", "mountain"})
                                       if retreat_problem(nmap, own_sight, d, n, report.standoffs, rules) is None)
        dislodged.setdefault(d.power, []).append(entry)
    owners = seen_state.owners
    counted = replace(state, owners=owners)   # centres as the viewer knows them; a hidden Wizard still counts
    view: ReportView = {
        "phase": str(report.phase), "viewer": viewer or "GM", "next_phase": str(state.phase),
        "orders": view_results(report.results, viewer, report.reveal, report.hidden_orders),
        "units": view_position(state, viewer, report.reveal),
        "dislodged": dict(sorted(dislodged.items())),
        "standoffs": sorted(report.standoffs),
        "supply_centers": {p: sorted((c for c, o in owners.items() if o == p), key=str.lower) for p in powers
                           if any(o == p for o in owners.values())},
        "centres": {p: supply_centres(nmap, counted, p) for p in powers},
        "unit_counts": {p: unit_count(seen_state, p) for p in powers},
        "eliminated": list(report.eliminated), "eriador_alive": state.eriador_alive,
        "neutralised": sorted(state.neutralised),
        "winner": state.winner,
    }
    if state.phase.kind == "A" and state.phase.year > 2750:   # builds (+) and disbands (-) due next
        view["adjustments"] = {p: view["centres"][p] - view["unit_counts"][p] for p in powers}
    if report.phase.kind == "A":
        view["victory_points"] = {p: victory_points(nmap, counted, p) for p in powers}
    return view


def public_report(nmap: NecroMap, rules: Rules, report: PhaseReport[NPhase, NecroState, Dislodgement, Reveal]
                  ) -> ReportView:
    """What every power may read of `report`, for a spectator: the report as read by a
    reader who is no power, so no power's own secrets (its hidden units, its Activations,
    its orders not revealed, its retreat choices) and only what the rules reveal to all."""
    return player_view(nmap, rules, report, PUBLIC)
