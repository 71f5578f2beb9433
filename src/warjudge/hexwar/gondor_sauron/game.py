"""A Gondor & Sauron battle through the one game interface (core/game.py).

The Sequence of Play (3.0) runs phase by phase; every choice the rules give a player is
one atomic action from a complete flat `legal_actions` list (a move of one piece to one
hex, a missile shot, a Leader duel, a unit stated to melee a defender and `resolve` to
make the stated attacks (melee.py), a retreat path, an advance, a rally attempt,
`next`/`end`), and choices forced in the middle of a phase (retreats, advances, retreat
before combat) wait in a queue that blocks everything else. Dice come from the
game's `Dice`; everything on the map is open to both sides but what lies under Gondor's
cauldrons (which are dummies), marked hidden from Sauron (ruling); no view holds the seed.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any, ClassVar, NamedTuple, cast

from warjudge.core.dice import Dice
from warjudge.core.errors import InputError, RecordError
from warjudge.core.events import Refusal
from warjudge.core.game import GM, Action, Decision, Game, Outcome
from warjudge.core.games import MAX_FILE_OPTION_BYTES, Option, fresh_seed, replay
from warjudge.core.log import Log
from warjudge.core.record import GameRecord
from warjudge.core.visibility import redacted
from warjudge.hexwar import stacking
from warjudge.hexwar.copying import copied
from warjudge.hexwar.gondor_sauron import (
    aftermath, cauldrons, combat, formations, leaders, melee, moves, sequence, siege, spells)
from warjudge.hexwar.gondor_sauron.charts import CasualtyResult, Charts, default_charts, load_charts
from warjudge.hexwar.gondor_sauron.game_state import GondorSauronState, Pending
from warjudge.hexwar.gondor_sauron.morale import loss_value, newly_demoralized
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.scenario import Scenario, scenario_from_content, shipped
from warjudge.hexwar.gondor_sauron.units import SAURON, SIDES, WESTERNESSE, Cauldron, CombatUnit, Engine, Leader, other
from warjudge.hexwar.gondor_sauron.view_types import GondorView
from warjudge.hexwar.hexmap import HexMap

PLAYERS = SIDES
OPTIONS = ("scenario", "charts", "max_turns")
MOST_TURNS = 99
LEADER_COMBAT_RETREAT = 2   # 7.23


class StackingPlan(NamedTuple):
    """A side's combat units as stacking pieces (a formation one, 5.0 b): hex and the
    hexes it may end the phase in; where each could end it within the limit (None:
    nothing can meet it); how many stand in each hex; the hexes over the limit (none
    when nothing can put them right)."""

    pieces: dict[str, tuple[str, tuple[str, ...]]]
    plan: stacking.Assignment | None
    counts: Counter[str]
    over: list[str]


class GondorSauronGame(Game):
    """One battle; the class is registered twice, as `gondor` and as `sauron`."""

    game_id: ClassVar[str] = "gondor"
    dice: Dice

    def __init__(self, record: GameRecord):
        options = dict(record.options)
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise Refusal("gs.refused.unknown_options", unknown=unknown, known=list(OPTIONS))
        self.scenario: Scenario = (scenario_from_content(options["scenario"]) if "scenario" in options
                                   else shipped(self.game_id))
        if self.scenario.game != self.game_id:
            raise InputError(f"the scenario is for {self.scenario.game!r}, not {self.game_id!r}")
        charts: Charts = load_charts(json.dumps(options["charts"]), "the record's charts") if "charts" in options \
            else default_charts()
        max_turns = options.get("max_turns")
        if max_turns is not None and (not isinstance(max_turns, int) or isinstance(max_turns, bool)
                                      or not 1 <= max_turns <= MOST_TURNS):
            raise Refusal("gs.refused.max_turns", most=MOST_TURNS, given=max_turns)
        self.max_turns = max_turns
        self.record = record.restarted(options)
        self.dice = Dice.of(record)
        units, ldrs = self.scenario.pieces()
        ped = self.scenario.spec.pedestal
        self.pedestal: tuple[str, str] | None = (ped.leader, ped.hex) if ped else None
        to_come = self.scenario.arrivals()
        self.entry_of = {p.id: list(g.entry) for g in self.scenario.spec.reinforcements for p in to_come[g.group]}
        self.state = GondorSauronState(
            Position(self.scenario.hexmap(), charts, units, ldrs, engines=self.scenario.engines(),
                     cauldrons=self.scenario.cauldrons()),
            to_come, dict(self.scenario.spec.demoralization_levels))
        self.events: Log[dict[str, Any]] = Log()   # shared with clones (core/log.py)
        self._legal: tuple[Any, list[Action]] = (None, [])
        self._acted = 0   # actions applied (the legal-action cache's key)
        self._facts: tuple[Any, Any] = (None, None)
        self._reach: tuple[Any, dict[tuple[Any, ...], list[str]]] = (None, {})   # see _movement_facts
        self._plan: tuple[Any, Any] = (None, None)   # see _stacking_plan
        self._start_turn()

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def option_descriptions(cls) -> tuple[Option, ...]:
        """The options `new` takes (core.games.options)."""
        return (Option("max_turns", "int", "end after this many game-turns (blank: the scenario's length)", None,
                       minimum=1, maximum=MOST_TURNS, label="Last turn"),
                Option("scenario", "file", "your own scenario file (docs/gondor-sauron-formats.md), checked as "
                       "'gs new --scenario' checks it (blank: the shipped one)", max_bytes=MAX_FILE_OPTION_BYTES),
                Option("charts", "file", "your own charts file (docs/gondor-sauron-formats.md), checked as "
                       "'gs new --charts' checks it (blank: the shipped ones)", max_bytes=MAX_FILE_OPTION_BYTES))

    @classmethod
    def new(cls, seed: int, **options: Any) -> "GondorSauronGame":
        return cls(GameRecord(cls.game_id, seed, options))

    @classmethod
    def from_record(cls, record: GameRecord) -> "GondorSauronGame":
        if record.game != cls.game_id:
            raise RecordError(f"this record is for {record.game!r}")
        game = cls(record)
        replay(game, [(a["player"], {k: v for k, v in a.items() if k != "player"}) for a in record.actions])
        return game

    def clone(self, reseed: bool = True) -> "GondorSauronGame":
        """An independent copy in time that does not grow with the game: the state cloned
        (game_state.py); what never changes once made (the scenario, the map, the charts,
        the terrain tables memoised from them, the record's and the event log's past
        entries) shared. A reseeded clone rolls from a fresh seed its record names (the
        real one stays with the game); `reseed=False` is exact."""
        twin = object.__new__(type(self))
        vars(twin).update(vars(self))
        twin.state = self.state.clone()
        twin.events = self.events.copy()
        twin._reach = (self._reach[0], dict(self._reach[1]))
        if reseed:
            twin.dice = Dice(fresh_seed())
            twin.record = self.record.copy(seed=twin.dice.seed)
        else:
            twin.dice = self.dice.copy() if type(self.dice) is Dice else copy.deepcopy(self.dice)
            twin.record = self.record.copy()
        return twin

    # --- the interface --------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def last_turn(self) -> int:
        return min(self.scenario.spec.turns, self.max_turns or MOST_TURNS)

    @property
    def is_over(self) -> bool:
        return self.state.turn > self.last_turn or self._wiped_out() is not None

    def _wiped_out(self) -> str | None:
        """A side with no combat unit on the map, waiting to enter or still to come."""
        for side in SIDES:
            later = [p for ps in self.state.to_come.values() for p in ps] + list(self.state.waiting.values())
            if not any(u.side == side for u in (*self.state.position.units.values(), *later) if isinstance(u, CombatUnit)):
                return side
        return None

    def _phase(self) -> sequence.Phase:
        return sequence.phase(self.game_id, self.state.phase)

    def to_act(self) -> tuple[str, ...]:
        if self.is_over:
            return ()
        if self.state.queue:
            return (self.state.queue[0].side,)
        return (self._phase().sides[self.state.acting],)

    def decision(self, player: str) -> Decision | None:
        if player not in self.to_act():
            return None
        if self.state.queue:
            p = self.state.queue[0]
            kind = "displace" if {"type": "decline"} in self.legal_actions(player) else p.kind   # 7.61
            return Decision(player, kind, {"unit": p.unit, "hexes": p.hexes, "hex": p.vacated})
        ph = self._phase()
        info = {"turn": self.state.turn, "phase": ph.code, "title": ph.title,
                "stage": self.state.stage if ph.kind == "combat" else None}
        if ph.kind == "movement":   # 4.28: the stacks to put right before the phase may end
            info["overstacked"] = self._overstacked_at_end_of_movement(player)
        al = self.state.allocation
        if ph.kind == "combat" and al is not None:   # 7.32: the attackers stated so far
            info["stated"] = {"target": al.target, "units": list(al.attackers)}
        return Decision(player, ph.kind, info)

    def legal_actions(self, player: str) -> list[Action]:
        """Cached per action count: every change goes through `act`, which appends."""
        key = (self._acted, player)
        if self._legal[0] != key:
            self._legal = (key, self._compute_legal(player))
        return [dict(a) for a in self._legal[1]]

    def _compute_legal(self, player: str) -> list[Action]:
        if player not in self.to_act():
            return []
        if self.state.queue:
            return self._pending_actions(self.state.queue[0])
        kind = self._phase().kind
        return {"magic": self._magic_actions, "siege": self._siege_actions,
                "movement": self._movement_actions, "combat": self._combat_actions,
                "rally": self._rally_actions}[kind](player)

    def act(self, player: str, action: Action) -> None:
        if player == GM:
            if action != {"type": "process"}:
                raise Refusal("gs.refused.gm_process_only")
            if self.is_over:
                raise Refusal("gs.refused.game_over")
            player, action = self.to_act()[0], self.default_action(self.to_act()[0])
        self._check(player, action)
        self.record.append({"player": player, **action})
        self._acted += 1
        self._apply(player, action)
        self._settle()
        self._resume_melee()

    def _check(self, player: str, action: Action) -> None:
        """Refuse, with its reason as a code, anything `legal_actions` does not list."""
        if self.is_over:
            raise Refusal("gs.refused.game_over")
        if player not in self.to_act():
            waiting = self.to_act()[0]
            raise Refusal("gs.refused.not_your_turn", player=player, waiting=waiting, kind=self._kind(waiting))
        if not isinstance(action, dict):
            raise Refusal("gs.refused.not_an_object")
        if action == {"type": "end"} and action not in self.legal_actions(player) and not self.state.queue \
                and self._phase().kind == "movement":
            alone = self._restackable(player, self.legal_actions(player))
            if alone:
                raise Refusal("gs.refused.leaders_alone", leaders=alone)
        owing = self._obliged(player) if action == {"type": "end"} and self._phase().kind == "combat" \
            and not self.state.queue else []
        if owing:   # 7.31
            raise Refusal("gs.refused.must_attack", player=player, units=owing)
        if action not in self.legal_actions(player):
            if action == {"type": "end"} and not self.state.queue and self._phase().kind == "movement" and \
                    (hexes := self._overstacked_at_end_of_movement(player)):
                raise Refusal("gs.refused.overstacked", hexes=hexes)
            raise Refusal("gs.refused.not_legal", player=player, action=json.dumps(action, sort_keys=True)[:120],
                          kind=self._kind(player))

    def _kind(self, player: str) -> str:
        decision = self.decision(player)
        return decision.kind if decision else ""

    @property
    def public_map(self) -> HexMap:
        """The battle's map, public and fixed for the whole game (what changes on it, a
        breach or a unit, is in the view): for renderers, which draw a view on it."""
        return self.state.position.map

    def sample_hidden(self, player: str, rng: random.Random) -> "GondorSauronGame":
        """A reseeded game `player` cannot tell from this one (issue 26): for Sauron's side
        what lies under Gondor's unproven cauldrons is drawn from `rng`; Westernesse,
        whose cauldrons they are, knows all but the dice to come."""
        if player not in SIDES:
            raise ValueError(f"no side {player!r}; the sides are {' and '.join(SIDES)}")
        twin = self.clone()
        if player == SAURON:
            cauldrons.sampled(twin.state.position, rng)
        return twin

    def preview(self, player: str, action: Action) -> dict[str, Any] | None:
        """What a legal attack, missile fire, oil poured, duel, rally or spell faces before its dice
        (issue 14: odds shown before committing), or the attacks stated against a defender
        (`resolve`, 7.32); None for anything else."""
        from warjudge.hexwar.gondor_sauron.preview import attack_preview, statement_preview

        if action not in self.legal_actions(player):
            return None
        al = self.state.allocation
        if action == melee.RESOLVE and al is not None:
            return statement_preview(self.state.position, al.target, al.attackers)
        return attack_preview(self.state.position, action, {s.id: s.cost for s in self.scenario.spec.spells})

    def cost(self, player: str, action: Action) -> list[dict[str, Any]]:
        """What one of the player's legal actions now forfeits (a unit lost declining a
        displacement, the moves given up ending the Movement Phase), each with its rule and
        a sentence; empty for a safe action (issue 24)."""
        from warjudge.hexwar.gondor_sauron.costs import action_cost

        return action_cost(self, player, action)

    def default_action(self, player: str) -> Action:
        """What the games master's `process` plays for the side to act (ruling): stay,
        stand, resolve the attacks stated (7.32), end or go on to the next stage where the
        rules allow it, else the first legal choice (a forced retreat, an obliged attack)."""
        legal = self.legal_actions(player)
        for wanted in ("stay", "stand", "next", "resolve", "end"):
            if {"type": wanted} in legal:
                return {"type": wanted}
        remedy = self._stacking_remedy(player) if self._phase().kind == "movement" and not self.state.queue else None
        return remedy if remedy in legal else legal[0]

    def forced_action(self, player: str) -> Action | None:
        """The side's lone pass on to the next combat stage or the end of its part of a
        phase (ruling: the server plays it). Not while one of Westernesse's cauldrons
        could pour were it real and full: passing at once would tell Sauron it is a dummy
        or dry."""
        legal = self.legal_actions(player)
        if len(legal) != 1 or legal[0] not in ({"type": "next"}, {"type": "end"}) or self.state.queue:
            return None
        return None if self._a_cauldron_may_seem_to_pour(player) else legal[0]

    def _a_cauldron_may_seem_to_pour(self, side: str) -> bool:
        st, pos = self.state, self.state.position
        if side != WESTERNESSE or self._phase().kind != "combat" or st.stage != "missile":
            return False
        targets = [t for t in self._own(SAURON, CombatUnit) if formations.is_lead(pos, t)]
        return any(cauldrons.placed_problem(pos, c, t, st.fired) is None for c in pos.cauldrons.values() for t in targets)

    def phase_name(self) -> str | None:
        """The view's phase, without building the view (each submission checks it)."""
        return None if self.state.phase is None else str(self.state.phase)

    def view(self, player: str | None = None) -> GondorView:
        pos = self.state.position
        full: GondorView = {
            "game": self.game_id, "scenario": self.scenario.spec.name, "turn": self.state.turn,
            "last_turn": self.last_turn, "phase": self.state.phase,
            "phase_title": self._phase().title, "night": pos.night, "stage": self.state.stage, "to_act": list(self.to_act()),
            "units": [{"id": u.id, "side": u.side, "nationality": u.nationality, "kind": u.kind, "hex": u.hex,
                       "ratings": u.ratings.code, "reduced": u.reduced, "disrupted": u.disrupted,
                       "formation": pos.formations.get(u.id)}
                      for u in sorted(pos.units.values(), key=lambda u: u.id)],
            "leaders": [{"id": ldr.id, "side": ldr.side, "hex": ldr.hex, "rally": ldr.rally, "magic": ldr.magic}
                        for ldr in sorted(pos.leaders.values(), key=lambda x: x.id)],
            "engines": [{"id": e.id, "side": e.side, "kind": e.kind, "hex": e.hex}
                        for e in sorted(pos.engines.values(), key=lambda e: e.id)],
            "cauldrons": [cauldrons.view_of(c) for c in sorted(pos.cauldrons.values(), key=lambda c: c.id)],
            "pedestal": {"leader": self.pedestal[0], "hex": self.pedestal[1]} if self.pedestal else None,
            "breached": sorted(sorted(hs) for hs in pos.breached),
            "waiting": sorted(self.state.waiting), "to_come": sorted(self.state.to_come),
            "spells_on": {lid: sorted(fx) for lid, fx in sorted(self.state.bound.items())},
            "losses": dict(self.state.losses), "levels": dict(self.state.levels), "demoralized": sorted(pos.demoralized),
            "eliminated": list(self.state.eliminated), "events": self.events[-50:],
            "pending": [{"kind": p.kind, "side": p.side, "unit": p.unit} for p in self.state.queue],
        }
        return cast(GondorView, redacted(full, player))   # the same keys, less what the player may not see

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        scores = {s: float(self.state.losses[other(s)]) for s in SIDES}   # demoralization points inflicted
        gone = self._wiped_out()
        if gone is not None:
            return Outcome((other(gone),), "victory", scores=scores)
        reason = "turn-limit" if self.max_turns and self.max_turns < self.scenario.spec.turns else "last-turn"
        best = max(scores.values())
        winners = tuple(s for s in SIDES if scores[s] == best)
        return Outcome(winners, reason, draw=len(winners) > 1, scores=scores)

    # --- legal actions per phase ----------------------------------------------------------

    def _own(self, side: str, kind: type) -> list[Any]:
        found: dict[type, dict[str, Any]] = {CombatUnit: self.state.position.units, Leader: self.state.position.leaders,
                                             Engine: self.state.position.engines}
        return sorted((p for p in found[kind].values() if p.side == side), key=lambda p: p.id)

    def _moves_of(self, piece: CombatUnit | Leader | Engine) -> list[Action]:
        reach = self._reach_of(piece)
        if isinstance(piece, Engine):   # ruling: one siege engine a hex
            taken = {e.hex for e in self.state.position.engines.values()}
            reach = [h for h in reach if h not in taken]
        elif isinstance(piece, CombatUnit) and reach:   # 4.28, 5.0: onto a friend if the phase can still end
            plan = self._stacking_plan(piece.side).plan
            reach = reach if plan is None else [h for h in reach if h not in plan.held or plan.allows(piece.id, h)]
        return [{"type": "move", "piece": piece.id, "to": h} for h in reach]

    def _reach_of(self, piece: CombatUnit | Leader | Engine) -> list[str]:
        """Every hex the piece may still move to this phase, friends' hexes included."""
        st = self.state
        if piece.id in st.moved | st.casting | st.sieged or spells.barred(st.bound, piece.id, "move"):
            return []
        zoc, occupied = self._movement_facts(piece.side)
        found = self._reach[1]
        mine = (piece.id, piece.hex, piece.id in self.state.position.formations, getattr(piece, "reduced", False),
                getattr(piece, "disrupted", False))
        if mine not in found:
            found[mine] = moves.destinations(self.state.position, piece, zoc=zoc, occupied=occupied)
        return found[mine]

    def _movement_facts(self, side: str) -> tuple[frozenset[str], dict[str, str]]:
        """The enemy ZOC and the occupancy, once per position (keyed by actions applied).
        The hexes each piece can reach are remembered while nothing they depend on
        changes (the enemy's pieces and zones, breaches, demoralization): a side's own
        moves change none of these, so a Movement Phase searches each piece once."""
        key = (self._acted, side, tuple(sorted((p.id, p.hex) for p in self.state.position.leaders.values())))
        if self._facts[0] != key:
            zoc, occupied = frozenset(self.state.position.enemy_zoc(side)), self.state.position.occupancy()
            stable = (side, zoc, frozenset(h for h, s in occupied.items() if s != side), self.state.position.breached,
                      frozenset(self.state.position.demoralized))
            if self._reach[0] != stable:
                self._reach = (stable, {})
            self._facts = (key, (zoc, occupied))
        facts: tuple[frozenset[str], dict[str, str]] = self._facts[1]
        return facts

    def _magic_actions(self, side: str) -> list[Action]:
        # 3.0 A/E, 4.11: Magic Leaders move or cast spells
        acts = [a for ldr in self._own(side, Leader) if ldr.is_magic for a in self._moves_of(ldr)]
        return acts + self._casts(side) + [{"type": "end"}]

    def _casts(self, side: str) -> list[Action]:
        """8.52-8.55, 3.0 A/E: each spell of the scenario a Magic Leader can afford, once
        per Leader and spell a phase (ruling), at each target it may have."""
        st, acts = self.state, []
        for ldr in self._own(side, Leader):
            if leaders.cast_problem(ldr, 1, ldr.id in st.cast_in_a, self.state.phase, ldr.id in st.moved) \
                    or spells.barred(st.bound, ldr.id, "cast") or cauldrons.pedestal_problem(self.pedestal, ldr):
                continue
            for sp in self.scenario.spec.spells:
                if sp.side != side or (ldr.id, sp.id) in st.attempts or \
                        leaders.cast_problem(ldr, sp.cost, ldr.id in st.cast_in_a, self.state.phase, False):
                    continue
                for target in spells.targets(self.state.position, sp, ldr, st.bound, set(self.state.to_come)):
                    acts.append({"type": "cast", "leader": ldr.id, "spell": sp.id}
                                | ({"target": target} if target else {}))
        return acts

    def _siege_actions(self, side: str) -> list[Action]:
        """3.0 B: each catapult may bombard one wall, gate or tower hexside in range."""
        acts = []
        for e in self._own(side, Engine):
            for hs in siege.breachable_sides(self.state.position):
                if not siege.bombard_problem(self.state.position, e, hs, self.state.sieged):
                    acts.append({"type": "bombard", "engine": e.id, "hexside": list(hs)})
        return acts + [{"type": "end"}]

    def _entries(self, side: str) -> list[Action]:
        """Reinforcements that have arrived enter at a free entry hex of their group
        (ruling: they stop there; with every entry hex blocked they wait)."""
        occupied = self.state.position.occupancy()
        acts = []
        for pid, piece in sorted(self.state.waiting.items()):
            if piece.side != side:
                continue
            acts += [{"type": "enter", "piece": pid, "to": h} for h in self.entry_of[pid]
                     if occupied.get(h) in (None, side) and not (isinstance(piece, CombatUnit)
                                                                 and not self._phase_can_end_after(side, {pid: (h, (h,))}))]
        return acts

    def _movement_actions(self, side: str) -> list[Action]:
        # 3.0 C/F: every piece but the Magic Leaders; a formation moves as one (8.45),
        # breaks up by moving one unit away (8.48), forms with a Leader (8.43)
        acts = []
        for u in self._own(side, CombatUnit):
            if u.id in self.state.position.formations:
                acts += self._moves_of(u) if formations.is_lead(self.state.position, u) else []
                acts += self._splits_of(u)
            else:
                acts += self._moves_of(u)
        acts += [a for ldr in self._own(side, Leader) if not ldr.is_magic for a in self._moves_of(ldr)]
        acts += [a for e in self._own(side, Engine) for a in self._moves_of(e)]
        acts += self._entries(side)
        acts += self._forms(side) if side == WESTERNESSE else []
        ended = not self._restackable(side, acts) and not self._overstacked_at_end_of_movement(side)
        return acts + ([{"type": "end"}] if ended else [])

    def _splits_of(self, unit: CombatUnit) -> list[Action]:
        """8.48: one unit of a formation moves away on its own, which disbands it (and
        the one left may still move)."""
        partner = self.state.position.units[self.state.position.formations[unit.id]]
        lead = formations.members(self.state.position, unit)[0].id
        self._stacking_plan(unit.side)   # made for the formation as it stands
        formations.dissolve(self.state.position, unit)
        try:
            found, left = self._reach_of(unit), (partner.hex, (partner.hex, *self._reach_of(partner)))
        finally:
            self.state.position.formations.update({unit.id: partner.id, partner.id: unit.id})
        return [{"type": "split", "unit": unit.id, "to": h} for h in found
                if self._phase_can_end_after(unit.side, {lead: None, partner.id: left, unit.id: (h, (h,))})]

    def _forms(self, side: str) -> list[Action]:
        """8.43: two like units with or beside a Leader that has not moved."""
        acts = []
        for ldr in self._own(side, Leader):
            if spells.barred(self.state.bound, ldr.id, "form"):   # 8.47
                continue
            near = [u for u in self._own(side, CombatUnit)
                    if u.hex == ldr.hex or u.hex in self.state.position.map.neighbours(ldr.hex)]
            acts += [{"type": "form", "units": [a.id, b.id], "leader": ldr.id}
                     for i, a in enumerate(near) for b in near[i + 1:]
                     if not formations.form_problem(self.state.position, a, b, ldr, self.state.moved)
                     and self._phase_can_end_after(side, {b.id: None, a.id: (ldr.hex, (ldr.hex,))})]
        return acts

    # --- 4.28, 5.0: stacking is met at the end of the Movement Phase -------------------------

    def _stacking_pieces(self, side: str) -> dict[str, tuple[str, tuple[str, ...]]]:
        """Each combat unit of `side` (a formation as one, named by its first unit, 5.0 b):
        its hex and the hexes it may end this phase in (its own, then its moves')."""
        return {u.id: (u.hex, (u.hex, *self._reach_of(u))) for u in self._own(side, CombatUnit)
                if formations.is_lead(self.state.position, u)}

    def _stacking_plan(self, side: str) -> StackingPlan:
        """Where each piece could end the phase within the limit, once per position."""
        key = (self._acted, side)
        if self._plan[0] != key:
            pieces = self._stacking_pieces(side)
            plan = stacking.assignment({p: o for p, (_, o) in pieces.items()}, self.state.position.rules.stacking,
                                       {p: h for p, (h, _) in pieces.items()})
            counts = Counter(h for h, _ in pieces.values())
            over = [] if plan is None else sorted(h for h, n in counts.items() if n > self.state.position.rules.stacking)
            self._plan = (key, StackingPlan(pieces, plan, counts, over))
        found: StackingPlan = self._plan[1]
        return found

    def _phase_can_end_after(self, side: str, changes: dict[str, tuple[str, tuple[str, ...]] | None]) -> bool:
        """Whether the phase could still end within the stacking limit once `changes`
        are made (a piece's new hex and where it may then end, or None: gone). A move
        that could not is refused: it would leave a stack nothing may put right."""
        pieces, plan, counts, over = self._stacking_plan(side)
        if plan is None:
            return True
        [(piece, change)] = changes.items() if len(changes) == 1 else [("", None)]
        if change is not None and change[1] == (change[0],):
            return plan.allows(piece, change[0])   # one piece fixed in one hex: one search
        leaving = Counter(pieces[p][0] for p in changes if p in pieces)
        if not over and all(c is None or counts[c[0]] <= leaving[c[0]] for c in changes.values()):
            return True   # the position stays within the limit
        options, start = {p: o for p, (_, o) in pieces.items()}, dict(plan.hexes)
        for p, change in changes.items():
            options.pop(p, None)
            start.pop(p, None)
            if change is not None:
                start[p], options[p] = change
        return stacking.assignment(options, self.state.position.rules.stacking, start) is not None

    def _overstacked_at_end_of_movement(self, side: str) -> list[str]:
        """4.28, 5.0: the hexes where `side` has more combat units than the limit (a
        formation counting one), which it must put right before its Movement Phase
        ends; none when no move left could (ruling: what cannot be put right does not
        stop the game)."""
        return self._stacking_plan(side).over

    def _stacking_remedy(self, side: str) -> Action | None:
        """The games master's move for a side that may not end its Movement Phase for
        its stacking: a piece of an overstacked hex (then any) to where the plan puts it."""
        pieces, plan, _, over = self._stacking_plan(side)
        crowded = set(over)
        for p in sorted(pieces, key=lambda p: (pieces[p][0] not in crowded, p)):
            if plan and plan.hexes[p] != pieces[p][0]:
                return {"type": "move", "piece": p, "to": plan.hexes[p]}
        return None

    def _restackable(self, side: str, acts: list[Action]) -> list[str]:
        """8.1: every Leader must stand with a combat unit he may stack with (of his
        nationality unless he is a Magic Leader) when his side's Combat Phase begins, that
        is when its Movement Phase ends, however he came to be alone (moved, left behind,
        entered alone). The Leaders of `side` not so stacked whom one of the `acts` would
        stack (he moves to such a unit, or such a unit moves, splits, enters or forms
        into his hex): while there are any the phase may not end (ruling: one whom no
        action can stack is transferred when it ends, `_restack`)."""
        pos = self.state.position
        alone = [ldr for ldr in self._own(side, Leader) if leaders.stacking_problem(pos, ldr)]
        if not alone:
            return []
        found = set()
        for a in acts:
            if a["type"] == "form":
                to, movers = pos.leaders[a["leader"]].hex, [pos.units[x] for x in a["units"]]
            elif a["type"] in ("move", "split", "enter"):
                mover = a.get("piece") or a["unit"]
                to = a["to"]
                piece = pos.units.get(mover) or pos.leaders.get(mover) or self.state.waiting.get(mover)
                if isinstance(piece, Leader):
                    if piece in alone and any(leaders.accepts(piece, u) for u in pos.units_at(to)):
                        found.add(piece.id)
                    continue
                movers = [piece] if isinstance(piece, CombatUnit) else []
            else:
                continue
            found |= {ldr.id for ldr in alone if ldr.hex == to and any(leaders.accepts(ldr, u) for u in movers)}
        return sorted(found)

    def _combat_actions(self, side: str) -> list[Action]:
        pos, st = self.state.position, self.state
        if self.state.stage == "missile":   # 7.16: missiles first
            towers = siege.siege_towers(pos)
            targets = [t for t in self._own(other(side), CombatUnit) if formations.is_lead(pos, t)]
            acts = [{"type": "fire", "unit": u.id, "target": t.id} for u in self._own(side, CombatUnit)
                    for t in targets if not combat.missile_problem(pos, u, t, st.fired, siege_towers=towers)]
            acts += [{"type": "fire", "unit": e.id, "target": t.id} for e in self._own(side, Engine)
                     for t in targets if not combat.catapult_problem(pos, e, t, st.fired | st.sieged)]
            acts += [{"type": "pour", "cauldron": c.id, "target": t.id} for c in sorted(pos.cauldrons.values(),
                                                                                         key=lambda c: c.id)
                     for t in targets if side == WESTERNESSE and not cauldrons.pour_problem(pos, c, t, st.fired)]
            return acts + [{"type": "next"}]
        if self.state.stage == "leader":    # 7.21: then Leader combat, always optional
            acts = [{"type": "duel", "leader": a.id, "target": d.id}
                    for a in self._own(side, Leader) for d in self._own(other(side), Leader)
                    if not combat.leader_combat_problem(pos, a, d, st.fought)
                    and not spells.barred(st.bound, a.id, "duel")]
            return acts + [{"type": "next"}]
        acts = melee.actions(self.state.position, self._melee_pairs(side), st.allocation)
        if st.allocation is None and not self._obliged(side):
            acts.append({"type": "end"})
        return acts

    def _melee_pairs(self, side: str) -> list[tuple[CombatUnit, CombatUnit]]:
        st = self.state
        stated = st.allocation.attackers if st.allocation else []
        return melee.pairs(self.state.position, side, st.attacked | st.advanced | set(stated), st.advanced | st.meleed)

    def _obliged(self, side: str) -> list[str]:
        """7.31: units in an enemy ZOC that have not attacked nor been stated and still can."""
        return melee.obliged(self.state.position, self._melee_pairs(side)) if self.state.stage == "melee" else []

    def _rally_actions(self, side: str) -> list[Action]:
        st = self.state
        acts = [{"type": "rally", "leader": ldr.id, "unit": u.id}
                for ldr in self._own(side, Leader) for u in self._own(side, CombatUnit)
                if not leaders.rally_problem(self.state.position, ldr, u, st.rallied_by, st.tried)
                and not spells.barred(st.bound, ldr.id, "rally")]
        return acts + [{"type": "end"}]

    def _pending_actions(self, p: Pending) -> list[Action]:
        unit = self.state.position.units[p.unit]
        if p.kind == "advance":
            return [{"type": "advance", "unit": p.unit}, {"type": "stay"}]
        if p.kind == "evade":   # 7.7: retreat one or two hexes before the melee, or stand
            acts = [{"type": "evade", "path": list(c.path)} for n in (1, 2)
                     for c in aftermath.retreat_choices(self.state.position, unit, n) if not c.chain]
            return acts + [{"type": "stand"}]
        acts = [{"type": "retreat", "path": list(c.path)} | _displacing(c.chain)
                for c in aftermath.retreat_choices(self.state.position, unit, p.hexes)]
        # 7.61: a friend *may* be displaced; declining loses the retreating unit
        return acts + ([{"type": "decline"}] if any("displace_to" in a for a in acts) else [])

    # --- applying an action ---------------------------------------------------------------

    def _apply(self, side: str, action: Action) -> None:
        kind = action["type"]
        if self.state.queue:
            self._answer(self.state.queue.pop(0), action)
        elif kind == "move":
            self._move(action["piece"], action["to"])
        elif kind == "split":
            formations.dissolve(self.state.position, self.state.position.units[action["unit"]])
            self._move(action["unit"], action["to"])
        elif kind == "form":
            a, b = (self.state.position.units[x] for x in action["units"])
            a.hex = b.hex = self.state.position.leaders[action["leader"]].hex
            self.state.position.formations.update({a.id: b.id, b.id: a.id})
            self.state.moved |= {a.id, b.id}                    # 8.45: no move the turn formed
            self._log("form", units=action["units"], leader=action["leader"], hex=a.hex)
        elif kind == "fire":
            self._fire(self.state.position.units.get(action["unit"]) or self.state.position.engines[action["unit"]],
                       self.state.position.units[action["target"]])
        elif kind == "pour":
            self._pour(self.state.position.cauldrons[action["cauldron"]], self.state.position.units[action["target"]])
        elif kind == "bombard":
            self._bombard(self.state.position.engines[action["engine"]], (action["hexside"][0], action["hexside"][1]))
        elif kind == "cast":
            self._cast(self.state.position.leaders[action["leader"]], action["spell"], action.get("target"))
        elif kind == "enter":
            piece = self.state.waiting.pop(action["piece"])
            piece.hex = action["to"]
            if isinstance(piece, CombatUnit):
                self.state.position.units[piece.id] = piece
            else:
                self.state.position.leaders[piece.id] = piece
            self.state.moved.add(piece.id)
            self._log("enter", piece=piece.id, to=piece.hex)
        elif kind == "duel":
            self._duel(self.state.position.leaders[action["leader"]], self.state.position.leaders[action["target"]])
        elif kind == "attack":
            self._state_attacker(side, action["unit"], action["target"])
        elif kind == "resolve":
            self._resolve_allocation()
        elif kind == "rally":
            ldr, u = self.state.position.leaders[action["leader"]], self.state.position.units[action["unit"]]
            self.state.rallied_by[ldr.id] = self.state.rallied_by.get(ldr.id, 0) + 1
            self.state.tried.add(u.id)
            total, ok = leaders.rally(self.state.position, self.dice, ldr, u)
            self._log("rally", leader=ldr.id, unit=u.id, dice=total, rallied=ok)
        elif kind == "next":
            self.state.stage = "leader" if self.state.stage == "missile" else "melee"
        elif kind == "end":
            self._end_part()

    def _settle(self) -> None:
        """Resolve forced choices that have become empty (a retreat with no way left is
        an elimination, 7.56; 7.23 flips), and drop those whose units are gone, so the
        side to act always has a legal action. Siege engines an enemy reached are lost."""
        for eid in siege.capture(self.state.position):
            self._log("engine-destroyed", engine=eid)
        for lost in cauldrons.capture(self.state.position):
            self._log("cauldron-taken", cauldron=lost.id, dummy=lost.dummy)
        while self.state.queue:
            p = self.state.queue[0]
            unit = self.state.position.units.get(p.unit)
            if unit is None or (p.kind == "evade" and p.vacated not in self.state.position.units):
                self.state.queue.pop(0)
            elif p.kind == "advance" and not aftermath.advance_hexes(self.state.position, unit, p.vacated, melee=True):
                self.state.queue.pop(0)
            elif p.kind == "retreat" and not self._pending_actions(p):
                self.state.queue.pop(0)
                self._cannot_retreat(unit, p.then_advance, p.fallback)
            else:
                return

    def _move(self, pid: str, to: str) -> None:
        piece: CombatUnit | Leader | Engine = self.state.position.units.get(pid) or self.state.position.leaders.get(pid) \
            or self.state.position.engines[pid]
        group: list[CombatUnit | Leader | Engine] = \
            list(formations.members(self.state.position, piece)) if isinstance(piece, CombatUnit) else [piece]
        self._log("move", piece=pid, frm=piece.hex, to=to)
        for p in group:
            p.hex = to
            self.state.moved.add(p.id)

    def _fire(self, shooter: CombatUnit | Engine, target: CombatUnit) -> None:
        """7.17: resolved as melee is, with the missile strength (combat.missile_terms)."""
        self.state.fired.add(shooter.id)
        terms = combat.missile_terms(self.state.position, shooter, target)
        hit = combat.strike(self.state.position.charts, self.dice, terms.attack, terms.armour, terms.morale, terms.fanatical)
        self._log("fire", unit=shooter.id, target=target.id, dice=hit.total, die=hit.die,
                  result=hit.result.code if hit.result else "-")
        if hit.result:
            self._casualty(target, hit.result, attacker=None)

    def _pour(self, cauldron: Cauldron, target: CombatUnit) -> None:
        """Boiling oil (Gondor, reconstructed): resolved as missile fire is (7.17) at the
        cauldron's attack strength, the wall no cover (it is poured from above); one oil
        counter is used."""
        self.state.fired.add(cauldron.id)
        terms = cauldrons.pour_terms(self.state.position, cauldron, target)
        cauldrons.pour(cauldron)
        hit = combat.strike(self.state.position.charts, self.dice, terms.attack, terms.armour, terms.morale, terms.fanatical)
        self._log("pour", cauldron=cauldron.id, target=target.id, dice=hit.total, die=hit.die,
                  result=hit.result.code if hit.result else "-")
        if hit.result:
            self._casualty(target, hit.result, attacker=None)

    def _bombard(self, engine: Engine, hexside: tuple[str, str]) -> None:
        """3.0 B: two dice against the scenario's breach numbers for the hexside."""
        self.state.sieged.add(engine.id)
        total = combat.two_dice(self.dice)
        breach_on = self.scenario.spec.siege.breach_on if self.scenario.spec.siege else {}
        made = siege.bombard(self.state.position, hexside, total, {k: list(v) for k, v in breach_on.items()})
        self._log("bombard", engine=engine.id, hexside=list(hexside), dice=total, breached=made)

    def _cast(self, ldr: Leader, spell_id: str, target: str | None) -> None:
        """8.54-8.56: two dice on the Magic Spell Chart; a success spends the points and
        takes effect. The Leader moves no more this phase (8.52) and, having cast in A,
        casts nothing in E (3.0)."""
        spell = next(s for s in self.scenario.spec.spells if s.id == spell_id)
        st = self.state
        st.casting.add(ldr.id)
        st.attempts.add((ldr.id, spell_id))
        if self.state.phase == "A":
            st.cast_in_a.add(ldr.id)
        total, ok = leaders.cast(self.state.position, self.dice, ldr, spell.cost)
        self._log("cast", leader=ldr.id, spell=spell_id, target=target, dice=total, success=ok)
        if not ok:
            return
        if spell.effect == "arrive" and spell.group in self.state.to_come:
            self._arrive(spell.group)
        spells.take_effect(self.state.position, spell, target, st.bound)

    def _arrive(self, group: str) -> None:
        for piece in self.state.to_come.pop(group):   # shared with clones until now: each takes its own
            self.state.waiting[piece.id] = copied(piece)
        spec = next(g for g in self.scenario.spec.reinforcements if g.group == group)
        self.state.levels[spec.side] += spec.demoralization
        self._log("arrived", group=group)

    def _duel(self, a: Leader, d: Leader) -> None:
        self.state.fought.add(a.id)
        diff, die, mine, theirs = combat.leader_fight(self.state.position, self.dice, a, d)
        self._log("duel", leader=a.id, target=d.id, differential=diff, die=die, result=f"{mine}/{theirs}")
        for ldr, res in ((a, mine), (d, theirs)):
            if res == "-":
                continue
            here = [u for u in self.state.position.units_at(ldr.hex) if u.side == ldr.side]
            self._wound(ldr, res)
            for u in here:   # 7.23: the unit stacked with him retreats two hexes, or flips, or dies
                formations.dissolve(self.state.position, u)
                self._retreat_or(u, LEADER_COMBAT_RETREAT, fallback="flip")

    def _wound(self, ldr: Leader, res: str) -> None:
        """A Leader's A wounds him (Rally Rating -1, ruling), his E kills him (7.22, 8.21)."""
        if res == "E":
            del self.state.position.leaders[ldr.id]
            self._log("leader-killed", leader=ldr.id)
        else:
            ldr.rally = max(0, ldr.rally - 1)

    def _share(self, unit: CombatUnit, res: str) -> None:
        """8.24: each Leader stacked with a unit suffering an A or E result (by melee,
        missile, oil, catapult or 7.23) rolls a die and suffers the same on 5-6. Sharing
        is no Leader combat: it moves no unit (7.23 is for duels only)."""
        for ldr in [x for x in self.state.position.leaders.values() if x.hex == unit.hex and x.side == unit.side]:
            die = self.dice.roll()
            shared = aftermath.leader_shares(die)
            self._log("leader-share", leader=ldr.id, unit=unit.id, result=res, die=die, shared=shared)
            if shared:
                self._wound(ldr, res)

    def _state_attacker(self, side: str, unit: str, target: str) -> None:
        """7.32: one more unit stated against the defender; the statement closes by itself
        when no unit is left to add."""
        st = self.state
        if st.allocation is None:
            st.allocation = melee.Allocation(target, self.state.position.units[target].hex)
        st.allocation.attackers.append(unit)
        if melee.actions(self.state.position, self._melee_pairs(side), st.allocation) == [melee.RESOLVE]:
            self._resolve_allocation()

    def _resolve_allocation(self) -> None:
        """7.32, 7.34: every stated unit is spent now; the defender may first retreat
        before combat (7.7: cavalry only if no stated attacker is cavalry); the attacks
        follow in `_resume_melee`."""
        st, pos = self.state, self.state.position
        al = st.allocation
        assert al is not None
        al.resolving = True
        st.meleed.add(al.target)
        for uid in al.attackers:
            st.attacked |= {u.id for u in formations.members(pos, pos.units[uid])}
        self._log("allocated", target=al.target, units=list(al.attackers))
        defender = pos.units[al.target]
        if defender.id not in pos.formations and \
                aftermath.may_retreat_before_combat(defender, [pos.units[u] for u in al.attackers]) and \
                any(not c.chain for n in (1, 2) for c in aftermath.retreat_choices(pos, defender, n)):
            self.state.queue.insert(0, Pending("evade", defender.side, defender.id, vacated=al.attackers[0]))

    def _resume_melee(self) -> None:
        """The stated attacks, one at a time (7.32), each once the choices the last one
        forced (retreats, advances) are made; one whose defender is gone, has retreated or
        is out of reach lapses (ruling)."""
        al = self.state.allocation
        while al is not None and al.resolving and not self.state.queue:
            if al.done == len(al.attackers):
                self.state.allocation = None
                return
            uid = al.attackers[al.done]
            al.done += 1
            why = melee.lapse(self.state.position, al, uid)
            if why:
                self._log("attack-lapsed", unit=uid, target=al.target, why=why)
            else:
                self._melee(self.state.position.units[uid], self.state.position.units[al.target])
            self._settle()

    def _melee(self, attacker: CombatUnit, defender: CombatUnit) -> None:
        terms = combat.melee_terms(self.state.position, attacker, defender)
        hit = combat.strike(self.state.position.charts, self.dice, terms.attack, terms.armour, terms.morale, terms.fanatical)
        self._log("attack", unit=attacker.id, target=defender.id, dice=hit.total, die=hit.die,
                  result=hit.result.code if hit.result else "-")
        if hit.result:
            self._casualty(defender, hit.result, attacker=attacker)

    def _casualty(self, unit: CombatUnit, result: CasualtyResult, attacker: CombatUnit | None) -> None:
        """7.42 applied; 8.24 Leaders share A/E on 5-6; 7.51 a melee victor may advance."""
        here = unit.hex
        if result.shared_by_leader:
            self._share(unit, "E" if result.eliminated else "A")
        group = formations.members(self.state.position, unit)
        if result.half and len(group) == 2:      # 8.46: one unit of the formation is lost
            formations.dissolve(self.state.position, unit)
            self._eliminate(group[1], "half")
            return
        if result.retreat:                       # 8.46: each retreats to its own hex
            formations.dissolve(self.state.position, unit)
        for u in group:
            reduced = u.reduced
            if aftermath.casualty_eliminates(u, result):
                self._eliminate(u, "E" if result.eliminated else "reduced" if reduced else "no-reduced-side")
                continue
            if result.flip or result.half:
                self._log("flipped", unit=u.id)
            if result.retreat:
                self._retreat_or(u, result.retreat, advance=attacker.id if attacker else "")
        if attacker and not any(u.id in self.state.position.units for u in group):
            self._offer_advance(attacker, here)

    def _retreat_or(self, unit: CombatUnit, hexes: int, advance: str = "", fallback: str = "") -> None:
        if aftermath.retreat_choices(self.state.position, unit, hexes):
            self.state.queue.insert(0, Pending("retreat", unit.side, unit.id, hexes, unit.hex, advance, fallback))
            return
        self._cannot_retreat(unit, advance, fallback)

    def _cannot_retreat(self, unit: CombatUnit, advance: str, fallback: str) -> None:
        """7.56 (7.63 when a displacement is declined): the unit is eliminated, and the
        victor may advance; 7.23: a Leader-combat retreat flips it first (8.24: an A or an
        E its Leaders may share; 7.57: a disrupted unit is eliminated instead)."""
        if fallback == "flip":
            if not unit.disrupted and not aftermath.flip(unit):
                self._log("flipped", unit=unit.id)
                self._share(unit, "A")
                return
            self._share(unit, "E")
        here = unit.hex
        self._eliminate(unit, "no-retreat")                    # 7.56
        if advance:
            self._offer_advance(self.state.position.units[advance], here)

    def _offer_advance(self, winner: CombatUnit, vacated: str) -> None:
        """7.51: the victor may advance, asked once (a unit that could not retreat is
        both a failed retreat and an emptied hex)."""
        if any(p.kind == "advance" and (p.unit, p.vacated) == (winner.id, vacated) for p in self.state.queue):
            return
        if aftermath.advance_hexes(self.state.position, winner, vacated, melee=True):
            self.state.queue.insert(0, Pending("advance", winner.side, winner.id, vacated=vacated))

    def _answer(self, p: Pending, action: Action) -> None:
        unit = self.state.position.units[p.unit]
        kind = action["type"]
        if kind == "advance":   # a formation advances whole (ruling)
            self._log("advance", unit=unit.id, to=p.vacated)
            self._carry_leaders(unit, p.vacated)
            for u in formations.members(self.state.position, unit):
                u.hex = p.vacated
                self.state.advanced.add(u.id)
        elif kind == "evade":
            here = unit.hex
            self._follow(unit, action["path"])
            die = self.dice.roll()
            unit.disrupted = die in aftermath.BEFORE_COMBAT_DISRUPTED   # 7.7: disrupted on 1-3
            self._log("evade", unit=unit.id, path=action["path"], die=die, disrupted=unit.disrupted)
            self._offer_advance(self.state.position.units[p.vacated], here)
        elif kind == "stand":   # the stated attacks follow (_resume_melee)
            self._log("stand", unit=unit.id)
        elif kind == "decline":
            self._log("declined", unit=unit.id)
            self._cannot_retreat(unit, p.then_advance, p.fallback)
        elif kind == "retreat":
            here = unit.hex
            self._displace(unit, [action["path"][-1], *_chain_of(action)])
            self._follow(unit, action["path"])
            unit.disrupted = True                               # 7.57
            self._log("retreat", unit=unit.id, path=action["path"])
            if p.then_advance and p.then_advance in self.state.position.units:
                self._offer_advance(self.state.position.units[p.then_advance], here)

    def _displace(self, unit: CombatUnit, hexes: list[str]) -> None:
        """7.61-7.65: each friend in `hexes` (but the last) retreats one hex into the next,
        the farthest first, so every hex is free when entered; displaced units are
        disrupted."""
        friends = [next(u for u in self.state.position.units_at(h) if u.side == unit.side) for h in hexes[:-1]]
        for friend, to in reversed(list(zip(friends, hexes[1:]))):
            self._follow(friend, [to])
            friend.disrupted = True                         # 7.65
            self._log("displaced", unit=friend.id, to=to)

    def _follow(self, unit: CombatUnit, path: list[str]) -> None:
        """A unit retreats along `path`."""
        self._carry_leaders(unit, path[-1])
        unit.hex = path[-1]

    def _carry_leaders(self, unit: CombatUnit, to: str) -> None:
        """Leaders stacked with a unit that retreats or advances go with it (ruling: 8.1
        wants them stacked, and a Leader left alone would bar the enemy's way, 4.27)."""
        for ldr in self.state.position.leaders.values():
            if ldr.hex == unit.hex and ldr.side == unit.side:
                ldr.hex = to

    def _eliminate(self, unit: CombatUnit, why: str) -> None:
        """9.13: its value counts towards its army's losses; 8.24: a Leader left alone
        is transferred to the nearest friendly combat unit (`leaders.restack_hex`).
        `why` tells the players: "E" (7.42), "reduced" (an A or a lone 1/2 E on a reduced unit),
        "no-reduced-side" (an A on a unit with none printed), "half" (8.46), "no-retreat" (7.56)."""
        formations.dissolve(self.state.position, unit)
        del self.state.position.units[unit.id]
        self.state.losses[unit.side] += loss_value([unit])
        self.state.eliminated.append(unit.id)
        self._log("eliminated", unit=unit.id, value=unit.full.demoralization_value(), why=why)
        for ldr in list(self.state.position.leaders.values()):
            if ldr.hex == unit.hex and ldr.side == unit.side and not self.state.position.units_at(unit.hex):
                self._transfer(ldr)

    def _transfer(self, ldr: Leader) -> None:
        to = leaders.restack_hex(self.state.position, ldr)
        if to is not None and to != ldr.hex:
            self._log("leader-transferred", leader=ldr.id, frm=ldr.hex, to=to)
            ldr.hex = to

    def _restack(self, side: str) -> None:
        """8.1 when a Movement Phase ends (its side's Combat Phase begins): a Leader still
        not stacked as he must be, whom no action could stack (`_restackable`), is
        transferred as 8.24 transfers a Leader whose unit is eliminated (ruling)."""
        for ldr in self._own(side, Leader):
            if leaders.stacking_problem(self.state.position, ldr):
                self._transfer(ldr)

    # --- the sequence of play -------------------------------------------------------------

    def _end_part(self) -> None:
        ph = self._phase()
        if ph.kind == "movement":
            self._restack(ph.sides[self.state.acting])
        if self.state.acting + 1 < len(ph.sides):
            self.state.acting += 1
            self.state.moved = set()
            return
        if ph.kind == "combat":   # 9.23: armies demoralized in this phase are so together
            for side in sorted(newly_demoralized(self.state.levels, self.state.losses, self.state.position.demoralized)):
                self.state.position.demoralized.add(side)
                self._log("demoralized", side=side)
        turn, code = sequence.following(self.game_id, self.state.turn, self.state.phase)
        self.state.phase, self.state.acting, self.state.stage = code, 0, "missile"
        self.state.moved, self.state.fought, self.state.attacked, self.state.advanced = set(), set(), set(), set()
        self.state.meleed = set()
        self.state.casting, self.state.attempts = set(), set()
        if turn != self.state.turn:
            self.state.turn = turn
            self._start_turn()

    def _start_turn(self) -> None:
        """A new Game-Turn: the Turn Record's night (10.0) and the reinforcement groups
        due, each on its die roll when it has one (ruling: rolled at the turn's start,
        group by group in the scenario's order)."""
        self.state.reset_turn_marks()
        self.state.position.night = self.state.turn in self.scenario.spec.night_turns
        if self.state.turn > self.last_turn:
            return
        for g in self.scenario.spec.reinforcements:
            if g.group not in self.state.to_come or g.turn is None or g.turn > self.state.turn:
                continue
            die = self.dice.roll() if g.roll else None
            if die is not None:
                self._log("reinforcement-roll", group=g.group, die=die)
            if die is None or die in g.roll:
                self._arrive(g.group)

    def _log(self, kind: str, **facts: Any) -> None:
        self.events.append({"turn": self.state.turn, "phase": self.state.phase, "event": kind, **facts})


def _displacing(chain: tuple[str, ...]) -> Action:
    """A retreat action's displacement chain (7.64): where the friend in the path's last
    hex goes, then where each friend displaced in turn goes."""
    if not chain:
        return {}
    return {"displace_to": chain[0]} | ({"then_to": list(chain[1:])} if len(chain) > 1 else {})


def _chain_of(action: Action) -> list[str]:
    return [action["displace_to"], *action.get("then_to", [])] if "displace_to" in action else []


class SauronGame(GondorSauronGame):
    game_id: ClassVar[str] = "sauron"


__all__ = ["GondorSauronGame", "SauronGame"]
