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

import json
import random
from typing import Any, ClassVar, cast

from warjudge.core.errors import InputError
from warjudge.core.events import Refusal
from warjudge.core.game import Action, Outcome
from warjudge.core.games import MAX_FILE_OPTION_BYTES, Option
from warjudge.core.record import GameRecord
from warjudge.core.visibility import redacted
from warjudge.hexwar.gondor_sauron import cauldrons, melee
from warjudge.hexwar.gondor_sauron.battle import MOST_TURNS
from warjudge.hexwar.gondor_sauron.charts import Charts, default_charts, load_charts
from warjudge.hexwar.gondor_sauron.game_state import GondorSauronState
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.scenario import scenario_from_content, shipped
from warjudge.hexwar.gondor_sauron.turn_sequence import TurnSequence
from warjudge.hexwar.gondor_sauron.units import SAURON, SIDES, other
from warjudge.hexwar.gondor_sauron.view_types import GondorView
from warjudge.hexwar.hexmap import HexMap

PLAYERS = SIDES
OPTIONS = ("scenario", "charts", "max_turns")


class GondorSauronGame(TurnSequence):
    """One battle; the class is registered twice, as `gondor` and as `sauron`. Its rules
    are the phase parts TurnSequence assembles (turn_sequence.py, each part's module
    phase_*.py, all on battle.py's `Battle`, the hex template hexwar/hexgame.py); here
    the battle is set up from its options and answers the interface: the view, the
    outcome, previews, costs and samples for search."""

    game_id: ClassVar[str] = "gondor"
    family: ClassVar[str] = "gs"

    def __init__(self, record: GameRecord):
        options = dict(record.options)
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise Refusal("gs.refused.unknown_options", unknown=unknown, known=list(OPTIONS))
        self.scenario = (scenario_from_content(options["scenario"]) if "scenario" in options
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
        super().__init__(record)
        units, ldrs = self.scenario.pieces()
        ped = self.scenario.spec.pedestal
        self.pedestal = (ped.leader, ped.hex) if ped else None
        to_come = self.scenario.arrivals()
        self.entry_of = {p.id: list(g.entry) for g in self.scenario.spec.reinforcements for p in to_come[g.group]}
        self.state = GondorSauronState(
            Position(self.scenario.hexmap(), charts, units, ldrs, engines=self.scenario.engines(),
                     cauldrons=self.scenario.cauldrons()),
            to_come, dict(self.scenario.spec.demoralization_levels))
        self._facts, self._reach, self._plan = (None, None), (None, {}), (None, None)   # phase_movement.py
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

    def _cloned(self, twin: "GondorSauronGame") -> None:
        twin._reach = (self._reach[0], dict(self._reach[1]))

    # --- the interface --------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    def legal_actions(self, player: str) -> list[Action]:
        """Kept per position (hexwar/hexgame.py); each action a copy the caller may change."""
        return [dict(a) for a in super().legal_actions(player)]

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

    # --- 4.28, 5.0: stacking is met at the end of the Movement Phase -------------------------

    # --- applying an action ---------------------------------------------------------------

    # --- the sequence of play -------------------------------------------------------------









class SauronGame(GondorSauronGame):
    game_id: ClassVar[str] = "sauron"


__all__ = ["GondorSauronGame", "SauronGame"]
