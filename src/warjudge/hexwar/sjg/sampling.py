"""A game one side cannot tell from the real one (`sample_hidden`, issue 26): what an
information-set search (IS-MCTS) plays in place of the position it may not see.

What a side does not know in SJG Necromancer (views.py): the other side's secret set-up
while it deploys behind the screen (9.1) or chooses its items (10.5), which face-down
Miasma counter hides the demon (10.4, hidden from both sides), and the dice to come (a
sample rolls from a fresh seed, as every reseeded clone does; a Jewel's power is not
even rolled until it reaches a Necromancer, 8.1).

A secret set-up is sampled by replaying the record without the other side's hidden
actions of the current stage and letting that side act again at random, as far as the
sampling side can tell it went: deployed if it had deployed, its items chosen if it had
chosen; its unfinished drafts, which nothing shows, left out. The replay uses the real
seed, but the game handed out is a reseeded clone, so no roll to come is foreseen."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from warjudge.hexwar.sjg.state import other

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

SETUP_TYPES = ("place", "deploy", "undo")   # what a deploying side's record holds
TAKE_BACKS = ("undo", "retract")


def sample_hidden(game: "SjgNecromancerGame", player: str, rng: random.Random) -> "SjgNecromancerGame":
    """A reseeded game `player` sees exactly as it sees `game`, its secrets drawn from `rng`."""
    hidden = _hidden_setup(game, player)
    sample = _replayed_without(game, hidden, other(player), rng) if hidden else game
    sample = sample.clone()
    sample._origin = None   # its state changes here: its first undo may not borrow the one it was cloned from
    miasma = sample.state.position.miasma
    if miasma.demon_counter is not None:   # 10.4: any counter not yet turned over may hide him
        miasma.demon_counter = rng.choice(sorted(miasma.hexes - miasma.searched_out))
    return sample


def _hidden_setup(game: "SjgNecromancerGame", player: str) -> list[int]:
    """Indices in the record of the other side's actions of the current secret stage."""
    decision = game.state.queue[0] if game.state.queue and not game.is_over else None
    if decision is None or not decision.info.get("simultaneous"):
        return []
    rival, actions = other(player), game.record.actions
    if decision.kind == "choose":   # 10.5: its choice this round, if made
        if rival not in game.state.choices:
            return []
        return [max(i for i, a in enumerate(actions) if a.get("side") == rival and a["type"] == "choose")]
    hidden: list[int] = []
    for index in range(len(actions) - 1, -1, -1):   # the deployment: since the stage began
        action = actions[index]
        if action["type"] not in SETUP_TYPES:
            break
        if action.get("side") == rival:
            hidden.append(index)
    return sorted(hidden)


def _replayed_without(game: "SjgNecromancerGame", hidden: list[int], rival: str,
                      rng: random.Random) -> "SjgNecromancerGame":
    """The game replayed without the `hidden` actions, then the rival's secret stage
    finished at random as far as it had gone."""
    from warjudge.core import games

    record = game.record.restarted()
    skip = set(hidden)
    for index, action in enumerate(game.record.actions):
        if index not in skip:
            record.append(action)
    sample = games.load(record)
    assert isinstance(sample, type(game)), "a record replays as its own game"

    def done() -> bool:
        return rival in sample.state.deployed if rival in game.state.deployed else rival in sample.state.choices

    if rival in game.state.deployed or rival in game.state.choices:
        while not done():
            legal = sample.legal_actions(rival)
            sample.act(rival, rng.choice([a for a in legal if a["type"] not in TAKE_BACKS] or legal))
    return sample
