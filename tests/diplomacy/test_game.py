"""The game engine: phase sequence, skipping, ownership, victory, record replay."""

import random

import pytest

from warjudge.core.errors import IllegalAction, InputError, RecordError
from warjudge.core.record import GameRecord
from warjudge.diplomacy.bots import random_orders
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.phases import GameState, Phase, initial_state, judge_phase, update_centers
from warjudge.diplomacy.units import parse_unit


def _units(dmap, spec):
    return {u.province: u for power, ts in spec.items() for u in (parse_unit(t, power, dmap) for t in ts)}


def test_phase_names_round_trip():  # warjudge interface: season + year + kind
    for text in ("S1901M", "S1901R", "F1901M", "F1901R", "W1901A"):
        assert str(Phase.parse(text)) == text
    assert str(Phase.parse("f1901a")) == "W1901A"
    for bad in ("W1901M", "X1901M", "S19M01", ""):
        with pytest.raises(InputError):
            Phase.parse(bad)


def test_phases_sort_in_the_order_they_are_played():  # 2000 rules: spring, fall (retreats after each), winter
    played = [Phase.parse(t) for t in ("S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M")]
    shuffled = played[::-1]
    random.Random(3).shuffle(shuffled)
    assert sorted(shuffled) == played
    assert Phase.parse("S1901M") < Phase.parse("F1901M") and not Phase.parse("F1901M") < Phase.parse("S1901M")


def test_spring_without_dislodgement_skips_retreats(standard_map):  # 2000 rules: phases
    report = judge_phase(standard_map, initial_state(standard_map), {"FRANCE": ["A par - bur"]})
    assert str(report.after.phase) == "F1901M"
    assert report.after.units["bur"].power == "FRANCE"


def test_fall_updates_ownership_and_skips_empty_adjustment(standard_map):  # 2000 rules: gaining centres in Fall
    state = initial_state(standard_map)
    state.phase = Phase(1901, "F", "M")
    report = judge_phase(standard_map, state, {"FRANCE": ["A mar - spa", "A par - bur"]})
    assert "spa" in report.after.centers["FRANCE"]
    assert str(report.after.phase) == "W1901A"  # France has a build
    state = initial_state(standard_map)
    state.phase = Phase(1901, "F", "M")
    report = judge_phase(standard_map, state, {})
    assert str(report.after.phase) == "S1902M"  # nobody adjusts: the winter phase is skipped


def test_spring_occupation_does_not_change_ownership(standard_map):  # 2000 rules: centres change hands only after Fall
    state = initial_state(standard_map)
    report = judge_phase(standard_map, state, {"FRANCE": ["A mar - spa"]})
    assert "spa" not in report.after.centers["FRANCE"]


def test_dislodgement_leads_to_retreat_phase_then_fall(standard_map):  # 2000 rules: retreat phase
    units = _units(standard_map, {"FRANCE": ["A bur", "A pic"], "GERMANY": ["A mun"]})
    state = GameState(Phase(1901, "S", "M"), units, {})
    r = judge_phase(standard_map, state, {"FRANCE": ["A pic - bur"], "GERMANY": ["A mun - bur"]})
    assert str(r.after.phase) == "F1901M"  # bounce, nobody dislodged
    r = judge_phase(standard_map, state, {"FRANCE": ["A pic S A bur"], "GERMANY": []})
    units2 = _units(standard_map, {"FRANCE": ["A bur", "A pic"], "GERMANY": ["A mun", "A ruh"]})
    r = judge_phase(standard_map, GameState(Phase(1901, "S", "M"), units2, {}),
                    {"GERMANY": ["A mun - bur", "A ruh S A mun - bur"]})
    assert str(r.after.phase) == "S1901R"
    assert [str(d.unit) for d in r.after.dislodged] == ["A bur"]
    assert r.after.dislodged[0].attacker_from == "mun"
    r2 = judge_phase(standard_map, r.after, {"FRANCE": ["A bur - gas"]})
    assert str(r2.after.phase) == "F1901M"
    assert r2.after.units["gas"].power == "FRANCE"


