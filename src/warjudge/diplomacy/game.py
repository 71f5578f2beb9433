"""Standard Diplomacy on the one game interface (core/game.py).

Every power orders its units one atomic action at a time, in the Diplomacy games' one
dialect (diplomacy/family.py): `{"type": "order", "order": "A par - bur"}` (canonical
text), `{"type": "retract", "order": "A par - bur"}` takes one back.
A power whose units all have orders is done; once every power that must act is done the
phase is adjudicated inside `act`. The games master (`act("gm", …)`) may adjudicate at
once (`process`: unordered units take the rules' defaults), enter a power's whole list
(`orders`) or end the game in a draw.
With the option `gm_adjudicates` (the GM's saved games) phases wait for the GM's
`process` even when every power is done. With the option `drafts` (the play server's
games) orders stay drafts until the phase is processed: a power whose units all have
orders may still change them (it stays in `to_act`; `waiting_for` leaves it out), and a
phase waits for `process` (the server's: every seat ready, or the deadline) unless no
power has anything to order in it.

Records written before this interface (actions "orders"/"process"/"draw" with a phase)
still load: `from_record` translates them (docs/rulings.md, "Old Diplomacy records").
"""

from __future__ import annotations

import random
from dataclasses import replace

from typing import Any, ClassVar, Sequence, cast

from warjudge.core.errors import IllegalAction, InputError
from warjudge.core.events import Event, OrderRefusal, Refusal
from warjudge.core.game import Action, Decision
from warjudge.core.games import Option, fresh_seed
from warjudge.core.log import Log
from warjudge.core.record import GameRecord
from warjudge.core.visibility import redacted
from warjudge.diplomacy import gm
from warjudge.diplomacy.actions import DRAFTS_OPTION, GM_ADJUDICATES, MAX_ORDER_TEXT
from warjudge.diplomacy.family import DiplomacyFamily
from warjudge.diplomacy.given import Given
from warjudge.diplomacy.legal_orders import (
    adjustment_need, build_orders, build_sites, movement_orders, retreat_orders,
)
from warjudge.diplomacy.legality import check_movement_order
from warjudge.diplomacy.mapdata import DipMap
from warjudge.diplomacy.options import check_choice, family_options
from warjudge.diplomacy.orders import Build, Disband, Move, Order, Waive, format_order, parse_order
from warjudge.diplomacy.phases import (
    MOVEMENT, RETREAT, GameState, Phase, initial_state, judge_phase,
)
from warjudge.diplomacy.reasons import because
from warjudge.diplomacy.report import PhaseReport
from warjudge.diplomacy.results import Dislodged
from warjudge.diplomacy.retreats import check_retreat
from warjudge.diplomacy.view_types import DiplomacyView, LastPhase

VARIANTS = ("standard",)                    # the maps this class plays
VARIANT_GAMES = {"standard": "diplomacy", "necromancer": "necromancer-diplomacy"}   # each variant's registry id
ALL_VARIANTS = tuple(VARIANT_GAMES)         # every Diplomacy variant warjudge plays
OPTIONS = ("variant", "max_year", "gm_adjudicates", "drafts")


def load_variant_map(variant: str) -> DipMap:
    if variant == "standard":
        from warjudge.diplomacy.variants.standard import standard_map

        return standard_map()
    raise InputError(f"unknown variant {variant!r}; available: {', '.join(ALL_VARIANTS)}")


