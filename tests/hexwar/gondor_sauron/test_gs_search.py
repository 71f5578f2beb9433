"""The `search` bot's evaluation for Gondor and Sauron (issue 26,
hexwar/gondor_sauron/search.py): it follows the battle's own ways to win (docs/rulings.md,
"End of the battle": a side with no combat unit left loses; at the last Game-Turn the
most Demoralization Points inflicted wins), not only each army's share of its level."""

from __future__ import annotations

from warjudge.core import bots, games
from warjudge.hexwar.gondor_sauron.search import evaluate


def test_the_side_about_to_wipe_the_other_out_is_valued_above_even_once_both_are_demoralized():
    # docs/rulings.md End of the battle, SPI 9.0: `sauron`, seed 1, two heuristics: the
    # Sauron side wipes Westernesse out; the last 40 positions have both armies
    # demoralized, where the former evaluation (each army's share of its level not yet
    # lost) gave both sides exactly 1/2
    game = games.new("sauron", seed=1)
    seats = {s: bots.make("sauron", "heuristic", bots.bot_rng(1, s)) for s in game.players}
    values = []
    while not game.is_over:
        side = game.to_act()[0]
        game.act(side, seats[side].choose(game, side))
        if not game.is_over:
            values.append((evaluate(game.view("sauron"), "sauron"), evaluate(game.view("westernesse"), "westernesse")))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("sauron",) and outcome.reason == "victory"
    assert game.view(None)["demoralized"] == ["sauron", "westernesse"]
    for winner, loser in values[-40:]:
        assert winner > 0.5 > loser
        assert abs(winner + loser - 1) < 1e-9   # one value, seen from either side
