"""Gondor's cauldrons of oil and their dummies, Sauron's pedestal: Exclusive Rules that are
not public, reconstructed from [BB-G] ("Cauldrons are placed inside the castle; each with
3 oil counters under it. Dummy cauldrons have three dummy oil counters under it") and
[BB-S] ("For Sauron to cast a spell he must be stacked with his pedestal"); the rulings
are in docs/rulings.md. The small Gondor map has a wall between columns 05 and 06."""

import json
import random

import pytest

from warjudge.core import games
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS, ScenarioError
from tests.support.gs_positions import S, W, ScriptedDice
from warjudge.testing.leaks import leaked


def gondor(cauldrons, units, **changes) -> dict:
    doc = json.loads((SCENARIOS / "gondor.json").read_text(encoding="utf-8"))
    walls = [{"hexes": ["05%02d" % r, "06%02d" % r], "kind": "wall"} for r in range(1, 10)]
    doc["map"].update(width=9, height=9, rows=[" ".join(["0"] * 9)] * 9, hexsides=walls)
    doc.update({"units": list(units), "leaders": [], "engines": [], "cauldrons": list(cauldrons), "turns": 3,
                "night_turns": [], "reinforcements": [], "spells": [], **changes})
    return doc


def sauron(pedestal, **changes) -> dict:
    doc = json.loads((SCENARIOS / "sauron.json").read_text(encoding="utf-8"))
    doc["map"].update(width=9, height=9, rows=[" ".join(["0"] * 9)] * 9, hexsides=[])
    doc.update({"units": [u("w", W, "0101"), u("s", S, "0505"), u("e", W, "0707")],
                "leaders": [{"id": "dark", "side": S, "nationality": "mordor", "rally": 5, "magic": 45,
                             "hex": "0505"},
                            {"id": "elf", "side": W, "nationality": "gondor", "rally": 3, "hex": "0707"}],
                "turns": 2, "night_turns": [], "reinforcements": [], "pedestal": pedestal,
                "spells": [{"id": "wrath", "side": S, "cost": 4, "effect": "freeze", "range": 6}], **changes})
    return doc


def u(uid, side, hex_, ratings="C2X"):
    return {"id": uid, "side": side, "nationality": "gondor" if side == W else "mordor", "kind": "infantry",
            "ratings": ratings, "hex": hex_}


def to_phase(g, phase, stage=None):
    while not (g.state.phase == phase and (stage is None or g.state.stage == stage)):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})


def pours(g):
    return [a for a in g.legal_actions(W) if a["type"] == "pour"]


def test_a_cauldron_pours_over_the_wall_once_a_turn_until_its_oil_is_spent():
    # ruling (Gondor, reconstructed): in the Westernesse Combat Phase's missile stage (SPI 7.16)
    # a cauldron pours on an adjacent enemy across a wall hexside, resolved as missile fire
    # (7.17) at strength A, once a Game-Turn (as 7.14); each pour uses one of its oil counters
    doc = gondor([{"id": "pot", "hex": "0505", "oil": 2}],
                 [u("w", W, "0101"), u("foot", S, "0605"), u("far", S, "0705"), u("by", S, "0504")])
    g = games.new("gondor", seed=1, scenario=doc)
    to_phase(g, "D", "missile")
    assert not [a for a in g.legal_actions(S) if a["type"] == "pour"]        # only in its side's phase
    to_phase(g, "G", "missile")
    assert pours(g) == [{"type": "pour", "cauldron": "pot", "target": "foot"}]   # not 'far', not 'by' (no wall)
    g.dice = ScriptedDice(6, 6)                      # 12: A against armour 2 wounds on 2-9 only
    g.act(W, {"type": "pour", "cauldron": "pot", "target": "foot"})
    assert g.state.position.units["foot"].hex == "0605" and g.state.position.cauldrons["pot"].oil == 1
    assert pours(g) == []                            # once a Game-Turn
    to_phase(g, "H")
    to_phase(g, "G", "missile")
    g.dice = ScriptedDice(2, 1, 1)                   # 2: a casualty; die 1 against X: E
    g.act(W, {"type": "pour", "cauldron": "pot", "target": "foot"})
    assert "foot" not in g.state.position.units and g.state.losses[S] == 3 + 2 + 3
    assert g.state.position.cauldrons["pot"].oil == 0 and g.view(None)["cauldrons"][0]["poured"] == 2
    to_phase(g, "H")
    assert g.state.turn == 2
    step = {"type": "move", "piece": "far", "to": "0605"}   # Sauron brings 'far' to the wall
    while step not in g.legal_actions(S):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})
    g.act(S, step)
    to_phase(g, "G", "missile")
    assert g.state.turn == 3 and g.state.position.units["far"].hex == "0605"
    assert pours(g) == []                            # its oil is spent


