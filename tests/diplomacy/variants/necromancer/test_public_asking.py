"""Who is asked to act is public (docs/rulings.md, "Necromancer variant: who is asked is
public"): `to_act`, `waiting_for`, each power's decision and whether a phase ends at once
are read by every seat and by anyone watching, so they must not depend on what the rules
hide (EN 3.2.1, 7.8.2 vii). Twins: two games every other power sees alike, where Sauron
secretly Activated every army that still looks Standing, or all but one."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from warjudge.core import games
from warjudge.core.game import GM
from warjudge.core.record import GameRecord, canonical_json
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.position import parse_position
from warjudge.server.views import public_view

STANDING_ARMIES = ["Gre", "Mor", "Gob", "Gun", "CDu", "Mou", "CGo", "BDu"]   # EN 7.8.2 i
BLOCKS = {"TA2765M": {"ELVES": ["A Woo - NMi"], "DWARVES": ["A Ere - Wit"], "SAURON": ["A DGu - SMi"]},
          "TA2780M": {"SAURON": ["A SMi - EMi"]}}   # the Spiders' and Dragons' starts taken, openly (EN 7.8.2 v)
CHECKED = "TA2990A"


def gm(game: NecromancerDiplomacyGame, action: dict) -> None:
    game.act(GM, action)


def twin(activations: int, gm_adjudicates: bool = True) -> NecromancerDiplomacyGame:
    """TA 2990A after Sauron Activated the first `activations` Standing Armies, one an
    Adjustment phase from TA 2750 (EN 7.8.2 iv), each holding (unrevealed, EN 7.8.2 vii),
    while units in plain sight took the Spiders' and Dragons' starts; every other unit held."""
    game = games.new("necromancer-diplomacy", seed=3, gm_adjudicates=gm_adjudicates)
    assert isinstance(game, NecromancerDiplomacyGame)
    armies = iter(STANDING_ARMIES[:activations])
    while game.phase_name() != CHECKED:
        phase = game.phase_name()
        if phase.endswith("A") and (army := next(armies, None)) is not None:
            gm(game, {"type": "orders", "power": "SAURON", "orders": [f"Activate A {army}"]})
        if phase == "TA2750A":
            gm(game, {"type": "orders", "power": "SARUMAN", "orders": ["Build A Gap"]})   # EN 7.7 x
        for power, orders in BLOCKS.get(phase, {}).items():
            gm(game, {"type": "orders", "power": power, "orders": orders})
        gm(game, {"type": "process"})
    return game


@pytest.fixture(scope="module")
def twins() -> tuple[NecromancerDiplomacyGame, NecromancerDiplomacyGame]:
    every, all_but_one = twin(8), twin(7)
    assert every.state.secret_armies == set(STANDING_ARMIES) and len(all_but_one.state.secret_armies) == 7
    return every, all_but_one


def seen_by(game: NecromancerDiplomacyGame, power: str) -> str:
    """All `power` may read of the game: its view, its choices, who is asked and waited for."""
    decisions = {p: d.to_json() if (d := game.decision(p)) else None for p in game.players}
    return canonical_json({"view": game.view(power), "legal": game.legal_actions(power), "to_act": game.to_act(),
                           "waiting_for": game.waiting_for(), "decisions": decisions})


def test_every_other_power_sees_the_twins_alike(twins):   # EN 7.8.2 vii: the Activation is not revealed
    every, all_but_one = twins
    assert canonical_json(public_view(every)) == canonical_json(public_view(all_but_one))
    for power in every.players:
        if power != "SAURON":
            assert seen_by(every, power) == seen_by(all_but_one, power), power


def test_sauron_is_asked_though_every_army_that_looks_standing_is_his(twins):   # EN 7.8.2 iv, vii
    every, _ = twins
    assert "SAURON" in every.to_act() and "SAURON" in every.waiting_for()
    assert every.legal_actions("SAURON") == [{"type": "pass"}]   # nothing left to Activate: he passes
    assert every.decision("SAURON").info["optional_only"] is True
    every = every.clone()
    every.act("SAURON", {"type": "pass"})
    assert "SAURON" not in every.to_act()


def test_a_phase_with_sauron_to_ask_never_ends_at_once():   # EN 7.8.2 iv: he may Activate in every one
    """The registry's game (no games master) ends a phase once nobody is asked: with every
    army that looks Standing secretly his, TA 2990A still waits for Sauron once Saruman,
    the other power asked, has given his orders."""
    game = twin(8, gm_adjudicates=False)
    assert game.to_act() == ("SARUMAN", "SAURON")
    while "SARUMAN" in game.to_act():
        game.act("SARUMAN", game.legal_actions("SARUMAN")[0])
    assert game.phase_name() == CHECKED and game.to_act() == ("SAURON",)
    game.act("SAURON", {"type": "pass"})
    assert game.phase_name() == "TA3005M"


def test_a_record_made_before_public_asking_replays_as_it_was_played():   # docs/rulings.md: old records
    """A registry game's record written by the code before (tests/data, made from the twin
    above): at TA 2990A Saruman waived, the phase ended at once (nobody else was asked),
    the games master processed TA 3005M, then the Dwarves ordered in TA 3020M. It replays
    bit for bit; read under the public asking, the same actions would silently judge
    TA 2990A with the games master's `process` and land a phase behind."""
    text = (Path(__file__).parents[3] / "data" / "necdip_record_before_public_asking.json").read_text()
    old = GameRecord.from_json(text)
    assert "public_asking" not in old.options
    game = NecromancerDiplomacyGame.from_record(old)
    assert game.phase_name() == "TA3020M" and game.record.to_json() == old.to_json()
    assert game.pending_orders("DWARVES") == {"A Wit": "A Wit - Ere"}
    misread = old.copy()
    misread.options = {**old.options, "public_asking": True}
    assert NecromancerDiplomacyGame.from_record(misread).phase_name() == "TA3005M"


