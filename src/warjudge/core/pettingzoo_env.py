"""Any registered game as a PettingZoo `AECEnv`, for reinforcement-learning tools.

Agents are the game's players. Whoever the game lists first in `to_act()` is the agent
selected next, so simultaneous decisions (Diplomacy orders, secret set-ups) are served in
turn, each player's answer staying hidden from the others by the game's own views.

- **Actions**: `Discrete(max_actions)` indexes the current `legal_actions(agent)` list in
  the game's own order; the observation's `action_mask` marks the indices that exist now.
  A list longer than `max_actions` (default `MAX_ACTIONS`, 4,096) is offered only up to
  that size. `decode(agent, index)` gives the JSON action an index stands for.
- **Observations**: `{"observation": float32[features], "action_mask": int8[max_actions]}`.
  The observation encodes the agent's own `view(agent)`, never anything else: each leaf
  of the view's JSON adds 1 to the feature its key path and value hash to (BLAKE2b,
  so the same view gives the same vector in every process). `view(agent)` returns the JSON
  view itself for tools that want it whole.
- **Rewards** come only at the end, from `outcome()`: +1 for a sole winner, 0 for each
  player sharing a draw, -1 for everyone else. `max_steps` truncates a game.

The env owns the game and therefore its dice: nothing it returns holds the seed.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from warjudge.core import games
from warjudge.core.errors import IllegalAction
from warjudge.core.game import Action, Game, Outcome, View
from warjudge.core.record import canonical_json

MAX_ACTIONS = 4096
FEATURES = 1024


def encode_view(view: Any, features: int = FEATURES) -> np.ndarray:
    """The bag of (key path, leaf value) features of a JSON view, hashed into `features` bins."""
    vector = np.zeros(features, dtype=np.float32)
    for token in _tokens(view, ""):
        digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
        vector[int.from_bytes(digest, "big") % features] += 1.0
    return vector


def _tokens(value: Any, path: str) -> list[str]:
    if isinstance(value, dict):
        return [t for key, item in value.items() for t in _tokens(item, f"{path}/{key}")]
    if isinstance(value, list):
        return [t for item in value for t in _tokens(item, f"{path}[]")] or [f"{path}[]"]
    return [f"{path}={json.dumps(value, sort_keys=True)}"]


def end_rewards(players: tuple[str, ...], outcome: Outcome) -> dict[str, float]:
    if outcome.draw:
        return {p: 0.0 if p in outcome.winners else -1.0 for p in players}
    return {p: 1.0 if p in outcome.winners else -1.0 for p in players}


class GameEnv(AECEnv):
    """A registered game as an AEC environment; see the module docstring."""

    metadata = {"name": "warjudge_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_id: str, options: dict[str, Any] | None = None, max_actions: int = MAX_ACTIONS,
                 features: int = FEATURES, max_steps: int | None = None, render_mode: str | None = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.game_id = games.info(game_id).id
        self.options = dict(options or {})
        self.max_actions, self.features, self.max_steps = max_actions, features, max_steps
        self.render_mode = render_mode
        self.possible_agents = list(games.new(self.game_id, seed=0, **self.options).players)
        self._observation_spaces = {a: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, np.inf, (features,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (max_actions,), np.int8)}) for a in self.possible_agents}
        self._action_spaces = {a: gymnasium.spaces.Discrete(max_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game: Game | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. `seed` fixes it (and the seeds of the resets after it, which draw
        from it); `options` is PettingZoo's per-reset argument, unused: the game's options
        are fixed when the env is made."""
        if seed is not None:
            self._seeds = random.Random(f"warjudge-env:{seed}")
        self.game = games.new(self.game_id, seed=self._seeds.getrandbits(128), **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self.game.to_act()[0]

    def _game(self) -> Game:
        if self.game is None:
            raise IllegalAction("call reset() before using the environment")
        return self.game

    def legal(self, agent: str) -> list[Action]:
        return self._game().legal_actions(agent)[: self.max_actions]

    def decode(self, agent: str, index: int) -> Action:
        """The JSON action `index` stands for now."""
        legal = self.legal(agent)
        if not 0 <= index < len(legal):
            raise IllegalAction(f"action {index} is not legal for {agent} now ({len(legal)} legal actions)")
        return legal[index]

    def view(self, agent: str) -> View:
        return self._game().view(agent)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = np.zeros(self.max_actions, dtype=np.int8)
        mask[: len(self.legal(agent))] = 1
        return {"observation": encode_view(self.view(agent), self.features), "action_mask": mask}

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        game, agent = self._game(), self.agent_selection
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalAction(f"an action is the index of a legal action, not {action!r:.40}")
        game.act(agent, self.decode(agent, int(action)))
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        outcome = game.outcome()
        if outcome is not None:
            self.rewards = end_rewards(tuple(self.agents), outcome)
            self.terminations = {a: True for a in self.agents}
        else:
            self._clear_rewards()
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.truncations = {a: True for a in self.agents}
        self.agent_selection = self.agents[0] if game.is_over or self.truncations[agent] else game.to_act()[0]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The games master's full view as JSON text (mode "ansi"): for the person running
        the env, never for an agent."""
        return canonical_json(self._game().view(None)) if self.render_mode == "ansi" else None

    def close(self) -> None:
        self.game = None


__all__ = ["FEATURES", "MAX_ACTIONS", "GameEnv", "encode_view", "end_rewards"]
