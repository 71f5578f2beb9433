"""The Gondor & Sauron charts (SPI 2.2) as a validated data file: every fact the Standard
Rules state, the public data points the reconstruction keeps, and a user's transcription
loaded with every problem reported at once."""

import json

import pytest

from warjudge.hexwar.gondor_sauron.charts import (
    DEFAULT_CHARTS, CasualtyResult, ChartError, default_charts, load_charts, load_charts_file)


@pytest.fixture(scope="module")
def charts():
    return default_charts()


@pytest.fixture()
def raw() -> dict:
    return json.loads(DEFAULT_CHARTS.read_text(encoding="utf-8"))


def problems(doc) -> list[str]:
    with pytest.raises(ChartError) as caught:
        load_charts(doc if isinstance(doc, str) else json.dumps(doc), "mine.json")
    return caught.value.problems


def test_shipped_charts_say_they_are_a_reconstruction(charts):
    assert charts.reconstruction and "reconstruction" in charts.note and "docs/gondor-sauron-formats.md" in charts.note


# --- facts of the Standard Rules, cell by cell ---------------------------------------------


def test_b_against_armour_3_casualty_on_2_to_7(charts):
    # SPI 7.33 (the worked example): "a 2, 3, 4, 5, 6, or 7 with two dice"; "a 9, nothing"
    assert charts.casualty_totals("B", 3) == {2, 3, 4, 5, 6, 7}
    assert 9 not in charts.casualty_totals("B", 3)


def test_morale_y_die_3_retreats_one_hex_and_flips(charts):
    # SPI 7.33 (the worked example): "retreat one hex and, in addition, flip over"
    result = charts.casualty_result("Y", 3)
    assert (result.retreat, result.flip, result.eliminated, result.half) == (1, True, False, False)


def test_missile_strength_reads_the_casualty_probability_table(charts):
    # SPI 7.17: missile combat is resolved as melee; every missile unit is an (e)
    assert charts.casualty_totals("e", 2) == charts.casualty_totals("E", 2)


def test_every_cell_of_the_probability_table_is_a_two_dice_total(charts):
    # SPI 7.33: totals of two dice; 7.41: strengths A-E against armour 1-4
    for attack in "ABCDE":
        for armour in (1, 2, 3, 4):
            assert charts.casualty_totals(attack, armour) <= set(range(2, 13))


def test_wall_cover_beyond_four_stays_four(charts):
    # SPI 7.18: "a four Armour Protection Rating remains a four"
    assert charts.casualty_totals("A", 5) == charts.casualty_totals("A", 4)


def test_results_named_by_the_text_exist(charts):
    # SPI 7.54 (retreats of a number of hexes), 8.46 (1/2 E), 8.2.4 (A and E results)
    codes = {r.code for row in charts.results.values() for r in row}
    assert {"r1", "r2", "A", "E", "1/2E"} <= codes
    assert CasualtyResult.parse("A").shared_by_leader and CasualtyResult.parse("E").shared_by_leader  # 8.2.4
    assert not CasualtyResult.parse("r2").shared_by_leader
    assert CasualtyResult.parse("1/2E").half                                                          # 8.46


def test_every_morale_has_six_results(charts):
    # SPI 7.33: one die against the Morale Rating W, X, Y or Z
    assert {m: len(row) for m, row in charts.results.items()} == {"W": 6, "X": 6, "Y": 6, "Z": 6}


def test_leader_combat_differential_columns(charts):
    # SPI 7.22, 7.26 (the table): one die against attacker's minus defender's rally; [RH]: columns -2 and +1
    assert {-2, 1} <= set(charts.leader)
    assert all(len(row) == 6 for row in charts.leader.values())
    # off the table's ends the end column is used (ruling)
    assert charts.leader_result(-9, 1) == charts.leader_result(min(charts.leader), 1)
    assert charts.leader_result(9, 6) == charts.leader_result(max(charts.leader), 6)