def at_movement(units: dict[str, list[str]], secret_armies: set[str]) -> NecromancerDiplomacyGame:
    """A registry game in TA 2765M (nobody built or Activated in TA 2750) on `units`."""
    game = games.new("necromancer-diplomacy", seed=1)
    assert isinstance(game, NecromancerDiplomacyGame)
    for power in game.to_act():
        game.act(power, {"type": "pass"})
    owners = {**game.state.owners, **dict.fromkeys(secret_armies, "SAURON")}
    game.state = replace(game.state, position=parse_position(units, game.map), owners=owners,
                         secret_armies=secret_armies)
    return game


def test_sauron_with_no_unit_in_sight_is_asked_in_movement():   # EN 3.2.1 i, 7.8.2 vii
    """The others cannot tell a Sauron whose only unit is a secretly Activated army from
    one with none left: both are asked; the one with none passes."""
    his = at_movement({"GONDOR": ["A Pel"], "SAURON": ["A Gre"]}, {"Gre"})
    none = at_movement({"GONDOR": ["A Pel"], "STANDING": ["A Gre"]}, set())
    assert canonical_json(public_view(his)) == canonical_json(public_view(none))
    assert seen_by(his, "GONDOR") == seen_by(none, "GONDOR")
    assert none.to_act() == ("GONDOR", "SAURON") and none.legal_actions("SAURON") == [{"type": "pass"}]
    assert {"type": "order", "order": "A Gre H"} in his.legal_actions("SAURON")
    none.act("SAURON", {"type": "pass"})
    none.act("GONDOR", {"type": "order", "order": "A Pel H"})
    assert none.phase_name() == "TA2780M" and "SAURON" in none.to_act()   # asked again the next phase


def test_a_sample_asks_as_the_game_asks(twins):   # EN 7.8.2 vii; sampling.py draws the Activations again
    """A power's samples (for its search) are games it cannot tell from the real one: who is
    asked there is who is asked here, however many Activations the sample drew."""
    every, _ = twins
    for seed, power in enumerate(p for p in every.players if p != "SAURON"):
        sample = every.sample_hidden(power, random.Random(seed))
        assert (sample.to_act(), sample.waiting_for()) == (every.to_act(), every.waiting_for()), power
        assert sample.decision("SAURON") == every.decision("SAURON")
