"""Every registered game as an OpenSpiel game: `import warjudge.openspiel` registers them as
`warjudge_<id>` (`warjudge_diplomacy`, `warjudge_necromancer_diplomacy`,
`warjudge_necromancer_sjg`, `warjudge_gondor`, `warjudge_sauron`), so OpenSpiel's own
algorithms (MCTS, IS-MCTS, `evaluate_bots`) play them. Needs the optional extra
`warjudge[openspiel]`.

How the one interface (core/game.py) maps onto OpenSpiel's:
- **Turns**: sequential. Simultaneous choices (Diplomacy orders, secret set-ups) are served
  one player at a time, the first of those the game still waits for, each answer hidden
  from the others by the game's own views: imperfect information.
- **Actions**: an action id is the index of a JSON action in the player's current
  `legal_actions` list (at most `MAX_ACTIONS`); `decode` gives the JSON action.
- **Chance**: sampled, not explicit. The games roll their dice inside `act`, from a source
  the game owns; a state's clone rolls fresh dice (`clone(reseed=True)`), so a search
  through clones never foresees the real game's rolls.
- **Observations**: the observation string is the player's own view as canonical JSON;
  the information state string adds the player's own actions so far (perfect recall);
  the observation tensor is the fixed-size hashed encoding of the view that the PettingZoo
  env uses (`core.pettingzoo_env.encode_view`). Nothing holds the seed or another seat's
  secrets.
- **Parameters**: the game's scalar options (choice, bool, int; 0 for an int means "the
  game's default"). Options that need a games master (`gm_adjudicates`, `drafts`) or a
  data file are left out.
- **Returns** at the end only: +1 for a sole winner, 0 for each player sharing a draw,
  -1 for everyone else (`end_rewards`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from warjudge.core import games
from warjudge.core.game import Action, Game
from warjudge.core.pettingzoo_env import FEATURES, MAX_ACTIONS, encode_view, end_rewards
from warjudge.core.record import canonical_json

LEFT_OUT = frozenset({"gm_adjudicates", "drafts"})   # need a games master to process phases
MAX_GAME_LENGTH = 1_000_000


def short_name(game_id: str) -> str:
    return "warjudge_" + game_id.replace("-", "_")


def parameters(game_id: str) -> dict[str, Any]:
    """The game's scalar options as OpenSpiel parameters with their defaults."""
    params: dict[str, Any] = {}
    for option in games.options(game_id):
        if option.name in LEFT_OUT:
            continue
        if option.kind == "choice":
            params[option.name] = str(option.default)
        elif option.kind == "bool":
            params[option.name] = bool(option.default)
        elif option.kind == "int":
            params[option.name] = int(option.default or 0)
    return params


