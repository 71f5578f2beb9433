"""The `search` bot for SJG Necromancer (issue 26, core/ismcts.py): it answers with a
legal action, the same one for the same seed whatever PYTHONHASHSEED, and from what its
seat may know only."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from warjudge.core import bots, games
from warjudge.core.ismcts import share
from warjudge.hexwar.sjg.search import evaluate, search_bot, strength, worth

SEED = 2626
ROOT = Path(__file__).parents[3]


def play_until(seed: int, reached):
    """A game the heuristic played until `reached(game, side, decision)`, and that side."""
    game = games.new("necromancer-sjg", seed=seed, first="red")
    seats = {s: bots.make("necromancer-sjg", "heuristic", bots.bot_rng(seed, s)) for s in game.players}
    while True:
        side = game.to_act()[0]
        decision = game.decision(side)
        if decision is not None and reached(game, side, decision):
            return game, side
        game.act(side, seats[side].choose(game, side))


def to_combat(seed: int):
    """A game the heuristic played until red is asked for its attacks."""
    return play_until(seed, lambda game, side, decision: side == "red" and decision.kind == "combat"
                      and len(game.legal_actions(side)) > 2)[0]


def test_the_search_bot_answers_a_combat_decision_with_a_legal_action_it_searched():
    game = to_combat(SEED)
    bot = search_bot(random.Random(1), iterations=6)
    action = bot.choose(game, "red")
    assert action in game.legal_actions("red") and bot.searched == 1
    assert search_bot(random.Random(1), iterations=6).choose(game, "red") == action   # its own dice, not the OS's
    game.act("red", action)


CHOICES = """
import json, random, sys
sys.path.insert(0, ".")
from tests.hexwar.sjg.test_sjg_search import items_chosen
print(json.dumps([items_chosen(0, n) for n in range(3)]))
"""


def items_chosen(pick: int, bot_seed: int):
    """Red's secret choice of items (SJG 10.5) by the search bot, once black chose its `pick`."""
    game = games.new("necromancer-sjg", seed=SEED, first="red", items={"red": 2, "black": 2})
    black = [a for a in game.legal_actions("black") if a["type"] == "choose"]
    game.act("black", black[pick])
    bot = search_bot(random.Random(bot_seed), iterations=6)
    action = bot.choose(game, "red")
    assert bot.searched == 1 and action in game.legal_actions("red")
    return action


def test_the_search_bot_chooses_the_same_under_any_hash_seed():
    out = []
    for hash_seed in ("0", "1"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT / "src")}
        run = subprocess.run([sys.executable, "-c", CHOICES], cwd=ROOT, env=env, capture_output=True, text=True,
                             check=True)
        out.append(json.loads(run.stdout))
    assert out[0] == out[1]


def test_the_search_bot_chooses_its_items_without_seeing_the_other_sides_secret_choice():
    # SJG 10.5: the extra items are chosen in secret; red's choice cannot depend on black's
    for bot_seed in range(3):
        assert items_chosen(0, bot_seed) == items_chosen(-1, bot_seed)


class Spy:
    """The game, with every question asked of it noted (its name and the seats it names)."""

    def __init__(self, game):
        self._game, self.asked = game, set()

    def __getattr__(self, name):
        target = getattr(self._game, name)
        if not callable(target):
            self.asked.add((name,))
            return target

        def asked(*args, **kwargs):
            self.asked.add((name, *(a for a in args if isinstance(a, str))))
            return target(*args, **kwargs)
        return asked


def test_the_search_bot_asks_the_real_game_only_what_its_seat_may_know_and_searches_samples():
    # issue 26: worlds come from sample_hidden(red); never a clone, the full view or black's
    game = games.new("necromancer-sjg", seed=SEED, first="red", items={"red": 2, "black": 2})
    game.act("black", [a for a in game.legal_actions("black") if a["type"] == "choose"][0])
    spy = Spy(game)
    search_bot(random.Random(7), iterations=6).choose(spy, "red")
    assert spy.asked <= {("decision", "red"), ("legal_actions", "red"), ("public_map",), ("view", "red"),
                         ("sample_hidden", "red")}
    assert ("sample_hidden", "red") in spy.asked


