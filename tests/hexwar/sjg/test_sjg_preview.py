"""The odds shown before an attack (issue 14): strengths, odds column, every die-roll
modifier and the CRT row, from the rules' own functions; then the attack is made and the
engine resolves exactly what the preview showed (column, strengths, modifier, result)."""

from __future__ import annotations

from tests.hexwar.sjg.sjg_helpers import end_until, make_map, start, two
from tests.hexwar.sjg.test_sjg_combat import BN, RN, boulder_game, ids, ridge_board

from warjudge.hexwar.sjg.state import Item
from tests.support.sjg_act import act_as_its_side


def attack(side, targets, **kw):
    return {"type": "attack", "side": side, "targets": targets, **{k: sorted(v) for k, v in kw.items()}}


def resolved(game, action):
    """The preview, then the engine's own report of the attack (its `sjg.attacked` or
    boulder events' parameters)."""
    shown = game.preview(action["side"], action)
    before = len(game.events)
    act_as_its_side(game, action)
    said = [e.params for e in game.events[before:] if e.code in ("sjg.attacked", "sjg.boulders_dropped")]
    return shown, said


def test_direct_attack_from_a_slope_into_the_miasma_shows_what_the_engine_resolves():
    # SJG 2.12, 6.31: half strength on a slope (the Necromancer keeps its own);
    # SJG 6.32, 7.3: an attack into the Miasma is -1; SJG 6.21: odds column and CRT row
    board = make_map({"1010": "S2"})
    game, u = start({"z": ("zombie", "red", "1010"), "rn": ("necromancer", "red", "1211"),
                     "e": ("zombie", "black", "1110"), **BN}, board=board, fill={"red": 2}, miasma={"1110"})
    end_until(game, "combat")  # red 3 units: zombie 12 (6 on the slope), Necromancer 24
    action = attack("red", ["1110"], direct=ids(u, "z", "rn"))
    assert action in game.legal_actions("red")
    game.dice.push(*two(7))
    shown, said = resolved(game, action)
    strengths = {a["id"]: (a["strength"], a["notes"]) for a in shown["attackers"]}
    assert strengths[u["z"].id] == (6, ["half strength on a slope (SJG 2.12, 6.31)"])
    assert strengths[u["rn"].id] == (24, [])
    assert shown["modifiers"] == [{"value": -1, "why": "a target in the Miasma (SJG 6.32, 7.3)"}]
    (roll,) = shown["rolls"]
    assert [d["id"] for d in roll["defenders"]] == [u["e"].id]
    assert (shown["attack"], roll["defence"], roll["column"], shown["modifier"]) == \
           (said[0]["attack"], said[0]["defence"], said[0]["column"], said[0]["modifier"]) == (30, 12, "2-1", -1)
    assert roll["row"][str(said[0]["roll"])] == said[0]["result"] == "DR"   # 7-1 = 6 on 2-1
    assert game.state.position.units[u["e"].id].hex == "1110" and game.pending.kind == "retreat"  # it must retreat


def test_indirect_attack_from_above_shows_plus_one_and_the_row_it_is_read_on():
    # SJG 6.22(b): an adjacent target below: +1; the shown row already holds the +1
    game, u = start({"up": ("skeleton", "red", "1110"), "e_low": ("zombie", "black", "1111"), **RN, **BN},
                    board=ridge_board())
    end_until(game, "combat")
    action = attack("red", ["1111"], indirect=ids(u, "up"))
    game.dice.push(*two(11))
    shown, said = resolved(game, action)
    assert shown["modifiers"] == [{"value": 1, "why": "indirect attack from above (SJG 6.22b)"}]
    row = shown["rolls"][0]["row"]
    assert row["11"] == said[0]["result"] and said[0]["roll"] == 11 and said[0]["modifier"] == 1
    assert row["12"] == row["11"]   # the modified total is clamped to 12 (ruling in tables.crt)


def test_a_wizards_magic_sword_is_shown_in_its_strength():
    # SJG 10.57: the Magic Sword adds 6 to its wizard's direct attack
    game, u = start({"rn": ("necromancer", "red", "1010"), "e": ("zombie", "black", "1110"), **BN})
    game.state.position.items["sword"] = Item("sword", holder=u["rn"].id)
    end_until(game, "combat")
    action = attack("red", ["1110"], direct=ids(u, "rn"))
    game.dice.push(*two(2))
    shown, said = resolved(game, action)
    (rn,) = shown["attackers"]
    assert rn["notes"] == ["+6 its Magic Sword or Bow (SJG 10.57, 10.58)"]
    assert rn["strength"] == shown["attack"] == said[0]["attack"]


def test_boulders_show_one_roll_per_unit_below_and_the_immune():
    # SJG 6.23: each unit below defends alone at its boulder defence; Necromancers are immune
    game, u = boulder_game(fill={"black": 42, "red": 33})
    game.state.position.units[u["rn"].id].hex = "1211"
    end_until(game, "combat")
    action = attack("black", ["1211"], boulder=ids(u, "b1", "b2", "b3"))
    game.dice.push(*two(2), *two(7), *two(3))
    shown, said = resolved(game, action)
    rolled = [r for r in shown["rolls"] if "immune" not in r]
    assert [r["immune"] for r in shown["rolls"] if "immune" in r] == ["Necromancers and apprentices (SJG 6.23)"]
    assert [(r["defence"], r["column"]) for r in rolled] == [(e["defence"], e["column"]) for e in said] == \
           [(11, "2-1")] * 3
    assert [r["row"][str(e["roll"])] for r, e in zip(rolled, said)] == [e["result"] for e in said]


def test_automatic_columns_show_their_result_and_no_row():
    # SJG 6.21: 5-1 or better is an automatic DE, no roll
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("wraith", "black", "1110"), **RN, **BN},
                    fill={"black": 57})
    end_until(game, "combat")
    action = attack("red", ["1110"], direct=ids(u, "z"))
    shown, said = resolved(game, action)
    roll = shown["rolls"][0]
    assert (roll["column"], roll["automatic"], roll["row"]) == (said[0]["column"], "DE", {})
    assert u["e"].id not in game.state.position.units


def test_no_preview_for_anything_but_a_legal_attack():
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("zombie", "black", "1110"), **RN, **BN})
    end_until(game, "combat")
    assert game.preview("red", {"type": "end", "side": "red"}) is None
    assert game.preview("red", attack("red", ["1110"], indirect=ids(u, "z"))) is None   # zombies fire no missiles
    assert game.preview("black", attack("red", ["1110"], direct=ids(u, "z"))) is None   # not black's to make