def _options(game_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """The options `games.new` takes for these parameters (an int of 0: not given)."""
    wanted = {**parameters(game_id), **params}
    return {k: v for k, v in wanted.items() if not (isinstance(v, int) and not isinstance(v, bool) and v == 0)}


class WarjudgeGame(pyspiel.Game):
    """One registered warjudge game, for OpenSpiel."""

    game_id = ""   # each registered game is a subclass naming its game (`register_all`)

    def __init__(self, params: dict[str, Any] | None = None):
        game_id = self.game_id
        self.options = _options(game_id, dict(params or {}))
        games.check_options(game_id, self.options)
        self.players = games.new(game_id, seed=0, **self.options).players
        info = pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=0,
                                num_players=len(self.players), min_utility=-1.0, max_utility=1.0,
                                utility_sum=None, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(game_id), info, dict(params or {}))
        self._seeds = random.Random()

    def new_initial_state(self) -> WarjudgeState:
        return WarjudgeState(self, games.new(self.game_id, seed=self._seeds.getrandbits(128), **self.options))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class WarjudgeState(pyspiel.State):
    """A game in progress: the warjudge game it owns, and each player's own actions."""

    def __init__(self, spiel_game: WarjudgeGame, game: Game, own: tuple[list[str], ...] | None = None):
        super().__init__(spiel_game)
        self.held = Held(game)
        self.players = spiel_game.players
        self.own = own or tuple([] for _ in self.players)
        self.acting: int | None = None   # who acts now, known until the next action

    @property
    def game(self) -> Game:
        return self.held.game

    def current_player(self) -> int:
        if self.acting is None:   # OpenSpiel asks several times per step; the game works it out once
            waiting = () if self.game.is_over else self.game.waiting_for() or self.game.to_act()
            self.acting = self.players.index(waiting[0]) if waiting else int(pyspiel.PlayerId.TERMINAL)
        return self.acting

    def legal(self, player: int) -> list[Action]:
        return self.game.legal_actions(self.players[player])[:MAX_ACTIONS]

    def decode(self, player: int, action: int) -> Action:
        legal = self.legal(player)
        if not 0 <= action < len(legal):
            raise pyspiel.SpielError(f"action {action} is not legal for {self.players[player]} now "
                                     f"({len(legal)} legal actions)")
        return legal[action]

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.legal(player))))

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        chosen = self.decode(player, action)
        self.game.act(self.players[player], chosen)
        self.acting = None
        self.own[player].append(canonical_json(chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        return canonical_json(self.decode(player, action))

    def is_terminal(self) -> bool:
        return self.game.is_over

    def returns(self) -> list[float]:
        outcome = self.game.outcome()
        if outcome is None:
            return [0.0] * len(self.players)
        rewards = end_rewards(self.players, outcome)
        return [rewards[p] for p in self.players]

    def observation_string(self, player: int | None = None) -> str:
        return canonical_json(self.game.view(self.players[self._who(player)]))

    def information_state_string(self, player: int | None = None) -> str:
        return self.observation_string(player) + "\n" + "\n".join(self.own[self._who(player)])

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return list(encode_view(self.game.view(self.players[self._who(player)])))

    def _who(self, player: int | None) -> int:
        """OpenSpiel's default player: the one acting now."""
        return self.current_player() if player is None else player

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> WarjudgeState:
        """A state `player` cannot tell from this one (what IS-MCTS searches over), from the
        game's own `sample_hidden`; a game without one says so rather than leak its secrets."""
        sample = self.game.sample_hidden(self.players[player], random.Random(int(probability_sampler() * 2 ** 53)))
        if sample is None:
            raise pyspiel.SpielError(f"{self.get_game().game_id} cannot sample what a player does not see, "
                                     "so IS-MCTS cannot search it; MCTS can")
        return WarjudgeState(self.get_game(), sample, tuple(list(o) for o in self.own))

    def __str__(self) -> str:
        """The games master's full view: for the person running the search, never a bot."""
        return canonical_json(self.game.view(None))



class Held:
    """The warjudge game a state owns. OpenSpiel clones a Python state by deep-copying its
    attributes: this one copies through the game's own `clone`, which rolls fresh dice
    (a search through clones cannot foresee the real game's rolls) and shares what never
    changes (the map, the past record)."""

    def __init__(self, game: Game):
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.game.clone(reseed=True))


class ViewObserver:
    """The observer OpenSpiel's generic code asks for: the player's view, hashed."""

    def __init__(self, iig_obs_type: Any):
        self.iig_obs_type = iig_obs_type
        self.tensor = np.zeros(FEATURES, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: WarjudgeState, player: int) -> None:
        self.tensor[:] = encode_view(state.game.view(state.players[player]))

    def string_from(self, state: WarjudgeState, player: int) -> str:
        if self.iig_obs_type.perfect_recall:
            return str(state.information_state_string(player))
        return str(state.observation_string(player))


def _game_type(game_id: str) -> Any:
    seats = len(games.new(game_id, seed=0).players)
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=games.info(game_id).title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats, min_num_players=seats,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters(game_id))


def register_all() -> list[str]:
    """Register every warjudge game not yet known to OpenSpiel; their short names."""
    known = set(pyspiel.registered_names())
    for game_id in games.ids():
        name = short_name(game_id)
        if name not in known:
            # a class, as OpenSpiel's own Python games register (a closure crashes the
            # interpreter's exit)
            pyspiel.register_game(_game_type(game_id), type(f"Warjudge_{name}", (WarjudgeGame,), {"game_id": game_id}))
    return [short_name(g) for g in games.ids()]


register_all()

__all__ = ["MAX_ACTIONS", "WarjudgeGame", "WarjudgeState", "parameters", "register_all", "short_name"]
