"""`sample_hidden` (issue 26): the games an information-set search plays in place of the
one it may not see. The conformance check shows a sample looks the same to its player;
these show that what the player does not know is drawn again, and nothing else."""

from __future__ import annotations

import random

from warjudge.core import games

SEED = 2611


def hexes(game, side):
    return sorted((u.kind.value, u.hex) for u in game.state.position.units.values() if u.side == side)


def deploy(game, side, rng, places=None):
    """The side's set-up, all of it (None) or that many units placed."""
    done = 0
    while side not in game.state.deployed and (places is None or done < places):
        game.act(side, rng.choice([a for a in game.legal_actions(side) if a["type"] != "undo"]))
        done += 1


def test_a_sample_draws_the_other_sides_screened_setup_again_and_keeps_the_players_own():
    # SJG 9.1: the set-up is deployed secretly, behind a screen
    game = games.new("necromancer-sjg", seed=SEED, first="red")
    rng = random.Random(1)
    deploy(game, "black", rng)
    deploy(game, "red", rng, places=6)
    red_drafts = list(game.state.drafts["red"])
    samples = [game.sample_hidden("red", random.Random(n)) for n in range(10, 13)]
    black_setups = {tuple(hexes(s, "black")) for s in samples} | {tuple(hexes(game, "black"))}
    assert len(black_setups) == 4, "each sample sets black up afresh"
    for sample in samples:
        assert "black" in sample.state.deployed and sample.state.drafts["red"] == red_drafts
        assert len(hexes(sample, "black")) == len(hexes(game, "black"))
    # black knows its own set-up; red's unfinished drafts, which nothing shows, are not kept
    for_black = game.sample_hidden("black", random.Random(0))
    assert hexes(for_black, "black") == hexes(game, "black") and for_black.state.drafts["red"] == []


def test_a_sample_draws_the_other_sides_secret_choice_of_items_again():
    # SJG 10.5: the extra items are chosen in secret
    game = games.new("necromancer-sjg", seed=SEED, first="red", items={"red": 2, "black": 2})
    game.act("black", next(a for a in game.legal_actions("black") if a["type"] == "choose"))
    chosen = game.state.choices["black"]
    drawn = {tuple(game.sample_hidden("red", random.Random(n)).state.choices["black"]) for n in range(8)}
    assert len(drawn) > 1
    assert game.sample_hidden("black", random.Random(0)).state.choices["black"] == chosen


def test_a_sample_moves_the_demon_among_the_counters_not_yet_turned_over():
    # SJG 10.4: the Miasma counters are placed face down; which hides the demon is unknown
    game = games.new("necromancer-sjg", seed=SEED, first="red", optional=["miasma_demon"])
    miasma = game.state.position.miasma
    drawn = {game.sample_hidden("red", random.Random(n)).state.position.miasma.demon_counter for n in range(30)}
    assert drawn == miasma.hexes - miasma.searched_out
    assert miasma.demon_counter in drawn and game.state.position.miasma is miasma


def test_a_sample_rolls_fresh_dice_and_the_record_holds_no_secret_of_the_other_side():
    game = games.new("necromancer-sjg", seed=SEED, first="red")
    deploy(game, "black", random.Random(2))
    sample = game.sample_hidden("red", random.Random(3))
    assert sample.record.seed != game.record.seed
    black_actions = [a for a in sample.record.actions if a.get("side") == "black"]
    assert black_actions != [a for a in game.record.actions if a.get("side") == "black"]


def test_an_undo_in_a_sample_goes_back_to_the_samples_own_demon_counter():
    # SJG 10.4, issue 26: a sample's first move keeps no state of the real game for its
    # undo (that state hides the demon elsewhere): the undo keeps the sample's own counter
    game = games.new("necromancer-sjg", seed=SEED, first="red", optional=["miasma_demon"])
    rng = random.Random(1)
    deploy(game, "red", rng)
    deploy(game, "black", rng)
    while game.to_act() != ("red",) or game.decision("red").kind != "move":
        side = game.to_act()[0]
        game.act(side, next(a for a in game.legal_actions(side) if a["type"] == "end"))
    real = game.state.position.miasma.demon_counter
    samples = [game.sample_hidden("red", random.Random(n)) for n in range(8)]
    sample = next(s for s in samples if s.state.position.miasma.demon_counter != real)
    drawn = sample.state.position.miasma.demon_counter
    sample.act("red", next(a for a in sample.legal_actions("red") if a["type"] == "move"))
    sample.act("red", {"type": "undo"})
    assert sample.state.position.miasma.demon_counter == drawn
