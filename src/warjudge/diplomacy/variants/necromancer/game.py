"""A whole Necromancer game on the one game interface (core/game.py): phases chained by
the calendar, every change an action in the game record.

Each power orders one atomic action at a time (`{"type": "order", "order": "A Los - SIt"}`
in canonical text, `{"type": "retract", "order": ...}`; in an Adjustment phase with only
optional orders left, or for a Sauron asked with none, `{"type": "pass"}`);
`legal_actions` lists every legal order (legal.py). Once every power is done the phase is
adjudicated inside `act`. The games master (`act("gm", ...)`) enters a power's orders as
written, void lines and all (`orders`: the mailed orders of a GM's game, adjudicated and
reported as the judge always did), adjudicates at once (`process`) or ends the game in a
draw. A game made directly is a GM's (`gm_adjudicates`); the registry's wait for no GM.
With the option `drafts` (the play server's games) orders stay drafts until the phase is
processed: a power that gave all its orders may still change them (it stays in `to_act`;
`waiting_for` leaves it out), and a phase waits for `process` unless no power has
anything to order in it.

Who is asked is public (docs/rulings.md, "Necromancer variant: who is asked is public"):
every seat and spectator reads `to_act`, `waiting_for` and the decisions, so Sauron, whose
hidden units and secret Activations (EN 3.2.1, 7.8.2 vii) could empty his list unseen, is
asked in every Adjustment phase until he passes or Activates, and in a Movement phase even
with no unit at all (then he passes). New games say so in the record (`public_asking`);
records without it were played before, and replay as they were played. Likewise only
counted units are disbanded in adjustments (EN 3.3 vi, 7.8.2 iii): new records carry
`counted_disbands`; records without it let an uncounted unit's disband pay one owed.

Records written before issue 12 (id `necromancer`, actions with a `phase` and no `player`)
still load: their `orders`/`process`/`draw` are the GM's actions (docs/rulings.md).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar, Sequence, cast

from warjudge.core.errors import IllegalAction, InputError, OrderError, RecordError
from warjudge.core.events import Event, OrderRefusal, Refusal
from warjudge.core.game import GM, Action, Decision
from warjudge.core.games import MAX_FILE_OPTION_BYTES, Option
from warjudge.core.log import Log
from warjudge.core.record import GameRecord
from warjudge.core.visibility import redacted
from warjudge.diplomacy.actions import DRAFTS_OPTION, GM_ADJUDICATES
from warjudge.diplomacy.family import DiplomacyFamily
from warjudge.diplomacy.given import Given
from warjudge.diplomacy.options import check_choice, check_flag, family_options
from warjudge.diplomacy.report import OrderResult, PhaseReport
from warjudge.diplomacy.variants.necromancer.adjustments import uncounted_disband, victory_points
from warjudge.diplomacy.variants.necromancer.reasons import because
from warjudge.diplomacy.variants.necromancer import refusals
from warjudge.diplomacy.variants.necromancer.adjustments import judge_adjustments, update_ownership
from warjudge.diplomacy.variants.necromancer.calendar import (
    ADJUSTMENT, MOVEMENT, RETREAT, SAURON_ENDS, START_YEAR, NPhase, is_adjustment_year, next_turn,
)
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map, parse_necromancer_map
from warjudge.diplomacy.variants.necromancer.movement import (
    Dislodgement, apply_movement, default_rules, double_movement, resolve_movement,
)
from warjudge.diplomacy.variants.necromancer.legal import (
    adjustment_orders, canonical_support, is_owed, province_orders, retreat_orders,
)
from warjudge.diplomacy.variants.necromancer.orders import (
    MAX_ORDER_CHARS, Activate, Disband, NOrder, Waive, format_norder, parse_norder,
)
from warjudge.diplomacy.variants.necromancer.pieces import HIDDEN_MOVERS, NAZGUL, fold, group_of
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece
from warjudge.diplomacy.variants.necromancer.resolver import NMR, Group, Resolution, Rules
from warjudge.diplomacy.variants.necromancer.results import NEntry
from warjudge.diplomacy.variants.necromancer.retreats import judge_retreats
from warjudge.diplomacy.variants.necromancer.state import NecroState, initial_state
from warjudge.diplomacy.view_types import NecromancerView, ReportView, WrittenOrder
from warjudge.diplomacy.variants.necromancer.views import (
    PUBLIC, Reveal, is_hidden, movement_reveals, player_view, public_report, visible_position,
)

EDITIONS = ("2000", "2002")
OPTIONS = ("edition", "alignment", "map", "max_year", "gm_adjudicates", "drafts", "public_asking",
           "counted_disbands")
PUBLIC_ASKING = "public_asking"   # in every new game's record; records without it replay as played
COUNTED_DISBANDS = "counted_disbands"   # the same: records without it replay as played
MARKERS = (PUBLIC_ASKING, COUNTED_DISBANDS)   # what a record made before each change lacks
GAME = "necromancer-diplomacy"           # the record id (core/games.py)
LEGACY_GAME = "necromancer"              # records written before issue 12 say this; they still load


class NecromancerDiplomacyGame(DiplomacyFamily):   # draws: EN 6.3 v
    """The variant on the one game interface (core/game.py); see the module docstring."""

    game_id: ClassVar[str] = GAME
    reasons: ClassVar[str] = "necdip"
    kind_name: ClassVar[str] = "a Necromancer game"
    record_ids: ClassVar[tuple[str, ...]] = (GAME, LEGACY_GAME)

    def __init__(self, edition: str = "2002", alignment: bool = True, map_file: str | None = None,
                 map_data: dict[str, Any] | None = None, *, seed: int = 0, max_year: int | None = None,
                 gm_adjudicates: bool = True, drafts: bool = False, public_asking: bool = True,
                 counted_disbands: bool = True):
        """A new game on the shipped map, a GM's map file (`map_file`) or a map carried by a
        record (`map_data`). A map from a file is stored in the record itself, so a record
        never names a file to open and plays anywhere it is copied. A game made here is a
        GM's (`gm_adjudicates`: phases wait for the GM's `process`); the registry's games
        (`new`) are adjudicated once every power is done."""
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
        if max_year is not None:
            options["max_year"] = max_year
        if gm_adjudicates:
            options["gm_adjudicates"] = True
        if drafts:   # stored only when set: older records replay unchanged
            options["drafts"] = True
        for marker, on in ((PUBLIC_ASKING, public_asking), (COUNTED_DISBANDS, counted_disbands)):
            if on:   # every new game's; a record made before says nothing (from_record)
                options[marker] = True
        record_options(options)
        self.max_year, self.gm_adjudicates, self.drafts = max_year, gm_adjudicates, drafts
        self.public_asking, self.counted_disbands = public_asking, counted_disbands
        self.record = GameRecord(GAME, seed, options)
        self.state: NecroState = initial_state(self.map)
        self.dislodged: list[Dislodgement] = []
        self.standoffs: set[str] = set()
        self.pending: dict[str, dict[str, Given[NOrder | Waive]]] = {}   # power -> unit (as written) -> order
        self.written: dict[str, list[str]] = {}   # orders the GM entered as written (void ones included)
        self.passed: set[str] = set()              # powers that declined their optional orders
        self.history: Log[PhaseReport[NPhase, NecroState, Dislodgement, Reveal]] = Log()   # shared with clones
        self.drawn: list[str] | None = None   # EN 6.3 v: a draw among all survivors
        self._cached_for: NecroState | None = None
        self._cache: dict[tuple[str, ...] | tuple[str, tuple[str, ...]] | tuple[str, str, tuple[str, ...]], list[str]] = {}
        self._opening: PhaseReport[NPhase, NecroState, Dislodgement, Reveal] | None = None
        self._acting: tuple[NecroState | None, int, tuple[str, ...]] = (None, 0, ())   # to_act's, and for what
        # the last report's copies for `view`, made once per report
        self._report_views: tuple[PhaseReport[NPhase, NecroState, Dislodgement, Reveal] | None, dict[str, ReportView]] = (
            None, {})

    @classmethod
    def _replay_legacy(cls, game: "NecromancerDiplomacyGame", actions: Sequence[dict[str, Any]]
                       ) -> "NecromancerDiplomacyGame":
        return replay_legacy(game, actions)

    @classmethod
    def new(cls, seed: int = 0, **options: Any) -> "NecromancerDiplomacyGame":
        """A new game through the registry (core.games.new); the options are a record's
        (edition, alignment, map, max_year, gm_adjudicates, drafts, public_asking,
        counted_disbands). This variant has no dice."""
        edition, alignment, map_data, max_year, gm_adjudicates, drafts, markers = record_options(options)
        return cls(edition, alignment, map_data=map_data, seed=seed, max_year=max_year,
                   gm_adjudicates=gm_adjudicates, drafts=drafts, public_asking=markers[PUBLIC_ASKING],
                   counted_disbands=markers[COUNTED_DISBANDS])

    @classmethod
    def from_record(cls, record: GameRecord) -> Any:
        """A record without `public_asking` was played before Sauron was asked in public,
        one without `counted_disbands` before only counted units were disbanded
        (docs/rulings.md): it replays under the rules it was played under, bit for bit."""
        missing = [marker for marker in MARKERS if marker not in record.options]
        if missing:
            record = record.copy()
            record.options = {**record.options, **dict.fromkeys(missing, False)}
        return super().from_record(record)

    @classmethod
    def option_from_file(cls, name: str, path: Path) -> Any:
        """The option `map` from a GM's map file, checked as `map check` checks it."""
        if name != "map":
            return super().option_from_file(name, path)
        return load_necromancer_map(path).spec.model_dump(mode="json")

    def seat_names(self, lang: str) -> dict[str, str]:
        """How each power is named in `lang` (the map's names: the French edition's in
        French), for reasons worded at the edge."""
        return {p.id: p.name_fr if lang == "fr" else p.name for p in self.map.spec.powers}

    @classmethod
    def option_descriptions(cls) -> tuple[Option, ...]:
        """The options `new` takes (core.games.options)."""
        return (Option("edition", "choice", "2000: the English text; 2002: the French text with its amendments",
                       "2002", EDITIONS),
                Option("alignment", "bool", "the optional Alignment rules (EN 8.1; recommended)", True),
                Option("max_year", "int", "the game ends after this year (blank: no limit)",
                       None, minimum=START_YEAR, maximum=9999, label="Last year"),
                GM_ADJUDICATES,
                Option("map", "file", "your own map file (docs/necromancer-map-format.md), checked as "
                       "--map checks it and stored in the record (blank: the shipped reconstruction)",
                       max_bytes=MAX_FILE_OPTION_BYTES),
                DRAFTS_OPTION)

    def clone(self, reseed: bool = True) -> "NecromancerDiplomacyGame":
        """An independent copy (no dice: `reseed` changes nothing), in time that does not
        grow with the game. The position, the reports and the record's past actions are
        never changed in place, so they are shared."""
        copy = NecromancerDiplomacyGame.__new__(NecromancerDiplomacyGame)
        copy.__dict__.update(self.__dict__)
        copy.record = self.record.copy()
        copy.dislodged, copy.standoffs = list(self.dislodged), set(self.standoffs)
        copy.pending = {p: dict(o) for p, o in self.pending.items()}
        copy.written = {p: list(o) for p, o in self.written.items()}
        copy.passed, copy.history = set(self.passed), self.history.copy()
        # the legal lists are shared while both stand on this state (they are keyed by the
        # orders given, and a game that moves on starts its own): a search's clones of one
        # position list each set of orders once
        copy.drawn = list(self.drawn) if self.drawn is not None else None
        return copy

    def sample_hidden(self, player: str, rng: random.Random) -> "NecromancerDiplomacyGame":
        """A game `player` cannot tell from this one, for search over what it does not know
        (IS-MCTS): the others' orders of the phase, their unseen Hidden Movement units,
        Sauron's secret Activations and Saruman's third army drawn again from `rng`
        (sampling.py). Its record starts afresh under a fresh seed: the real one holds
        every secret, and its seed never leaves the game."""
        from warjudge.diplomacy.variants.necromancer.sampling import sample_hidden

        return sample_hidden(self, player, rng)

    # --- who acts ------------------------------------------------------------------------
    @property
    def powers(self) -> list[str]:
        return [p.id for p in self.map.spec.powers]

    def _judged(self, power: str) -> list[NEntry]:
        """`power`'s orders for this phase as the judge will read them: the GM's written
        ones (text), then the power's own (as parsed when given)."""
        return [*((power, text) for text in self.written.get(power, [])),
                *((power, given) for given in self.pending.get(power, {}).values())]

    def _out(self, power: str) -> bool:
        """EN 7.8.3 ii, 7.7 ii: an eliminated Sauron or Saruman gives no more orders."""
        return self.state.eliminated(power)

    def _legal_orders(self, power: str) -> list[str]:
        """`power`'s legal orders now, beside those it gave (cached for the position)."""
        if self._cached_for is not self.state:
            self._cached_for, self._cache = self.state, {}
        given = tuple(self._given(power))
        key = (power, given)
        if key not in self._cache:
            self._cache[key] = self._legal_now(power, given)
        return self._cache[key]

    def _legal_now(self, power: str, given: tuple[str, ...]) -> list[str]:
        if self._out(power) or power not in self.powers:
            return []
        state, kind = self.state, self.state.phase.kind
        sight = visible_position(state, power, self.report_of().reveal)
        if kind == RETREAT:
            return retreat_orders(self.map, self.rules, sight, self.dislodged, self.standoffs, power, given)
        if kind == ADJUSTMENT:
            return adjustment_orders(self.map, replace(state, position=sight), power, given, self.counted_disbands)
        out: list[str] = []
        at: dict[str, list[str]] = {}
        for written in self.pending.get(power, {}).values():   # `given`'s texts, parsed
            if isinstance(written.order, NOrder):   # a Movement phase's, all of them
                at.setdefault(written.order.unit.province, []).append(written.text)
        for province, pieces in sorted(state.position.items()):
            if any(p.power == power for p in pieces):
                key = (power, province, tuple(at.get(province, ())))
                if key not in self._cache:
                    self._cache[key] = province_orders(self.map, self.rules.edition, state.position, sight, power,
                                                       province, key[2])
                out += self._cache[key]
        return out

    def to_act(self) -> tuple[str, ...]:
        """Who may act, worked out once per state and action (each asks every power's legal
        orders): nothing changes `to_act` but an action, which the record keeps, or a phase
        judged, which makes a new state. Kept as one tuple, so clones share it safely."""
        state, count = self.state, self.record.action_count()
        acting = self._acting
        if acting[0] is not state or acting[1] != count:
            acting = self._acting = (state, count, super().to_act())
        return acting[2]

    def _may_pass(self, power: str) -> bool:
        """Only optional orders left (an Activation, the Nazgul's rebuild, the third army),
        or none left to a Sauron asked all the same (`_asked_anyway`)."""
        legal = self._legal_orders(power)
        if self.state.phase.kind != ADJUSTMENT:
            return not legal and self._asked_anyway(power)
        return (bool(legal) or self._asked_anyway(power)) and not any(map(is_owed, legal))

    def _asked_anyway(self, power: str) -> bool:
        """Is Sauron asked whatever his list holds (docs/rulings.md, "who is asked is
        public")? Others cannot tell whether an army that looks Standing, or an unseen
        beast or Nazgûl, is his: in an Adjustment phase he is asked until he Activates
        (EN 7.8.2 iv: one a phase) or passes; in a Movement phase until he gave an order
        (all his units are then his to order) or, with none, passes."""
        if not self.public_asking or power != "SAURON" or self._out(power):
            return False
        kind, given = self.state.phase.kind, self.pending.get(power, {}).values()
        if kind == ADJUSTMENT:
            return not any(isinstance(g.order, Activate) for g in given)
        return kind == MOVEMENT and not given

    def _may_act(self, power: str) -> bool:
        if self.is_over or power not in self.powers or power in self.passed:
            return False
        return bool(self._legal_orders(power)) or self._asked_anyway(power) or (
            (self.gm_adjudicates or self.drafts) and bool(self.pending.get(power)))

    def waiting_for(self) -> tuple[str, ...]:
        """The powers of `to_act` that have orders left to give (or, only optional ones
        left, have not passed; or are asked all the same, `_asked_anyway`); with `drafts`
        or `gm_adjudicates` a power that gave all its orders may act but is waited for no more."""
        return tuple(p for p in self.to_act() if self._legal_orders(p) or self._asked_anyway(p))

    def decision(self, player: str) -> Decision | None:
        if player not in self.to_act():
            return None
        kind = {MOVEMENT: "orders", RETREAT: "retreats", ADJUSTMENT: "adjustments"}[self.state.phase.kind]
        info: dict[str, Any] = {"phase": str(self.state.phase), "ordered": self._given(player)}
        if kind == "adjustments":
            info["optional_only"] = self._may_pass(player)
        return Decision(player, kind, info)

    def legal_actions(self, player: str) -> list[Action]:
        if not self._may_act(player):
            return []
        actions: list[Action] = [{"type": "order", "order": text} for text in self._legal_orders(player)]
        actions += self.retracts(player)
        if self._may_pass(player):
            actions.append({"type": "pass"})
        return actions

    # --- acting (the dialect: diplomacy/family.py) ---------------------------------------
    def _give(self, power: str, text: Any) -> str:
        checked = self._checked(power, text)
        given = self.pending.setdefault(power, {})
        given[_unit_key(given, checked.order)] = checked
        return checked.text

    def _pass(self, power: str) -> None:
        self.passed.add(power)

    def _checked(self, power: str, text: Any) -> Given[NOrder | Waive]:
        """One of `power`'s orders if it is legal now: its canonical text (the same order
        written otherwise, in French, with long names, a supported MU's size, is accepted as
        the canonical one) and the order parsed, which the judge reads."""
        if not isinstance(text, str) or len(text) > MAX_ORDER_CHARS:
            raise Refusal("necdip.act.order_text", n=MAX_ORDER_CHARS)
        try:
            order = canonical_support(parse_norder(text, power, self.map))
        except OrderRefusal as exc:
            raise Refusal(exc.event.code, **exc.event.params) from None
        canonical = format_norder(order)
        legal = self._legal_orders(power)
        if canonical not in legal:
            why = self._uncounted_disband(order) or refusals.why_not(canonical, power, sorted(legal),
                                                                     self._given(power))
            raise Refusal(why.code, **why.params)
        return Given(canonical, order)

    def _uncounted_disband(self, order: NOrder | Waive) -> Event | None:
        """The judge's own reason for an adjustment disband of an uncounted unit (EN 3.3 vi,
        7.8.2 iii), which the reasons read from the legal list would misname."""
        return uncounted_disband(order, self.counted_disbands) if self.state.phase.kind == ADJUSTMENT else None

    def _write(self, power: str, orders: list[str]) -> None:
        """The GM's `orders`: kept as written, void lines and all (reported void when judged)."""
        self.written[power] = orders
        self.pending.pop(power, None)

    def _adjudicate(self) -> None:
        before = self.state
        judged = self._process()
        self.state = eliminations(self.state, self.dislodged)   # the report holds the position after them
        eliminated = [power for power, was, now in (
            ("SARUMAN", before.saruman_eliminated, self.state.saruman_eliminated),
            ("SAURON", before.sauron_eliminated, self.state.sauron_eliminated)) if now and not was]
        self.rules = self._rules_at(self.state)
        self.history.append(replace(judged, after=self.state, eliminated=eliminated))
        self.pending, self.written, self.passed = {}, {}, set()

    # --- the games master's conveniences (the rest: diplomacy/family.py) ---------------
    def set_orders(self, power: str, orders: list[str]) -> list[tuple[str, str]]:
        """Enter `power`'s orders as written, replacing earlier ones (checked when adjudicated:
        a void line is reported void), so no line is left out: []. A convenience over `act`:
        the games master's `act(GM, {"type": "orders", …})`, never a way around it."""
        self._as_gm({"type": "orders", "power": power, "orders": orders})
        return []

    def order_problems(self, power: str, orders: list[str]) -> list[tuple[str, str]]:
        """(order, reason) for each of `power`'s orders that would be void if the phase were
        adjudicated now: the phase is judged on a copy, so nothing here changes."""
        self.check_power_orders(power)
        trial = self.clone(reseed=False)
        trial.set_orders(power, orders)
        report = trial.process()
        return [(r.text, r.reason) for r in report.results if r.power == power and r.result == "void"]

    # --- views and outcome ---------------------------------------------------------------
    def view(self, player: str | None = None) -> NecromancerView:
        """The phase, each power's orders so far (hidden from the others until adjudicated)
        and the last report as each viewer may read it: the report's one visibility filter
        (views.player_view) makes each power's copy, marked hidden from everyone else, and
        the public copy (views.public_report) every power and a spectator may read."""
        powers = self.powers
        others = {p: [q for q in powers if q != p] for p in powers}
        report = self.report_of()
        if self._report_views[0] is not report:   # made once a report (clones share it)
            views: dict[str, ReportView] = {"GM": {**self.report_view(report, None), "hidden_from": list(powers)}}
            for p in powers:
                views[p] = {**self.report_view(report, p), "hidden_from": others[p]}
            views[PUBLIC] = public_report(self.map, self._rules_at(report.after), report)   # marked for nobody
            self._report_views = (report, views)
        orders: list[WrittenOrder] = [{"power": p, "order": t, "written": True, "hidden_from": others[p]}
                                      for p in powers for t in self.written.get(p, [])]
        orders += [{"power": p, "order": t, "hidden_from": others[p]} for p in powers for t in self._given(p)]
        outcome = self.outcome()
        full: NecromancerView = {
            "game": GAME, "edition": self.rules.edition, "alignment": self.rules.alignment,
            "phase": str(self.state.phase), "max_year": self.max_year,
            "orders": orders,
            "passed": [{"power": p, "hidden_from": others[p]} for p in sorted(self.passed)],
            "report": dict(self._report_views[1]),
            "outcome": None if outcome is None else outcome.to_json(),
        }
        return cast(NecromancerView, redacted(full, player if player is not None else ""))   # less what is hidden

    def _scores(self) -> dict[str, float]:
        return {p: float(victory_points(self.map, self.state, p)) for p in self.powers}

    def _contenders(self) -> list[str]:
        """EN 7.8.3, 7.7 ii: an eliminated Sauron or Saruman leads at no year limit."""
        return [p for p in self.powers if not self.state.eliminated(p)]

    def survivors(self) -> list[str]:
        alive = {p.power for pieces in self.state.position.values() for p in pieces}
        return sorted(p for p in self.powers if p in alive or p in self.state.owners.values()
                      if not self.state.eliminated(p))

    def opening_warning(self) -> str:
        """Why TA 2750 should not be processed yet: Saruman's third army is placed only by his
        order (EN 7.7 x); without it the army is lost."""
        if self.state.phase.year != START_YEAR or self.drawn or any(
                fold(text).split()[:1] in (["build"], ["construire"])
                for text in [*self.written.get("SARUMAN", []), *self._given("SARUMAN")]):
            return ""
        return ("SARUMAN has not placed his third army (EN 7.7 x: Agr, Ene, Fan, Gap or Gld, e.g. 'Build A Gap'); "
                "processing TA 2750 now loses it. Enter his order, or add --force.")

    def _parse_phase(self, text: str) -> NPhase:
        return NPhase.parse(text)

    def _before_any(self) -> PhaseReport[NPhase, NecroState, Dislodgement, Reveal]:
        return self.opening_report()

    def opening_report(self) -> PhaseReport[NPhase, NecroState, Dislodgement, Reveal]:
        """An empty report of the position as it stands, for a game not yet processed."""
        if self._opening is None or self._opening.after is not self.state:
            self._opening = PhaseReport(self.state.phase, [], self.state, Reveal())
        return self._opening

    def report_view(self, report: PhaseReport[NPhase, NecroState, Dislodgement, Reveal], viewer: str | None
                    ) -> ReportView:
        """`report` as `viewer` may read it (None: the GM's report), through the one
        visibility filter (views.player_view), under the rules as they stood after it."""
        return player_view(self.map, self._rules_at(report.after), report, viewer)

    def worded_order(self, power: str, text: str, lang: str) -> str:
        """`power`'s order in the reader's language: the map's reader takes either edition's
        words, and the order is written back in `lang`'s (as given if it cannot be read)."""
        try:
            return format_norder(parse_norder(text, power, self.map), lang)
        except OrderError:
            return text

    def _rules_at(self, state: NecroState) -> Rules:
        """The rules in `state`: the game's, with Sauron out once he is eliminated."""
        return replace(self.rules, sauron_eliminated=state.sauron_eliminated)

    # --- phases ---------------------------------------------------------------------------
    def _entries(self) -> list[NEntry]:
        out = []
        for power in self.powers:
            if self.state.eliminated(power):
                continue  # EN 7.8.3 ii, 7.7 ii: their forces are in Civil Disorder
            out += self._judged(power)
        return out

    def _process(self) -> PhaseReport[NPhase, NecroState, Dislodgement, Reveal]:
        """Judge the phase; its report (the position after eliminations: `_adjudicate`)."""
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
                results.append(OrderResult(piece.power, f"{piece.component.kind} {province} D", default=True,
                                           why=because("necdip.move.nazgul_left")))
            self.state = replace(self.state, position=position, third_army=None,   # EN 7.7 x: revealed now
                                 secret_armies=secret_armies - reveal.unmasked_armies,
                                 secret_beasts=secret_beasts - reveal.unmasked_beasts)
            if dislodged:
                self.dislodged, self.standoffs = dislodged, res.standoffs
                self.state = replace(self.state, phase=NPhase(phase.year, RETREAT))
            else:
                self._end_of_turn()
            return PhaseReport(phase, results, self.state, reveal, dislodged, res.standoffs, hidden_orders=hidden)
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
            return PhaseReport(phase, results, self.state, reveal)
        spoiled: list[tuple[str, Piece]] = []
        beasts = self.state.secret_beasts
        state, results = judge_adjustments(self.map, self.state, entries, spoiled,
                                           counted_disbands=self.counted_disbands)
        if phase.year == SAURON_ENDS:
            state = eliminate_sauron(state)
        self.state = replace(state, phase=next_turn(phase.year))
        given = [item.order if isinstance(item, Given) else None for _, item in entries]   # results' first lines
        hidden = {i for i, r in enumerate(results)
                  if self._secret_adjustment(r, given[i] if i < len(given) else None, beasts)
                  or (phase.year == START_YEAR and r.power == "SARUMAN")}             # EN 7.7 x
        reveal = Reveal(located=_hidden_units_placed(results))                          # EN 3.2.1 vii
        for province, piece in spoiled:   # EN 7.8.2 vi: the hidden unit that spoiled an Activation
            reveal.located[(piece.power, piece.component.kind)] = province
        return PhaseReport(phase, results, self.state, reveal, hidden_orders=hidden)

    def _secret_adjustment(self, r: OrderResult, given: NOrder | Waive | None, beasts: set[str]) -> bool:
        """An Activation (EN 7.8.2 vii: never revealed, even written wrong), a disband of a
        Hidden Movement unit (EN 3.2.1 vii: shown only if it was visible; between turns it never is)
        or a void one of unrevealed Spiders or Dragons (`beasts`: they held, EN 7.8.2 vii).
        `given`: the order as parsed when given (None: a GM's line or the judge's, read here)."""
        try:
            order = given if given is not None else parse_norder(r.text, r.power, self.map)
        except OrderError:
            return fold(r.text).strip().startswith("activ")
        return isinstance(order, Activate) or isinstance(order, Disband) and (
            order.unit.kind in HIDDEN_MOVERS or r.result == "void" and is_hidden(r.power, order.unit.kind, beasts))

    def _end_of_turn(self) -> None:
        year = self.state.phase.year
        if is_adjustment_year(year):
            self.state = replace(update_ownership(self.map, self.state), phase=NPhase(year, ADJUSTMENT))
        else:
            self.state = replace(self.state, phase=next_turn(year))


