"""Combat (6.0): opportunity attacks (6.24), direct, indirect and boulder attacks, attacks
on the demon (10.4), retreats, displacements and advances (6.52-6.6).

A part of SjgNecromancerGame (game.py), which checks each action against the pending
decision and dispatches it here through its HANDLERS table."""

from __future__ import annotations

from typing import Any
from warjudge.core.events import Refusal
from warjudge.hexwar.sjg.problems import Problem, refusal
from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg.combat import AttackPlan, can_boulder, indirect_modifier, plan_attack
from warjudge.hexwar.sjg.moves import may_join, mixes_mercenaries
from warjudge.hexwar.sjg.state import STACK_LIMIT, Unit, other
from warjudge.hexwar.sjg.tables import AUTO_AE, AUTO_DE, DEMON_STRENGTH, CRTResult, UnitType, crt, odds_column
from warjudge.hexwar.retreat import farther_hexes
from warjudge.hexwar.sjg.parts import GameParts


class CombatPhase(GameParts):
    """Opportunity attacks, attacks, retreats and advances (6.0)."""

    def _opportunity_targets(self) -> set[str]:
        """Hexes holding units that ended a move there and that some enemy unit not yet
        used can really hit: the attack by every such unit is planned as the engine would
        accept it, so no target is offered that nobody can attack."""
        return set(self._opportunity_attackers())

    def _opportunity_attackers(self) -> dict[str, dict[str, list[int]]]:
        """Target hex -> {"boulder": ids, "indirect": ids} that could attack it now."""
        pos, side = self.state.position, self.state.phasing
        enemies = [u for u in pos.side_units(other(side)) if u.id not in self.state.opp_spent]
        out: dict[str, dict[str, list[int]]] = {}
        for h in sorted({u.hex for u in pos.side_units(side) if u.id in self.state.moved and u.id not in self.state.opp_targets}):
            boulder = [e.id for e in enemies if can_boulder(pos, e, h)]
            indirect = [e.id for e in enemies if indirect_modifier(pos, e, h) is not None and distance(e.hex, h) <= 2]
            ways = {}
            for method, ids in (("boulder", boulder), ("indirect", indirect)):
                if ids and not isinstance(plan_attack(pos, other(side), [], ids if method == "indirect" else [],
                                                      ids if method == "boulder" else [], [h],
                                                      spent=self.state.opp_spent), Problem):
                    ways[method] = ids
            if ways:
                out[h] = ways
        return out

    def _opportunity_info(self) -> dict[str, Any]:
        ways = self._opportunity_attackers()
        return {"targets": sorted(ways), "attackers": {h: " ".join(f"{m[0]}:{','.join(map(str, ids))}"
                                                                   for m, ids in w.items()) for h, w in ways.items()}}

    def _settle_opportunity(self) -> None:
        """Refresh the pending opportunity decision's targets; close the phase once no
        unit is left to attack (after the attacks' retreats are done)."""
        decision = self.pending
        if decision is None or decision.kind != "opportunity":
            return
        if self._opportunity_targets():
            decision.info = self._opportunity_info()
            return
        self.state.queue.pop(0)
        self._say("sjg.no_opportunity_left")
        self._next_phase("opportunity")

    def _do_attack(self, act: A.Attack, decision: Decision) -> None:
        pos = self.state.position
        opportunity = decision.kind == "opportunity"
        if opportunity:
            if act.direct or act.demon:
                raise Refusal("sjg.refused.opportunity_method")
            bad = [t for t in act.targets if t not in self._opportunity_targets()]
            if bad:
                raise Refusal("sjg.refused.not_opportunity_target", hexes=bad)
        spent = self.state.opp_spent if opportunity else self.state.attacked
        plan = plan_attack(pos, act.side, act.direct, act.indirect, act.boulder, act.targets, spent=spent,
                           demon=act.demon)
        if isinstance(plan, Problem):
            raise refusal(plan)
        for uid in act.direct + act.indirect + act.boulder:
            spent.add(uid)
        if not act.demon:
            self.state.attacked_hexes.update(act.targets)
        if opportunity:
            self.state.opp_targets.update(u.id for t in act.targets for u in pos.at(t))
        if plan.demon:
            self._resolve_on_demon(plan, act.side)
        elif plan.boulder:
            self._boulder(plan, act.side)
        else:
            self._resolve(plan, act.side)

    def _resolve_on_demon(self, plan: AttackPlan, side: str) -> None:
        """10.4: either player may attack the demon by any method. Ruling: it is destroyed
        by a result that would eliminate a defender (DE, DR-1, DR-2, or AR-1, AR-2, DE
        under boulders); a plain DR does not move it; nobody advances."""
        pos = self.state.position
        if plan.boulder:
            column = odds_column(plan.attack, DEMON_STRENGTH)
            roll, result = self._crt_roll(column, plan.modifier, "boulders_on_demon")
            destroyed = result.kind == "DE" or bool(result.losses)
        else:
            column = plan.column
            roll, result = self._crt_roll(column, plan.modifier, "attack_on_demon")
            destroyed = result.kind == "DE" or result.kind == "DR" and bool(result.losses)
        self._say("sjg.attacked_demon", side=side, hex=plan.targets[0], attack=plan.attack, defence=DEMON_STRENGTH,
                  column=column, roll=roll, modifier=plan.modifier, result=str(result))
        if destroyed:
            self._banish_demon("attacked", side=side)
        elif result.kind == "AE" and not plan.boulder:
            for uid in plan.direct:
                self._eliminate(pos.units[uid], "AE")
        elif result.kind == "AR" and not plan.boulder:
            self._attackers_retreat(plan, side, result.losses)

    def _resolve(self, plan: AttackPlan, side: str) -> None:
        pos = self.state.position
        roll, result = self._crt_roll(plan.column, plan.modifier, "combat")
        self._say("sjg.attacked", side=side, targets=list(plan.targets), attack=plan.attack, defence=plan.defence,
                  column=plan.column, roll=roll, modifier=plan.modifier, result=str(result))
        defenders = [u for t in plan.targets for u in pos.at(t)]
        attackers_hexes = sorted({pos.units[u].hex for u in plan.direct + plan.indirect})
        if result.kind == "DE":
            for unit in defenders:
                self._eliminate(unit, "DE", combat=True)
        elif result.kind == "AE":
            for uid in plan.direct:
                self._eliminate(pos.units[uid], "AE")
        elif result.kind == "DR":
            for t in plan.targets:
                if self.state.winner:
                    break
                self._queue_retreat(other(side), t, [u.id for u in pos.at(t)], result.losses, attackers_hexes)
        elif result.kind == "AR":
            self._attackers_retreat(plan, side, result.losses)
        if self.state.winner:
            return
        if plan.direct and result.kind in ("DE", "DR"):
            self._queue_front(Decision(side, "advance", ("advance", "end"),
                                       {"from_attack": list(plan.direct), "targets": list(plan.targets), "after_retreats": True}))
            self._offer_advance_if_ready()

    def _attackers_retreat(self, plan: AttackPlan, side: str, losses: int) -> None:
        """6.52: only direct attackers suffer adverse results (indirect ones ignore them)."""
        pos = self.state.position
        groups: dict[str, list[int]] = {}
        for uid in plan.direct:
            groups.setdefault(pos.units[uid].hex, []).append(uid)
        for h, mine in sorted(groups.items()):
            self._queue_retreat(side, h, mine, losses, list(plan.targets))

    def _crt_roll(self, column: str, modifier: int, why: str, **params: Any) -> tuple[int | None, CRTResult]:
        """Two dice on the CRT (the roll, without its modifier); the automatic columns
        (6.21) need no roll (None)."""
        if column in (AUTO_DE, AUTO_AE):
            return None, crt(column, 0)
        roll = self._roll(2, why, **params)
        return roll, crt(column, roll + modifier)

    def _boulder(self, plan: AttackPlan, side: str) -> None:
        """6.23: each unit below defends alone at its fixed boulder defence."""
        pos = self.state.position
        target = plan.targets[0]
        retreating = []
        for unit in list(pos.at(target)):
            defence = pos.boulder_defence(unit)
            if defence is None:
                continue
            column = odds_column(plan.attack, defence)
            roll, result = self._crt_roll(column, plan.modifier, "boulder", unit=unit.ref())
            self._say("sjg.boulders_dropped", side=side, unit=unit.ref(), hex=target, attack=plan.attack,
                      defence=defence, column=column, roll=roll, modifier=plan.modifier, result=str(result))
            if result.kind == "DE" or result.losses:
                self._eliminate(unit, "boulders", combat=True)
            elif result.kind == "DR":
                retreating.append(unit.id)
        if retreating and not self.state.winner:
            attackers = sorted({pos.units[u].hex for u in plan.boulder})
            self._queue_retreat(other(side), target, retreating, 0, attackers)

    def _queue_front(self, decision: Decision) -> None:
        """Mid-combat decisions go before the phase's own decision, after the retreats
        already queued (retreats are answered in the order the results fell)."""
        index = 0
        while index < len(self.state.queue) and self.state.queue[index].kind == "retreat":
            index += 1
        self.state.queue.insert(index, decision)

    def _queue_retreat(self, side: str, hex_: str, units: list[int], losses: int, enemies: list[str]) -> None:
        pos = self.state.position
        options = self._retreat_hexes(side, hex_, enemies)
        flight = self._flight_hexes(side, hex_, enemies) if any(pos.wields(pos.units[u], "ring") for u in units) else []
        cliffs = [n for n in pos.board.neighbours(hex_) if pos.board.cliff_high_side(hex_, n) == hex_]
        # 10.54: a dragon by itself carries no Jewel
        lone_dragons = all(pos.units[u].kind == UnitType.DRAGON for u in units)
        jewels = [] if lone_dragons else [j.id for j in pos.jewels_at(hex_)]
        carrying = jewels or any(i.holder in units for i in pos.items.values())
        counted = [u for u in units if pos.units[u].kind != UnitType.NECROMANCER]
        escape = options or flight
        if len(units) <= losses or (not escape and not (carrying and cliffs)) or (losses >= len(counted) and not escape):
            reason = "no_retreat" if len(units) > losses else "retreat_minus"
            for uid in units:
                self._eliminate(pos.units[uid], reason, combat=True)
            return
        self._queue_front(Decision(side, "retreat", ("retreat",), {
            "hex": hex_, "units": units, "losses": losses, "enemies": enemies, "options": options,
            "flight": flight, "over_cliff": cliffs if carrying and not escape else [], "jewels": jewels}))

    def _retreat_hexes(self, side: str, hex_: str, enemies: list[str]) -> list[str]:
        """One hex farther from the victors, not a slope, monolith, enemy hex or enemy
        zone, not over a cliff (that would kill the stack), on the map (6.52)."""
        pos = self.state.position
        board = pos.board
        occupied = pos.occupied()
        return [n for n in farther_hexes(hex_, board.neighbours(hex_), enemies)
                if board.terrain(n) == "plateau" and occupied.get(n) != other(side)
                and not board.is_cliff(hex_, n) and not pos.in_enemy_zoc(n, side, occupied)]

    def _flight_hexes(self, side: str, hex_: str, enemies: list[str]) -> list[str]:
        """10.55: the Ring's wearer may retreat across a cliff hexside instead of dying;
        otherwise the usual limits of 6.52 hold."""
        pos = self.state.position
        occupied = pos.occupied()
        return [n for n in farther_hexes(hex_, pos.board.neighbours(hex_), enemies)
                if pos.board.is_cliff(hex_, n) and pos.board.terrain(n) == "plateau"
                and occupied.get(n) != other(side) and not pos.in_enemy_zoc(n, side, occupied)]

    def _do_retreat(self, act: A.Retreat, decision: Decision) -> None:
        pos, info = self.state.position, decision.info
        lose, moves = self._retreat_plan(act, decision)
        falling = [i for i in pos.items.values() if i.holder in lose] if act.over_cliff else []
        for uid in sorted(lose):
            self._eliminate(pos.units[uid], "retreat_loss", combat=True)
        for group, dest in moves:
            if dest != "lost" and group and group[0].hex != dest and dest != act.to:
                self._say("sjg.displaced", side=decision.player, units=[u.ref() for u in group], hex=group[0].hex,
                          to=dest)
            for unit in group:
                if dest == "lost":
                    self._eliminate(unit, "displaced_over_cliff", combat=False)
                else:
                    unit.hex = dest
        if self.state.winner:
            return  # the Necromancer was among the losses: the game is over
        target = act.over_cliff or act.to
        for j in act.carry:
            if target:
                pos.jewels[j].hex = target
        for item in falling:
            item.hex = act.over_cliff  # 6.52: "the magical item ends up in the hex below the cliff"
        self.state.queue.remove(decision)
        self._forget_displaced()
        self._say("sjg.retreated", side=decision.player, hex=info["hex"], to=act.to, lost=len(lose))
        self._offer_advance_if_ready()

    def _retreat_plan(self, act: A.Retreat, decision: Decision) -> tuple[set[int], list[tuple[list[Unit], str]]]:
        """6.52-6.53: the units the retreat loses and the moves it makes (groups and where
        they go, "lost" over a cliff), or the Refusal of a retreat the rules forbid;
        changes nothing (the retreat listing checks its candidates with it, legal.py)."""
        pos, info = self.state.position, decision.info
        units = [pos.units[u] for u in info["units"] if u in pos.units]
        ids = {u.id for u in units}
        lose = set(act.lose)
        if not lose <= ids:
            raise Refusal("sjg.refused.lose_only_retreating", units=sorted(ids))
        counted = [u for u in units if u.kind != UnitType.NECROMANCER]
        need = min(info["losses"], len(counted))
        lost_counted = sum(1 for u in units if u.id in lose and u.kind != UnitType.NECROMANCER)
        if lost_counted < need:
            raise Refusal("sjg.refused.losses_needed", need=need, hex=info["hex"])
        staying = [u for u in units if u.id not in lose]
        if act.carry and all(u.kind == UnitType.DRAGON for u in staying):
            raise Refusal("sjg.refused.dragon_carries")
        bad_jewels = [j for j in act.carry if j not in info["jewels"]]
        if bad_jewels:
            raise Refusal("sjg.refused.no_jewel_in_retreat", jewel=bad_jewels[0])
        moves: list[tuple[list[Unit], str]] = []
        if act.over_cliff:
            if act.over_cliff not in info["over_cliff"]:
                raise Refusal("sjg.refused.cliff_edge_only")
            lose |= {u.id for u in staying}
            staying = []
        elif staying and act.to is not None and act.to in info.get("flight", []):
            if not all(pos.wields(u, "ring") for u in staying):
                raise Refusal("sjg.refused.ring_only")
            if act.displace:
                raise Refusal("sjg.refused.no_displacement_needed")
            if not may_join(pos, staying, act.to):
                raise Refusal("sjg.refused.overstacked", hex=act.to, limit=STACK_LIMIT)
            moves = [(staying, act.to)]
        elif staying:
            if act.to is None:
                raise Refusal("sjg.refused.retreat_where", open=info["options"] + info.get("flight", []))
            if act.to not in info["options"]:
                raise Refusal("sjg.refused.not_a_retreat", hex=act.to, open=list(info["options"]))
            moves = self._displacements(act, decision.player, [u for u in staying])
        elif act.to or act.displace:
            raise Refusal("sjg.refused.nobody_to_retreat")
        return lose, moves

    def _forget_displaced(self) -> None:
        """6.52: a unit displaced out of a hex whose own retreat is still to come has left
        that hex and no longer retreats with it (docs/rulings.md); a retreat left with
        nobody is dropped. (Listing it still let a retreat name it, and the engine
        eliminated it twice.)"""
        pos = self.state.position
        for d in [d for d in self.state.queue if d.kind == "retreat"]:
            d.info["units"] = [u for u in d.info["units"] if u in pos.units and pos.units[u].hex == d.info["hex"]]
            if not d.info["units"]:
                self.state.queue.remove(d)

    def _displacements(self, act: A.Retreat, side: str, staying: list[Unit]) -> list[tuple[list[Unit], str]]:
        """6.52: friendly units in the way may be moved one hex (not out of an enemy zone,
        never into a slope, enemy zone or off the map; over a cliff if their owner wishes)."""
        pos, board, dest = self.state.position, self.state.position.board, act.to
        occupied = pos.occupied()
        plan: list[tuple[list[Unit], str]] = []
        moved_out: set[int] = set()
        arriving: dict[str, int] = {}
        assert dest is not None, "a retreat that displaces names where it goes ('to')"
        for d in act.displace:
            found = [pos.units.get(u) for u in d.units]
            group = [u for u in found if u is not None]
            if len(group) < len(found) or any(u.side != side or u.hex != dest for u in group):
                raise Refusal("sjg.refused.displace_own_only", hex=dest)
            if len(set(d.units)) != len(d.units) or moved_out & set(d.units):
                raise Refusal("sjg.refused.displace_once")
            if pos.in_enemy_zoc(dest, side, occupied):
                raise Refusal("sjg.refused.displace_from_zoc")
            if d.to not in board.neighbours(dest):
                raise Refusal("sjg.refused.displace_one_hex", hex=dest)
            if board.is_cliff(dest, d.to):
                plan.append((group, "lost"))
            else:
                if (board.terrain(d.to) != "plateau" or occupied.get(d.to) == other(side)
                        or pos.in_enemy_zoc(d.to, side, occupied)):
                    raise Refusal("sjg.refused.displace_into", hex=d.to)
                arriving[d.to] = arriving.get(d.to, 0) + sum(1 for u in group if u.kind != UnitType.NECROMANCER)
                if pos.stack_size(d.to, side) + arriving[d.to] > STACK_LIMIT or not may_join(pos, group, d.to):
                    raise Refusal("sjg.refused.overstacked", hex=d.to, limit=STACK_LIMIT)
                plan.append((group, d.to))
            moved_out |= {u.id for u in group}
        left = [u for u in pos.at(dest) if u.id not in moved_out]
        remaining = sum(1 for u in left if u.kind != UnitType.NECROMANCER)
        incoming = sum(1 for u in staying if u.kind != UnitType.NECROMANCER)
        if remaining + incoming > STACK_LIMIT:
            raise Refusal("sjg.refused.retreat_overstacks", hex=dest, count=remaining + incoming)
        if mixes_mercenaries({u.kind for u in left + staying}):
            raise Refusal("sjg.refused.retreat_mercenaries", hex=dest)
        return plan + [(staying, dest)]

    def _offer_advance_if_ready(self) -> None:
        """Once a combat's retreats are done, the victors may advance into a hex the
        enemy left completely (6.6)."""
        if not self.state.queue or self.state.queue[0].kind != "advance" or not self.state.queue[0].info.get("after_retreats"):
            return
        decision = self.state.queue[0]
        pos = self.state.position
        vacated = [t for t in decision.info["targets"] if not pos.at(t)]
        eligible = [u for u in decision.info["from_attack"] if u in pos.units
                    and any(pos.units[u].hex in pos.board.neighbours(t) and not pos.board.is_cliff(pos.units[u].hex, t)
                            for t in vacated)]
        if not vacated or not eligible:
            self.state.queue.pop(0)
            return
        decision.info = {"hexes": vacated, "units": eligible}

    def _advance_problem(self, moves: dict[int, str], decision: Decision) -> Refusal | None:
        """Why the advance `moves` (unit -> hex) may not be made (6.6, 4.4, 10.53), or None:
        every check `_do_advance` makes, none changing anything, so the legal list asks it
        of each candidate instead of trying each on a clone (issue 26)."""
        pos, info = self.state.position, decision.info
        arriving: dict[str, int] = {}
        for uid, dest in moves.items():
            unit = pos.units.get(uid)
            if unit is None or uid not in info["units"]:
                return Refusal("sjg.refused.not_an_advancer", unit=uid)
            if dest not in info["hexes"] or dest not in pos.board.neighbours(unit.hex) or pos.board.is_cliff(unit.hex, dest):
                return Refusal("sjg.refused.advance_where", unit=unit.ref(), hexes=list(info["hexes"]))
            if unit.kind != UnitType.NECROMANCER:
                arriving[dest] = arriving.get(dest, 0) + 1
        if any(n > STACK_LIMIT for n in arriving.values()):
            return Refusal("sjg.refused.advance_overstacks", limit=STACK_LIMIT)
        for dest in set(moves.values()):
            if mixes_mercenaries({pos.units[u].kind for u, d in moves.items() if d == dest}):
                return Refusal("sjg.refused.advance_mercenaries", hex=dest)
        return None

    def _do_advance(self, act: A.Advance, decision: Decision) -> None:
        pos = self.state.position
        refused = self._advance_problem(act.moves, decision)
        if refused is not None:
            raise refused
        for uid, dest in act.moves.items():
            pos.units[uid].hex = dest
        self.state.queue.pop(0)
        if act.moves:
            self._say("sjg.advanced", side=act.side, units=[pos.units[u].ref() for u in act.moves])

    def _could_still_attack(self, hex_: str) -> bool:
        pos = self.state.position
        return any(u.id not in self.state.attacked and u.side == self.state.phasing and pos.zoc_reaches(u.hex, hex_)
                   for n in pos.board.neighbours(hex_) for u in pos.at(n))
