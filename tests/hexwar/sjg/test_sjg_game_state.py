"""The game's changing state is one value (issue 25): `SjgState.clone` shares nothing play
can change, so a clone (search) and a saved undo state never move with the game."""

from __future__ import annotations

from functools import partial

from warjudge.hexwar.sjg.game_state import SjgState
from tests.support.shared_values import played_randomly, shared

_played = partial(played_randomly, "necromancer-sjg")


def test_a_cloned_state_shares_nothing_play_changes():
    # issue 25: a clone must be independent, or a search's trial would change the real game
    for game in (_played(3, 1, items={"red": 2, "black": 2}), _played(3, 40, items={"red": 2, "black": 2}),
                 _played(5, 300)):
        state = game.state
        assert isinstance(state, SjgState)
        twin = state.clone()
        assert twin.position.board is state.position.board
        assert list(shared(state, twin, "state")) == []
        assert vars(twin).keys() == vars(state).keys()


def test_an_undo_restores_a_copy_so_the_saved_state_never_moves():
    # issue 10 item 1 (undo) on the state value: undoing twice from clones gives the same game
    game = _played(5, 300)
    mover = next(p for p in game.to_act() if any(a["type"] == "move" for a in game.legal_actions(p)))
    game.act(mover, next(a for a in game.legal_actions(mover) if a["type"] == "move"))
    twin = game.clone(reseed=False)
    for g in (game, twin):
        g.act(mover, {"type": "undo"})
        g.act(mover, next(a for a in g.legal_actions(mover) if a["type"] == "move"))
    assert game.view(None) == twin.view(None)
    assert game.state.position is not twin.state.position



def _without_events(view):
    return {k: v for k, v in view.items() if k != "events"}


def test_a_clone_copies_the_state_once_for_its_move_and_undo_and_neither_game_sees_the_others(monkeypatch):
    # issue 26: a search step's clone keeps the state it was cloned from as its undo's
    # saved state (one copy, not two); that state then never changes, so the clone's
    # moves, the game's moves and an undo stay each game's own
    game = _played(5, 300)
    mover = next(p for p in game.to_act() if any(a["type"] == "move" for a in game.legal_actions(p)))
    moves = [a for a in game.legal_actions(mover) if a["type"] == "move"]
    before = _without_events(game.view(None))
    copies = []
    clone = SjgState.clone
    monkeypatch.setattr(SjgState, "clone", lambda self: copies.append(self) or clone(self))
    twin = game.clone(reseed=False)
    twin.act(mover, moves[0])
    assert len(copies) == 1
    assert _without_events(game.view(None)) == before
    game.act(mover, moves[-1])
    after_game = _without_events(game.view(None))
    twin.act(mover, {"type": "undo"})
    assert _without_events(twin.view(None))["units"] == before["units"]
    assert _without_events(game.view(None)) == after_game
    third = twin.clone(reseed=False)
    third.act(mover, moves[-1])
    assert _without_events(third.view(None))["units"] == after_game["units"]
    assert _without_events(twin.view(None))["units"] == before["units"]


def test_a_clone_that_first_undoes_keeps_its_own_state_for_its_next_undo():
    # issue 26: after an undo the clone's state is no longer the one it was cloned from,
    # so its next move's undo goes back to the undone position, not its original's
    game = _played(5, 300)
    mover = next(p for p in game.to_act() if any(a["type"] == "move" for a in game.legal_actions(p)))
    before = _without_events(game.view(None))["units"]
    game.act(mover, next(a for a in game.legal_actions(mover) if a["type"] == "move"))
    twin = game.clone(reseed=False)
    twin.act(mover, {"type": "undo"})
    twin.act(mover, [a for a in twin.legal_actions(mover) if a["type"] == "move"][-1])
    twin.act(mover, {"type": "undo"})
    assert _without_events(twin.view(None))["units"] == before
