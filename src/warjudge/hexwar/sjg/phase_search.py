"""The Miasma (7.0, 10.2, 10.3) and its Jewels (8.0): searches, drift and teleport, Jewels
delivered to their Necromancer.

A part of SjgNecromancerGame (game.py), which checks each action against the pending
decision and dispatches it here through its HANDLERS table."""

from __future__ import annotations

from warjudge.core.events import Refusal
from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.grid import AXIAL_STEP, from_axial, to_axial
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg.state import SIDES, Side
from warjudge.hexwar.sjg.tables import CRYSTAL_BALL_SP, JEWEL_CP, SEARCH_POINTS, JewelEffect, UnitType, jewel_effect, search_target
from warjudge.hexwar.sjg.phases import PHASE_ACTIONS, MIASMA_POINTS
from warjudge.hexwar.sjg.parts import GameParts


class SearchPhase(GameParts):
    """Searching the Miasma, its drift, and Jewels delivered (7.0, 8.0, 10.2, 10.3)."""

    def _place_miasma(self, centre: str) -> None:
        m = self.state.position.miasma
        m.centre = centre
        m.hexes = {centre, *self.state.position.board.neighbours(centre)}

    def _searchable(self) -> list[str]:
        pos, side = self.state.position, self.state.phasing
        if pos.miasma.jewels_found >= len(pos.jewels) or not self._jewel_left():
            return []
        return sorted(h for h in pos.miasma.hexes - self.state.searched - pos.miasma.searched_out
                      if any(u.side == side and u.kind != UnitType.DRAGON for u in pos.at(h)))

    def _jewel_left(self) -> str | None:
        return next((j.id for j in self.state.position.jewels.values() if j.hex is None and j.delivered_to is None), None)

    def _search_points(self, side: str, hex_: str) -> int:
        """The search points of the units in `hex_` (7.41), the crystal ball's added (10.56)."""
        points = sum(SEARCH_POINTS[u.kind] for u in self.state.position.at(hex_))
        return points + CRYSTAL_BALL_SP if self.state.position.sides[side].crystal_ball else points

    def _search_problem(self, side: str, hex_: str) -> Refusal | None:
        """Why `side` may not search `hex_`, or None: every check `_do_search` makes, none
        changing anything, so the legal list asks it of each hex instead of trying each on
        a clone (issue 26)."""
        pos = self.state.position
        searchers = pos.at(hex_)
        if searchers and all(u.kind == UnitType.DRAGON for u in searchers):
            return Refusal("sjg.refused.dragon_searches")
        if hex_ not in self._searchable():
            return Refusal("sjg.refused.not_searchable", hex=hex_)
        if search_target(len(pos.miasma.hexes), self._search_points(side, hex_)) is None:
            return Refusal("sjg.refused.no_search_points")
        return None

    def _do_search(self, act: A.Search, decision: Decision) -> None:
        pos = self.state.position
        refused = self._search_problem(act.side, act.hex)
        if refused is not None:
            raise refused
        points = self._search_points(act.side, act.hex)
        target = search_target(len(pos.miasma.hexes), points)
        assert target is not None, "a hex without search points is refused (_search_problem)"
        self.state.searched.add(act.hex)
        roll = self._roll(2, "search")
        self._say("sjg.searched", side=act.side, hex=act.hex, points=points, target=target, roll=roll)
        if roll >= target:
            pos.miasma.searched_out.add(act.hex)
            if self._roll(1, "jewel_there") <= 2:
                jid = self._jewel_left()
                assert jid is not None, "a hex is searchable only while a Jewel is left (8.4)"
                pos.jewels[jid].hex = act.hex
                pos.miasma.jewels_found += 1
                pos.miasma.new_direction = True
                pos.miasma.teleport_pending = "miasma_teleport" in self.options.optional
                self._say("sjg.jewel_found", side=act.side, jewel=jid, hex=act.hex)
            else:
                self._say("sjg.hex_empty", hex=act.hex)
            if pos.miasma.demon_counter == act.hex:
                pos.miasma.demon_counter, pos.miasma.demon = None, act.hex
                self._say("sjg.demon_unleashed", hex=act.hex)
                self._demon_strikes(act.hex)

    def _settle_search(self) -> None:
        """The search decision offers a search while some hex can still be searched
        (a retreat from the demon can bring units into another Miasma hex)."""
        decision = self.pending
        if decision is not None and decision.kind == "search":
            decision.accepts = PHASE_ACTIONS["search"] if self._searchable() else ("end",)

    def _move_miasma(self) -> None:
        """10.2 movement and 10.3 teleport, at the beginning of a player-turn."""
        pos, m = self.state.position, self.state.position.miasma
        if not m.hexes:
            return
        if m.teleport_pending:
            m.teleport_pending = False
            point = pos.board.points[MIASMA_POINTS[self._roll(1, "miasma_teleport")]]
            assert m.centre is not None, "a Miasma with hexes has a centre (7.2)"
            self._shift_miasma(_delta(m.centre, point))
            return
        if "miasma_movement" not in self.options.optional:
            return
        if m.direction is None or m.new_direction:
            m.direction = self._miasma_direction()
            m.new_direction = False
        if not self._shift_miasma(AXIAL_STEP[m.direction]) or any(pos.board.grid.is_edge(h) for h in m.hexes):
            m.new_direction = True  # 10.2: at a map edge, a new direction next turn

    def _miasma_direction(self) -> int:
        """10.2: one die on the map's compass; ruling: a direction that would take the
        Miasma off the map is rolled again."""
        hexes = self.state.position.miasma.hexes
        for _ in range(60):
            d = self._roll(1, "miasma_direction")
            if all(_offset(h, AXIAL_STEP[d]) in self.state.position.board.hexes for h in hexes):
                return d
        return d

    def _shift_miasma(self, delta: tuple[int, int]) -> bool:
        pos, m = self.state.position, self.state.position.miasma
        moved = {_offset(h, delta) for h in m.hexes}
        if any(h not in pos.board.hexes for h in moved):
            return False  # 10.2: never off the map
        m.hexes = moved
        assert m.centre is not None, "a Miasma with hexes has a centre (7.2)"
        m.centre = _offset(m.centre, delta)
        # the demon's counter, or the demon, drifts with the mist (ruling)
        m.demon_counter = m.demon_counter and _offset(m.demon_counter, delta)
        m.demon = m.demon and _offset(m.demon, delta)
        self._say("sjg.miasma_drifts", centre=m.centre)
        return True

    def _deliver_jewels(self) -> None:
        """8.1: a Jewel in its Necromancer's hex is his; roll its power at once."""
        pos = self.state.position
        for side in SIDES:
            necro = pos.necromancer(side)
            if necro is None:
                continue
            for jewel in pos.jewels_at(necro.hex):
                jewel.delivered_to, jewel.hex = side, None
                effect = jewel_effect(self._roll(2, "jewel_power", jewel=jewel.id))
                jewel.effect = effect.value
                apply_jewel(pos.sides[side], effect)
                self._say("sjg.jewel_taken", side=side, jewel=jewel.id, effect=effect.value)



def apply_jewel(side: Side, effect: JewelEffect) -> None:
    side.free_attempts += effect.free_attempts
    if effect == JewelEffect.NECROMANCER_MOVEMENT:
        side.necromancer_mp += 1
    elif effect == JewelEffect.SKELETON_STRENGTH:
        side.skeleton_bonus += 1
    elif effect == JewelEffect.CONVERSION_POINTS:
        side.cp += JEWEL_CP
    elif effect == JewelEffect.ZOMBIE_MOVEMENT:
        side.zombie_mp += 1
    elif effect == JewelEffect.WRAITH_MOVEMENT_PHASE:
        side.wraith_phases += 1
    elif effect == JewelEffect.NECROMANCER_HALVED:
        side.necromancer_halved += 1


def _delta(a: str, b: str) -> tuple[int, int]:
    (aq, ar), (bq, br) = to_axial(a), to_axial(b)
    return bq - aq, br - ar


def _offset(h: str, delta: tuple[int, int]) -> str:
    q, r = to_axial(h)
    return from_axial(q + delta[0], r + delta[1])