def test_the_search_bots_rollouts_stop_before_a_retreat_instead_of_listing_it(monkeypatch):
    # issue 26: a rollout that reached a retreat listed it by trying every loss and hex
    # on a clone (up to 0.5 s a listing): the worst decisions took 5-7 s
    from warjudge.hexwar.sjg import legal

    listed: list[str] = []
    for kind in ("retreat", "advance"):
        lister = legal._BY_KIND[kind]
        monkeypatch.setitem(legal._BY_KIND, kind, lambda g, d, s, lister=lister, kind=kind: listed.append(kind) or lister(g, d, s))
    game = to_combat(SEED)
    attacks = [a for a in game.legal_actions("red") if a["type"] == "attack"]
    rounds = 0
    for bot_seed in range(3):
        bot = search_bot(random.Random(bot_seed), iterations=3)
        assert bot.choose(game, "red") in game.legal_actions("red")
        rounds += bot.searched
    assert attacks and rounds == 3 and listed == []


def test_the_search_counts_the_losses_a_retreat_owes_before_it_is_answered():
    # SJG 6.52: the retreating side loses its weakest units; a rollout stops before the
    # retreat (STOP_AT), so an attack that forced one with losses scored as a miss
    game, loser = play_until(SEED, lambda game, side, decision: decision.kind == "retreat" and decision.info["losses"])
    winner = next(s for s in game.players if s != loser)
    view = game.view(winner)
    owed = game.decision(loser).info
    losable = sorted(worth(u) for u in view["units"] if u["id"] in owed["units"] and u["kind"] != "necromancer")
    fielded = {s: sum(worth(u) for u in view["units"] if u["side"] == s) for s in game.players}
    assert strength(view, loser) == fielded[loser] - sum(losable[:owed["losses"]]) < fielded[loser]
    assert evaluate(view, winner) > share(fielded[winner], fielded[loser])


def test_the_search_scores_every_candidate_right_after_it_is_played(monkeypatch):
    # issue 26: rollouts two actions on compared candidates at different moments: an
    # ended phase was scored after the conversion the heuristic made next, a search
    # (stopped before its listing) before it, and the search preferred to end its phases
    from warjudge.hexwar.sjg import search

    made: list[int] = []
    real = search.heuristic
    monkeypatch.setattr(search, "heuristic", lambda rng: made.append(1) or real(rng))
    game = to_combat(SEED)
    bot = search.search_bot(random.Random(1), iterations=3)
    assert bot.choose(game, "red") in game.legal_actions("red")
    assert bot.searched == 1 and len(made) == 1   # the heuristic's own choice; no rollout bot


def test_the_search_leaves_an_advance_to_the_heuristic():
    # SJG 6.6: an advance after combat changes no strength when played, so every
    # candidate scored the same; searching it cost a listing of every answer (3 s once)
    game, side = play_until(SEED, lambda game, side, decision: decision.kind == "advance")
    bot = search_bot(random.Random(1), iterations=3)
    assert bot.choose(game, side) in game.legal_actions(side) and bot.searched == 0


def test_the_search_leaves_a_retreat_to_the_heuristic_without_listing_it(monkeypatch):
    # SJG 6.52: the heuristic answers a retreat by trying its own choice on a clone; the
    # search listed every loss, hex and displacement to draw candidates (0.94 s once)
    from warjudge.hexwar.sjg import legal

    game, side = play_until(SEED, lambda game, side, decision: decision.kind == "retreat")
    listed: list[str] = []
    lister = legal._BY_KIND["retreat"]
    monkeypatch.setitem(legal._BY_KIND, "retreat", lambda g, d, s: listed.append("retreat") or lister(g, d, s))
    bot = search_bot(random.Random(1), iterations=3)
    action = bot.choose(game, side)
    assert bot.searched == 0 and listed == []
    assert action in game.legal_actions(side)
