"""A whole Necromancer game: phases chained by the calendar, every change an action in
the game record (so `NecromancerGame.from_record` replays it exactly).

Built so far: Movement with Double Movement, Retreats, Adjustments with Activation,
victory, Sauron's end after TA 3020, and each power's view of every report.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from warjudge.core.errors import InputError, RecordError
from warjudge.core.record import GameRecord
from warjudge.diplomacy.actions import ActionGame, checked_orders
from warjudge.diplomacy.variants.necromancer.adjustments import judge_adjustments, update_ownership
from warjudge.diplomacy.variants.necromancer.calendar import (
    ADJUSTMENT, MOVEMENT, RETREAT, SAURON_ENDS, START_YEAR, NPhase, is_adjustment_year, next_turn,
)
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.necromancer.movement import (
    Dislodgement, apply_movement, default_rules, double_movement, resolve_movement,
)
from warjudge.diplomacy.variants.necromancer.pieces import NAZGUL
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece
from warjudge.diplomacy.variants.necromancer.results import NResult
from warjudge.diplomacy.variants.necromancer.retreats import judge_retreats
from warjudge.diplomacy.variants.necromancer.state import NecroState, initial_state
from warjudge.diplomacy.variants.necromancer.views import (
    Reveal, hidden_kind, movement_reveals, view_position, view_results,
)

EDITIONS = ("2000", "2002")


@dataclass
class NReport:
    phase: NPhase
    results: list[NResult]
    dislodged: list[Dislodgement] = field(default_factory=list)
    standoffs: set[str] = field(default_factory=set)
    state: NecroState | None = None                         # the position the phase left
    reveal: Reveal = field(default_factory=Reveal)
    hidden_orders: set[int] = field(default_factory=set)    # lines others see only when revealed
    eliminated: list[str] = field(default_factory=list)     # powers eliminated by this phase (EN 7.7 ii, 7.8.3)

    def view(self, viewer: str | None = None) -> dict[str, Any]:
        """The report as `viewer` may read it (None: the GM's report)."""
        return {"phase": str(self.phase), "viewer": viewer or "GM",
                "orders": view_results(self.results, viewer, self.reveal, self.hidden_orders),
                "units": view_position(self.state, viewer, self.reveal)}


class NecromancerGame(ActionGame):   # draws: EN 6.3 v
    def __init__(self, edition: str = "2002", alignment: bool = True, map_file: str | None = None):
        if edition not in EDITIONS:
            raise InputError(f"edition {edition!r}: choose 2000 (English text) or 2002 (French text, amended)")
        self.map = load_necromancer_map(map_file)
        self.rules = default_rules(self.map, edition, alignment)
        options = {"edition": edition, "alignment": alignment, **({"map": str(map_file)} if map_file else {})}
        self.record = GameRecord("necromancer", 0, options)
        self.state: NecroState = initial_state(self.map)
        self.dislodged: list[Dislodgement] = []
        self.standoffs: set[str] = set()
        self.pending: dict[str, list[str]] = {}
        self.history: list[NReport] = []
        self.drawn: list[str] | None = None   # EN 6.3 v: a draw among all survivors

    @classmethod
    def from_record(cls, record: GameRecord) -> "NecromancerGame":
        if record.game != "necromancer":
            raise RecordError(f"this record is for {record.game!r}, not a Necromancer game")
        game = cls(str(record.options.get("edition", "2002")), bool(record.options.get("alignment", True)),
                   record.options.get("map"))
        for index, action in enumerate(record.actions):
            try:
                game.apply(action)
            except InputError as exc:
                raise RecordError(f"action {index} cannot be replayed: {exc}") from None
        return game

    @property
    def powers(self) -> list[str]:
        return [p.id for p in self.map.spec.powers]

    def apply(self, action: dict[str, Any]) -> None:
        """Validate, then change state, then log: a rejected action changes nothing."""
        if action.get("phase") != str(self.state.phase):
            raise InputError(f"the game is in {self.state.phase}, not {action.get('phase')}")
        if self.state.winner:
            raise InputError(f"the game is over: {self.state.winner} has won")
        if self.drawn:
            raise InputError(f"the game is over: drawn between {', '.join(self.drawn)}")
        kind = action.get("type")
        if kind == "orders":
            power, orders = checked_orders(action, self.powers)
            self.pending[power] = orders
        elif kind == "draw":
            self.drawn = self._draw(action.get("powers"))
        elif kind == "process":
            report = self._process()
            before = self.state
            self.state = eliminations(self.state, self.dislodged)
            report.eliminated = [power for power, was, now in (
                ("SARUMAN", before.saruman_eliminated, self.state.saruman_eliminated),
                ("SAURON", before.sauron_eliminated, self.state.sauron_eliminated)) if now and not was]
            self.rules = replace(self.rules, sauron_eliminated=self.state.sauron_eliminated)
            report.state = self.state
            self.history.append(report)
            self.pending = {}
        else:
            raise InputError(f"unknown action type {kind!r}")
        self.record.append(action)

    def survivors(self) -> list[str]:
        alive = {p.power for pieces in self.state.position.values() for p in pieces}
        return sorted(p for p in self.powers if p in alive or p in self.state.owners.values()
                      if not (p == "SAURON" and self.state.sauron_eliminated)
                      and not (p == "SARUMAN" and self.state.saruman_eliminated))

    def _draw(self, powers) -> list[str]:
        if not isinstance(powers, list) or sorted(powers) != self.survivors():
            raise InputError(f"a draw must include exactly the surviving powers: {', '.join(self.survivors())}")
        return sorted(powers)

    # --- phases ---------------------------------------------------------------------------
    def _entries(self) -> list[tuple[str, str]]:
        out = []
        for power in self.powers:
            if power == "SAURON" and self.state.sauron_eliminated or power == "SARUMAN" and \
                    self.state.saruman_eliminated:
                continue  # EN 7.8.3 ii, 7.7 ii: their forces are in Civil Disorder
            out += [(power, text) for text in self.pending.get(power, [])]
        return out

    def _process(self) -> NReport:
        phase, entries = self.state.phase, self._entries()
        if phase.kind == MOVEMENT:
            groups, results, res = resolve_movement(self.map, self.state.position, entries, self.rules)
            secret_armies, secret_beasts = self.state.secret_armies, self.state.secret_beasts
            hidden = {g.order_index for g in groups if g.order_index is not None and (
                hidden_kind(g, secret_beasts) or (g.power == "SAURON" and g.province in secret_armies))}
            reveal = movement_reveals(groups, res, secret_armies, secret_beasts, self.rules.edition)
            position, dislodged = apply_movement(self.map, self.state.position, groups, res, self.rules)
            position, dislodged, step, step_res = double_movement(self.map, position, groups, res, dislodged,
                                                                  self.rules, results)
            if step_res is not None:   # EN/FR 3.2.1 vi: affecting a unit with the second move too
                reveal.absorb(movement_reveals(step, step_res, secret_armies, secret_beasts, self.rules.edition))
            self.state = replace(self.state, position=position, third_army=None,   # EN 7.7 x: revealed now
                                 secret_armies=secret_armies - reveal.unmasked_armies,
                                 secret_beasts=secret_beasts - reveal.unmasked_beasts)
            report = NReport(phase, results, dislodged, res.standoffs, reveal=reveal, hidden_orders=hidden)
            if dislodged:
                self.dislodged, self.standoffs = dislodged, res.standoffs
                self.state = replace(self.state, phase=NPhase(phase.year, RETREAT))
            else:
                self._end_of_turn()
            return report
        if phase.kind == RETREAT:
            position, results = judge_retreats(self.map, self.state.position, self.dislodged, self.standoffs,
                                               entries, self.rules)
            self.state = replace(self.state, position=position)
            reveal = Reveal(located=_hidden_units_placed(results))   # EN 3.2.1 iv: retreats are revealed
            self.dislodged, self.standoffs = [], set()
            self._end_of_turn()
            return NReport(phase, results, reveal=reveal)
        state, results = judge_adjustments(self.map, self.state, entries)
        if phase.year == SAURON_ENDS:
            state = eliminate_sauron(state)
        self.state = replace(state, phase=next_turn(phase.year))
        hidden = {i for i, r in enumerate(results) if r.text.split()[0].lower() in ("activate", "activer")
                  or (phase.year == START_YEAR and r.power == "SARUMAN")}              # EN 7.8.2 vii, 7.7 x
        return NReport(phase, results, reveal=Reveal(located=_hidden_units_placed(results)),   # EN 3.2.1 vii
                       hidden_orders=hidden)

    def _end_of_turn(self) -> None:
        year = self.state.phase.year
        if is_adjustment_year(year):
            self.state = replace(update_ownership(self.map, self.state), phase=NPhase(year, ADJUSTMENT))
        else:
            self.state = replace(self.state, phase=next_turn(year))


def _hidden_units_placed(results: list[NResult]) -> dict[tuple[str, str], str]:
    """Where successful retreats and builds put Hidden Movement units (the last word of
    the order is the province: 'N MMo R Gor', 'Build N DGu')."""
    out = {}
    for r in results:
        words = r.text.split()
        if r.result == "succeeds" and words and (words[0] in ("N", "W") or words[1:2] in (["N"], ["W"])):
            kind = words[0] if words[0] in ("N", "W") else words[1]
            out[(r.power, kind)] = words[-1]
    return out


def eliminations(state: NecroState, dislodged: list[Dislodgement] = ()) -> NecroState:
    """EN 7.7 ii: once the Wizard is destroyed (dislodged and unable to retreat, or
    disbanded: a Wizard still to retreat is alive), Saruman is eliminated (his units in
    Civil Disorder; the Wizard's SC goes with it). EN 7.8.3 iii: before TA 3020 Sauron falls
    only when all Standing Armies are gone, the Spiders and Dragons were Activated and
    destroyed, the Nazgul is destroyed and he owns no SC."""
    alive = {(p.power, p.component.kind) for pieces in [*state.position.values(), *(d.pieces for d in dislodged)]
             for p in pieces}
    saruman_out = state.saruman_eliminated or ("SARUMAN", "W") not in alive
    sauron_out = state.sauron_eliminated or (
        state.spiders_used and state.dragons_used and not any(power in ("SAURON", STANDING) for power, _ in alive)
        and "SAURON" not in state.owners.values())
    if sauron_out and not state.sauron_eliminated:
        state = replace(state, eriador_alive=False)   # EN 5.1 iv
    return replace(state, saruman_eliminated=saruman_out, sauron_eliminated=sauron_out)


def eliminate_sauron(state: NecroState) -> NecroState:
    """EN 7.8.3 i-ii, 5.1 iv: after the TA 3020 Adjustment the Nazgûl is destroyed, a Sauron
    MU keeps one unit, his forces stay in Civil Disorder, and Eriador's SCs are destroyed."""
    position: dict[str, list[Piece]] = {}
    for province, pieces in state.position.items():
        kept, sauron_unit = [], False
        for p in pieces:
            if p.power == "SAURON":
                if p.component.kind == NAZGUL or sauron_unit:
                    continue
                sauron_unit = True
            kept.append(p)
        if kept:
            position[province] = kept
    return replace(state, position=position, eriador_alive=False, sauron_eliminated=True)