def record_options(options: dict[str, Any]
                   ) -> tuple[str, bool, dict[str, Any] | None, int | None, bool, bool, dict[str, bool]]:
    """(edition, alignment, map, max_year, gm_adjudicates, drafts, markers) from a record
    or the registry's options, checked strictly as every Diplomacy game's
    (diplomacy/options.py); `markers`: `public_asking` and `counted_disbands`, on in a new
    game (`from_record` says when a record was played before)."""
    shared = family_options(options, OPTIONS, first_year=START_YEAR)
    edition, alignment, map_data = options.get("edition", "2002"), options.get("alignment", True), options.get("map")
    check_choice("edition", edition, EDITIONS)
    check_flag("alignment", alignment)
    markers = {marker: options.get(marker, True) for marker in MARKERS}
    for marker, on in markers.items():
        check_flag(marker, on)
    if map_data is not None and not isinstance(map_data, dict):
        raise Refusal("dip.option.map")
    return (edition, alignment, map_data, shared.get("max_year"), shared.get("gm_adjudicates", False),
            shared.get("drafts", False), markers)


def replay_legacy(game: NecromancerDiplomacyGame, actions: Sequence[dict[str, Any]]) -> NecromancerDiplomacyGame:
    """A record written before issue 12: its `orders`, `process` and `draw` (each naming the
    phase it was given in) are the games master's actions, replayed as the judge read them."""
    for index, action in enumerate(actions):
        if action.get("phase") != str(game.state.phase):
            raise RecordError(f"action {index} cannot be replayed: the game is in {game.state.phase}, "
                              f"not {action.get('phase')}")
        translated = {k: v for k, v in action.items() if k != "phase"}
        try:
            game.act(GM, translated)
        except IllegalAction as exc:
            raise RecordError(f"action {index} cannot be replayed: {exc}") from None
    return game