def test_dummy_cauldrons_never_pour_and_sauron_cannot_tell_them_from_real_ones():
    # [BB-G] dummy cauldrons with dummy oil: hidden information; Sauron's view and legal
    # actions are the same whichever cauldron is the dummy
    def game(dummy_first):
        pots = [{"id": "pot-1", "hex": "0505", "dummy": dummy_first}, {"id": "pot-2", "hex": "0503",
                                                                      "dummy": not dummy_first}]
        return games.new("gondor", seed=5, scenario=gondor(pots, [u("w", W, "0101"), u("a", S, "0605"),
                                                                  u("b", S, "0603")]))
    one, two = game(True), game(False)
    for g in (one, two):
        full, mine = g.view(None), g.view(S)
        assert [c["under"]["dummy"] for c in full["cauldrons"]] in ([True, False], [False, True])
        assert all("under" not in c for c in mine["cauldrons"]) and not leaked(mine, full, S)
        assert "under" in g.view(W)["cauldrons"][0]
    assert one.view(S)["cauldrons"] == two.view(S)["cauldrons"]
    to_phase(one, "C")
    to_phase(two, "C")
    assert one.legal_actions(S) == two.legal_actions(S)
    to_phase(one, "G", "missile")
    assert pours(one) == [{"type": "pour", "cauldron": "pot-2", "target": "b"}]   # the dummy pours nothing


def test_a_sauron_unit_entering_a_cauldron_hex_takes_it():
    # ruling: a cauldron (or dummy) whose hex a Sauron combat unit enters is lost, and
    # what it was is seen
    doc = gondor([{"id": "pot", "hex": "0303", "dummy": True}], [u("w", W, "0109"), u("s", S, "0403")])
    g = games.new("gondor", seed=2, scenario=doc)
    to_phase(g, "C")
    g.act(S, {"type": "move", "piece": "s", "to": "0303"})
    assert g.state.position.cauldrons == {} and g.view(S)["cauldrons"] == []
    assert {"event": "cauldron-taken", "cauldron": "pot", "dummy": True}.items() <= g.events[-1].items()


def test_sauron_casts_only_while_stacked_with_his_pedestal():
    # [BB-S] "For Sauron to cast a spell he must be stacked with his pedestal"; SPI 8.54
    on = games.new("sauron", seed=1, scenario=sauron({"leader": "dark", "hex": "0505"}))
    off = games.new("sauron", seed=1, scenario=sauron({"leader": "dark", "hex": "0303"}))
    for g in (on, off):
        g.act(W, {"type": "end"})
        assert g.to_act() == (S,) and g.state.phase == "A"
    assert {"type": "cast", "leader": "dark", "spell": "wrath", "target": "elf"} in on.legal_actions(S)
    assert not [a for a in off.legal_actions(S) if a["type"] == "cast"]
    assert off.view(W)["pedestal"] == {"leader": "dark", "hex": "0303"}
    # he may still move (and leave it): the pedestal stays where it is (ruling)
    on.act(S, {"type": "move", "piece": "dark", "to": "0404"})
    to_phase(on, "C")
    on.act(S, {"type": "move", "piece": "s", "to": "0404"})   # SPI 8.1: stacked before Phase D
    to_phase(on, "E")
    assert on.to_act() == (S,) and not [a for a in on.legal_actions(S) if a["type"] == "cast"]
    assert on.view(None)["pedestal"]["hex"] == "0505"


def test_cauldrons_and_the_pedestal_are_validated_all_at_once():
    doc = gondor([{"id": "pot", "hex": "9999"}, {"id": "a", "hex": "0505"}, {"id": "b", "hex": "0505"},
                  {"id": "c", "hex": "0605"}],
                 [u("w", W, "0101"), u("s", S, "0605")], pedestal={"leader": "w", "hex": "0101"})
    with pytest.raises(ScenarioError) as caught:
        games.new("gondor", seed=1, scenario=doc)
    assert caught.value.problems == [
        "cauldron pot: 9999 is not on the map",
        "set-up: 2 cauldrons in 0505; one a hex (ruling)",
        "cauldron c: Sauron's pieces stand in 0605",
        "pedestal: the pedestal is Sauron's, in the Sauron folio ([BB-S])",
        "pedestal: 'w' is not a Magic Leader of Sauron's army ([BB-S])",
    ]
    bad = sauron({"leader": "elf", "hex": "0505"}, cauldrons=[{"id": "pot", "hex": "0101"}])
    with pytest.raises(ScenarioError) as caught:
        games.new("sauron", seed=1, scenario=bad)
    assert caught.value.problems == ["cauldrons: the cauldrons of oil are Gondor's ([BB-G])",
                                     "pedestal: 'elf' is not a Magic Leader of Sauron's army ([BB-S])"]


