"""A whole Necromancer game: phases chained by the calendar, every change an action in
the game record (so `NecromancerDiplomacyGame.from_record` replays it exactly).

Built so far: Movement with Double Movement, Retreats, Adjustments with Activation,
victory, Sauron's end after TA 3020, and each power's view of every report.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from warjudge.core.errors import InputError, OrderError, RecordError, WarjudgeError
from warjudge.core.record import GameRecord
from warjudge.diplomacy.actions import ActionGame, checked_orders
from warjudge.diplomacy.variants.necromancer.adjustments import judge_adjustments, update_ownership
from warjudge.diplomacy.variants.necromancer.calendar import (
    ADJUSTMENT, MOVEMENT, RETREAT, SAURON_ENDS, START_YEAR, NPhase, is_adjustment_year, next_turn,
)
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map, parse_necromancer_map
from warjudge.diplomacy.variants.necromancer.movement import (
    Dislodgement, apply_movement, default_rules, double_movement, resolve_movement,
)
from warjudge.diplomacy.variants.necromancer.orders import Activate, Disband, parse_norder
from warjudge.diplomacy.variants.necromancer.pieces import HIDDEN_MOVERS, NAZGUL, fold, group_of
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece
from warjudge.diplomacy.variants.necromancer.resolver import NMR
from warjudge.diplomacy.variants.necromancer.results import NResult
from warjudge.diplomacy.variants.necromancer.retreats import judge_retreats
from warjudge.diplomacy.variants.necromancer.state import NecroState, initial_state
from warjudge.diplomacy.variants.necromancer.views import Reveal, is_hidden, movement_reveals, player_view

EDITIONS = ("2000", "2002")
GAME = "necromancer-diplomacy"           # the record id (core/games.py)
LEGACY_GAME = "necromancer"              # records written before issue 12 say this; they still load


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
    nmap: Any = field(default=None, repr=False)
    rules: Any = field(default=None, repr=False)

    def view(self, viewer: str | None = None) -> dict[str, Any]:
        """The report as `viewer` may read it (None: the GM's report), through the one
        visibility filter (views.player_view)."""
        return player_view(self.nmap, self.rules, self, viewer)


class NecromancerDiplomacyGame(ActionGame):   # draws: EN 6.3 v
    def __init__(self, edition: str = "2002", alignment: bool = True, map_file: str | None = None,
                 map_data: dict | None = None):
        """A new game on the shipped map, a GM's map file (`map_file`) or a map carried by a
        record (`map_data`). A map from a file is stored in the record itself, so a record
        never names a file to open and plays anywhere it is copied."""
        if edition not in EDITIONS:
            raise InputError(f"edition {edition!r}: choose 2000 (English text) or 2002 (French text, amended)")
        if map_data is not None:
            self.map = parse_necromancer_map(json.dumps(map_data), "the game record's map")
        else:
            self.map = load_necromancer_map(map_file)
        self.rules = default_rules(self.map, edition, alignment)
        options: dict[str, Any] = {"edition": edition, "alignment": alignment}
        if map_file is not None or map_data is not None:
            options["map"] = self.map.spec.model_dump(mode="json")
        self.record = GameRecord(GAME, 0, options)
        self.state: NecroState = initial_state(self.map)
        self.dislodged: list[Dislodgement] = []
        self.standoffs: set[str] = set()
        self.pending: dict[str, list[str]] = {}
        self.history: list[NReport] = []
        self.drawn: list[str] | None = None   # EN 6.3 v: a draw among all survivors

    @classmethod
    def from_record(cls, record: GameRecord) -> "NecromancerDiplomacyGame":
        if record.game not in (GAME, LEGACY_GAME):
            raise RecordError(f"this record is for {record.game!r}, not a Necromancer game")
        edition, alignment, map_data = record_options(record.options)
        try:
            game = cls(edition, alignment, map_data=map_data)
        except WarjudgeError as exc:
            raise RecordError(f"the record's options cannot be used: {exc}") from None
        for index, action in enumerate(record.actions):
            try:
                game.apply(action)
            except InputError as exc:
                raise RecordError(f"action {index} cannot be replayed: {exc}") from None
        return game

    @classmethod
    def new(cls, seed: int = 0, **options: Any) -> "NecromancerDiplomacyGame":
        """A new game through the registry (core.games.new); the options are a record's
        (edition, alignment, map). This variant has no dice: the seed is not used."""
        edition, alignment, map_data = record_options(options)
        return cls(edition, alignment, map_data=map_data)

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
            before = self.state
            report = self._process()
            self.state = eliminations(self.state, self.dislodged)
            report.eliminated = [power for power, was, now in (
                ("SARUMAN", before.saruman_eliminated, self.state.saruman_eliminated),
                ("SAURON", before.sauron_eliminated, self.state.sauron_eliminated)) if now and not was]
            self.rules = replace(self.rules, sauron_eliminated=self.state.sauron_eliminated)
            report.state, report.nmap, report.rules = self.state, self.map, self.rules
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

    def opening_warning(self) -> str:
        """Why TA 2750 should not be processed yet: Saruman's third army is placed only by his
        order (EN 7.7 x); without it the army is lost."""
        if self.state.phase.year != START_YEAR or self.drawn or any(
                fold(text).split()[:1] in (["build"], ["construire"]) for text in self.pending.get("SARUMAN", [])):
            return ""
        return ("SARUMAN has not placed his third army (EN 7.7 x: Agr, Ene, Fan, Gap or Gld, e.g. 'Build A Gap'); "
                "processing TA 2750 now loses it. Enter his order, or add --force.")

    def report_of(self, phase: str | None = None) -> NReport:
        """The report of `phase` (default: the last one); before any, the opening position."""
        if phase is None:
            return self.history[-1] if self.history else self.opening_report()
        wanted = NPhase.parse(phase)
        for report in self.history:
            if report.phase == wanted:
                return report
        known = ", ".join(str(r.phase) for r in self.history) or "none yet"
        raise InputError(f"no report for {wanted}; the reports are: {known}")

    def opening_report(self) -> NReport:
        """An empty report of the position as it stands, for a game not yet processed."""
        return NReport(self.state.phase, [], state=self.state, nmap=self.map, rules=self.rules)

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
            hidden = _unordered_lines(groups, res, results, secret_armies, secret_beasts)
            hidden |= {g.order_index for g in groups if g.order_index is not None and (
                any(is_hidden(g.power, p.component.kind, secret_beasts) for p in g.pieces) and g.lead_order is None
                or (g.power == "SAURON" and g.province in secret_armies))}
            void = frozenset(i for i, r in enumerate(results) if r.result == "void")
            reveal = movement_reveals(groups, res, secret_armies, secret_beasts, self.rules.edition, void_orders=void)
            destroyed: list[tuple[str, Piece]] = []
            position, dislodged = apply_movement(self.map, self.state.position, groups, res, self.rules, destroyed)
            position, dislodged, step, step_res = double_movement(self.map, position, groups, res, dislodged,
                                                                  self.rules, results, destroyed)
            if step_res is not None:   # EN 3.2.1 vi: affecting a unit with the second move too
                reveal.absorb(movement_reveals(step, step_res, secret_armies, secret_beasts, self.rules.edition,
                                               second_step=True))
            for province, piece in destroyed:   # FR 7.8.1 ix: the Nazgul left a Multiple Unit
                results.append(NResult(piece.power, f"{piece.component.kind} {province} D", default=True,
                                       reason="the Nazgul left this Multiple Unit: extra units are destroyed "
                                              "(FR 7.8.1 ix)"))
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
            blockers: list[tuple[str, Piece]] = []
            position, results = judge_retreats(self.map, self.state.position, self.dislodged, self.standoffs,
                                               entries, self.rules, blockers)
            reveal = Reveal(located=_hidden_units_placed(results))   # EN 3.2.1 iv: retreats are revealed
            for province, piece in blockers:   # EN 3.2.1 vi: a hidden unit bouncing a retreat is revealed
                if is_hidden(piece.power, piece.component.kind, self.state.secret_beasts):
                    reveal.located[(piece.power, piece.component.kind)] = province
                    if piece.component.kind in ("S", "D"):
                        reveal.unmasked_beasts.add(piece.component.kind)
            self.state = replace(self.state, position=position,
                                 secret_beasts=self.state.secret_beasts - reveal.unmasked_beasts)
            self.dislodged, self.standoffs = [], set()
            self._end_of_turn()
            return NReport(phase, results, reveal=reveal)
        spoiled: list[tuple[str, Piece]] = []
        state, results = judge_adjustments(self.map, self.state, entries, spoiled)
        if phase.year == SAURON_ENDS:
            state = eliminate_sauron(state)
        self.state = replace(state, phase=next_turn(phase.year))
        hidden = {i for i, r in enumerate(results) if self._secret_adjustment(r)
                  or (phase.year == START_YEAR and r.power == "SARUMAN")}             # EN 7.7 x
        reveal = Reveal(located=_hidden_units_placed(results))                          # EN 3.2.1 vii
        for province, piece in spoiled:   # EN 7.8.2 vi: the hidden unit that spoiled an Activation
            reveal.located[(piece.power, piece.component.kind)] = province
        return NReport(phase, results, reveal=reveal, hidden_orders=hidden)

    def _secret_adjustment(self, r: NResult) -> bool:
        """An Activation (EN 7.8.2 vii: never revealed, even written wrong) or a disband of a
        Hidden Movement unit (EN 3.2.1 vii: shown only if it was visible; between turns it never is)."""
        try:
            order = parse_norder(r.text, r.power, self.map)
        except OrderError:
            return fold(r.text).strip().startswith("activ")
        return isinstance(order, Activate) or isinstance(order, Disband) and order.unit.kind in HIDDEN_MOVERS

    def _end_of_turn(self) -> None:
        year = self.state.phase.year
        if is_adjustment_year(year):
            self.state = replace(update_ownership(self.map, self.state), phase=NPhase(year, ADJUSTMENT))
        else:
            self.state = replace(self.state, phase=next_turn(year))


def record_options(options: dict[str, Any]) -> tuple[str, bool, dict | None]:
    """(edition, alignment, map) from a record, checked strictly: a record is a file that
    travels, and a wrong type must never be read as something else ("false" is not a boolean)."""
    unknown = sorted(set(options) - {"edition", "alignment", "map"})
    if unknown:
        raise RecordError(f"the record's options have unknown field(s) {', '.join(unknown)}")
    edition, alignment, map_data = options.get("edition", "2002"), options.get("alignment", True), options.get("map")
    if edition not in EDITIONS:
        raise RecordError(f"the record's option 'edition' is {edition!r}: it must be \"2000\" or \"2002\"")
    if not isinstance(alignment, bool):
        raise RecordError(f"the record's option 'alignment' is {alignment!r}: it must be true or false")
    if map_data is not None and not isinstance(map_data, dict):
        raise RecordError("the record's option 'map' must be the map itself (an object); a record never names "
                          "a file to open (start the game again with --map FILE to store the map in it)")
    return edition, alignment, map_data


def _unordered_lines(groups, res, results: list[NResult], secret_armies, secret_beasts) -> set[int]:
    """A default Hold line for every unit given no order (NMR, EN 2.2.1 vii), so reports
    say who did not order; unactivated Standing Armies (always in Civil Disorder) are left
    out. Returns the lines of hidden units, which others see only when revealed."""
    hidden = set()
    for g in groups:
        if g.kind != NMR or g.power == STANDING:
            continue
        dislodged = res.dislodged.get(g.province, ("", ""))[0] == g.power
        kinds = sorted({p.component.kind for p in g.pieces}, key=lambda k: k in ("N", "W"))
        for kind in kinds:
            unit = group_of([p.component for p in g.pieces if p.component.kind == kind], g.province)
            results.append(NResult(g.power, f"{unit} H", "fails" if dislodged else "succeeds",
                                   "dislodged" if dislodged else "", default=True))
            if is_hidden(g.power, kind, secret_beasts) or (g.power == "SAURON" and g.province in secret_armies):
                hidden.add(len(results) - 1)
        if len(kinds) == 1:
            g.order_index = len(results) - 1
    return hidden


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
