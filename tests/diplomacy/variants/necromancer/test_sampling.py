"""`sample_hidden` for the Necromancer variant (issue 26): a game one power cannot tell
from the real one, every secret of the others drawn again (sampling.py), so that an
information-set search (IS-MCTS) plays in worlds it could be in, never in the real one."""

from __future__ import annotations

import random

from warjudge.core import games
from warjudge.core.record import canonical_json
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.mapfile import SARUMAN_THIRD_ARMY
from warjudge.diplomacy.variants.necromancer.sampling import _reach

NAZGUL_ORDER = "N MMo - Gor - NNu"   # a Double Move into an empty province: nothing reveals it


def order(game: NecromancerDiplomacyGame, power: str, text: str) -> None:
    game.act(power, {"type": "order", "order": text})


def opened() -> NecromancerDiplomacyGame:
    """TA 2765M: Saruman's third army built in Gap, Sauron's Activation of Gre given."""
    game = games.new("necromancer-diplomacy", seed=7)
    assert isinstance(game, NecromancerDiplomacyGame)
    order(game, "SARUMAN", "Build A Gap")   # EN 7.7 x
    order(game, "SAURON", "Activate A Gre")   # EN 7.8.2 iv
    return game


def hold_all(game: NecromancerDiplomacyGame, powers: tuple[str, ...]) -> None:
    for power in powers:
        while power in game.to_act():
            legal = [a["order"] for a in game.legal_actions(power) if a["type"] == "order"]
            order(game, power, next(t for t in legal if t.endswith(" H")))


def a_turn_later() -> NecromancerDiplomacyGame:
    """TA 2780M: the Nazgûl went two provinces unseen, the Wizard and Gre held unseen."""
    game = opened()
    order(game, "SAURON", NAZGUL_ORDER)
    hold_all(game, game.players)
    assert str(game.state.phase) == "TA2780M" and game.state.secret_armies == {"Gre"}
    return game


def nazgul_at(game: NecromancerDiplomacyGame) -> str:
    return next(p for p, pieces in game.state.position.items() for q in pieces if q.component.kind == "N")


def wizard_at(game: NecromancerDiplomacyGame) -> str:
    return next(p for p, pieces in game.state.position.items() for q in pieces if q.component.kind == "W")


def test_a_sample_looks_the_same_to_its_power_in_every_phase_it_is_drawn():   # EN 3.2.1 i, 7.8.2 vii
    game = a_turn_later()
    hold_all(game, ("ELVES", "GONDOR"))
    for power in game.players:
        sample = game.sample_hidden(power, random.Random(1))
        assert canonical_json(sample.view(power)) == canonical_json(game.view(power))
        assert sample.to_act() == game.to_act() and sample.legal_actions(power) == game.legal_actions(power)
        assert sample.record.seed != game.record.seed


def test_the_nazgul_the_wizard_and_the_secret_activation_are_drawn_again():   # EN 7.8.1 iii-vi, 7.7 iii
    game = a_turn_later()
    samples = [game.sample_hidden("ROHAN", random.Random(n)) for n in range(30)]
    nazgul, wizard = {nazgul_at(s) for s in samples}, {wizard_at(s) for s in samples}
    # one Movement phase since it left MMo: two moves, mountains crossed, never the sea
    assert len(nazgul) >= 4 and nazgul <= _reach(game.map, "MMo", 2, "N")
    assert len(wizard) >= 2 and wizard <= _reach(game.map, "Ise", 1, "W")
    activated = {frozenset(s.state.secret_armies) for s in samples}
    assert len(activated) >= 3 and frozenset() in activated   # EN 7.8.2 iv: one Activation, if any
    assert all(len(a) <= 1 for a in activated)
    for sample in samples:
        for province in sample.state.secret_armies:
            assert sample.state.owners[province] == "SAURON" and sample.state.activated[province] == 2750
    assert all(s.state.owners.get("Gre") is None for s in samples if "Gre" not in s.state.secret_armies)


def test_no_sample_holds_the_real_placement_of_what_its_power_cannot_see():   # EN 3.2.1 i, 7.8.2 vii
    game = a_turn_later()
    real = nazgul_at(game)
    samples = [game.sample_hidden("GONDOR", random.Random(n)) for n in range(30)]
    assert sum(nazgul_at(s) == real for s in samples) < 15
    assert sum(s.state.secret_armies == {"Gre"} for s in samples) < 15
    for sample in samples:   # neither its record nor its report keeps the Nazgûl's real order
        assert sample.record.action_count() == 0
        assert NAZGUL_ORDER not in canonical_json(sample.view(None))
    assert NAZGUL_ORDER in canonical_json(game.view(None))


def test_a_power_keeps_its_own_secrets_in_its_samples():   # EN 3.2.1 i: the owner always knows
    game = a_turn_later()
    for n in range(5):
        sample = game.sample_hidden("SAURON", random.Random(n))
        assert nazgul_at(sample) == nazgul_at(game) and sample.state.secret_armies == {"Gre"}
        assert sample.state.activated == game.state.activated
    assert len({wizard_at(game.sample_hidden("SAURON", random.Random(n))) for n in range(12)}) >= 2


def test_saruman_third_army_is_drawn_among_its_five_provinces_until_revealed():   # EN 7.7 x
    game = opened()
    drawn = {game.sample_hidden("HARAD", random.Random(n)).state.third_army for n in range(20)}
    assert len(drawn) >= 3 and drawn <= SARUMAN_THIRD_ARMY
    assert {game.sample_hidden("SARUMAN", random.Random(n)).state.third_army for n in range(5)} == {"Gap"}


def test_the_other_powers_orders_of_the_phase_are_drawn_again_as_far_as_they_went():
    game = a_turn_later()
    hold_all(game, ("ELVES",))           # done: orders for every unit
    order(game, "GONDOR", "A Lam H")      # one order given, more to give
    drawn = set()
    for n in range(8):
        sample = game.sample_hidden("ROHAN", random.Random(n))
        assert "ELVES" not in sample.to_act() and "GONDOR" in sample.to_act()
        assert len(sample.pending["GONDOR"]) == 1
        drawn.add(tuple(sorted(sample.pending_orders("ELVES").values())))
    assert len(drawn) >= 2 and tuple(sorted(game.pending_orders("ELVES").values())) not in drawn


def test_the_opening_activation_and_third_army_orders_are_drawn_again():   # EN 7.8.2 iv, 7.7 x
    game = games.new("necromancer-diplomacy", seed=7)
    order(game, "SAURON", "Activate A Gre")
    drawn = {tuple(game.sample_hidden("SARUMAN", random.Random(n)).pending_orders("SAURON").values())
             for n in range(12)}
    assert len(drawn) >= 3
    sample = game.sample_hidden("SARUMAN", random.Random(0))
    assert sample.to_act() == ("SARUMAN",)   # Sauron still done: nothing there was adjudicated


def test_a_third_army_never_built_is_drawn_all_the_same():   # EN 7.7 x: whether he built it is secret
    game = games.new("necromancer-diplomacy", seed=7)
    assert isinstance(game, NecromancerDiplomacyGame)
    game.act("SARUMAN", {"type": "pass"})
    order(game, "SAURON", "Activate A Gre")
    assert str(game.state.phase) == "TA2765M" and game.state.third_army is None
    assert all(game.sample_hidden("ROHAN", random.Random(n)).state.third_army in SARUMAN_THIRD_ARMY for n in range(5))
    assert game.sample_hidden("SARUMAN", random.Random(0)).state.third_army is None
