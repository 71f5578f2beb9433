"""SJG Necromancer on the one game interface (core.game, issue 12): seats, who acts,
the decision, the legal actions, the typed JSON view with its hidden marks, the
outcome and a fast clone. The rules stay in game.py and the modules it calls."""

from __future__ import annotations

import random
import weakref
from typing import TYPE_CHECKING, Any, ClassVar, cast

from warjudge.core.events import Event, Refusal
from warjudge.core.game import Decision, Outcome
from warjudge.core.json_types import EventJson
from warjudge.core.visibility import HIDDEN_FROM, redacted
from warjudge.hexwar.sjg.board import map_digest
from warjudge.hexwar.sjg.costs import action_cost
from warjudge.hexwar.sjg.parts import GameParts
from warjudge.hexwar.sjg.state import SIDES, WIZARDS, other
from warjudge.hexwar.sjg.tables import UnitType
from warjudge.hexwar.sjg.view_types import BoardId, ChoiceSecret, ItemJson, MiasmaJson, SetUpSecret, SjgView, UnitJson

if TYPE_CHECKING:
    from warjudge.hexwar.hexmap import HexMap
    from warjudge.hexwar.sjg.game import SjgNecromancerGame
    from warjudge.hexwar.sjg.state import Position, Unit



class SjgInterface(GameParts):
    """The interface methods, mixed into SjgNecromancerGame (the only class that has it)."""

    game_id: ClassVar[str] = "necromancer-sjg"
    family: ClassVar[str] = "sjg"

    @property
    def _game(self) -> "SjgNecromancerGame":
        """This object as the game it is mixed into, for the functions that take the game."""
        return cast("SjgNecromancerGame", self)

    @property
    def players(self) -> tuple[str, ...]:
        return SIDES

    def to_act(self) -> tuple[str, ...]:
        """The queue's head; both sides while both owe a secret answer (10.5, 9.1)."""
        if self.is_over or not self.state.queue:
            return ()
        head = self.state.queue[0]
        if head.info.get("simultaneous"):
            owing = ({s for s in SIDES if s not in self.state.deployed} if head.kind == "deploy"
                     else {d.player for d in self.state.queue if d.kind == head.kind})
            return tuple(s for s in SIDES if s in owing)
        return (head.player,)

    def decision(self, player: str) -> Decision | None:
        if player not in self.to_act():
            return None
        d = self._decision_for(player)
        info = {"accepts": list(d.accepts), **_json(d.info)}
        if d.kind == "deploy":  # what the side still has to set up (its forces are public)
            from warjudge.hexwar.sjg.deploy import still_to_place

            info["to_place"] = {str(k): n for k, n in sorted(still_to_place(self._game, player).items()) if n}
        return Decision(player, d.kind, info)

    def _compute_legal(self, player: str) -> list[dict[str, Any]]:
        """The list (legal.py), and the plain moves in it kept beside it (`_listed_walk`)."""
        from warjudge.hexwar.sjg.legal import legal_actions

        stamp = self._stamp()
        if self._walks is None or self._walks[0] != stamp:
            self._walks = (stamp, {})
        walks = self._walks[1][player] = {}
        return legal_actions(self._game, player, walks)

    def legal_groups(self, player: str) -> dict[str, Any]:
        """The legal actions grouped (legal.py `legal_groups`: each group's plain moves as
        the hexes it reaches), made once per position and player like the list, without
        one action per move: what a cheap listing, the forced pass and `end`'s cost read."""
        from warjudge.hexwar.sjg.legal import legal_groups

        stamp = self._stamp()
        if self._groups_kept is None or self._groups_kept[0] != stamp:
            self._groups_kept = (stamp, {})
        found = self._groups_kept[1].get(player)
        if found is None:
            if self._walks is None or self._walks[0] != stamp:
                self._walks = (stamp, {})
            walks = self._walks[1][player] = {}
            found = self._groups_kept[1][player] = legal_groups(self._game, player, walks)
        return found

    def _listed_walk(self, side: str, units: list[int], path: list[str]) -> bool:
        """Whether `legal_actions` listed this move (no Jewel, no suicide) for this very
        position in its usual case (legal.listed_walk): `act` then need not check it again."""
        from warjudge.hexwar.sjg.legal import listed_walk

        kept = self._walks
        walks = kept[1].get(side) if kept is not None and kept[0] == self._stamp() else None
        return walks is not None and listed_walk(walks, units, path)

    def preview(self, player: str, action: dict[str, Any]) -> dict[str, Any] | None:
        """What a legal attack faces before its dice: odds column, modifiers, the CRT row
        (issue 14: shown before the attack is committed); None for anything else."""
        from warjudge.hexwar.sjg.preview import attack_preview

        return attack_preview(self._game, player, action) if action in self.legal_actions(player) else None

    def cost(self, player: str, action: dict[str, Any]) -> list[dict[str, Any]]:
        """What one of the player's legal actions now forfeits (units lost over a cliff or
        beyond a result's count, Jewels left, moves given up), each with its rule and a
        sentence; empty for a safe action (issue 24). Asked of every action of a listing
        (thousands in a movement phase): imported once, not at each call, which cost 3 µs."""
        return action_cost(self._game, player, action)

    def sample_hidden(self, player: str, rng: random.Random) -> "SjgNecromancerGame":
        """A reseeded game `player` cannot tell from this one, the other side's secret
        set-up and the demon's counter drawn from `rng` (sampling.py)."""
        from warjudge.hexwar.sjg.sampling import sample_hidden

        if player not in SIDES:
            raise ValueError(f"no side {player!r}; the sides are red and black")
        return sample_hidden(self._game, player, rng)

    def setup_plan(self, player: str, placements: dict[str, list[str]], fill: str | None = None,
                   like: dict[str, list[str]] | None = None) -> dict[str, Any]:
        """The seat's set-up drafted in full, checked and perhaps completed (formations.py),
        while its decision is the set-up; changes nothing."""
        from warjudge.hexwar.sjg.formations import setup_plan

        d = self.decision(player)
        if d is None or d.kind != "deploy":
            raise Refusal("sjg.refused.not_setting_up", side=player)
        return setup_plan(self._game, player, placements, fill, like)

    def outcome(self) -> Outcome | None:
        """2.21: the side whose Necromancer stands wins. At an agreed turn limit the side
        with more units leads (docs/rulings.md); equal counts are a draw."""
        if self.state.winner:
            return Outcome((self.state.winner,), "victory")
        if not self.state.turn_limit_reached:
            return None
        scores = {s: float(sum(1 for u in self.state.position.units.values() if u.side == s)) for s in SIDES}
        best = max(scores.values())
        leaders = tuple(s for s in SIDES if scores[s] == best)
        return Outcome(leaders, "turn-limit", draw=len(leaders) > 1, scores=scores)

    # --- the view -------------------------------------------------------------------------

    @property
    def public_map(self) -> "HexMap":
        """The map the game is played on: public and fixed for the whole game (no hidden
        information), for renderers and terminals, which draw a view on it."""
        return self.state.position.board

    def board_id(self) -> BoardId:
        if self._board_id is None:
            board = self.state.position.board
            self._board_id = {"name": str(board.spec.get("name", "necromancer")), "sha256": map_digest(board.spec)}
        return self._board_id.copy()

    def phase_name(self) -> str | None:
        """The view's phase, without building the view (each submission checks it)."""
        phase = self._game.phase
        return None if phase is None else str(phase)

    def view(self, player: str | None = None) -> SjgView:
        """The full view without what `player` may not see."""
        if player is not None and player not in SIDES:
            raise ValueError(f"no side {player!r}; the sides are red and black")
        full = _full_view(self._game)
        if player is None:
            return full.copy()
        rest = {k: v for k, v in full.items() if k != "events"}   # redacted once each, as they come
        seen = {**redacted(rest, player), "viewer": player, "events": _events_seen(self._game, player)}
        return cast(SjgView, seen)   # the same keys, less what the player may not see

    # --- search -------------------------------------------------------------------------

    def _cloned(self, twin: "SjgInterface") -> None:
        """The state cloned from is remembered, for the copy's first undo to borrow
        (game.py, `_before_change`); the undo history's saved states (never changed) are
        shared; the events seen, the plain moves of the legal lists and the groups carried over."""
        twin._origin, twin._lent = (self._game, self.state, self.record.action_count()), None
        twin.undo_stack = list(self.undo_stack)
        _carry_events_seen(self._game, twin._game)
        kept = self._walks
        twin._walks = (twin._stamp(), dict(kept[1])) if kept is not None and kept[0] == self._stamp() else None
        grouped = self._groups_kept   # never the same dict: each copy keeps its own positions' groups
        twin._groups_kept = (twin._stamp(), dict(grouped[1])) if grouped is not None and grouped[0] == self._stamp() else None


