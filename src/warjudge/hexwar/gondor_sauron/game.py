"""A Gondor & Sauron battle through the one game interface (core/game.py).

The Sequence of Play (3.0) runs phase by phase; every choice the rules give a player is
one atomic action from a complete flat `legal_actions` list (a move of one piece to one
hex, a missile shot, a Leader duel, a melee attack, a retreat path, an advance, a rally
attempt, `next`/`end`), and choices forced in the middle of a phase (retreats, advances,
retreat before combat) wait in a queue that blocks everything else. Dice come from the
game's `Dice`; everything on the map is open to both sides, so every view is the full
view (ruling), without the seed.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from warjudge.core.dice import Dice
from warjudge.core.errors import IllegalAction, InputError, RecordError
from warjudge.core.game import GM, Action, Decision, Outcome, View
from warjudge.core.games import fresh_seed, replay
from warjudge.core.record import GameRecord
from warjudge.core.visibility import redacted
from warjudge.hexwar.gondor_sauron import aftermath, combat, formations, leaders, moves, sequence
from warjudge.hexwar.gondor_sauron.charts import Charts, default_charts, load_charts
from warjudge.hexwar.gondor_sauron.morale import loss_value, newly_demoralized
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.scenario import Scenario, scenario_from_content, shipped
from warjudge.hexwar.gondor_sauron.units import SAURON, SIDES, WESTERNESSE, CombatUnit, Leader, other

PLAYERS = SIDES
LEADER_COMBAT_RETREAT = 2   # 7.23


@dataclass
class Pending:
    """A choice the rules force in the middle of a phase."""

    kind: str               # "retreat", "advance", "evade"
    side: str
    unit: str
    hexes: int = 0          # retreat length
    vacated: str = ""       # advance: the hex; evade: the attacker's id
    then_advance: str = ""  # after a melee retreat, the attacker that may advance
    fallback: str = ""      # 7.23: "flip" when a Leader-combat retreat is impossible


@dataclass
class TurnState:
    """What the rules count per phase or per Game-Turn."""

    moved: set[str] = field(default_factory=set)        # pieces moved this phase (or cast: 8.52)
    fired: set[str] = field(default_factory=set)        # 7.14, per Game-Turn
    fought: set[str] = field(default_factory=set)       # 7.24, per Combat Phase
    attacked: set[str] = field(default_factory=set)     # 7.34, per Combat Phase
    advanced: set[str] = field(default_factory=set)     # 7.52, per Combat Phase
    rallied_by: dict[str, int] = field(default_factory=dict)   # 8.32
    tried: set[str] = field(default_factory=set)        # 8.36


class GondorSauronGame:
    """One battle; the class is registered twice, as `gondor` and as `sauron`."""

    game_id: ClassVar[str] = "gondor"

    def __init__(self, record: GameRecord):
        options = dict(record.options)
        unknown = sorted(set(options) - {"scenario", "charts", "max_turns"})
        if unknown:
            raise IllegalAction(f"unknown option(s) {', '.join(unknown)} (scenario, charts, max_turns)")
        self.scenario: Scenario = (scenario_from_content(options["scenario"]) if "scenario" in options
                                   else shipped(self.game_id))
        if self.scenario.game != self.game_id:
            raise InputError(f"the scenario is for {self.scenario.game!r}, not {self.game_id!r}")
        charts: Charts = load_charts(json.dumps(options["charts"]), "the record's charts") if "charts" in options \
            else default_charts()
        max_turns = options.get("max_turns")
        if max_turns is not None and (not isinstance(max_turns, int) or isinstance(max_turns, bool)
                                      or not 1 <= max_turns <= 99):
            raise IllegalAction("max_turns must be a whole number from 1 to 99")
        self.max_turns = max_turns
        self.record = GameRecord(self.game_id, record.seed, options)
        self.dice = Dice(record.seed)
        units, ldrs = self.scenario.pieces()
        self.pos = Position(self.scenario.hexmap(), charts, units, ldrs)
        self.losses = {s: 0 for s in SIDES}
        self.eliminated: list[str] = []
        self.turn, self.phase = 1, "A"
        self.stage = "missile"
        self.acting = 0
        self.state = TurnState()
        self.pending: list[Pending] = []
        self.events: list[dict[str, Any]] = []
        self._legal: tuple[Any, list[Action]] = (None, [])
        self._acted = 0   # actions applied (the legal-action cache's key)
        self._facts: tuple[Any, Any] = (None, None)
        self._start_turn()

    # --- construction ---------------------------------------------------------------------

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
        twin = copy.deepcopy(self)
        if reseed:
            twin.dice = Dice(fresh_seed())
        return twin

    # --- the interface --------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def last_turn(self) -> int:
        return min(self.scenario.spec.turns, self.max_turns or 99)

    @property
    def is_over(self) -> bool:
        return self.turn > self.last_turn or self._wiped_out() is not None

    def _wiped_out(self) -> str | None:
        for side in SIDES:
            if not any(u.side == side for u in self.pos.units.values()):
                return side
        return None

    def _phase(self) -> sequence.Phase:
        return sequence.phase(self.game_id, self.phase)

    def to_act(self) -> tuple[str, ...]:
        if self.is_over:
            return ()
        if self.pending:
            return (self.pending[0].side,)
        return (self._phase().sides[self.acting],)

    def decision(self, player: str) -> Decision | None:
        if player not in self.to_act():
            return None
        if self.pending:
            p = self.pending[0]
            return Decision(player, p.kind, {"unit": p.unit, "hexes": p.hexes, "hex": p.vacated})
        ph = self._phase()
        return Decision(player, ph.kind, {"turn": self.turn, "phase": ph.code, "title": ph.title,
                                          "stage": self.stage if ph.kind == "combat" else None})

    def legal_actions(self, player: str) -> list[Action]:
        """Cached per action count: every change goes through `act`, which appends."""
        key = (self._acted, player)
        if self._legal[0] != key:
            self._legal = (key, self._compute_legal(player))
        return [dict(a) for a in self._legal[1]]

    def _compute_legal(self, player: str) -> list[Action]:
        if player not in self.to_act():
            return []
        if self.pending:
            return self._pending_actions(self.pending[0])
        kind = self._phase().kind
        return {"magic": self._magic_actions, "siege": lambda s: [{"type": "end"}],
                "movement": self._movement_actions, "combat": self._combat_actions,
                "rally": self._rally_actions}[kind](player)

    def act(self, player: str, action: Action) -> None:
        if player == GM:
            if action != {"type": "process"}:
                raise IllegalAction("the games master may only {'type': 'process'}")
            if self.is_over:
                raise IllegalAction("the game is over")
            player, action = self.to_act()[0], self.default_action(self.to_act()[0])
        if not isinstance(action, dict) or action not in self.legal_actions(player):
            raise IllegalAction(f"{player!r} cannot {str(action)[:120]} now; see legal_actions")
        self.record.append({"player": player, **action})
        self._acted += 1
        self._apply(player, action)
        self._settle()

    def default_action(self, player: str) -> Action:
        """What the games master's `process` plays for the side to act (ruling): stay,
        stand, end or go on to the next stage where the rules allow it, else the first
        legal choice (a forced retreat, an obliged attack)."""
        legal = self.legal_actions(player)
        for wanted in ("stay", "stand", "next", "end"):
            if {"type": wanted} in legal:
                return {"type": wanted}
        return legal[0]

    def view(self, player: str | None = None) -> View:
        pos = self.pos
        full = {
            "game": self.game_id, "scenario": self.scenario.spec.name, "turn": self.turn, "phase": self.phase,
            "night": pos.night, "stage": self.stage, "to_act": list(self.to_act()),
            "units": [{"id": u.id, "side": u.side, "nationality": u.nationality, "kind": u.kind, "hex": u.hex,
                       "ratings": u.ratings.code, "reduced": u.reduced, "disrupted": u.disrupted,
                       "formation": pos.formations.get(u.id)}
                      for u in sorted(pos.units.values(), key=lambda u: u.id)],
            "leaders": [{"id": ldr.id, "side": ldr.side, "hex": ldr.hex, "rally": ldr.rally, "magic": ldr.magic}
                        for ldr in sorted(pos.leaders.values(), key=lambda x: x.id)],
            "losses": dict(self.losses), "demoralized": sorted(pos.demoralized),
            "eliminated": list(self.eliminated), "events": self.events[-50:],
            "pending": [{"kind": p.kind, "side": p.side, "unit": p.unit} for p in self.pending],
        }
        return redacted(full, player)

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        scores = {s: float(self.losses[other(s)]) for s in SIDES}   # demoralization points inflicted
        gone = self._wiped_out()
        if gone is not None:
            return Outcome((other(gone),), "victory", scores=scores)
        reason = "turn-limit" if self.max_turns and self.max_turns < self.scenario.spec.turns else "last-turn"
        best = max(scores.values())
        winners = tuple(s for s in SIDES if scores[s] == best)
        return Outcome(winners, reason, draw=len(winners) > 1, scores=scores)

    # --- legal actions per phase ----------------------------------------------------------

    def _own(self, side: str, kind: type) -> list:
        found = self.pos.units if kind is CombatUnit else self.pos.leaders
        return sorted((p for p in found.values() if p.side == side), key=lambda p: p.id)

    def _moves_of(self, piece: CombatUnit | Leader) -> list[Action]:
        if piece.id in self.state.moved:
            return []
        pos = self.pos
        zoc, occupied = self._movement_facts(piece.side)
        friends = {u.hex for u in pos.units.values() if u.side == piece.side}
        return [{"type": "move", "piece": piece.id, "to": h}
                for h in moves.destinations(pos, piece, zoc=zoc, occupied=occupied)
                if not (isinstance(piece, CombatUnit) and h in friends)]   # 5.0, 4.28

    def _movement_facts(self, side: str) -> tuple[set[str], dict[str, str]]:
        """The enemy ZOC and the occupancy, once per position (keyed by actions applied)."""
        key = (self._acted, side, tuple(sorted((p.id, p.hex) for p in self.pos.leaders.values())))
        if self._facts[0] != key:
            self._facts = (key, (self.pos.enemy_zoc(side), self.pos.occupancy()))
        return self._facts[1]

    def _magic_actions(self, side: str) -> list[Action]:
        # 3.0 A/E, 4.11: Magic Leaders move (spells are the Exclusive Rules', not yet here)
        acts = [a for ldr in self._own(side, Leader) if ldr.is_magic for a in self._moves_of(ldr)]
        last_chance = (self.phase, side) in (("A", SAURON), ("E", WESTERNESSE))
        return acts + ([] if last_chance and self._must_restack(side, magic=True) else [{"type": "end"}])

    def _movement_actions(self, side: str) -> list[Action]:
        # 3.0 C/F: every piece but the Magic Leaders; a formation moves as one (8.45),
        # breaks up by moving one unit away (8.48), forms with a Leader (8.43)
        acts = []
        for u in self._own(side, CombatUnit):
            if u.id in self.pos.formations:
                acts += self._moves_of(u) if formations.is_lead(self.pos, u) else []
                acts += self._splits_of(u)
            else:
                acts += self._moves_of(u)
        acts += [a for ldr in self._own(side, Leader) if not ldr.is_magic for a in self._moves_of(ldr)]
        acts += self._forms(side) if side == WESTERNESSE else []
        return acts + ([] if self._must_restack(side, magic=False) else [{"type": "end"}])

    def _splits_of(self, unit: CombatUnit) -> list[Action]:
        """8.48: one unit of a formation moves away on its own, which disbands it."""
        partner = self.pos.formations[unit.id]
        formations.dissolve(self.pos, unit)
        try:
            found = self._moves_of(unit)
        finally:
            self.pos.formations.update({unit.id: partner, partner: unit.id})
        return [{"type": "split", "unit": unit.id, "to": a["to"]} for a in found]

    def _forms(self, side: str) -> list[Action]:
        """8.43: two like units with or beside a Leader that has not moved."""
        acts = []
        for ldr in self._own(side, Leader):
            near = [u for u in self._own(side, CombatUnit)
                    if u.hex == ldr.hex or u.hex in self.pos.map.neighbours(ldr.hex)]
            acts += [{"type": "form", "units": [a.id, b.id], "leader": ldr.id}
                     for i, a in enumerate(near) for b in near[i + 1:]
                     if not formations.form_problem(self.pos, a, b, ldr, self.state.moved)]
        return acts

    def _must_restack(self, side: str, magic: bool) -> bool:
        """8.1: a Leader must stand with a combat unit (of its nationality unless it is a
        Magic Leader) when its side's Combat Phase begins. The side may not end its last
        phase of movement before then while such a Leader has not moved and can still
        reach a legal stack (ruling: one that cannot is left where it is)."""
        for ldr in self._own(side, Leader):
            if ldr.is_magic != magic or ldr.id in self.state.moved or not leaders.stacking_problem(self.pos, ldr):
                continue
            here = ldr.hex
            for a in self._moves_of(ldr):
                ldr.hex = a["to"]
                fixed = leaders.stacking_problem(self.pos, ldr) is None
                ldr.hex = here
                if fixed:
                    return True
        return False

    def _combat_actions(self, side: str) -> list[Action]:
        pos, st = self.pos, self.state
        if self.stage == "missile":   # 7.16: missiles first
            acts = [{"type": "fire", "unit": u.id, "target": t.id}
                    for u in self._own(side, CombatUnit) for t in self._own(other(side), CombatUnit)
                    if formations.is_lead(pos, t) and not combat.missile_problem(pos, u, t, st.fired)]
            return acts + [{"type": "next"}]
        if self.stage == "leader":    # 7.21: then Leader combat, always optional
            acts = [{"type": "duel", "leader": a.id, "target": d.id}
                    for a in self._own(side, Leader) for d in self._own(other(side), Leader)
                    if not combat.leader_combat_problem(pos, a, d, st.fought)]
            return acts + [{"type": "next"}]
        acts = [{"type": "attack", "unit": u.id, "target": t.id} for u, t in self._melee_pairs(side)]
        if not self._obliged(side):
            acts.append({"type": "end"})
        return acts

    def _melee_pairs(self, side: str) -> list[tuple[CombatUnit, CombatUnit]]:
        st = self.state
        lead = [u for u in self._own(side, CombatUnit) if formations.is_lead(self.pos, u)]
        return [(u, t) for u in lead if u.id not in st.attacked | st.advanced
                for t in self._own(other(side), CombatUnit)
                if t.id not in st.advanced and formations.is_lead(self.pos, t)
                and not combat.melee_problem(self.pos, u, t)]

    def _obliged(self, side: str) -> list[str]:
        """7.31: units in an enemy ZOC that have not attacked and still can."""
        able = {u.id for u, t in self._melee_pairs(side) if u.hex in self.pos.zoc_of(t)}
        return sorted(able)

    def _rally_actions(self, side: str) -> list[Action]:
        st = self.state
        acts = [{"type": "rally", "leader": ldr.id, "unit": u.id}
                for ldr in self._own(side, Leader) for u in self._own(side, CombatUnit)
                if not leaders.rally_problem(self.pos, ldr, u, st.rallied_by, st.tried)]
        return acts + [{"type": "end"}]

    def _pending_actions(self, p: Pending) -> list[Action]:
        unit = self.pos.units[p.unit]
        if p.kind == "advance":
            return [{"type": "advance", "unit": p.unit}, {"type": "stay"}]
        if p.kind == "evade":   # 7.7: retreat one or two hexes before the melee, or stand
            acts = [{"type": "evade", "path": list(c.path)} for n in (1, 2)
                     for c in aftermath.retreat_choices(self.pos, unit, n) if c.displaced is None]
            return acts + [{"type": "stand"}]
        acts = []
        for c in aftermath.retreat_choices(self.pos, unit, p.hexes):
            if c.displaced is None:
                acts.append({"type": "retreat", "path": list(c.path)})
            else:
                acts += [{"type": "retreat", "path": list(c.path), "displace_to": h} for h in c.displaced_to]
        return acts

    # --- applying an action ---------------------------------------------------------------

    def _apply(self, side: str, action: Action) -> None:
        kind = action["type"]
        if self.pending:
            self._answer(self.pending.pop(0), action)
        elif kind == "move":
            self._move(action["piece"], action["to"])
        elif kind == "split":
            formations.dissolve(self.pos, self.pos.units[action["unit"]])
            self._move(action["unit"], action["to"])
        elif kind == "form":
            a, b = (self.pos.units[x] for x in action["units"])
            a.hex = b.hex = self.pos.leaders[action["leader"]].hex
            self.pos.formations.update({a.id: b.id, b.id: a.id})
            self.state.moved |= {a.id, b.id}                    # 8.45: no move the turn formed
            self._log("form", units=action["units"], leader=action["leader"], hex=a.hex)
        elif kind == "fire":
            self._fire(self.pos.units[action["unit"]], self.pos.units[action["target"]])
        elif kind == "duel":
            self._duel(self.pos.leaders[action["leader"]], self.pos.leaders[action["target"]])
        elif kind == "attack":
            self._declare(self.pos.units[action["unit"]], self.pos.units[action["target"]])
        elif kind == "rally":
            ldr, u = self.pos.leaders[action["leader"]], self.pos.units[action["unit"]]
            self.state.rallied_by[ldr.id] = self.state.rallied_by.get(ldr.id, 0) + 1
            self.state.tried.add(u.id)
            total, ok = leaders.rally(self.pos, self.dice, ldr, u)
            self._log("rally", leader=ldr.id, unit=u.id, dice=total, rallied=ok)
        elif kind == "next":
            self.stage = "leader" if self.stage == "missile" else "melee"
        elif kind == "end":
            self._end_part()

    def _settle(self) -> None:
        """Resolve forced choices that have become empty (a retreat with no way left is
        an elimination, 7.56; 7.23 flips), and drop those whose units are gone, so the
        side to act always has a legal action."""
        while self.pending:
            p = self.pending[0]
            unit = self.pos.units.get(p.unit)
            if unit is None or (p.kind == "evade" and p.vacated not in self.pos.units):
                self.pending.pop(0)
            elif p.kind == "advance" and not aftermath.advance_hexes(self.pos, unit, p.vacated, melee=True):
                self.pending.pop(0)
            elif p.kind == "retreat" and not self._pending_actions(p):
                self.pending.pop(0)
                self._retreat_or(unit, p.hexes, advance=p.then_advance, fallback=p.fallback)
            else:
                return

    def _move(self, pid: str, to: str) -> None:
        piece = self.pos.units.get(pid) or self.pos.leaders[pid]
        group = formations.members(self.pos, piece) if isinstance(piece, CombatUnit) else [piece]
        self._log("move", piece=pid, frm=piece.hex, to=to)
        for p in group:
            p.hex = to
            self.state.moved.add(p.id)

    def _fire(self, shooter: CombatUnit, target: CombatUnit) -> None:
        self.state.fired.add(shooter.id)
        armour = combat.missile_armour(self.pos, shooter.hex, target)
        hit = combat.strike(self.pos.charts, self.dice, shooter.ratings.missile, armour,
                            self.pos.ratings(target).morale,
                            self.pos.fanatical(shooter))
        self._log("fire", unit=shooter.id, target=target.id, dice=hit.total, die=hit.die,
                  result=hit.result.code if hit.result else "-")
        if hit.result:
            self._casualty(target, hit.result, attacker=None)

    def _duel(self, a: Leader, d: Leader) -> None:
        self.state.fought.add(a.id)
        diff, die, mine, theirs = combat.leader_fight(self.pos, self.dice, a, d)
        self._log("duel", leader=a.id, target=d.id, differential=diff, die=die, result=f"{mine}/{theirs}")
        for ldr, res in ((a, mine), (d, theirs)):
            if res != "-":
                self._leader_hit(ldr, res)

    def _leader_hit(self, ldr: Leader, res: str) -> None:
        """7.22-7.23: A wounds (Rally Rating -1, ruling), E kills; the combat unit stacked
        with the Leader retreats two hexes, or flips, or dies."""
        here = [u for u in self.pos.units_at(ldr.hex) if u.side == ldr.side]
        if res == "E":
            del self.pos.leaders[ldr.id]
            self._log("leader-killed", leader=ldr.id)
        else:
            ldr.rally = max(0, ldr.rally - 1)
        for u in here:
            formations.dissolve(self.pos, u)
            self._retreat_or(u, LEADER_COMBAT_RETREAT, fallback="flip")

    def _declare(self, attacker: CombatUnit, defender: CombatUnit) -> None:
        self.state.attacked |= {u.id for u in formations.members(self.pos, attacker)}   # 7.34
        if defender.id not in self.pos.formations and aftermath.may_retreat_before_combat(defender, [attacker]) and \
                any(c.displaced is None for n in (1, 2) for c in aftermath.retreat_choices(self.pos, defender, n)):
            self.pending.insert(0, Pending("evade", defender.side, defender.id, vacated=attacker.id))
            return
        self._melee(attacker, defender)

    def _melee(self, attacker: CombatUnit, defender: CombatUnit) -> None:
        mine, theirs = self.pos.ratings(attacker), self.pos.ratings(defender)
        hit = combat.strike(self.pos.charts, self.dice, mine.melee, theirs.armour, theirs.morale,
                            self.pos.fanatical(attacker))
        self._log("attack", unit=attacker.id, target=defender.id, dice=hit.total, die=hit.die,
                  result=hit.result.code if hit.result else "-")
        if hit.result:
            self._casualty(defender, hit.result, attacker=attacker)

    def _casualty(self, unit: CombatUnit, result, attacker: CombatUnit | None) -> None:
        """7.42 applied; 8.24 Leaders share A/E on 5-6; 7.51 a melee victor may advance."""
        here = unit.hex
        if result.shared_by_leader:
            for ldr in [x for x in self.pos.leaders.values() if x.hex == here and x.side == unit.side]:
                die = self.dice.roll()
                if aftermath.leader_shares(die):
                    self._log("leader-shares", leader=ldr.id, die=die)
                    self._leader_hit(ldr, "E" if result.eliminated else "A")
        if unit.id not in self.pos.units:
            return
        group = formations.members(self.pos, unit)
        if result.half and len(group) == 2:      # 8.46: one unit of the formation is lost
            formations.dissolve(self.pos, unit)
            self._eliminate(group[1])
            return
        if result.retreat:                       # 8.46: each retreats to its own hex
            formations.dissolve(self.pos, unit)
        for u in group:
            if aftermath.casualty_eliminates(u, result):
                self._eliminate(u)
            elif result.retreat:
                self._retreat_or(u, result.retreat, advance=attacker.id if attacker else "")
        if attacker and not any(u.id in self.pos.units for u in group):
            self._offer_advance(attacker, here)

    def _retreat_or(self, unit: CombatUnit, hexes: int, advance: str = "", fallback: str = "") -> None:
        if aftermath.retreat_choices(self.pos, unit, hexes):
            self.pending.insert(0, Pending("retreat", unit.side, unit.id, hexes, unit.hex, advance, fallback))
            return
        if fallback == "flip" and not aftermath.flip(unit):   # 7.23
            self._log("flipped", unit=unit.id)
            return
        here = unit.hex
        self._eliminate(unit)                                  # 7.56
        if advance:
            self._offer_advance(self.pos.units[advance], here)

    def _offer_advance(self, winner: CombatUnit, vacated: str) -> None:
        if aftermath.advance_hexes(self.pos, winner, vacated, melee=True):
            self.pending.insert(0, Pending("advance", winner.side, winner.id, vacated=vacated))

    def _answer(self, p: Pending, action: Action) -> None:
        unit = self.pos.units[p.unit]
        kind = action["type"]
        if kind == "advance":   # a formation advances whole (ruling)
            self._log("advance", unit=unit.id, to=p.vacated)
            for u in formations.members(self.pos, unit):
                u.hex = p.vacated
                self.state.advanced.add(u.id)
        elif kind == "evade":
            here = unit.hex
            self._follow(unit, action["path"])
            die = self.dice.roll()
            unit.disrupted = die <= 3   # 7.7: disrupted on 1-3
            self._log("evade", unit=unit.id, path=action["path"], die=die, disrupted=unit.disrupted)
            self._offer_advance(self.pos.units[p.vacated], here)
        elif kind == "stand":
            self._melee(self.pos.units[p.vacated], unit)
        elif kind == "retreat":
            here = unit.hex
            if "displace_to" in action:
                friend = next(u for u in self.pos.units_at(action["path"][-1]) if u.side == unit.side)
                formations.dissolve(self.pos, friend)           # ruling: a displaced formation breaks up
                self._follow(friend, [action["displace_to"]])
                friend.disrupted = True                         # 7.65
                self._log("displaced", unit=friend.id, to=action["displace_to"])
            self._follow(unit, action["path"])
            unit.disrupted = True                               # 7.57
            self._log("retreat", unit=unit.id, path=action["path"])
            if p.then_advance and p.then_advance in self.pos.units:
                self._offer_advance(self.pos.units[p.then_advance], here)

    def _follow(self, unit: CombatUnit, path: list[str]) -> None:
        """A unit retreats along `path`; Leaders stacked with it go too (ruling)."""
        for ldr in self.pos.leaders.values():
            if ldr.hex == unit.hex and ldr.side == unit.side:
                ldr.hex = path[-1]
        unit.hex = path[-1]

    def _eliminate(self, unit: CombatUnit) -> None:
        """9.13: its value counts towards its army's losses; 8.24: a Leader left alone
        goes to the nearest friendly combat unit (the first in hex order on ties)."""
        formations.dissolve(self.pos, unit)
        del self.pos.units[unit.id]
        self.losses[unit.side] += loss_value([unit])
        self.eliminated.append(unit.id)
        self._log("eliminated", unit=unit.id, value=unit.full.demoralization_value())
        for ldr in self.pos.leaders.values():
            if ldr.hex == unit.hex and ldr.side == unit.side and not self.pos.units_at(unit.hex):
                found = aftermath.nearest_friend(self.pos, ldr.side, ldr.hex)
                if found:
                    ldr.hex = found[0]

    # --- the sequence of play -------------------------------------------------------------

    def _end_part(self) -> None:
        ph = self._phase()
        if self.acting + 1 < len(ph.sides):
            self.acting += 1
            self.state.moved = set()
            return
        if ph.kind == "combat":   # 9.23: armies demoralized in this phase are so together
            levels = self.scenario.spec.demoralization_levels
            for side in sorted(newly_demoralized(levels, self.losses, self.pos.demoralized)):
                self.pos.demoralized.add(side)
                self._log("demoralized", side=side)
        turn, code = sequence.following(self.game_id, self.turn, self.phase)
        self.phase, self.acting, self.stage = code, 0, "missile"
        self.state.moved, self.state.fought, self.state.attacked, self.state.advanced = set(), set(), set(), set()
        if turn != self.turn:
            self.turn = turn
            self._start_turn()

    def _start_turn(self) -> None:
        self.state = TurnState()
        self.pos.night = self.turn in self.scenario.spec.night_turns

    def _log(self, kind: str, **facts: Any) -> None:
        self.events.append({"turn": self.turn, "phase": self.phase, "event": kind, **facts})


class SauronGame(GondorSauronGame):
    game_id: ClassVar[str] = "sauron"


__all__ = ["GondorSauronGame", "SauronGame"]
