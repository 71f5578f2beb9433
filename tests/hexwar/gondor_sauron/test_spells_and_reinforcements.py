"""Spells in the Magic Leader Phases (SPI 3.0 A/E, 4.11, 8.47, 8.5), reinforcement groups
(the Turn Record/Reinforcement Track, 8.1, 9.21) and the Beast, as the reconstructed
Exclusive Rules' scenario data (docs/rulings.md)."""

import json

import pytest

from warjudge.core import games
from warjudge.hexwar.gondor_sauron import spells
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS, ScenarioError, SpellSpec, load_scenario
from tests.support.gs_positions import S, W, ScriptedDice, leader, position, unit


def to_phase(g, phase, side=None):
    while not (g.state.phase == phase and (side is None or g.to_act() == (side,))):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})


def to_turn(g, turn, *faces):
    """Both sides end every phase (through `act`) until Game-Turn `turn` begins, the
    dice rolled at its start scripted to `faces` (none: any roll there fails the test)."""
    while g.state.turn < turn:
        to_phase(g, "H", S)                                   # the turn's last decision
        if g.state.turn == turn - 1:
            g.dice = ScriptedDice(*faces)
        g.act(S, {"type": "end"})


def casts(g, side):
    return [a for a in g.legal_actions(side) if a["type"] == "cast"]


def test_a_failed_spell_costs_nothing_and_the_leader_may_not_move_that_phase():
    # SPI 8.54 two dice on the Magic Spell Chart; 8.56 unsuccessful: no points spent;
    # 4.11, 8.52 no move in the phase of casting; 3.0 A Westernesse first
    g = games.new("gondor", seed=1)
    assert g.to_act() == (W,) and {"type": "cast", "leader": "gandalf", "spell": "reveal-aragorn"} in casts(g, W)
    g.dice = ScriptedDice(6, 6)                              # 12: 3 points succeed on 3-10
    g.act(W, {"type": "cast", "leader": "gandalf", "spell": "reveal-aragorn"})
    assert g.state.position.leaders["gandalf"].magic == 10 and "aragorn" in g.state.to_come
    assert not [a for a in g.legal_actions(W) if a.get("piece") == "gandalf"]      # 8.52
    assert not [a for a in casts(g, W) if a["spell"] == "reveal-aragorn"]          # once a phase (ruling)
    g.act(W, {"type": "end"})
    assert g.to_act() == (S,) and g.state.phase == "A"
    g.act(S, {"type": "end"})
    to_phase(g, "E")
    assert g.to_act() == (S,)                                # 3.0 E: Sauron first
    g.act(S, {"type": "end"})
    assert g.to_act() == (W,) and casts(g, W) == []          # 3.0 E: cast in A, none in E
    assert [a for a in g.legal_actions(W) if a.get("piece") == "gandalf"]           # but it may move


def test_a_successful_spell_spends_its_points_and_brings_aragorn_to_enter():
    # SPI 8.56: points spent on success; Reveal Aragorn (reconstruction): the group
    # arrives and enters at its entry hexes in the Westernesse Movement Phase, stopping there
    g = games.new("gondor", seed=1)
    g.dice = ScriptedDice(3, 3)
    g.act(W, {"type": "cast", "leader": "gandalf", "spell": "reveal-aragorn"})
    assert g.state.position.leaders["gandalf"].magic == 7 and "aragorn" not in g.state.to_come
    assert set(g.state.waiting) == {"aragorn", "dunedain-1", "dunedain-2"}
    to_phase(g, "F", W)
    entries = [a for a in g.legal_actions(W) if a["type"] == "enter"]
    assert {"type": "enter", "piece": "dunedain-1", "to": "2015"} in entries
    g.act(W, {"type": "enter", "piece": "dunedain-1", "to": "2015"})
    assert g.state.position.units["dunedain-1"].hex == "2015" and "dunedain-1" not in g.state.waiting
    assert not [a for a in g.legal_actions(W) if a.get("piece") == "dunedain-1"]    # entered: moved
    assert {"type": "enter", "piece": "dunedain-2", "to": "2015"} not in g.legal_actions(W)   # 5.0
    assert {"type": "enter", "piece": "aragorn", "to": "2015"} in g.legal_actions(W)          # Leaders stack


def test_a_clone_keeps_its_reinforcements_when_the_original_s_arrive_and_enter():
    # issue 25 finding 5: the groups still to come are shared by clones until they arrive;
    # the arrival (Reveal Aragorn, as above) gives the game its own pieces to move
    g = games.new("gondor", seed=1)
    twin = g.clone(reseed=False)
    before = [vars(p).copy() for p in twin.state.to_come["aragorn"]], twin.view(None)
    g.dice = ScriptedDice(3, 3)
    g.act(W, {"type": "cast", "leader": "gandalf", "spell": "reveal-aragorn"})
    to_phase(g, "F", W)
    g.act(W, {"type": "enter", "piece": "dunedain-1", "to": "2015"})
    assert g.state.position.units["dunedain-1"].hex == "2015"
    assert ([vars(p) for p in twin.state.to_come["aragorn"]], twin.view(None)) == before


