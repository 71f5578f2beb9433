"""The five games under OpenSpiel (issue 26): registered by `import warjudge.openspiel`,
driven through pyspiel's own API, searched by OpenSpiel's own MCTS and IS-MCTS bots,
with nothing a seat may not see in what a seat's strings and tensors hold."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from warjudge.core import games
from warjudge.core.record import canonical_json
from warjudge.openspiel import parameters, short_name

SHORT = {"diplomacy": {"max_year": 1901}, "necromancer-diplomacy": {"max_year": 2765},
         "necromancer-sjg": {"max_turns": 1}, "gondor": {"max_turns": 1}, "sauron": {"max_turns": 1}}


def _play(state, steps: int, rng: np.random.RandomState):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_game_is_registered_with_its_options_as_parameters() -> None:
    assert {short_name(g) for g in games.ids()} <= set(pyspiel.registered_names())
    assert short_name("necromancer-diplomacy") == "warjudge_necromancer_diplomacy"
    game = pyspiel.load_game("warjudge_necromancer_diplomacy")
    assert game.num_players() == 8 and game.get_type().short_name == "warjudge_necromancer_diplomacy"
    assert game.get_parameters()["edition"] == "2002" and "drafts" not in game.get_parameters()
    assert parameters("diplomacy") == {"variant": "standard", "max_year": 0}
    # a parameter the game refuses is refused with the game's own reason
    with pytest.raises(Exception, match="max_year"):
        pyspiel.load_game("warjudge_diplomacy", {"max_year": 1})


@pytest.mark.parametrize("game_id", list(SHORT))
def test_a_seat_sees_only_its_own_view_and_an_illegal_id_is_refused(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id), SHORT[game_id])
    state = _play(game.new_initial_state(), 12, np.random.RandomState(3))
    seed = str(state.game.record.seed)
    observer, recall = make_observation(game), make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    for player in range(game.num_players()):
        observer.set_from(state, player)   # OpenSpiel's generic observer: the same view, hashed
        assert list(observer.tensor) == state.observation_tensor(player)
        assert observer.string_from(state, player) == state.observation_string(player)
        assert recall.string_from(state, player) == state.information_state_string(player)
        view = state.game.view(state.game.players[player])
        assert state.observation_string(player) == canonical_json(view)
        assert state.information_state_string(player).startswith(canonical_json(view))
        assert seed not in state.information_state_string(player)
        assert len(state.observation_tensor(player)) == 1024
    if not state.is_terminal():
        before = state.game.record.action_count()
        with pytest.raises(pyspiel.SpielError, match="not legal"):
            state.apply_action(len(state.legal_actions()) + 5)
        assert state.game.record.action_count() == before


def test_a_clone_is_independent_and_rolls_its_own_dice() -> None:
    game = pyspiel.load_game("warjudge_gondor", SHORT["gondor"])
    state = _play(game.new_initial_state(), 5, np.random.RandomState(1))
    copy = state.clone()
    assert copy.game is not state.game and copy.game.record.seed != state.game.record.seed
    assert copy.information_state_string(0) == state.information_state_string(0)
    _play(copy, 3, np.random.RandomState(2))
    assert state.game.record.action_count() + 3 == copy.game.record.action_count() or copy.is_terminal()


def test_openspiel_mcts_plays_a_whole_diplomacy_year_for_one_power() -> None:
    game = pyspiel.load_game("warjudge_diplomacy", SHORT["diplomacy"])
    rng = np.random.RandomState(5)
    bot = mcts.MCTSBot(game, 2, 3, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        move = bot.step(state) if state.current_player() == 0 else int(rng.choice(state.legal_actions()))
        assert move in state.legal_actions()
        state.apply_action(move)
    assert len(state.returns()) == 7 and max(state.returns()) >= 0


@pytest.mark.parametrize("game_id", ["necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron"])
def test_openspiel_mcts_chooses_a_legal_action_in_every_hex_and_variant_game(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id), SHORT[game_id])
    rng = np.random.RandomState(7)
    state = _play(game.new_initial_state(), 6, rng)
    bot = mcts.MCTSBot(game, 2, 3, mcts.RandomRolloutEvaluator(1, rng, max_length=15), random_state=rng)
    before = state.information_state_string()
    assert bot.step(state) in state.legal_actions()
    assert state.information_state_string() == before   # the search played on clones


def test_openspiel_ismcts_searches_over_what_a_seat_cannot_see() -> None:
    game = pyspiel.load_game("warjudge_diplomacy", SHORT["diplomacy"])
    rng = np.random.RandomState(9)
    state = game.new_initial_state()
    while state.current_player() != 3:   # three powers have ordered, unseen by the fourth
        state.apply_action(int(rng.choice(state.legal_actions())))
    sample = state.resample_from_infostate(3, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(3) == state.information_state_string(3)
    assert {p: dict(o) for p, o in sample.game.pending.items()} != {p: dict(o) for p, o in state.game.pending.items()}
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, max_world_samples=4, random_state=rng)
    assert bot.step(state) in state.legal_actions()
    # SJG samples the other side's screened set-up (9.1); IS-MCTS searches over it
    sjg_game = pyspiel.load_game("warjudge_necromancer_sjg", SHORT["necromancer-sjg"])
    sjg = sjg_game.new_initial_state()
    while sjg.current_player() == 0:   # one side sets up wholly behind the screen
        sjg.apply_action(int(rng.choice(sjg.legal_actions())))
    drawn = sjg.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert drawn.information_state_string(1) == sjg.information_state_string(1)
    assert str(drawn) != str(sjg)
    ismcts_bot = ismcts.ISMCTSBot(sjg_game, mcts.RandomRolloutEvaluator(1, rng, max_length=5), 2.0, 3,
                                  max_world_samples=2, random_state=rng)
    assert ismcts_bot.step(sjg) in sjg.legal_actions()


def test_openspiel_ismcts_plays_a_whole_necromancer_game_over_sampled_worlds() -> None:
    # issue 26: the variant samples its secrets (the others' orders, hidden units,
    # Activations, the third army), so IS-MCTS searches it; one seat searches, the rest random
    game = pyspiel.load_game("warjudge_necromancer_diplomacy", SHORT["necromancer-diplomacy"])
    rng = np.random.RandomState(11)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 2, max_world_samples=2, random_state=rng)
    state, searched = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.current_player() == 7:   # SAURON: the opening Activation, then his orders
            move, searched = bot.step(state), searched + 1
            assert move in state.legal_actions()
        else:
            move = int(rng.choice(state.legal_actions()))
        state.apply_action(move)
    assert searched >= 3 and len(state.returns()) == 8


def test_a_game_that_cannot_sample_its_secrets_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame

    monkeypatch.setattr(NecromancerDiplomacyGame, "sample_hidden", lambda self, player, rng: None)
    variant = pyspiel.load_game("warjudge_necromancer_diplomacy", SHORT["necromancer-diplomacy"]).new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="cannot sample"):
        variant.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
