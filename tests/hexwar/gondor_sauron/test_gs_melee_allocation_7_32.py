"""SPI 7.31, 7.32, 7.34 (issue 23): the Phasing Player states every unit attacking a
defender before any of those attacks is resolved; they are then resolved separately, in
the stated order, and every stated unit is spent whatever happens. Through scenario files
and `act` only.

Westernesse's `a` (0503) and `b` (0604) move in Phase F to 0504 and 0605: `a` is then
beside Sauron's `d1` (0505) only, `b` beside `d1` and `d2` (0606). C against armour 2
wounds on two dice 2-7; one die against morale X: 1 E, 2 1/2E, 3 A, 4 r2, 5 r1, 6 none."""

import pytest
from tests.support.gs_audit import S, W, events, new, of_type, piece, play_until, scenario, unit

from warjudge.core.events import Refusal
from warjudge.core.game import GM

ATTACK_A = {"type": "attack", "unit": "a", "target": "d1"}
ATTACK_B = {"type": "attack", "unit": "b", "target": "d1"}
RESOLVE = {"type": "resolve"}


def melee(*faces, cavalry: tuple[str, ...] = ()):
    def kind(uid):
        return "cavalry" if uid in cavalry else "infantry"
    doc = scenario([unit("a", W, "0503", kind=kind("a")), unit("b", W, "0604", kind=kind("b")),
                    unit("d1", S, "0505", kind=kind("d1"), reduced="D1X"), unit("d2", S, "0606")])
    g = new(doc, *faces)
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "a", "to": "0504"})
    g.act(W, {"type": "move", "piece": "b", "to": "0605"})
    play_until(g, "G", W, "melee")
    return g


def test_stated_units_stay_bound_to_their_defender_whatever_the_first_result():
    # SPI 7.32: a and b are stated against d1; a's attack makes d1 retreat; b may not then
    # turn on d2 ("regardless of the outcome of the individual battle"): its attack lapses
    g = melee(3, 4, 5)                                          # 7: a casualty; X, 5: r1
    g.act(W, ATTACK_A)
    assert g.legal_actions(W) == [ATTACK_B, RESOLVE] and events(g, "attack") == []
    g.act(W, ATTACK_B)                                          # nobody left to state: resolved
    assert [e["result"] for e in events(g, "attack")] == ["r1"] and g.decision(S).kind == "retreat"
    g.act(S, of_type(g, S, "retreat")[0])
    g.act(W, {"type": "stay"})                                  # 7.51: a may advance; it stays
    lapsed = events(g, "attack-lapsed")
    assert [(e["unit"], e["target"], e["why"]) for e in lapsed] == [("b", "d1", "defender-retreated")]
    assert g.legal_actions(W) == [{"type": "end"}]             # 7.34: b is spent, d2 is safe


def test_an_attack_stated_against_an_eliminated_defender_lapses():
    # SPI 7.32, 7.34: a eliminates d1; b's stated attack lapses, and b is still spent
    g = melee(3, 4, 1)                                          # 7; X, 1: E
    g.act(W, ATTACK_A)
    g.act(W, ATTACK_B)
    assert piece(g, "d1") is None and g.legal_actions(W) == [{"type": "advance", "unit": "a"}, {"type": "stay"}]
    g.act(W, {"type": "stay"})
    assert [(e["unit"], e["why"]) for e in events(g, "attack-lapsed")] == [("b", "defender-eliminated")]
    assert len(events(g, "attack")) == 1 and g.legal_actions(W) == [{"type": "end"}]


def test_a_unit_not_stated_may_still_attack_another_defender():
    # SPI 7.32: only the units stated against d1 are bound; b, not stated, attacks d2 (and,
    # d1's attackers having been stated, not d1)
    g = melee(6, 6, 6, 6)                                       # 12, 12: no casualty
    g.act(W, ATTACK_A)
    g.act(W, RESOLVE)
    assert [(e["unit"], e["target"]) for e in events(g, "attack")] == [("a", "d1")]
    assert g.legal_actions(W) == [{"type": "attack", "unit": "b", "target": "d2"}]
    g.act(W, {"type": "attack", "unit": "b", "target": "d2"})
    assert [(e["unit"], e["target"]) for e in events(g, "attack")] == [("a", "d1"), ("b", "d2")]
    assert g.legal_actions(W) == [{"type": "end"}]