def shipped_with(change) -> dict:
    """Gondor's shipped scenario file, changed by `change(doc)` before the game starts."""
    doc = json.loads((SCENARIOS / "gondor.json").read_text(encoding="utf-8"))
    change(doc)
    return doc


def test_no_spell_beyond_the_points_left_and_points_never_negative():
    # SPI 8.55: Gandalf with 2 points left tries none of Westernesse's spells (3 and 4)
    def two_points(doc):
        next(ldr for ldr in doc["leaders"] if ldr["id"] == "gandalf")["magic"] = 2

    g = games.new("gondor", seed=1, scenario=shipped_with(two_points))
    assert casts(g, W) == []
    assert casts(games.new("gondor", seed=1), W)


def test_rohan_arrives_from_turn_five_on_a_five_or_six_and_raises_the_level():
    # Gondor's Reinforcement Track (reconstruction of [JY]): Rohan from turn 5 on a die
    # of 5-6; the garrison's Demoralization Level becomes 76 (9.21)
    g = games.new("gondor", seed=1)
    to_turn(g, 4)                                             # turn 4: no roll at all
    assert "rohan" in g.state.to_come
    to_turn(g, 5, 4)
    assert "rohan" in g.state.to_come and g.state.levels[W] == 36
    to_turn(g, 6, 5)
    assert "rohan" not in g.state.to_come and "theoden" in g.state.waiting and g.state.levels == {W: 76, S: 93}


def test_blocked_entry_hexes_make_reinforcements_wait():
    # ruling: a reinforcement enters at a free entry hex of its group; with every one
    # held by the enemy it waits for a later Movement Phase
    def entries(held):
        def orcs_at_the_entries(doc):
            orcs = {f"mordor-orc-spearmen-{i}": h for i, h in zip((3, 4, 5, 6), held)}   # no Leader with them
            for x in doc["units"]:
                x["hex"] = orcs.get(x["id"], x.get("hex"))

        g = games.new("gondor", seed=1, scenario=shipped_with(orcs_at_the_entries))
        to_turn(g, 5, 6)                                      # Rohan arrives
        to_phase(g, "F", W)
        assert "rohirrim-1" in g.state.waiting
        return {(a["piece"], a["to"]) for a in g.legal_actions(W) if a["type"] == "enter"}

    assert entries(("0801", "1001", "1201", "1401")) == set()
    free = entries(("0909", "1001", "1201", "1401"))          # 0801 left free
    assert ("rohirrim-1", "0801") in free and all(h == "0801" for _, h in free)


def test_the_beast_is_summoned_by_its_spell():
    # Sauron's Summon Beast, 5 points [BB-S]; the Beast: armour 4, morale X, movement 4
    g = games.new("sauron", seed=1)
    g.act(W, {"type": "end"})
    assert {"type": "cast", "leader": "sauron", "spell": "summon-beast"} in casts(g, S)
    g.dice = ScriptedDice(3, 4)
    g.act(S, {"type": "cast", "leader": "sauron", "spell": "summon-beast"})
    assert g.state.position.leaders["sauron"].magic == 40 and "the-beast" in g.state.waiting
    to_phase(g, "C", S)
    g.act(S, {"type": "enter", "piece": "the-beast", "to": "1002"})
    beast = g.state.position.units["the-beast"]
    assert (beast.ratings.armour, beast.ratings.morale, beast.allowance) == (4, "X", 4)


def spell(effect, **kw):
    return SpellSpec(id="s", side=S, cost=1, effect=effect, **kw)


def test_freeze_and_fear_bar_special_formations_and_more():
    # SPI 8.47: no special formation under a Freeze Leader or Fear spell; ruling: Freeze
    # also stops moving, casting, rallying and Leader combat, Fear rallying
    hero, witch = leader("hero", W, "0505"), leader("witch", S, "0707", magic=6)
    pos, bound = position(hero, witch), {}
    assert spells.targets(pos, spell("fear"), witch, bound, set()) == ["hero"]
    spells.take_effect(pos, spell("fear"), "hero", bound)
    assert spells.barred(bound, "hero", "form") and spells.barred(bound, "hero", "rally")
    assert not spells.barred(bound, "hero", "move")
    assert spells.targets(pos, spell("fear"), witch, bound, set()) == []        # once is enough
    spells.take_effect(pos, spell("freeze"), "hero", bound)
    assert all(spells.barred(bound, "hero", x) for x in ("move", "cast", "rally", "duel", "form"))
    assert spells.targets(pos, spell("fear", range=1), witch, {}, set()) == []   # out of range
    assert spells.targets(pos, spell("stalemate"), hero, {}, set()) == ["witch"]  # Magic Leaders only
    assert spells.targets(pos, spell("stalemate"), witch, {}, set()) == []


