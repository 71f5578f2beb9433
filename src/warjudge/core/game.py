"""The one interface every warjudge game answers.

A caller (the CLI, a bot, the play server, a test) drives any registered game through
these few methods and nothing else, the way OpenSpiel drives a `State` or python-chess a
`Board`:

- `players`: the seats, fixed for the whole game;
- `to_act()`: who may act now. Several players at once for simultaneous orders, secret
  set-ups and secret choices; empty once the game is over. The games master (`GM`) is
  never in it: it acts only to force the game on (adjudicate a phase, declare a draw);
- `decision(player)`: what the player is asked (a kind code and JSON parameters);
- `legal_actions(player)`: every legal answer, as JSON actions. The list is complete:
  `act` accepts exactly these (a game may also accept an equivalent spelling of one of
  them, such as an order typed in another language, never anything the list lacks);
- `act(player, action)`: checks completely, then changes the game and appends the action
  to the record; a refused action raises `IllegalAction` and changes nothing;
- `view(player)`: a JSON-serialisable observation holding only what that player may
  know; `view(None)` is the games master's full view;
- `is_over`, `outcome()`;
- `clone(reseed=True)`: an independent copy for search. A reseeded clone rolls fresh dice
  from the operating system's secure source, so nothing holding a clone can foresee the
  real game's future rolls; `reseed=False` gives an exact copy (tests, GM tools);
- `record`: the header and action log that `warjudge.core.games.load` replays.

Every optional capability is declared on `Game` with a default, so a caller simply
calls it (python-chess's hooks, OpenSpiel's `GameType.provides_*`); a game class
inherits `Game` and overrides those it offers, and `GameInfo.capabilities()` names them:
`option_descriptions()` (every option `new` takes, `core.games.options`; `core.games.new`
refuses any other, so a game describing none takes none), `preview(player, action)` (what a
legal roll faces before its dice: odds, modifiers, the table row; None: nothing to show),
`cost(player, action)` (what a legal action forfeits: units lost, a Jewel left, moves given
up, each with its rule and a sentence; empty when nothing), `default_action(player)`
(what the games master's `process` plays for a side that lets a deadline pass; None: the
game's own defaults), `seat_names(lang)` (how reasons worded in that language name the
seats; None: by their ids), `waiting_for()` (those of `to_act()` the phase still waits
for: in a game whose players may revise their orders until the phase is processed, as
Diplomacy's `drafts`, a player who gave them all may act but is waited for no more; by
default everyone in `to_act()`), `setup_plan(player, placements, fill, like)` (a set-up
drafted piece by piece, checked and completed; None: the game has no such set-up),
`sample_hidden(player, rng)` (a game the player cannot tell from this one, its secrets
redrawn from `rng`, for search over what it does not know, such as IS-MCTS; None: the game
cannot),
`public_map` (the fixed board a view names only by id and digest, for renderers,
terminals and bots; it holds nothing hidden; None: the view carries its whole board) and
`legal_groups(player)` (the legal actions with the moves grouped by the units that make
them, each group the hexes it may reach, a suicide's apart; by default none grouped).
`dice` is the game's `core.dice.Dice`, None for a game without chance.

Dice belong to the game (`core.dice.Dice`, seeded from the record); chance is never a
player, rolls happen inside `act` and are reported through the views.
"""

from __future__ import annotations

import random

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Protocol, runtime_checkable

from warjudge.core.dice import Dice
from warjudge.core.errors import IllegalAction
from warjudge.core.json_types import OutcomeJson
from warjudge.core.record import GameRecord

if TYPE_CHECKING:
    from warjudge.core.games import Option

GM = "gm"  # the games master's pseudo-seat: `act(GM, …)` forces the game on

Action = dict[str, Any]   # a JSON object with a "type" key
View = Mapping[str, Any]  # a JSON object; each game narrows it to its own TypedDict


@dataclass(frozen=True)
class Decision:
    """What a player is asked now. `kind` is a stable code ("orders", "retreats",
    "adjustments", "deploy", "move", "retreat", …); `info` holds the JSON facts a client
    needs to put the question (never anything the player may not see)."""

    player: str
    kind: str
    info: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "info": dict(self.info)}


