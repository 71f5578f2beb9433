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

A game may also offer, and callers check with `getattr` before using: `option_descriptions()`
(every option `new` takes, `core.games.options`; `core.games.new` refuses any other, so a
game describing none takes none), `preview(player, action)` (what a
legal roll faces before its dice: odds, modifiers, the table row), `cost(player, action)` (what
a legal action forfeits: units lost, a Jewel left, moves given up, each with its rule and a
sentence; empty when nothing), `default_action(player)`
(what the games master's `process` plays for a side that lets a deadline pass),
`seat_names(lang)` (how reasons worded in that language name the seats), `waiting_for()`
(those of `to_act()` the phase still waits for: in a game whose players may revise their
orders until the phase is processed, as Diplomacy's `drafts`, a player who gave them all
may act but is waited for no more; without it, everyone in `to_act()`) and `public_map`
(the fixed board a view names only by id and digest, for renderers, terminals and bots;
it holds nothing hidden).

Dice belong to the game (`core.dice.Dice`, seeded from the record); chance is never a
player, rolls happen inside `act` and are reported through the views.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Protocol, runtime_checkable

from warjudge.core.errors import IllegalAction
from warjudge.core.record import GameRecord

GM = "gm"  # the games master's pseudo-seat: `act(GM, …)` forces the game on

Action = dict[str, Any]   # a JSON object with a "type" key
View = dict[str, Any]     # a JSON object


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

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "draw": self.draw, "reason": self.reason,
                "scores": dict(self.scores)}


@runtime_checkable
class Game(Protocol):
    """The interface; see the module docstring. Implementations also provide the class
    methods `new(seed, **options)` and `from_record(record)` that the registry calls."""

    game_id: ClassVar[str]
    record: GameRecord

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


def waiting_for(game: Game) -> tuple[str, ...]:
    """The players the game still waits for this phase (its `waiting_for()` if it has one)."""
    own = getattr(game, "waiting_for", None)
    return tuple(own()) if callable(own) else game.to_act()


__all__ = ["GM", "Action", "Decision", "Game", "IllegalAction", "Outcome", "View", "waiting_for"]
