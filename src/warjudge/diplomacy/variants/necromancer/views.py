"""What each power may see (EN/FR 3.2.1, 7.7 x, 7.8.2 vii). The GM sees everything.

Hidden Movement units (the Wizard, the Nazgûl) are seen by others only where a phase
reveals them: a failed Move or Hold, a Support, a Retreat, a dislodgement, affecting
another unit (in 2002 with its orders, FR 3.2.1 vi), a Build. Activated Standing Armies
look unactivated until they do something other than Hold or are dislodged; the Spiders
and Dragons stay hidden until they act, bounce or affect another unit; Saruman's third
army is hidden until the TA 2765 adjudication; Activation orders are never shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warjudge.diplomacy.variants.necromancer.pieces import DRAGONS, HIDDEN_MOVERS, SPIDERS, group_of
from warjudge.diplomacy.variants.necromancer.position import STANDING
from warjudge.diplomacy.variants.necromancer.resolver import HOLD, MOVE, NMR, SUPPORT, BUILD, Group, Resolution

BEASTS = (SPIDERS, DRAGONS)


@dataclass
class Reveal:
    located: dict[tuple[str, str], str] = field(default_factory=dict)  # (power, kind) -> where seen
    orders: set[int] = field(default_factory=set)       # indices of results others may read
    results_hidden: set[int] = field(default_factory=set)  # supports to hidden units: only the giver learns (3.2.1 viii)
    unmasked_armies: set[str] = field(default_factory=set)
    unmasked_beasts: set[str] = field(default_factory=set)

    def absorb(self, later: "Reveal") -> None:
        """Add what a later step (Double Movement's second orders) revealed; a unit seen
        after its second move is shown where it ended."""
        self.located.update(later.located)
        self.orders |= later.orders
        self.results_hidden |= later.results_hidden
        self.unmasked_armies |= later.unmasked_armies
        self.unmasked_beasts |= later.unmasked_beasts


def hidden_kind(g: Group, secret_beasts: set[str]) -> str | None:
    kinds = {p.component.kind for p in g.pieces}
    if len(kinds) == 1:
        kind = kinds.pop()
        if kind in HIDDEN_MOVERS or kind in secret_beasts:
            return kind
    return None


def movement_reveals(groups: list[Group], res: Resolution, secret_armies: set[str], secret_beasts: set[str],
                     edition: str) -> Reveal:
    reveal = Reveal()
    hidden_at = {}  # province -> kinds of hidden units holding or arriving there
    for i, g in enumerate(groups):
        kind = hidden_kind(g, secret_beasts)
        moved = i in res.moved
        final = g.dest if moved else g.province
        dislodged = res.dislodged.get(g.province, ("", ""))[0] == g.power and not moved
        if g.power == "SAURON" and g.province in secret_armies and g.kind not in (HOLD, NMR) or (
                g.province in secret_armies and dislodged):
            reveal.unmasked_armies.add(g.province)                                      # EN 7.8.2 vii
        if kind is None:
            continue
        hidden_at.setdefault(final, []).append(kind)
        failed = (g.kind == MOVE and not moved) or (g.kind == HOLD and dislodged)
        affects = (moved and g.dest in res.dislodged) or (g.kind == MOVE and any(
            k != i and groups[k].kind == MOVE and groups[k].dest == g.dest and k not in res.moved
            for k in range(len(groups)))) or (g.kind == MOVE and any(
            h.province == g.dest and h.power != g.power and h.kind in (SUPPORT, BUILD) for h in groups))
        if kind in BEASTS and (g.kind not in (HOLD, NMR) or dislodged or affects):
            reveal.unmasked_beasts.add(kind)                                            # EN 7.8.2 vii
        if failed or g.kind == SUPPORT or dislodged or affects or kind in reveal.unmasked_beasts:
            reveal.located[(g.power, kind)] = g.province if dislodged else final        # EN 3.2.1 ii-vi
            if g.order_index is not None and (not affects or edition == "2002" or failed or g.kind == SUPPORT):
                reveal.orders.add(g.order_index)
    for g in groups:   # EN 3.2.1 viii: supporting a hidden unit
        if g.kind == SUPPORT and g.order_index is not None and g.target in hidden_at:
            reveal.results_hidden.add(g.order_index)
    return reveal


def view_position(state, viewer: str | None, reveal: Reveal) -> dict[str, list[str]]:
    """Units by power as `viewer` sees them (None: the GM sees all)."""
    shown: dict[str, dict[tuple[str, str], list]] = {}
    for province, pieces in state.position.items():
        for p in pieces:
            power, kind = p.power, p.component.kind
            if viewer is not None and power != viewer:
                if kind in HIDDEN_MOVERS and reveal.located.get((power, kind)) != province:
                    continue
                if power == "SAURON" and kind in state.secret_beasts and reveal.located.get((power, kind)) != province:
                    continue
                if power == "SARUMAN" and province == state.third_army and kind == "A":
                    continue
                if power == "SAURON" and province in state.secret_armies and kind == "A":
                    power = STANDING
            shown.setdefault(power, {}).setdefault((province, kind), []).append(p.component)
    return {power: sorted(str(group_of(comps, province)) for (province, _), comps in units.items())
            for power, units in sorted(shown.items())}


def view_results(results, viewer: str | None, reveal: Reveal, hidden_orders: set[int]) -> list[dict]:
    """The report's lines `viewer` may read. `hidden_orders`: lines of hidden units and
    Activations, shown to others only when revealed."""
    out = []
    for index, r in enumerate(results):
        mine = viewer is None or r.power == viewer
        if not mine and index in hidden_orders and index not in reveal.orders:
            continue
        line = {"power": r.power, "order": r.text, "result": r.result, "reason": r.reason}
        if not mine and index in reveal.results_hidden:
            line["result"], line["reason"] = "unknown", "only the supporting power learns this (EN 3.2.1 viii)"
        out.append(line)
    return out