def checked_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options as stored in the record, checked strictly (diplomacy/options.py)."""
    out: dict[str, Any] = {"variant": options.get("variant", "standard")}
    out.update(family_options(options, OPTIONS, first_year=1901))
    check_choice("variant", out["variant"], VARIANTS)
    return out


_NOT_PICKLED = ("map", "_cached_for", "_orders_cache", "_keys_cache")   # the map comes back by its variant


class DiplomacyGame(DiplomacyFamily):
    game_id: ClassVar[str] = "diplomacy"
    reasons: ClassVar[str] = "dip"
    kind_name: ClassVar[str] = "a Diplomacy game"

    def __init__(self, variant: str = "standard", *, seed: int = 0, max_year: int | None = None,
                 gm_adjudicates: bool = False, drafts: bool = False):
        options = checked_options({"variant": variant, "max_year": max_year, "gm_adjudicates": gm_adjudicates,
                                   "drafts": drafts})
        self.map = load_variant_map(variant)
        self.variant = variant
        self.max_year: int | None = options.get("max_year")
        self.gm_adjudicates: bool = options.get("gm_adjudicates", False)
        self.drafts: bool = options.get("drafts", False)
        self.record = GameRecord(self.game_id, seed, options)
        self.state: GameState = initial_state(self.map)
        self.history: Log[PhaseReport[Phase, GameState, Dislodged, None]] = Log()   # shared with clones (core/log.py)
        self.pending: dict[str, dict[str, Given[Order]]] = {}   # power -> unit key -> the order given
        self.drawn: list[str] | None = None            # a draw agreed by all survivors
        self._cached_for: GameState | None = None                 # the position the caches below are for
        self._orders_cache: dict[str, list[str]] = {}               # movement: province -> legal orders
        self._keys_cache: dict[str, list[str]] = {}                 # power -> the units it orders

    # --- construction ----------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, **options: Any) -> "DiplomacyGame":
        checked = checked_options(options)
        return cls(checked["variant"], seed=seed, max_year=checked.get("max_year"),
                   gm_adjudicates=checked.get("gm_adjudicates", False), drafts=checked.get("drafts", False))

    @classmethod
    def option_descriptions(cls) -> tuple[Option, ...]:
        """The options `new` takes, for the lobby's form (core.games.options)."""
        return (Option("variant", "choice", "the map", "standard", VARIANTS),
                Option("max_year", "int", "the game ends after this year's winter (blank: no limit)",
                       None, minimum=1901, maximum=9999, label="Last year"),
                GM_ADJUDICATES,
                DRAFTS_OPTION)

    @classmethod
    def _replay_legacy(cls, game: "DiplomacyGame", actions: Sequence[dict[str, Any]]) -> "DiplomacyGame":
        from warjudge.diplomacy.legacy import replay_legacy

        return replay_legacy(game, actions)

    def clone(self, reseed: bool = True) -> "DiplomacyGame":
        """An independent copy (Diplomacy has no dice: `reseed` changes nothing), in time
        that does not grow with the game: the record's past actions and the phase
        reports are never changed once made, so they are shared; the position is copied."""
        copy = DiplomacyGame.__new__(DiplomacyGame)
        copy.__dict__.update(self.__dict__)
        copy.record = self.record.copy()
        copy.state = GameState(self.state.phase, dict(self.state.units),
                               {p: set(c) for p, c in self.state.centers.items()},
                               list(self.state.dislodged), set(self.state.standoffs), self.state.winner)
        copy.history = self.history.copy()
        copy.pending = {p: dict(o) for p, o in self.pending.items()}
        copy.drawn = list(self.drawn) if self.drawn is not None else None
        return copy

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (a saved position: server/phases.py) without the map, which its variant
        names (the standard map was 150 of a 280 kB pickle), and without the caches."""
        return {k: v for k, v in self.__dict__.items() if k not in _NOT_PICKLED}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, map=load_variant_map(state["variant"]), _cached_for=None, _orders_cache={},
                             _keys_cache={})

    def sample_hidden(self, player: str, rng: random.Random) -> "DiplomacyGame | None":
        """A game `player` cannot tell from this one, for search over what it does not know
        (IS-MCTS): in standard Diplomacy that is only the orders the other powers have
        given this phase, each replaced by a legal order drawn from `rng`. Its record names
        a fresh seed, as every sample's does: the real one never leaves the game."""
        copy = self.clone()
        copy.record = self.record.copy(seed=fresh_seed())
        for power, given in sorted(self.pending.items()):
            if power != player and given:
                copy.pending[power] = {}
                for _ in given:
                    copy.act(power, rng.choice([a for a in copy.legal_actions(power) if a["type"] == "order"]))
        return copy

    # --- who acts --------------------------------------------------------------------
    @property
    def powers(self) -> list[str]:
        return list(self.map.powers)

    def survivors(self) -> list[str]:
        return sorted(p for p in self.map.powers if self.state.centers.get(p)
                      or any(u.power == p for u in self.state.units.values()))

    def _fresh(self) -> None:
        """Drop the caches once the position changed (they hold nothing the position does not fix)."""
        if self._cached_for is not self.state:
            self._cached_for, self._orders_cache, self._keys_cache = self.state, {}, {}

    def _keys(self, power: str) -> list[str]:
        """The units `power` orders this phase (adjustments: how many orders it owes)."""
        self._fresh()
        if power not in self._keys_cache:
            if self.state.phase.kind == MOVEMENT:   # every power's at once: one pass over the units
                self._keys_cache.update(self._movement_keys())
                self._keys_cache.setdefault(power, [])
            else:
                self._keys_cache[power] = self._keys_now(power)
        return self._keys_cache[power]

    def _movement_keys(self) -> dict[str, list[str]]:
        keys: dict[str, list[str]] = {p: [] for p in self.map.powers}
        for province, unit in sorted(self.state.units.items()):
            keys.setdefault(unit.power, []).append(province)
        return keys

    def _keys_now(self, power: str) -> list[str]:
        """A retreat or adjustment phase's keys for `power`."""
        if self.state.phase.kind == RETREAT:
            return sorted(d.unit.province for d in self.state.dislodged if d.unit.power == power)
        return [str(i) for i in range(adjustment_need(self.map, self.state, power))]

    def _owes(self, power: str) -> bool:
        return len(self.pending.get(power, {})) < len(self._keys(power))

    def waiting_for(self) -> tuple[str, ...]:
        """The powers of `to_act` whose orders are not all given yet (with `drafts` or
        `gm_adjudicates`, a power with a complete set may act but is waited for no more)."""
        return tuple(p for p in self.to_act() if self._owes(p))

    def _may_act(self, power: str) -> bool:
        if self.is_over or power not in self.map.powers:
            return False
        return bool(self._keys(power)) if self.gm_adjudicates or self.drafts else self._owes(power)

    def decision(self, player: str) -> Decision | None:
        if not self._may_act(player):   # `to_act` would ask every power
            return None
        phase, kind = str(self.state.phase), self.state.phase.kind
        given = sorted(self.pending.get(player, {}))
        if kind == MOVEMENT:
            units = [str(self.state.units[p]) for p in self._keys(player) if p not in given]
            return Decision(player, "orders", {"phase": phase, "units": units, "ordered": given})
        if kind == RETREAT:
            units = [str(d.unit) for d in self.state.dislodged
                     if d.unit.power == player and d.unit.province not in given]
            return Decision(player, "retreats", {"phase": phase, "units": units, "ordered": given})
        need = len(self._keys(player))
        what = "builds" if build_sites(self.map, self.state, player) and not self._removals(player) else "removals"
        return Decision(player, "adjustments", {"phase": phase, what: need, "given": len(given)})

    def _removals(self, power: str) -> bool:
        return sum(u.power == power for u in self.state.units.values()) > len(self.state.centers.get(power, ()))

    # --- legal actions ----------------------------------------------------------------
    def _legal_orders(self, power: str) -> dict[str, list[str]]:
        """Unit key -> its legal orders, for the units `power` has not ordered yet."""
        kind, given = self.state.phase.kind, self.pending.get(power, {})
        if kind == MOVEMENT:
            self._fresh()
            if not self._orders_cache:
                self._orders_cache = movement_orders(self.map, self.state.units)
            return {p: self._orders_cache[p] for p in self._keys(power) if p not in given}
        if kind == RETREAT:
            return {p: o for p, o in retreat_orders(self.map, self.state, power).items() if p not in given}
        if len(given) >= len(self._keys(power)):
            return {}
        if self._removals(power):
            return {u.province: [f"{u} D"] for u in sorted(self.state.units.values(), key=lambda u: u.province)
                    if u.power == power and u.province not in given}
        out = {p: build_orders(self.map, p) for p in build_sites(self.map, self.state, power) if p not in given}
        out[_waive_key(given)] = ["Waive"]
        return out

    def legal_actions(self, player: str) -> list[Action]:
        if not self._may_act(player):
            return []
        actions = [{"type": "order", "order": o} for orders in self._legal_orders(player).values() for o in orders]
        return actions + self.retracts(player)

    # --- acting (the dialect: diplomacy/family.py) -------------------------------------------
    def _give(self, power: str, text: Any) -> str:
        key, given = self._checked(power, text)
        self.pending.setdefault(power, {})[key] = given
        return given.text

    def _given(self, power: str) -> list[str]:
        return [given.text for _, given in sorted(self.pending.get(power, {}).items())]

    def _old_spelling(self, power: str, action: Action) -> bool:
        """A retract by unit key, as records written before the one dialect spell it."""
        if action.get("type") != "retract" or set(action) != {"type", "unit"}:
            return False
        unit = action["unit"]
        if not isinstance(unit, str) or unit not in self.pending.get(power, {}):
            raise Refusal("dip.act.no_order_to_retract", power=power, order=str(unit)[:80])
        del self.pending[power][unit]
        self.record.append({"player": power, "type": "retract", "unit": unit})
        return True

    def _write(self, power: str, orders: list[str]) -> None:
        """The GM's `orders` (a mailed list in one action; `set_orders` enters a list as the
        power's own actions): the lines the game takes replace `power`'s orders. A void
        line is left out, so its unit takes the rules' default (it holds; a dislodged unit
        disbands; missing removals go by civil disorder), which is what the judge does with
        a void order (docs/rulings.md, "Void lines from a GM")."""
        self.pending[power] = {}
        for text in orders:
            try:
                self._give(power, text)
            except IllegalAction:
                pass   # void: left out

    def _gm_orders(self, action: Action) -> bool:
        """As every action, the GM's `orders` adjudicates once nobody is left to act."""
        if not super()._gm_orders(action):
            return False
        self._advance()
        return True

    def _checked(self, power: str, text: Any) -> tuple[str, Given[Order]]:
        """(unit key, the order) of one of `power`'s orders if it is legal now: its canonical
        text (the same order typed differently, 'A Par-Bur', is accepted as the canonical
        one) and the order parsed and checked, which the judge reads."""
        if not isinstance(text, str) or len(text) > MAX_ORDER_TEXT:
            raise Refusal("dip.act.order_text", n=MAX_ORDER_TEXT)
        try:
            order = parse_order(text, power, self.map)
        except OrderRefusal as exc:
            raise Refusal(exc.event.code, **exc.event.params) from None
        key, canonical, order = self._normalised(power, order)
        legal = self._legal_orders(power)
        plain = canonical.removesuffix(" via convoy")
        if key in legal and canonical not in legal[key] and plain in legal[key]:
            # no fleets could convoy it: the same move as the plain one
            canonical = plain
            if isinstance(order, Move):
                order = replace(order, via_convoy=False)
        if key in self.pending.get(power, {}):
            raise Refusal("dip.act.unit_has_order", province=key)
        if key not in legal or canonical not in legal[key]:
            raise Refusal("dip.act.not_legal_like", order=canonical, example=legal[key][0]) if key in legal \
                else Refusal("dip.act.not_legal", order=canonical)
        return key, Given(canonical, order)

    def _normalised(self, power: str, order: Order) -> tuple[str, str, Order]:
        kind = self.state.phase.kind
        if kind == MOVEMENT:
            order, reason = check_movement_order(self.map, self.state.units, order)
        elif kind == RETREAT:
            by_prov = {d.unit.province: d for d in self.state.dislodged}
            order, reason = check_retreat(self.map, self.state.units, by_prov, self.state.standoffs, order)
        else:
            order, reason = self._adjustment_order(power, order)
        if reason is not None:
            raise Refusal(reason.code, **reason.params)
        if isinstance(order, Waive):
            return _waive_key(self.pending.get(power, {})), "Waive", order
        return order.province, format_order(order), order

    def _adjustment_order(self, power: str, order: Order) -> tuple[Order, Event | None]:
        if isinstance(order, Disband):
            unit = self.state.units.get(order.province)
            if unit is None or unit.power != power or order.unit_type not in (None, unit.type):
                return order, because("dip.no_such_unit", power=power, province=order.province)
            return Disband(power, unit.type, unit.location), None
        if isinstance(order, (Build, Waive)):
            return order, None
        return order, because("dip.adjustment_phase")

    def _adjudicate(self) -> None:
        orders = {p: list(o.values()) for p, o in self.pending.items()}
        report = judge_phase(self.map, self.state, orders)   # the orders as parsed when given
        self.history.append(report)
        self.state = report.after
        self.pending = {}

    # --- views and outcome --------------------------------------------------------------
    def view(self, player: str | None = None) -> DiplomacyView:
        """The position, the last phase's results and this phase's orders so far; each
        power's orders are hidden from the others until the phase is adjudicated."""
        s, powers = self.state, self.map.powers
        last = self.history[-1] if self.history else None
        placed = sorted(s.units.values(), key=lambda u: u.province)   # once, not once per power
        full: DiplomacyView = {
            "game": self.game_id, "variant": self.variant, "phase": str(s.phase),
            "units": {p: [str(u) for u in placed if u.power == p] for p in powers},
            "supply_centers": {p: sorted(s.centers.get(p, ())) for p in powers},
            "dislodged": [{"power": d.unit.power, "unit": str(d.unit), "attacker_from": d.attacker_from,
                           "via_convoy": d.via_convoy} for d in s.dislodged],
            "standoffs": sorted(s.standoffs),
            "orders": [{"power": p, "unit": key, "order": given.text, "hidden_from": [q for q in powers if q != p]}
                       for p in powers for key, given in sorted(self.pending.get(p, {}).items())],
            "last_phase": None if last is None else self.report_view(last, player),
            "max_year": self.max_year,
            "outcome": None if not self.is_over else self.outcome().to_json(),   # type: ignore[union-attr]
        }
        return cast(DiplomacyView, redacted(full, player))   # the same keys, less what the player may not see

    def report_view(self, report: PhaseReport[Phase, GameState, Dislodged, None], viewer: str | None) -> LastPhase:
        """A phase's results, the same for every viewer: every order is public once judged."""
        return {"phase": str(report.phase),
                "results": [{"power": r.power, "order": r.canonical, "result": r.result, "reason": r.reason,
                             "why": None if r.why is None else r.why.to_json(), "default": r.default}
                            for r in report.results]}

    def _scores(self) -> dict[str, float]:
        return {p: float(len(self.state.centers.get(p, ()))) for p in self.map.powers}

    def _parse_phase(self, text: str) -> Phase:
        return Phase.parse(text)

    # --- the games master's conveniences (diplomacy/gm.py) -------------------------------
    def set_orders(self, power: str, orders: list[str]) -> list[tuple[str, str]]:
        """Enter `power`'s orders, replacing earlier ones; void lines are left out and returned.
        A convenience over `act` (diplomacy/gm.py: a `retract` per earlier order, an `order`
        per line), never a way around it."""
        return gm.enter_orders(self, power, orders)

    def order_problems(self, power: str, orders: list[str]) -> list[tuple[str, str]]:
        """(order, reason) for each line that would be void; nothing changes."""
        self.check_power_orders(power)
        return gm.order_actions(self, power, orders)[1]

def _waive_key(given: dict[str, Given[Order]]) -> str:
    """The key of a power's next waive: waives are told apart by number."""
    return next(f"waive-{n}" for n in range(1, len(given) + 2) if f"waive-{n}" not in given)
