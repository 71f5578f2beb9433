"""The Necromancer variant on the one game interface (issue 12): atomic orders, complete
legal orders that the judge itself accepts, phases adjudicated once every power is done,
the GM's actions, views marked `hidden_from`, outcomes, old records."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from warjudge.cli.games import parse_options
from warjudge.core import games
from warjudge.core.errors import IllegalAction
from warjudge.core.game import GM
from warjudge.core.record import GameRecord
from warjudge.core.visibility import hidden_objects
from warjudge.diplomacy.variants.necromancer.bots import random_orders
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.legal import canonical_support
from warjudge.diplomacy.variants.necromancer.orders import Support, format_norder, parse_norder
from warjudge.diplomacy.variants.necromancer.position import parse_position
from warjudge.diplomacy.variants.necromancer.views import visible_position


def orders_of(game, power: str) -> list[str]:
    return [a["order"] for a in game.legal_actions(power) if a["type"] == "order"]


def at_movement(edition: str = "2002", units=None, **options) -> NecromancerDiplomacyGame:
    """A registry game past TA 2750 (nobody builds or Activates), optionally on `units`."""
    game = games.new("necromancer-diplomacy", seed=1, edition=edition, **options)
    for power in game.to_act():
        game.act(power, {"type": "pass"})
    assert str(game.state.phase) == "TA2765M"
    if units is not None:
        game.state = replace(game.state, position=parse_position(units, game.map))
    return game


def test_the_variant_is_registered_under_both_ids():  # issue 12
    assert games.info("necromancer-diplomacy").id == games.info("necromancer").id == "necromancer-diplomacy"
    game = games.new("necromancer-diplomacy", seed=3, edition="2000", alignment=False, max_year=2780)
    assert game.record.options == {"edition": "2000", "alignment": False, "max_year": 2780, "public_asking": True,
                                   "counted_disbands": True}
    typed = parse_options(["edition=2000"], games.options("necromancer-diplomacy"))   # --option, as typed
    assert games.new("necromancer-diplomacy", **typed).record.options["edition"] == "2000"
    with pytest.raises(Exception, match="max_year"):
        games.new("necromancer-diplomacy", max_year="2780")


def test_ta_2750_asks_only_saruman_and_sauron():  # EN 7.7 x, 7.8.2 iv
    game = games.new("necromancer-diplomacy", seed=1)
    assert game.to_act() == ("SARUMAN", "SAURON")
    assert orders_of(game, "SARUMAN") == [f"Build A {p}" for p in ("Agr", "Ene", "Fan", "Gap", "Gld")]
    assert {"type": "pass"} in game.legal_actions("SARUMAN")       # the third army may be left out
    assert "Activate S EMi" in orders_of(game, "SAURON") and "Activate A Gre" in orders_of(game, "SAURON")
    assert orders_of(game, "GONDOR") == [] and game.decision("GONDOR") is None
    game.act("SAURON", {"type": "order", "order": "Activate A Gre"})
    assert orders_of(game, "SAURON") == [] and game.to_act() == ("SARUMAN",)   # EN 7.8.2 v: one a phase
    game.act("SARUMAN", {"type": "order", "order": "construire armée gap"})   # French, any case: one order
    assert game.record.actions[-1]["order"] == "Build A Gap"      # EN 7.7 x: one third army, then done
    assert str(game.state.phase) == "TA2765M"   # every power done: adjudicated at once
    assert game.view(None)["report"]["GM"]["orders"][0]["order"] == "Build A Gap"


def test_a_pass_is_refused_while_builds_are_owed():  # EN 1 (standard adjustments)
    game = at_movement()
    game.state = replace(game.state, phase=replace(game.state.phase, year=2780, kind="A"),
                         position={k: v for k, v in game.state.position.items() if k != "Pel"})
    assert "Waive" in orders_of(game, "GONDOR") and {"type": "pass"} not in game.legal_actions("GONDOR")
    with pytest.raises(IllegalAction, match="owes"):
        game.act("GONDOR", {"type": "pass"})
    assert "Build A Pel" in orders_of(game, "GONDOR") and "Build 2A Pel" not in orders_of(game, "GONDOR")


def test_multiple_units_are_ordered_by_which_components_move():  # EN 4.2 ii-vii, FR 4.2 vi-vii
    units = {"GONDOR": ["3A/1F Pel"], "SAURON": ["A SIt"]}
    for edition in ("2000", "2002"):
        game = at_movement(edition, units)
        legal = orders_of(game, "GONDOR")
        for text in ("3A/1F Pel H", "A Pel - Lam", "A/F Pel - BoB", "2A Pel - 2A Lam", "3A/1F Pel - 3A Lam",
                     "A Pel - 2A Pel", "A Pel S A SIt", "A/F Pel b E"):
            assert text in legal, (edition, text)
        assert ("2A Pel - Lam" in legal) == (edition == "2000")   # FR 4.2 vi: both sizes written in 2002
        assert "2A/1F Pel - BoB" not in legal                      # EN 4.3 iv: an Army without a Fleet at sea
    game = at_movement("2002", units)
    game.act("GONDOR", {"type": "order", "order": "A Pel - Lam"})
    legal = orders_of(game, "GONDOR")
    assert "A Pel - Lam" not in legal                  # FR 4.2 vii: a second move of the MU to Lam is void
    assert "A/F Pel H" in legal and "2A Pel H" not in legal   # only the Components still unordered
    game.act("GONDOR", {"type": "order", "order": "A/F Pel H"})
    game.act("GONDOR", {"type": "order", "order": "A Pel S A Pel - Lam"})
    assert orders_of(game, "GONDOR") == [] and "GONDOR" not in game.to_act()


def test_no_multiple_units_for_other_powers():  # EN 4.2 i
    game = at_movement("2000", {"ROHAN": ["2A Edo"], "GONDOR": ["A Pel"]})
    legal = orders_of(game, "ROHAN")
    assert "A Edo - Wes" in legal and "2A Edo - Wes" not in legal and not any(" - 2A " in t for t in legal)


def test_double_movement_lead_and_hidden_units():  # EN 3.2.2, 7.6 ii, 7.8.1 iv-vii, 3.2.1 viii
    game = at_movement("2002")
    rohan, sauron, gondor = orders_of(game, "ROHAN"), orders_of(game, "SAURON"), orders_of(game, "GONDOR")
    assert "C Wol - Edo - Wes" in rohan and "C Wol H - Edo" in rohan and "A Edo H - Wes" not in rohan
    assert "N MMo L A MMo" in sauron and "N MMo - SIt - Pel" in sauron
    assert "A Pel S A MMo - SIt" in gondor
    assert not any(" S N " in t for t in gondor)                       # the Nazgul is hidden from Gondor
    assert any(" S W Ise" in t for t in orders_of(game, "SARUMAN"))   # its own Wizard it can see
    with pytest.raises(IllegalAction):
        game.act("GONDOR", {"type": "order", "order": "A Pel S N MMo - SIt"})


def test_every_listed_order_is_accepted_by_the_judge():  # the list and the judge agree
    rng = random.Random(5)
    for edition in ("2000", "2002"):
        game = games.new("necromancer-diplomacy", seed=2, edition=edition, max_year=2840)
        while not game.is_over:
            phase = game.state.phase
            while str(game.state.phase) == str(phase) and not game.is_over:
                power = rng.choice(game.to_act())
                game.act(power, rng.choice([a for a in game.legal_actions(power) if a["type"] != "retract"]))
            report = game.history[-1]
            voids = [(r.text, r.reason) for r in report.results if r.result == "void"]
            # a retreat, build or Activation judged on the power's sight may still meet a hidden
            # unit there (EN 3.2.1 vi, 7.8.2 vi)
            assert all("occupied" in reason or "hidden unit" in reason for _, reason in voids), \
                (edition, str(phase), voids)


def test_orders_the_judge_accepts_are_listed():  # completeness, against the mail-order bot
    rng = random.Random(11)
    checked = 0
    for seed in range(4):
        game = at_movement("2002" if seed % 2 else "2000")
        for power in game.powers:
            sight = visible_position(game.state, power, game.report_of().reveal)
            written = random_orders(game, power, rng)
            trial = game.clone(reseed=False)
            trial.gm_adjudicates = True
            trial.set_orders(power, written)
            report = trial.process()
            legal = set(orders_of(game, power))
            for r in report.results:
                if r.power != power or r.result == "void" or r.default or r.reason.startswith("an Auxiliary"):
                    continue
                order = canonical_support(parse_norder(r.text, power, game.map))
                if isinstance(order, Support) and not any(
                        p.component.kind == order.target.kind for p in sight.get(order.target.province, [])):
                    continue   # a support of a unit the power cannot see is never offered (ruling)
                assert format_norder(order) in legal, (power, r.text)
                checked += 1
    assert checked > 50


def test_atomic_orders_retract_and_adjudication_when_all_are_done():
    game = at_movement("2002")
    first = orders_of(game, "GONDOR")[0]
    game.act("GONDOR", {"type": "order", "order": first})
    assert game.record.actions[-1] == {"player": "GONDOR", "type": "order", "order": first}
    assert {"type": "retract", "order": first} in game.legal_actions("GONDOR")
    with pytest.raises(IllegalAction):
        game.act("ROHAN", {"type": "retract", "order": first})
    game.act("GONDOR", {"type": "retract", "order": first})
    assert game.pending_orders("GONDOR") == {}
    rng = random.Random(1)
    while str(game.state.phase) == "TA2765M":
        power = game.to_act()[0]
        game.act(power, {"type": "order", "order": rng.choice(orders_of(game, power))})
    assert len(game.history) == 2 and str(game.history[-1].phase) == "TA2765M"


def test_a_gm_game_waits_for_process_and_takes_written_orders_with_void_lines():
    game = NecromancerDiplomacyGame("2002")
    assert game.record.options["gm_adjudicates"] is True
    game.set_orders("SARUMAN", ["Build A Gap", "Build A Mordor"])
    game.act("SAURON", {"type": "order", "order": "Activate A Gre"})
    assert game.to_act() == ("SARUMAN", "SAURON")       # a GM's game: Sauron may still take it back
    assert game.legal_actions("SAURON") == [{"type": "retract", "order": "Activate A Gre"}]
    assert str(game.state.phase) == "TA2750A"           # a GM's game waits for 'process'
    report = game.process()
    assert [(r.text, r.result) for r in report.results][:2] == [("Build A Gap", "succeeds"),
                                                              ("Build A Mordor", "void")]
    assert game.record.actions[0] == {"player": GM, "type": "orders", "power": "SARUMAN",
                                      "orders": ["Build A Gap", "Build A Mordor"]}
    with pytest.raises(IllegalAction):
        game.act(GM, {"type": "orders", "power": "NARNIA", "orders": []})


def test_views_hide_each_powers_orders_and_report_from_the_others():  # EN 3.2.1, 7.8.2 vii
    game = games.new("necromancer-diplomacy", seed=1)
    game.act("SAURON", {"type": "order", "order": "Activate A Gre"})
    full = game.view(None)
    assert full["orders"] == [{"power": "SAURON", "order": "Activate A Gre", "hidden_from": [
        p for p in game.powers if p != "SAURON"]}]
    assert game.view("GONDOR")["orders"] == [] and game.view("SAURON")["orders"][0]["order"] == "Activate A Gre"
    game.act("SARUMAN", {"type": "pass"})
    assert str(game.state.phase) == "TA2765M"
    report = game.report_of()
    for power in game.powers:
        mine = game.view(power)
        assert set(mine["report"]) == {power, "public"}   # its own, and what every power may read
        assert {k: v for k, v in mine["report"][power].items() if k != "hidden_from"} == game.report_view(report, power)
        assert not list(hidden_objects(mine, power))
    assert "A Gre" in " ".join(game.view("SAURON")["report"]["SAURON"]["units"]["SAURON"])
    assert "SAURON" not in game.view("GONDOR")["report"]["GONDOR"]["units"] or not any(
        "Gre" in u for u in game.view("GONDOR")["report"]["GONDOR"]["units"]["SAURON"])   # EN 7.8.2 vii


def test_outcomes_year_limit_draw_and_victory():  # EN 6.3, house rule max_year
    game = at_movement("2002", max_year=2765)
    rng = random.Random(2)
    while not game.is_over:
        power = game.to_act()[0]
        game.act(power, {"type": "order", "order": rng.choice(orders_of(game, power))})
    outcome = game.outcome()
    assert outcome.reason == "year-limit" and game.to_act() == () and game.legal_actions("GONDOR") == []
    assert set(outcome.winners) == {p for p, s in outcome.scores.items() if s == max(outcome.scores.values())}
    drawn = games.new("necromancer-diplomacy", seed=1)
    with pytest.raises(IllegalAction):
        drawn.act(GM, {"type": "draw", "powers": ["GONDOR"]})
    drawn.act(GM, {"type": "draw", "powers": drawn.survivors()})
    assert drawn.outcome().draw and drawn.outcome().reason == "draw" and drawn.to_act() == ()
    won = at_movement()
    won.state = replace(won.state, winner="ELVES")
    assert won.outcome().winners == ("ELVES",) and won.outcome().reason == "victory"


def test_an_old_record_of_whole_order_lists_replays_the_same():  # issue 12: old records load
    game, legacy, rng = NecromancerDiplomacyGame("2002"), [], random.Random(4)
    for _ in range(4):
        phase = str(game.state.phase)
        for power in game.powers:
            orders = random_orders(game, power, rng)
            game.set_orders(power, orders)
            legacy.append({"type": "orders", "phase": phase, "power": power, "orders": orders})
        game.process()
        legacy.append({"type": "process", "phase": phase})
    old = GameRecord("necromancer", 0, {"edition": "2002", "alignment": True})
    for action in legacy:
        old.append(action)
    again = games.load(old)
    assert again.state == game.state and again.view(None) == game.view(None)
    assert [r.results for r in again.history] == [r.results for r in game.history]
    bad = GameRecord("necromancer", 0, {})
    bad.append({"type": "process", "phase": "TA2780M"})
    with pytest.raises(Exception, match="action 0"):
        games.load(bad)


def test_an_eliminated_sauron_does_not_lead_at_the_year_limit():  # EN 7.8.3 ii, 6.3: out of the game, centres or not
    game = at_movement(max_year=2765)
    owners = {sc: "SAURON" for sc in game.map.supply_centers if sc != "Eri"}
    game.state = replace(game.state, owners=owners, sauron_eliminated=True, phase=replace(game.state.phase, year=3050))
    outcome = game.outcome()
    assert outcome.scores["SAURON"] > 0 and "SAURON" not in outcome.winners and outcome.winners


def test_clones_share_legal_lists_only_while_on_one_position():  # issue 26: search speed, Standards: determinism
    # clones of one position share its legal lists (keyed by the orders given); one that
    # gives orders or moves on to the next phase never changes what the others are offered
    root = at_movement("2002")
    before = {p: orders_of(root, p) for p in root.powers}
    rng = random.Random(3)
    ahead, aside = root.clone(reseed=False), root.clone(reseed=False)
    while str(ahead.state.phase) == str(root.state.phase):
        power = rng.choice(ahead.to_act())
        ahead.act(power, rng.choice([a for a in ahead.legal_actions(power) if a["type"] == "order"]))
    acted = aside.to_act()[:3]
    for power in acted:
        aside.act(power, {"type": "order", "order": orders_of(aside, power)[0]})
    assert root.to_act() == aside.to_act() == tuple(root.powers)
    assert all(orders_of(root, p) == before[p] for p in root.powers)
    assert all(orders_of(aside, p) == before[p] for p in aside.powers if p not in acted)
    fresh = NecromancerDiplomacyGame.from_record(ahead.record)
    assert ahead.to_act() == fresh.to_act() and all(orders_of(ahead, p) == orders_of(fresh, p) for p in ahead.powers)


def test_to_act_is_worked_out_once_per_state_and_action(monkeypatch):   # issue 25
    game = at_movement("2002", units={"GONDOR": ["A Pel"], "ROHAN": ["A Edo"], "SAURON": ["A DGu"]})
    everyone = ("GONDOR", "ROHAN", "SAURON")
    asked: list[int] = []   # each reading of the powers: working out to_act reads them per power
    powers = NecromancerDiplomacyGame.powers.fget
    monkeypatch.setattr(NecromancerDiplomacyGame, "powers", property(lambda self: asked.append(1) or powers(self)))
    assert game.to_act() == everyone and asked
    asked.clear()
    assert game.to_act() == everyone and not asked   # the same position asked again: kept
    twin = game.clone()
    twin.act("GONDOR", {"type": "order", "order": "A Pel H"})   # an action: worked out again, for the clone only
    assert twin.to_act() == ("ROHAN", "SAURON") and game.to_act() == everyone
    twin.act("ROHAN", {"type": "order", "order": "A Edo H"})
    twin.act("SAURON", {"type": "order", "order": "A DGu H"})   # the phase judged: a new state
    assert str(twin.state.phase) == "TA2780M" and twin.to_act() == everyone