def test_a_frozen_leader_forms_nothing_in_play():
    # SPI 8.47 in play: a Leader under Freeze Leader offers no special formation
    from tests.hexwar.gondor_sauron.test_formations import small, u
    doc = small([u("a", W, "0505"), u("b", W, "0504"), u("s", S, "0909")],
                [{"id": "l", "side": W, "nationality": "gondor", "rally": 2, "hex": "0505"},
                 {"id": "witch", "side": S, "nationality": "mordor", "rally": 2, "hex": "0909", "magic": 4}])
    doc["spells"] = [{"id": "wrath", "side": S, "cost": 4, "effect": "freeze", "range": 6}]

    def forms(freeze):
        g = games.new("sauron", seed=1, scenario=doc)
        g.act(W, {"type": "end"})
        if freeze:                                            # 3.0 A: Sauron casts after Westernesse
            g.dice = ScriptedDice(3, 3)
            g.act(S, {"type": "cast", "leader": "witch", "spell": "wrath", "target": "l"})
            assert g.state.bound == {"l": {"freeze"}}
        to_phase(g, "F", W)
        return [a for a in g.legal_actions(W) if a["type"] == "form"]

    assert forms(freeze=False)
    assert not forms(freeze=True)


def test_daylight_darkness_disruption_and_breach_spells():
    # SPI 10.0 night (Break Darkness, Total Eclipse of the Sun: ruling, for the rest of the
    # Game-Turn); Sinister Visions disrupts (7.57); Activate Grond breaches the Great Gate (6.13)
    orc, man, witch = unit("o", S, "0505"), unit("m", W, "0506"), leader("w", S, "0505", magic=9)
    pos = position(orc, man, witch, night=True, sides={("0606", "0706"): "gate"})
    assert spells.targets(pos, spell("darkness"), witch, {}, set()) == []
    spells.take_effect(pos, spell("daylight"), None, {})
    assert not pos.night and not pos.fanatical(orc)
    spells.take_effect(pos, spell("darkness"), None, {})
    assert pos.night and pos.fanatical(orc)
    assert spells.targets(pos, spell("disrupt", range=1), witch, {}, set()) == ["m"]
    spells.take_effect(pos, spell("disrupt"), "m", {})
    assert man.disrupted
    grond = spell("breach", hexside=["0606", "0706"])
    assert spells.targets(pos, grond, witch, {}, set()) == [None]
    spells.take_effect(pos, grond, None, {})
    assert frozenset(("0606", "0706")) in pos.breached and spells.targets(pos, grond, witch, {}, set()) == []


def test_night_returns_with_the_next_game_turn():
    # SPI 10.0: the Turn Record's night; a spell's daylight lasts the Game-Turn only
    g = games.new("gondor", seed=1)
    to_turn(g, 2)
    assert g.state.position.night
    g.dice = ScriptedDice(3, 3)                               # 6 on two dice: it succeeds (8.54)
    g.act(W, {"type": "cast", "leader": "gandalf", "spell": "break-darkness"})
    assert not g.state.position.night
    to_turn(g, 3)
    assert g.state.position.night


def test_exclusive_data_is_validated_all_at_once():
    doc = json.loads((SCENARIOS / "gondor.json").read_text(encoding="utf-8"))
    doc["units"][0]["arrives"] = "rohan"                            # both a hex and a group
    del doc["units"][1]["hex"]                                      # neither
    doc["reinforcements"].append({"group": "ents", "side": W, "turn": 30, "roll": [7], "entry": ["9999"]})
    doc["spells"] += [{"id": "grond2", "side": S, "cost": 2, "effect": "breach"},
                      {"id": "call", "side": S, "cost": 2, "effect": "arrive", "group": "rohan"},
                      {"id": "gap", "side": S, "cost": 2, "effect": "breach", "hexside": ["1010", "1011"]}]
    with pytest.raises(ScenarioError) as caught:
        load_scenario(json.dumps(doc), "mine.json")
    problems = caught.value.problems
    for expected in (
            "unit gondor-citadel-guard-1: give a set-up hex or a reinforcement group (arrives), one of them",
            "unit gondor-citadel-guard-2: give a set-up hex or a reinforcement group (arrives), one of them",
            "reinforcements ents: entry hex 9999 is not on the map",
            "reinforcements ents: a die shows 1-6, not 7",
            "reinforcements ents: turn 30 is after the last Game-Turn",
            "reinforcements ents: no piece arrives with it",
            "spell grond2: a hexside is given with (and only with) the effect breach",
            "spell call: no sauron reinforcement group 'rohan'",
            "spell gap: 1010-1011 is not a wall, gate or tower hexside"):
        assert expected in problems