def _json(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_json(v) for v in (sorted(value) if isinstance(value, set) else value)]
    return value


def _screened(game: "SjgNecromancerGame") -> dict[str, list[str]]:
    """Side -> who may not see its units yet: during a simultaneous set-up, a side that
    has deployed is hidden from the other until both have (9.1)."""
    if game.is_over or not game.state.queue or game.state.queue[0].kind != "deploy" or game.scenario.deploy_order:
        return {}
    return {s: [other(s)] for s in SIDES if s in game.state.deployed}


# game -> viewer -> (the event log's marker and length when made, its events as that viewer
# sees them, those hidden from it left out). Events are only ever appended, so each is
# redacted once per viewer, not at every view: a bot looks at the view before each action
# and a late game has a thousand events. A list is replaced, never changed, and a clone
# starts from its original's (`_carry_events_seen`): the same events, seen the same way;
# what either appends afterwards only it holds, and a list that does not lead to a game's
# own log (`Log.after`) is made again from that log.
_EVENTS: "weakref.WeakKeyDictionary[Any, dict[str | None, tuple[object, int, list[EventJson]]]]" = \
    weakref.WeakKeyDictionary()


def _events_seen(game: "SjgNecromancerGame", viewer: str | None) -> list[EventJson]:
    """The game's events as `viewer` may see them (each through `redacted`, like the rest
    of the view). The event objects are shared between views: read them, do not change them."""
    lists = _EVENTS.setdefault(game, {})
    events, kept = game.events, lists.get(viewer)
    new = events.after(kept[0], kept[1]) if kept is not None else None
    seen = kept[2] if kept is not None and new is not None else []
    if new is None:   # nothing kept, or kept for another log
        new = list(events)
    if new:
        seen = seen + [e for e in (_event_seen(event, viewer) for event in new) if e is not None]
    lists[viewer] = (events.marker(), len(events), seen)
    return list(seen)