def test_rally_night_bonus_has_columns(charts):
    # SPI 8.34 two dice; 10.0: Sauron Leaders add three at night, so ratings beyond the counters'
    assert max(charts.rally_totals) >= 9
    assert all(charts.rally_totals[r] <= charts.rally_totals[r + 1] for r in range(max(charts.rally_totals)))


# --- public data points the reconstruction keeps ------------------------------------------


def test_public_casualty_result_morale_y_die_1_eliminated(charts):
    # [JY]: morale Y, die 1: eliminated (SPI 7.42)
    assert charts.casualty_result("Y", 1).eliminated


def test_public_magic_spell_ranges(charts):
    # SPI 8.54, 8.57; [JY]: 4 points succeed on 3-10 (Break Darkness), 3 points on 3-10
    # (Reveal Aragorn); Fear's "3 points: 4-9" contradicts the latter and is kept as the
    # 2-point column (docs/rulings.md)
    hits = lambda points: {t for t in range(2, 13) if charts.spell_succeeds(points, t)}  # noqa: E731
    assert hits(4) == set(range(3, 11))
    assert hits(3) == set(range(3, 11))
    assert hits(2) == set(range(4, 10))


# --- the reconstruction's own shape (docs/rulings.md) -------------------------------------


def test_reconstruction_better_attack_and_weaker_armour_never_hurt(charts):
    for armour in (1, 2, 3, 4):
        rows = [charts.casualty_totals(a, armour) for a in "EDCBA"]
        assert all(x <= y for x, y in zip(rows, rows[1:]))
    for attack in "ABCDE":
        cols = [charts.casualty_totals(attack, arm) for arm in (4, 3, 2, 1)]
        assert all(x <= y for x, y in zip(cols, cols[1:]))


# --- a user's transcription ------------------------------------------------------------------


def test_transcription_loads_as_the_user_wrote_it(raw, tmp_path):
    raw["reconstruction"] = False
    raw["casualty_probability"]["B"]["3"] = [2, 3, 4, 5, 6, 7, 12]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    mine = load_charts_file(path)
    assert not mine.reconstruction and 12 in mine.casualty_totals("B", 3)


def test_every_problem_of_a_transcription_is_reported_at_once(raw):
    raw["casualty_probability"].pop("C")
    raw["casualty_probability"]["B"]["3"] = [2, 2, 7]
    raw["casualty_results"]["Y"][2] = "retreat"
    raw["casualty_results"]["Z"] = raw["casualty_results"]["Z"][:5]
    raw["leader_combat"]["x"] = ["-/-"] * 6
    raw["rally"].pop("4")
    raw["terrain_effects"]["terrain"].pop("grove")
    raw["terrain_effects"]["hexsides"]["wall"]["extra"].pop("cavalry")
    found = problems(raw)
    assert found == [
        "terrain_effects.terrain: no entry for 'grove'",
        "terrain_effects.hexsides.wall.extra: no entry for 'cavalry'",
        "casualty_probability: the rows must be the attack strengths A, B, C, D, E",
        "casualty_probability.B 3: a total is listed twice",
        "casualty_results.Y: 'retreat' is not a result (-, r1, r2, A, r1A, r2A, 1/2E, E)",
        "casualty_results.Z: 5 results, one die has 6",
        "leader_combat: 'x' is not a whole number",
        "rally: the columns [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12] are not consecutive",
    ]


def test_format_errors_are_reported(raw):
    assert problems("{not json")[0].startswith("not JSON")
    raw["casualty_probability"]["A"]["1"] = [1, 13]
    raw["format"] = "other"
    found = problems(raw)
    assert any(p.startswith("format") for p in found)
    assert sum(p.startswith("casualty_probability.A.1") for p in found) == 2


def test_unreadable_file_is_a_chart_error(tmp_path):
    with pytest.raises(ChartError):
        load_charts_file(tmp_path / "missing.json")