def test_the_defender_is_meleed_by_each_stated_unit_separately_in_the_stated_order():
    # SPI 7.32: each stated unit's attack is its own roll, in the order stated (b, then a);
    # 7.34: a defender may be meleed more than once, an attacker only once
    g = melee(3, 4, 3, 6, 6)                                    # b: 7; X, 3: A (flip). a: 12
    g.act(W, ATTACK_B)
    assert g.legal_actions(W) == [ATTACK_A]                     # 7.31: d1 is the only enemy a may attack
    g.act(W, ATTACK_A)
    assert [e["units"] for e in events(g, "allocated")] == [["b", "a"]]
    assert [(e["unit"], e["result"]) for e in events(g, "attack")] == [("b", "A"), ("a", "-")]
    assert piece(g, "d1")["reduced"] and g.legal_actions(W) == [{"type": "end"}]


def test_every_unit_in_an_enemy_zone_is_stated_against_one_defender():
    # SPI 7.31: d1 may not be closed while a, in d1's zone only, is not stated; once a has
    # attacked, b still owes an attack and the melee may not end: the refusal names it
    g = melee(6, 6, 6, 6)
    g.act(W, ATTACK_B)
    assert RESOLVE not in g.legal_actions(W)
    g = melee(6, 6, 6, 6)
    g.act(W, ATTACK_A)
    g.act(W, RESOLVE)
    before = g.view(None)
    with pytest.raises(Refusal) as refused:
        g.act(W, {"type": "end"})
    assert refused.value.code == "gs.refused.must_attack" and refused.value.params["units"] == ["b"]
    assert g.view(None) == before and g.legal_actions(W) == [{"type": "attack", "unit": "b", "target": "d2"}]


def test_cavalry_attacked_by_stated_cavalry_does_not_retreat_before_combat():
    # SPI 7.7: cavalry retreats before combat only when attacked solely by infantry: the
    # stated attackers count together (7.32)
    g = melee(6, 6, 6, 6, cavalry=("b", "d1"))
    g.act(W, ATTACK_A)
    g.act(W, RESOLVE)
    assert g.decision(S).kind == "evade"                        # a alone is infantry
    g = melee(6, 6, 6, 6, cavalry=("b", "d1"))
    g.act(W, ATTACK_A)
    g.act(W, ATTACK_B)
    assert g.decision(S) is None and len(events(g, "attack")) == 2


def test_the_statement_is_shown_and_resolve_previews_each_stated_attack():
    # SPI 7.32, 7.33: while a statement is open the decision names it; `resolve` shows the
    # odds of each stated attack in the order they will be made
    g = melee()
    g.act(W, ATTACK_A)
    assert g.decision(W).info["stated"] == {"target": "d1", "units": ["a"]}
    shown = g.preview(W, RESOLVE)
    assert shown["kind"] == "melee-statement" and shown["target"] == "d1"
    assert [(x["attacker"], x["attack"], x["armour"], x["casualty_on"]) for x in shown["attacks"]] == \
           [("a", "C", 2, [2, 3, 4, 5, 6, 7])]


def test_the_games_master_process_resolves_an_open_statement():
    # SPI 7.32 (ruling on `process`): with a statement open, the default is to resolve it
    g = melee(6, 6)
    g.act(W, ATTACK_A)
    g.act(GM, {"type": "process"})
    assert [(e["unit"], e["target"]) for e in events(g, "attack")] == [("a", "d1")]
    assert g.legal_actions(W) == [{"type": "attack", "unit": "b", "target": "d2"}]