def _event_seen(event: Event, viewer: str | None) -> EventJson | None:
    data = event.to_json()
    return data if viewer is None else None if viewer in data.get(HIDDEN_FROM, ()) else redacted(data, viewer)


def _carry_events_seen(game: "SjgNecromancerGame", clone: "SjgNecromancerGame") -> None:
    """A clone sees its past as its original does: it starts from the original's lists."""
    lists = _EVENTS.get(game)
    if lists:
        _EVENTS[clone] = dict(lists)


def _unit_facts(pos: "Position", unit: "Unit", figures: dict[Any, dict[str, Any]]) -> dict[str, Any]:
    """What the table shows every player of a unit: its counter's figures as the
    Conversion Track sets them this turn (3.1, 5.2: strength, resistance; 4.1: movement
    allowance; a wizard's Sword or Bow, 10.57-10.58, counted in), and the hexes its zone
    of control reaches (4.3: not across a cliff, not into or out of the Miasma, 7.3).
    `resistance` is None for a unit no conversion can take (5.2, 10.52-10.54).
    `figures` keeps them per side and kind for one view (only a wizard's items differ)."""
    key = (unit.side, unit.kind, unit.id if unit.kind in WIZARDS else None)
    found = figures.get(key)
    if found is None:
        found = figures[key] = {"direct": pos.direct_strength(unit), "indirect": pos.indirect_strength(unit),
                                "defence": pos.defence_strength(unit), "movement": pos.movement_allowance(unit),
                                "resistance": pos.resistance(unit)}
    return {**found, "zone": [n for n in pos.board.neighbours(unit.hex) if pos.zoc_reaches(unit.hex, n)]}


