"""Standard Diplomacy through the one game interface (issue 12): legal actions compared
with hand-derived sets, strict `act`, phases adjudicated when everyone is done, the GM's
process and draw, views that hide pending orders, outcome, clone, records old and new."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from warjudge.core import games
from warjudge.core.errors import IllegalAction, InputError, RecordError
from warjudge.core.game import GM
from warjudge.core.record import GameRecord
from warjudge.core.visibility import hidden_objects
from warjudge.diplomacy import legal_orders
from warjudge.diplomacy.legality import check_movement_order
from warjudge.diplomacy.orders import parse_order
from warjudge.diplomacy.phases import GameState, Phase
from warjudge.diplomacy.results import Dislodged
from warjudge.diplomacy.units import parse_unit

DATA = Path(__file__).parent.parent / "data"


def _orders(game, power):
    return {a["order"] for a in game.legal_actions(power) if a["type"] == "order"}


def _set_position(game, phase, units, centers=None, dislodged=(), standoffs=()):
    """A test position (white-box: the interface has no set-up action for Diplomacy)."""
    placed = {u.province: u for power, texts in units.items() for u in (parse_unit(t, power, game.map) for t in texts)}
    owned = centers if centers is not None else {p: set(game.map.home_centers(p)) for p in game.map.powers}
    game.state = GameState(Phase.parse(phase), placed, {p: set(c) for p, c in owned.items()},
                           list(dislodged), set(standoffs))


def test_spring_1901_france_legal_orders_are_the_hand_derived_set():
    # 2000 rulebook: hold, move to an adjacent province, support a hold or a move into a
    # province the supporter could move to; coasts explicit (F bre reaches no split coast)
    game = games.new("diplomacy", seed=0)
    assert game.to_act() == game.players
    expected = {
        "F bre H", "F bre - eng", "F bre - gas", "F bre - mid", "F bre - pic",
        "F bre S F lon - eng", "F bre S A mar - gas", "F bre S A par - gas", "F bre S A par - pic",
        "A mar H", "A mar - bur", "A mar - gas", "A mar - pie", "A mar - spa",
        "A mar S A par - bur", "A mar S A par - gas", "A mar S F bre - gas", "A mar S A mun - bur",
        "A mar S A ven - pie",
        "A par H", "A par - bur", "A par - gas", "A par - pic", "A par - bre", "A par S F bre",
        "A par S A mar - bur", "A par S A mar - gas", "A par S A mun - bur", "A par S F bre - gas",
        "A par S F bre - pic",
    }
    assert _orders(game, "FRANCE") == expected
    assert len(game.legal_actions("FRANCE")) == len(expected)   # no duplicates, no retracts yet


def test_split_coasts_are_explicit_in_moves_and_builds():  # 2000 rulebook: split coasts (stp, spa, bul)
    game = games.new("diplomacy", seed=0)
    moves = {o for o in _orders(game, "RUSSIA") if o.startswith("F sev -") or o.startswith("F stp/sc -")}
    assert moves == {"F sev - arm", "F sev - bla", "F sev - rum", "F stp/sc - bot", "F stp/sc - fin",
                     "F stp/sc - lvn"}
    _set_position(game, "W1901A", {"RUSSIA": ["A mos", "A war"]},
                  centers={"RUSSIA": {"mos", "war", "stp", "sev"}})
    assert game.to_act() == ("RUSSIA",)
    assert _orders(game, "RUSSIA") == {"Build A stp", "Build F stp/nc", "Build F stp/sc", "Build A sev",
                                      "Build F sev", "Waive"}
    with pytest.raises(IllegalAction, match="not a legal order"):
        game.act("RUSSIA", {"type": "order", "order": "Build F stp"})   # which coast?


def test_convoys_are_offered_where_the_fleets_at_sea_could_carry_the_army():
    # 2000 rulebook: convoys; DATC 6.D.32: with no fleet that could convoy, the move is void
    game = games.new("diplomacy", seed=0)
    _set_position(game, "S1902M", {"ENGLAND": ["A lon", "F nth"], "FRANCE": ["A bre"]})
    shores = {"bel", "den", "edi", "hol", "nwy", "yor"}           # the coasts the North Sea touches
    assert {o for o in _orders(game, "ENGLAND") if "via convoy" in o} == {f"A lon - {p} via convoy" for p in shores}
    convoys = {o for o in _orders(game, "ENGLAND") if " C " in o}
    assert convoys == {f"F nth C A lon - {p}" for p in shores}
    assert not any("via convoy" in o for o in _orders(game, "FRANCE"))   # no fleet in the Channel
    game.act("ENGLAND", {"type": "order", "order": "A lon - nwy"})      # typed without 'via convoy'
    assert game.view(None)["orders"][0]["order"] == "A lon - nwy via convoy"


def test_movement_lists_are_kept_for_a_bounded_number_of_positions():  # Standards: bounded work; issue 26
    # a search lists one position from many clones, so the map keeps the last MEMO
    # positions' lists: each is the list made afresh, and no more are kept
    game = games.new("diplomacy", seed=0)
    land = sorted(p for p, prov in game.map.provinces.items() if prov.kind != "sea")
    pairs = [(a, b) for a in land[:3] for b in land if b != a]
    assert len(pairs) > legal_orders.MEMO + 8
    for first, second in pairs[:legal_orders.MEMO + 8]:
        _set_position(game, "S1901M", {"FRANCE": [f"A {first}"], "GERMANY": [f"A {second}"]})
        fresh = legal_orders._movement_orders(game.map, game.state.units)
        assert _orders(game, "FRANCE") == set(fresh[first]) and _orders(game, "GERMANY") == set(fresh[second])
        assert legal_orders.movement_orders(game.map, dict(game.state.units)) is \
            legal_orders.movement_orders(game.map, game.state.units)   # kept, not made again
    assert len(game.map.orders_memo) == legal_orders.MEMO


def test_every_listed_order_is_legal_for_the_judge_over_whole_games():
    # warjudge: the legal lists and the adjudicator agree (every listed order is accepted unchanged)
    for seed in range(3):
        rng = random.Random(seed)
        game = games.new("diplomacy", seed=seed, max_year=1904)
        while not game.is_over:
            power = rng.choice(game.to_act())
            actions = game.legal_actions(power)
            if game.state.phase.kind == "M":
                for a in actions:
                    if a["type"] == "order":
                        order, reason = check_movement_order(game.map, game.state.units,
                                                             parse_order(a["order"], power, game.map))
                        assert reason is None, a
            game.act(power, rng.choice([a for a in actions if a["type"] == "order"]))
        out = game.outcome()
        assert out.reason == "year-limit" and str(game.state.phase) == "S1905M"
        assert out.winners == tuple(p for p in game.players if out.scores[p] == max(out.scores.values()))


def test_act_is_strict_and_a_refused_action_changes_nothing():  # Standards: bad input changes nothing
    game = games.new("diplomacy", seed=0)
    before = (game.record.to_json(), json.dumps(game.view(None)))
    for player, action in [
        ("FRANCE", {"type": "order", "order": "A par - mun"}),        # not adjacent
        ("FRANCE", {"type": "order", "order": "A mun - bur"}),        # not France's unit
        ("FRANCE", {"type": "order", "order": "A par S A mar"}),      # support out of reach
        ("FRANCE", {"type": "order", "order": "A par - bur", "x": 1}),
        ("FRANCE", {"type": "order", "order": ["A par - bur"]}),
        ("FRANCE", {"type": "retract", "unit": "par"}),                # nothing to take back
        ("FRANCE", {"type": "process"}),
        ("NARNIA", {"type": "order", "order": "A par - bur"}),
        ("FRANCE", "A par - bur"),
        (GM, {"type": "draw", "powers": ["FRANCE"]}),
        (GM, {"type": "process", "phase": "S1901M"}),
    ]:
        with pytest.raises(IllegalAction):
            game.act(player, action)
        assert (game.record.to_json(), json.dumps(game.view(None))) == before


def test_orders_typed_differently_are_recorded_canonically_and_retract_works():  # issue 12: atomic actions
    game = games.new("diplomacy", seed=0)
    game.act("FRANCE", {"type": "order", "order": "A Par-Bur"})
    assert game.record.actions[-1] == {"player": "FRANCE", "type": "order", "order": "A par - bur"}
    assert {"type": "order", "order": "A par H"} not in game.legal_actions("FRANCE")   # already ordered
    with pytest.raises(IllegalAction, match="already has an order"):
        game.act("FRANCE", {"type": "order", "order": "A par H"})
    assert {"type": "retract", "order": "A par - bur"} in game.legal_actions("FRANCE")
    game.act("FRANCE", {"type": "retract", "order": "A par - bur"})
    game.act("FRANCE", {"type": "order", "order": "A par - pic"})
    assert [o["order"] for o in game.view(None)["orders"]] == ["A par - pic"]


def test_the_phase_is_adjudicated_once_every_power_is_done():  # issue 12: adjudicated inside act
    game = games.new("diplomacy", seed=0)
    for power in game.players:
        for unit in sorted(game.decision(power).info["units"]):
            text = "A par - bur" if unit == "A par" else f"{unit} H"
            assert str(game.state.phase) == "S1901M"
            game.act(power, {"type": "order", "order": text})
    assert str(game.state.phase) == "F1901M"
    assert game.state.units["bur"].power == "FRANCE" and "par" not in game.state.units


def test_the_gm_processes_with_the_rules_defaults():
    # 2000 rulebook: an unordered unit holds; a dislodged unit given no retreat disbands
    game = games.new("diplomacy", seed=0)
    _set_position(game, "S1902M", {"FRANCE": ["A bur", "A mar"], "GERMANY": ["A mun", "A ruh"]})
    game.act("GERMANY", {"type": "order", "order": "A mun - bur"})
    game.act("GERMANY", {"type": "order", "order": "A ruh S A mun - bur"})
    assert game.to_act() == ("FRANCE",)
    game.act(GM, {"type": "process"})
    assert str(game.state.phase) == "S1902R" and game.state.units["bur"].power == "GERMANY"
    assert game.decision("FRANCE").kind == "retreats"
    assert _orders(game, "FRANCE") == {"A bur R bel", "A bur R gas", "A bur R par", "A bur R pic", "A bur D"}   # not mun, mar, ruh
    game.act(GM, {"type": "process"})
    assert str(game.state.phase) == "F1902M"
    assert sorted(u.province for u in game.state.units.values() if u.power == "FRANCE") == ["mar"]


def test_retreats_then_adjustments_by_atomic_actions():
    # 2000 rulebook: retreats, builds in owned empty home centres, removals; the count is met
    game = games.new("diplomacy", seed=0)
    d = Dislodged(parse_unit("F nth", "ENGLAND", game.map), "hel")
    _set_position(game, "F1902R", {"ENGLAND": ["A yor"], "GERMANY": ["F nth"]},
                  centers={"ENGLAND": {"lon", "edi", "lvp"}, "GERMANY": {"ber", "kie", "mun", "hol"}},
                  dislodged=[d], standoffs={"edi"})
    assert _orders(game, "ENGLAND") == {"F nth R bel", "F nth R den", "F nth R eng", "F nth R hol",
                                        "F nth R lon", "F nth R nrg", "F nth R nwy", "F nth R ska", "F nth D"}
    game.act("ENGLAND", {"type": "order", "order": "F nth - nwy"})   # a move typed in a retreat phase
    assert str(game.state.phase) == "W1902A"
    assert game.state.centers["ENGLAND"] == {"lon", "edi", "lvp", "nwy"}   # Fall: nwy changes hands
    assert game.decision("ENGLAND").info["builds"] == 2 and game.decision("GERMANY").info["builds"] == 3
    game.act("ENGLAND", {"type": "order", "order": "Build F lon"})
    game.act("ENGLAND", {"type": "order", "order": "Waive"})
    game.act("GERMANY", {"type": "order", "order": "Build A ber"})
    game.act("GERMANY", {"type": "order", "order": "Waive"})
    assert _orders(game, "GERMANY") == {"Build A kie", "Build F kie", "Build A mun", "Waive"}
    game.act("GERMANY", {"type": "retract", "unit": "waive-1"})
    game.act("GERMANY", {"type": "order", "order": "Build A mun"})
    game.act("GERMANY", {"type": "order", "order": "waive"})
    assert str(game.state.phase) == "S1903M"
    assert {str(u) for u in game.state.units.values()} == {"A yor", "F nwy", "F lon", "F nth", "A ber", "A mun"}


def test_views_hide_each_powers_pending_orders_from_the_others():  # Standards: hidden information
    game = games.new("diplomacy", seed=0)
    game.act("FRANCE", {"type": "order", "order": "A par - bur"})
    full = game.view(None)
    for power in game.players:
        seen = json.dumps(game.view(power))
        for hidden in hidden_objects(full, power):
            assert hidden["order"] not in seen
    assert [o["order"] for o in game.view("FRANCE")["orders"]] == ["A par - bur"]
    assert game.view("GERMANY")["orders"] == []
    json.dumps(full)   # JSON through and through


def test_outcomes_victory_draw_and_year_limit():  # 2000 rulebook: 18 centres win; a draw of all survivors
    game = games.new("diplomacy", seed=0)
    sc = [p for p in game.map.supply_centers if p not in game.map.home_centers("ENGLAND") + ("hol", "par")][:16]
    _set_position(game, "F1905M", {"FRANCE": ["A par", "A ruh"], "ENGLAND": ["A yor"]},
                  centers={"FRANCE": set(sc) | {"par"}, "ENGLAND": {"lon"}})
    game.act("FRANCE", {"type": "order", "order": "A ruh - hol"})   # the 18th centre
    game.act(GM, {"type": "process"})
    assert game.state.units["hol"].power == "FRANCE" and len(game.state.centers["FRANCE"]) == 18
    assert game.outcome().winners == ("FRANCE",) and game.outcome().reason == "victory"
    assert game.to_act() == () and game.legal_actions("FRANCE") == []
    draw = games.new("diplomacy", seed=0)
    with pytest.raises(IllegalAction, match="surviving powers"):
        draw.act(GM, {"type": "draw", "powers": ["FRANCE", "ENGLAND"]})
    draw.act(GM, {"type": "draw", "powers": list(draw.players)})
    out = draw.outcome()
    assert out.draw and out.reason == "draw" and set(out.winners) == set(draw.players)
    limited = games.new("diplomacy", seed=0, max_year=1901)
    limited.act(GM, {"type": "process"})
    limited.act(GM, {"type": "process"})
    out = limited.outcome()   # nothing moved: Russia leads with its four home centres
    assert limited.is_over and out.reason == "year-limit" and out.winners == ("RUSSIA",) and not out.draw


def test_a_saved_position_holds_no_map_and_plays_on_as_the_game_would():
    """The play server's saved positions (server/phases.py) pickle the game: the standard
    map, half of each pickle, comes back by its variant (issue 22)."""
    rng = random.Random(5)
    game = games.new("diplomacy", seed=3, max_year=1902)
    for _ in range(30):
        power = rng.choice(game.to_act())
        game.act(power, rng.choice(game.legal_actions(power)))
    saved = pickle.loads(pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL))
    assert saved.map is game.map
    while not game.is_over:
        power = rng.choice(game.to_act())
        assert saved.legal_actions(power) == game.legal_actions(power)
        action = rng.choice(game.legal_actions(power))
        game.act(power, action)
        saved.act(power, action)
    assert saved.view(None) == game.view(None) and saved.record.to_json() == game.record.to_json()


def test_clone_then_the_same_actions_give_the_same_game_and_records_replay():  # Standards: determinism
    rng = random.Random(7)
    game = games.new("diplomacy", seed=3, max_year=1902)
    copy = None
    while not game.is_over:
        power = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(power))
        if copy is None and str(game.state.phase) == "F1901M":
            copy = game.clone()
        game.act(power, action)
        if copy is not None:
            copy.act(power, action)
    assert copy.view(None) == game.view(None)
    again = games.load(GameRecord.from_json(game.record.to_json()))
    assert again.view(None) == game.view(None) and again.record.to_json() == game.record.to_json()


def test_options_are_checked():  # Standards: a clear error for bad input
    with pytest.raises(InputError, match="max_year"):
        games.new("diplomacy", seed=0, max_year="1905")
    with pytest.raises(InputError, match="unknown option"):
        games.new("diplomacy", seed=0, colour="red")
    bad = GameRecord("diplomacy", 0, {"variant": "standard"})
    bad.append({"player": "FRANCE", "type": "order", "order": "A par - mun"})
    with pytest.raises(RecordError, match="action 0"):
        games.load(bad)


def test_a_record_written_before_the_interface_still_loads():  # issue 12: old records load
    # written by the judge of commit 798e750 (void lines, duplicates and replaced lists included);
    # the expected position and results were taken from that judge
    record = GameRecord.load(DATA / "diplomacy_record_before_issue12.json")
    assert record.actions[0]["type"] == "orders"
    expected = json.loads((DATA / "diplomacy_record_before_issue12.expected.json").read_text())
    game = games.load(record)
    assert str(game.state.phase) == expected["phase"]
    assert sorted(f"{u.power} {u}" for u in game.state.units.values()) == expected["units"]
    assert {p: sorted(c) for p, c in sorted(game.state.centers.items())} == expected["centers"]
    # the same results, but for failed convoys no fleets could have completed: those are no
    # longer legal orders, so the fleet holds (docs/rulings.md, "Old Diplomacy records")
    old = [r for r in expected["results"] if not (" C A " in r[1] and r[2] == "fails")]
    assert [[r.power, r.canonical, r.result] for h in game.history for r in h.results
            if r.result != "void" and not r.default] == old
    assert all("player" in a for a in game.record.actions)          # saved again in today's shape
    assert games.load(GameRecord.from_json(game.record.to_json())).view(None) == game.view(None)


def test_removals_are_offered_per_unit_and_civil_disorder_fills_the_rest():
    # 2000 rulebook: a power with more units than centres removes the difference; if it does
    # not, the units farthest from home go (civil disorder)
    game = games.new("diplomacy", seed=0)
    _set_position(game, "W1902A", {"ITALY": ["A rom", "A ven", "F tun"], "AUSTRIA": ["A vie"]},
                  centers={"ITALY": {"rom"}, "AUSTRIA": {"vie"}})
    assert game.to_act() == ("ITALY",)
    assert game.decision("ITALY").info == {"phase": "W1902A", "removals": 2, "given": 0}
    assert _orders(game, "ITALY") == {"A rom D", "A ven D", "F tun D"}
    game.act("ITALY", {"type": "order", "order": "Remove ven"})
    assert _orders(game, "ITALY") == {"A rom D", "F tun D"}
    game.act(GM, {"type": "process"})
    assert {str(u) for u in game.state.units.values()} == {"A rom", "A vie"}   # tun is farthest from home


def test_canonical_orders_parse_the_same_by_the_fast_path_and_the_full_reader(monkeypatch):
    # issue 12: canonical text is read by one regular expression; it must mean what the full
    # reader reads, and anything unusual falls through to the full reader and its reasons
    from warjudge.diplomacy import orders

    dmap = games.new("diplomacy", seed=0).map
    texts = ["A par H", "A par - bur", "F stp/sc - bot", "F mid - spa/nc", "A lon - bel via convoy",
             "A mun S A ber - sil", "A ber S A mun", "F eng S F mid - spa/nc", "F nth C A lon - bel",
             "F nth R nwy", "A par D", "F spa/sc H", "F stp - bot"]
    fast = [orders._parse_canonical(t, "FRANCE", dmap) for t in texts]
    assert all(f is not None for f in fast)
    monkeypatch.setattr(orders, "_parse_canonical", lambda *args: None)
    assert fast == [orders.parse_order(t, "FRANCE", dmap) for t in texts]
    monkeypatch.undo()
    for odd in ("F spa/xc - mid", "A xyz - bur", "A par - bur via", "a par - bur"):
        assert orders._parse_canonical(odd, "FRANCE", dmap) is None
    with pytest.raises(Exception, match="no coast"):
        orders.parse_order("F spa/xc - mid", "FRANCE", dmap)


def test_the_bot_chooses_only_from_the_legal_actions_and_finishes_games():  # issue 12: bots use the interface
    from warjudge.diplomacy.bots import bot_action

    rng = random.Random(11)
    game = games.new("diplomacy", seed=0, max_year=1903)
    while not game.is_over:
        power = game.to_act()[0]
        action = bot_action(game, power, rng)
        assert action in game.legal_actions(power)
        game.act(power, action)
    assert game.outcome().reason == "year-limit" and len(game.history) >= 6


def test_a_gm_game_waits_for_process_and_lets_a_done_power_retract():
    # issue 12: the GM's saved games (option gm_adjudicates) are adjudicated only by 'process'
    game = games.new("diplomacy", seed=0, gm_adjudicates=True)
    assert game.record.options == {"variant": "standard", "gm_adjudicates": True}
    for unit in ("A par - bur", "A mar H", "F bre H"):
        game.act("FRANCE", {"type": "order", "order": unit})
    assert "FRANCE" in game.to_act() and str(game.state.phase) == "S1901M"
    assert game.legal_actions("FRANCE") == [{"type": "retract", "order": o} for o in ("F bre H", "A mar H", "A par - bur")]
    assert game.decision("FRANCE").info == {"phase": "S1901M", "units": [], "ordered": ["bre", "mar", "par"]}
    assert game.legal_actions("NARNIA") == [] and game.decision("NARNIA") is None
    game.act("FRANCE", {"type": "retract", "unit": "par"})
    game.act("FRANCE", {"type": "order", "order": "A par - pic"})
    game.act(GM, {"type": "process"})
    assert game.state.units["pic"].power == "FRANCE" and str(game.state.phase) == "F1901M"
    again = games.load(GameRecord.from_json(game.record.to_json()))
    assert again.view(None) == game.view(None)


def test_a_retract_naming_no_unit_text_is_refused_cleanly():
    # found by the conformance test: a list as the unit raised TypeError, not IllegalAction
    game = games.new("diplomacy", seed=1)
    game.act("FRANCE", {"type": "order", "order": "A par - bur"})
    before = game.view(None)
    for unit in (["par"], {"p": 1}, 7, None):
        with pytest.raises(IllegalAction):
            game.act("FRANCE", {"type": "retract", "unit": unit})
    assert game.view(None) == before