def _unit_key(given: dict[str, Given[NOrder | Waive]], order: NOrder | Waive) -> str:
    """The unit an order is for, as written ('2A/1F Pel'; 'Waive' for a waived build):
    a second unit written alike (one province may hold several) is numbered ('A Pel #2')."""
    unit = str(order.unit) if isinstance(order, NOrder) else format_norder(order)
    return next(k for k in (unit, *(f"{unit} #{n}" for n in range(2, len(given) + 2))) if k not in given)


def _unordered_lines(groups: list[Group], res: Resolution, results: list[OrderResult], secret_armies: set[str],
                     secret_beasts: set[str]) -> set[int]:
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
            results.append(OrderResult(g.power, f"{unit} H", result="fails" if dislodged else "succeeds",
                                       why=because("necdip.result.dislodged") if dislodged else None, default=True))
            if is_hidden(g.power, kind, secret_beasts) or (g.power == "SAURON" and g.province in secret_armies):
                hidden.add(len(results) - 1)
        if len(kinds) == 1:
            g.order_index = len(results) - 1
    return hidden


def _hidden_units_placed(results: list[OrderResult]) -> dict[tuple[str, str], str]:
    """Where successful retreats and builds put Hidden Movement units (the last word of
    the order is the province: 'N MMo R Gor', 'Build N DGu')."""
    out = {}
    for r in results:
        words = r.text.split()
        if r.result == "succeeds" and words and (words[0] in ("N", "W") or words[1:2] in (["N"], ["W"])):
            kind = words[0] if words[0] in ("N", "W") else words[1]
            out[(r.power, kind)] = words[-1]
    return out


def eliminations(state: NecroState, dislodged: Sequence[Dislodgement] = ()) -> NecroState:
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