@dataclass(frozen=True)
class Outcome:
    """How a game ended. `winners` is empty when nobody won (a draw shares it among the
    drawing players with `draw` set); `scores` are the game's own points, if any (Victory
    Points, supply centres); `reason` is a code ("victory", "draw", "turn-limit", …)."""

    winners: tuple[str, ...]
    reason: str
    draw: bool = False
    scores: Mapping[str, float] = field(default_factory=dict)

    def to_json(self) -> OutcomeJson:
        return {"winners": list(self.winners), "draw": self.draw, "reason": self.reason,
                "scores": dict(self.scores)}


@runtime_checkable
class Game(Protocol):
    """The interface; see the module docstring. The members with a body are the optional
    capabilities, defaulted: a game class inherits them and overrides those it offers.
    Implementations also provide the class methods `new(seed, **options)` and
    `from_record(record)` that the registry calls."""

    game_id: ClassVar[str]
    record: GameRecord
    dice: Dice | None = None

    @property
    def players(self) -> tuple[str, ...]: ...

    def to_act(self) -> tuple[str, ...]: ...

    def decision(self, player: str) -> Decision | None: ...

    def legal_actions(self, player: str) -> list[Action]: ...

    def act(self, player: str, action: Action) -> None: ...

    def view(self, player: str | None = None) -> View: ...

    @property
    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def clone(self, reseed: bool = True) -> "Game": ...

    # --- optional capabilities, with their defaults (CAPABILITIES) --------------------------

    @classmethod
    def option_descriptions(cls) -> tuple["Option", ...]:
        return ()

    def preview(self, player: str, action: Action) -> dict[str, Any] | None:
        return None

    def cost(self, player: str, action: Action) -> list[dict[str, Any]]:
        return []

    def default_action(self, player: str) -> Action | None:
        return None

    def forced_action(self, player: str) -> Action | None:
        """The one thing `player` may do, where it only passes on (an empty stage or
        phase) and the other players could know it is all they may do: the play server
        plays it for the seat, so nobody clicks through empty stages. None otherwise."""
        return None

    def seat_names(self, lang: str) -> dict[str, str] | None:
        return None

    def waiting_for(self) -> tuple[str, ...]:
        return self.to_act()

    def setup_plan(self, player: str, placements: dict[str, list[str]], fill: str | None = None,
                   like: dict[str, list[str]] | None = None) -> dict[str, Any] | None:
        return None

    def sample_hidden(self, player: str, rng: random.Random) -> "Game | None":
        return None

    @property
    def public_map(self) -> Any:
        return None

    def legal_groups(self, player: str) -> dict[str, Any]:
        """The legal actions grouped: `moves`, groups of units each with the hexes `to`
        which it has a move (its `action` without a `path`, `from` its hex), each such
        move's path in `paths[from][to]`, or for a group whose action is a suicide (SJG
        6.7) in `drops[from][to]`; a grouped move forfeits what `cost` says of its
        action, whatever the hex; every other legal action in `actions`, in
        `legal_actions`' order. A game whose moves are thousands (SJG) makes it without
        one action per move; by default nothing is grouped."""
        return {"actions": self.legal_actions(player), "moves": [], "paths": {}, "drops": {}}

    def pending_orders(self, player: str) -> dict[str, str]:
        """The orders `player` gave that wait for the phase's adjudication, by what each
        is for (a unit; an adjustment's slot): a bot continues its plan from them."""
        return {}

    def phase_name(self) -> str | None:
        """The phase as the game's views name it (Diplomacy's "S1902M"), None if they name
        none: what a request naming its phase is checked against. Not optional: a game
        whose full view is costly to build names it more cheaply."""
        phase = self.view(None).get("phase")
        return None if phase is None else str(phase)


CAPABILITIES = ("option_descriptions", "preview", "cost", "default_action", "forced_action", "seat_names", "waiting_for",
                "setup_plan", "sample_hidden", "public_map", "pending_orders", "legal_groups")


def provided(cls: type) -> frozenset[str]:
    """The optional capabilities a game class offers: those it defines rather than
    inheriting `Game`'s default."""
    return frozenset(name for name in CAPABILITIES
                     if next((k for k in cls.__mro__ if name in vars(k)), Game) is not Game)


__all__ = ["CAPABILITIES", "GM", "Action", "Decision", "Game", "IllegalAction", "Outcome", "View", "provided"]