def test_a_report_names_the_powers_its_phase_eliminated(standard_map):
    # 2000 rulebook: a power with no unit and no supply centre is out of the game (issue 25)
    units = _units(standard_map, {"FRANCE": ["A pic", "A gas"], "GERMANY": ["A bur"]})
    spring = judge_phase(standard_map, GameState(Phase(1901, "S", "M"), units, {"FRANCE": {"par"}}),
                         {"FRANCE": ["A pic - bur", "A gas S A pic - bur"]})
    assert spring.eliminated == []   # dislodged, Germany's army may still retreat
    retreat = judge_phase(standard_map, spring.after, {})   # no retreat ordered: it disbands
    assert retreat.eliminated == ["GERMANY"]
    # the Fall's centres: Germany holds Munich with no army and loses it; Italy keeps its army
    units = _units(standard_map, {"FRANCE": ["A bur"], "ITALY": ["A pie"]})
    fall = judge_phase(standard_map, GameState(Phase(1901, "F", "M"), units,
                                               {"FRANCE": {"par"}, "GERMANY": {"mun"}, "ITALY": set()}),
                       {"FRANCE": ["A bur - mun"]})
    assert fall.eliminated == ["GERMANY"]
    winter = judge_phase(standard_map, fall.after, {})   # Italy's army goes by civil disorder
    assert str(fall.after.phase) == "W1901A" and winter.eliminated == ["ITALY"]


def test_victory_at_eighteen_centres(standard_map):  # 2000 rules: victory with 18 supply centres
    centers = {"FRANCE": set(list(standard_map.supply_centers)[:17])}
    units = {u.province: u for u in [parse_unit("A bur", "FRANCE", standard_map)]}
    target = next(p for p in standard_map.supply_centers if p not in centers["FRANCE"]
                  and "bur" in standard_map.army_adj.get(p, ()))
    state = GameState(Phase(1905, "F", "M"), units, centers)
    r = judge_phase(standard_map, state, {"FRANCE": [f"A bur - {target}"]})
    assert r.after.winner == "FRANCE"
    state17 = GameState(Phase(1905, "F", "M"), units, {"FRANCE": set(list(centers["FRANCE"])[:16])})
    assert judge_phase(standard_map, state17, {"FRANCE": [f"A bur - {target}"]}).after.winner is None


def test_update_centers_moves_ownership(standard_map):  # 2000 rules: ownership follows occupation after Fall
    units = _units(standard_map, {"GERMANY": ["A par"]})
    out = update_centers(standard_map, units, {"FRANCE": {"par", "bre"}})
    assert out == {"FRANCE": {"bre"}, "GERMANY": {"par"}}


def _play(game: DiplomacyGame, seed: int, phases: int) -> None:
    rng = random.Random(seed)
    for _ in range(phases):
        if game.is_over:
            break
        for power in game.map.powers:
            game.set_orders(power, random_orders(game.map, game.state, power, rng))
        game.process()


def test_record_replays_to_identical_state():  # Standards: determinism, the record replays bit for bit
    game = DiplomacyGame(gm_adjudicates=True)
    _play(game, 3, 25)
    text = game.record.to_json()
    again = DiplomacyGame.from_record(GameRecord.from_json(text))
    assert again.state == game.state
    assert [(r.power, r.text, r.result) for h in again.history for r in h.results] == \
           [(r.power, r.text, r.result) for h in game.history for r in h.results]
    assert again.record.to_json() == text


def test_rejected_action_changes_nothing():  # Standards: bad input gets a clear error and changes nothing
    game = DiplomacyGame(gm_adjudicates=True)
    before = game.record.to_json()
    with pytest.raises(InputError, match="unknown power"):
        game.set_orders("NARNIA", ["A par - bur"])
    with pytest.raises(IllegalAction, match="may 'process'"):
        game.act("gm", {"type": "process", "phase": "F1901M"})
    with pytest.raises(IllegalAction, match="may give an order"):
        game.act("FRANCE", {"type": "orders", "phase": "S1901M", "power": "FRANCE", "orders": "A par - bur"})
    assert game.record.to_json() == before
    assert str(game.state.phase) == "S1901M"


def test_corrupt_record_is_refused():  # Standards: a corrupt save gets a clear error
    record = GameRecord("diplomacy", 0, {"variant": "standard"})
    record.append({"type": "process", "phase": "F1950M"})
    with pytest.raises(RecordError, match="cannot be replayed"):
        DiplomacyGame.from_record(record)
    with pytest.raises(RecordError, match="not a Diplomacy game"):
        DiplomacyGame.from_record(GameRecord("necromancer-sjg", 0))


def test_orders_replace_earlier_orders_of_the_same_power():  # warjudge ruling: resubmission replaces
    game = DiplomacyGame(gm_adjudicates=True)
    game.set_orders("FRANCE", ["A par - bur"])
    game.set_orders("FRANCE", ["A par - pic"])
    game.process()
    assert "pic" in game.state.units and "bur" not in game.state.units
