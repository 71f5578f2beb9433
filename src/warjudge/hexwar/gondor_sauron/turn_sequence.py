"""The Sequence of Play (3.0) over the phase parts: who acts, what is asked, the legal
actions of the phase (or of the forced choice waiting), an action checked, applied and
settled, the end of a side's part of a phase and a new Game-Turn."""

from __future__ import annotations

import json
from typing import Any

from warjudge.core.events import Refusal
from warjudge.core.game import Action, Decision
from warjudge.hexwar.gondor_sauron import sequence
from warjudge.hexwar.gondor_sauron.morale import newly_demoralized
from warjudge.hexwar.gondor_sauron.phase_magic import Magic
from warjudge.hexwar.gondor_sauron.phase_melee import Melee
from warjudge.hexwar.gondor_sauron.phase_missiles import MissilesAndLeaderCombat
from warjudge.hexwar.gondor_sauron.phase_rally import Rally
from warjudge.hexwar.gondor_sauron.phase_siege import Siege


class TurnSequence(Magic, Siege, Rally, Melee, MissilesAndLeaderCombat):
    """The phases in turn, and the template's hooks."""

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

    def _compute_legal(self, player: str) -> list[Action]:
        if player not in self.to_act():
            return []
        if self.state.queue:
            return self._pending_actions(self.state.queue[0])
        kind = self._phase().kind
        return {"magic": self._magic_actions, "siege": self._siege_actions,
                "movement": self._movement_actions, "combat": self._combat_actions,
                "rally": self._rally_actions}[kind](player)

    def _combat_actions(self, side: str) -> list[Action]:
        if self.state.stage == "missile":   # 7.16: missiles first
            return self._missile_actions(side)
        if self.state.stage == "leader":    # 7.21: then Leader combat, always optional
            return self._leader_actions(side)
        return self._melee_actions(side)

    def _check(self, player: str, action: Action) -> Action:
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
        return action

    def _kind(self, player: str) -> str:
        decision = self.decision(player)
        return decision.kind if decision else ""

    def _entry(self, player: str, move: Action) -> dict[str, Any]:
        return {"player": player, **move}

    def _apply(self, side: str, action: Action) -> None:
        kind = action["type"]
        if self.state.queue:
            self._answer(self.state.queue.pop(0), action)
        elif kind == "move":
            self._move(action["piece"], action["to"])
        elif kind == "split":
            self._split(action["unit"], action["to"])
        elif kind == "form":
            self._form(action["units"], action["leader"])
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
            self._enter(action["piece"], action["to"])
        elif kind == "duel":
            self._duel(self.state.position.leaders[action["leader"]], self.state.position.leaders[action["target"]])
        elif kind == "attack":
            self._state_attacker(side, action["unit"], action["target"])
        elif kind == "resolve":
            self._resolve_allocation()
        elif kind == "rally":
            self._rally(self.state.position.leaders[action["leader"]], self.state.position.units[action["unit"]])
        elif kind == "next":
            self.state.stage = "leader" if self.state.stage == "missile" else "melee"
        elif kind == "end":
            self._end_part()

    def _settle(self) -> None:
        """After each action: the forced choices settled, then the stated attacks made."""
        self._settle_forced()
        self._resume_melee()

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