def test_the_oil_s_odds_are_shown_before_its_dice_and_are_what_the_pour_rolls():
    # issue 14 (odds before the dice) for the reconstructed cauldron: strength A against the
    # target's armour with no wall cover (poured from above), read as missile fire (SPI 7.17)
    doc = gondor([{"id": "pot", "hex": "0505"}], [u("w", W, "0101"), u("foot", S, "0605")])
    g = games.new("gondor", seed=1, scenario=doc)
    to_phase(g, "G", "missile")
    action = {"type": "pour", "cauldron": "pot", "target": "foot"}
    shown = g.preview(W, action)
    assert shown is not None and shown["kind"] == "oil" and shown["attack"] == "A" and shown["modifiers"] == []
    assert shown["armour"] == g.state.position.ratings(g.state.position.units["foot"]).armour
    assert shown["casualty_on"] == sorted(g.state.position.charts.casualty_totals("A", shown["armour"]))
    miss = next(t for t in range(2, 13) if t not in shown["casualty_on"])
    g.dice = ScriptedDice(miss - 1, 1) if miss > 2 else ScriptedDice(1, 1)
    g.act(W, action)
    assert g.state.position.units["foot"].hex == "0605"          # a total the preview said misses: no casualty
    assert g.preview(W, action) is None               # no longer legal: nothing to preview


def test_the_heuristic_bot_pours_the_oil_it_is_offered():
    # the reconstructed cauldrons are worth using: the heuristic bot takes a pour like missile fire
    import random

    from warjudge.hexwar.gondor_sauron.bots import heuristic_action

    doc = gondor([{"id": "pot", "hex": "0505"}], [u("w", W, "0101"), u("foot", S, "0605")])
    g = games.new("gondor", seed=1, scenario=doc)
    to_phase(g, "G", "missile")
    assert heuristic_action(g, W, random.Random(0)) == {"type": "pour", "cauldron": "pot", "target": "foot"}


def test_a_sample_for_sauron_draws_which_unproven_cauldrons_are_dummies_and_keeps_a_proven_one():
    # [BB-G] dummy cauldrons are hidden information: `sample_hidden` (issue 26) deals them
    # again for Sauron's side; one that has poured is known real; Westernesse knows them all
    pots = [{"id": "pot-1", "hex": "0505", "oil": 2}, {"id": "pot-2", "hex": "0503", "dummy": True},
            {"id": "pot-3", "hex": "0507"}]
    g = games.new("gondor", seed=1, scenario=gondor(pots, [u("w", W, "0101"), u("foot", S, "0605")]))
    to_phase(g, "G", "missile")
    g.act(W, {"type": "pour", "cauldron": "pot-1", "target": "foot"})

    def dealt(game):
        return tuple((c.id, c.dummy, c.oil) for c in sorted(game.state.position.cauldrons.values(), key=lambda c: c.id))

    real = dealt(g)
    for_sauron = {dealt(g.sample_hidden(S, random.Random(n))) for n in range(12)}
    assert {d[0] for d in for_sauron} == {real[0]}               # pot-1 has poured: real, its oil known
    assert {(d[1][1], d[2][1]) for d in for_sauron} == {(True, False), (False, True)}
    assert all(dealt(g.sample_hidden(W, random.Random(n))) == real for n in range(5))


def test_an_empty_stage_is_passed_for_the_side_but_never_where_a_dummy_cauldron_could_tell():
    # ruling (docs/rulings.md, "Empty stages"): the server plays a side's lone pass; SPI 7.16:
    # Westernesse's missile stage holds only 'next' beside a dummy, as it would with a real
    # cauldron whose oil is spent, so passing it at once would tell Sauron which it is
    def at_the_wall(dummy):
        pots = [{"id": "pot", "hex": "0505", "dummy": dummy, "oil": 0 if not dummy else 3}]
        return games.new("gondor", seed=5, scenario=gondor(pots, [u("w", W, "0101"), u("a", S, "0605")]))
    dummy, dry = at_the_wall(True), at_the_wall(False)
    for g in (dummy, dry):
        to_phase(g, "D", "missile")
        assert g.forced_action(S) == {"type": "next"}      # nothing for Sauron to fire at
        to_phase(g, "G", "missile")
        assert g.legal_actions(W) == [{"type": "next"}] and g.forced_action(W) is None
    far = games.new("gondor", seed=5, scenario=gondor([{"id": "pot", "hex": "0505", "dummy": True}],
                                                      [u("w", W, "0101"), u("a", S, "0805")]))
    to_phase(far, "G", "missile")
    assert far.forced_action(W) == {"type": "next"}        # no cauldron reaches a Sauron unit
    far.act(W, {"type": "next"})
    assert far.forced_action(W) == {"type": "next"}        # no Leader to duel (7.21)
    far.act(W, {"type": "next"})
    assert far.forced_action(W) == {"type": "end"}         # no melee (7.31)