def _full_view(game: "SjgNecromancerGame") -> SjgView:
    from warjudge.hexwar.sjg.views import _side

    pos = game.state.position
    screened = _screened(game)

    def mark(obj: dict[str, Any], hidden: list[str]) -> Any:   # a UnitJson or ItemJson, marked
        return {**obj, HIDDEN_FROM: hidden} if hidden else obj

    figures: dict[Any, dict[str, Any]] = {}
    units: list[UnitJson] = [mark({"id": u.id, "kind": u.kind.value, "side": u.side, "hex": u.hex, **_unit_facts(pos, u, figures)},
                  [] if u.kind == UnitType.NECROMANCER else screened.get(u.side, []))
             for u in sorted(pos.units.values(), key=lambda u: u.id)]
    items: list[ItemJson] = []
    for item in sorted(pos.items.values(), key=lambda i: i.id):
        holder = pos.units.get(item.holder) if item.holder is not None else None
        items.append(mark({"id": item.id, "holder": item.holder, "hex": holder.hex if holder else item.hex,
                           "side": holder.side if holder else None},
                          screened.get(holder.side, []) if holder else []))
    m = pos.miasma
    miasma: MiasmaJson = {"hexes": sorted(m.hexes), "centre": m.centre, "searched_out": sorted(m.searched_out),
                              "jewels_found": m.jewels_found, "demon": m.demon,
                              # 8.4: how many Jewels the Miasma still hides (which powers they hold stays secret)
                              "jewels_left": sum(1 for j in pos.jewels.values() if j.hex is None and j.delivered_to is None)}
    if m.demon_counter is not None:  # 10.4: face down; nobody knows which counter it is
        miasma["demon_counter"] = {"hex": m.demon_counter, HIDDEN_FROM: list(SIDES)}
    if "miasma_demon" in game.options.optional:  # that it still lies face down is public
        miasma["demon_hidden"] = m.demon_counter is not None
    secrets: list[ChoiceSecret | SetUpSecret] = [{"kind": "choice", "side": s, "items": list(c), HIDDEN_FROM: [other(s)]}
                                     for s, c in sorted(game.state.choices.items())]
    secrets += [{"kind": "set-up", "side": s, "placements": [[k, h] for k, h in d], HIDDEN_FROM: [other(s)]}
                for s, d in sorted(game.state.drafts.items()) if d]
    outcome = game.outcome()
    options = game.options.model_dump(exclude={"map"})
    return {
        "game": game.game_id, "viewer": None, "board": game.board_id(), "scenario": game.scenario.name,
        "options": options, "turn": game.state.turn, "phasing": game.state.phasing, "phase": game.phase,
        "to_act": list(game.to_act()),
        "decisions": [{"player": d.player, "kind": d.kind, "accepts": list(d.accepts), "info": _json(d.info)}
                      for d in game.state.queue],
        "units": units,
        "jewels": [{"id": j.id, "hex": j.hex, "delivered_to": j.delivered_to, "effect": j.effect}
                   for j in pos.jewels.values() if j.hex is not None or j.delivered_to is not None],
        "items": items, "miasma": miasma, "sides": {s: _side(game, s) for s in SIDES},
        "secrets": secrets,
        "recent_moves": [] if screened else game.recent_moves(),
        "outcome": outcome.to_json() if outcome else None,
        # what happened, as data (core.events); one a side may not learn of is marked hidden
        "events": _events_seen(game, None),
    }

