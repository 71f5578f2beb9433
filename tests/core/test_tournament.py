"""`warjudge tournament` (issue 26): Wilson intervals and Bradley–Terry ratings on values
checked by hand, and tiny tournaments through the CLI: one JSONL line per game, seats
rotated, the same lines with any --jobs and under any PYTHONHASHSEED."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core import bots, games
from warjudge.core.ratings import bradley_terry, mean_interval, wilson
from warjudge.core.tournament import alone, by_seat, seed_list, winner

from tests.support.toygame import INFO

runner = CliRunner()
ROOT = Path(__file__).parents[2]
ALL_IN = bots.BotInfo(INFO.id, "all-in", "tests.core.test_bots:AllIn", kind="factory")
DIPLOMACY_BOT = bots.BotInfo("diplomacy", "second-random", "warjudge.core.bots:RandomBot", kind="factory")
THINKER = bots.BotInfo(INFO.id, "thinker", "tests.core.test_tournament:thinker", kind="factory", budgeted=True)
SCALES: list[float] = []


def thinker(rng: Any, scale: float = 1.0) -> bots.Bot:
    """A toy game's bot that takes a think budget: it notes the factor it was made with."""
    SCALES.append(scale)
    return bots.RandomBot(rng)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The toy game with a named bot, and a bot newly registered for Diplomacy: the
    tournament finds both with no change of its own."""
    games.register(INFO)
    bots.register(ALL_IN)
    bots.register(DIPLOMACY_BOT)
    bots.register(THINKER)
    yield
    bots.unregister(THINKER.game, THINKER.name)
    bots.unregister(DIPLOMACY_BOT.game, DIPLOMACY_BOT.name)
    bots.unregister(ALL_IN.game, ALL_IN.name)
    games.unregister(INFO.id)


def test_the_wilson_interval_has_its_known_values() -> None:
    # worked by hand from (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.96
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)    # n of n is not certain
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(20, 40) == pytest.approx((0.3519, 0.6481), abs=1e-4)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_the_mean_interval_has_its_known_values() -> None:
    mean, low, high = mean_interval([0.2, 0.4])   # sd 0.1414, so the half-width is 1.96 · 0.1414 / √2 = 0.196
    assert mean == pytest.approx(0.3) and low == pytest.approx(0.104, abs=1e-3) and high == pytest.approx(0.496, abs=1e-3)
    assert mean_interval([0.25]) == (0.25, 0.25, 0.25)
    with pytest.raises(ValueError):
        mean_interval([])


def lone_line(lone: str, pairing: list[str], reason: str, winners: list[str], scores: dict[str, float]) -> dict[str, Any]:
    seats = {p: pairing[0] if p == lone else pairing[1] for p in scores}
    return {"seats": seats, "lone": lone, "pairing": pairing,
            "outcome": {"winners": winners, "draw": len(winners) > 1, "reason": reason, "scores": scores}}


def test_a_lone_bot_scores_solos_and_the_sum_of_squares_share() -> None:
    # issue 26: "solos >= 30 % of games (or scores >= 35 % sum-of-squares)"
    seven = ["A", "E", "F", "G", "I", "R", "T"]
    solo = lone_line("A", ["search", "heuristic"], "victory", ["A"], dict(zip(seven, [18.0, 4, 4, 4, 2, 2, 0])))
    leads = lone_line("E", ["search", "heuristic"], "year-limit", ["E"], dict(zip(seven, [6.0, 8, 4, 4, 4, 4, 4])))
    other = lone_line("F", ["search", "heuristic"], "victory", ["G"], dict(zip(seven, [2.0, 2, 0, 18, 4, 4, 4])))
    reverse = lone_line("A", ["heuristic", "search"], "year-limit", ["F", "G"], dict(zip(seven, [4.0, 4, 6, 6, 4, 5, 5])))
    two = lone_line("north", ["random", "all-in"], "victory", ["north"], {"north": 1.0, "south": 0.0})
    summary = alone([solo, leads, other, reverse, two])   # a two-player game has no lone bot against copies
    assert [(a.bot, a.against, a.games, a.solos) for a in summary] == [("search", "heuristic", 3, 1),
                                                                      ("heuristic", "search", 1, 0)]
    assert summary[0].shares == pytest.approx((324 / 380, 64 / 180, 0.0))   # being alone in the lead is no solo
    assert summary[1].shares == pytest.approx((16 / 170,))
    unscored = lone_line("A", ["search", "heuristic"], "draw", ["A", "E"], {"A": 0.0, "E": 0.0, "F": 0.0})
    assert alone([unscored])[0].shares == ()   # nobody scored: no share to count


def test_bradley_terry_fits_known_cases_on_the_elo_scale() -> None:
    # 3 wins to 1: odds 3, so the gap is 400·log10 3, shared ±
    three_to_one = bradley_terry({("a", "b"): 3, ("b", "a"): 1}, prior=0)
    assert three_to_one == pytest.approx({"a": 200 * math.log10(3), "b": -200 * math.log10(3)})
    # a beats b 2-1, b beats c 2-1, c beats a 2-1: a cycle, everyone equal
    cycle = {("a", "b"): 2, ("b", "a"): 1, ("b", "c"): 2, ("c", "b"): 1, ("c", "a"): 2, ("a", "c"): 1}
    assert bradley_terry(cycle, prior=0) == pytest.approx({"a": 0, "b": 0, "c": 0}, abs=1e-6)
    # a chain with no a-c games: odds 2 at each link, so a - c = 2·400·log10 2
    chain = bradley_terry({("a", "b"): 2, ("b", "a"): 1, ("b", "c"): 2, ("c", "b"): 1}, prior=0)
    assert chain == pytest.approx({"a": 400 * math.log10(2), "b": 0, "c": -400 * math.log10(2)}, abs=1e-6)
    # 4-0 with one drawn game of prior is 4.5 to 0.5: odds 9; draws count half
    assert bradley_terry({("a", "b"): 4})["a"] == pytest.approx(200 * math.log10(9))
    assert bradley_terry({("a", "b"): 1.5, ("b", "a"): 0.5}, prior=0)["a"] == pytest.approx(200 * math.log10(3))
    with pytest.raises(ValueError, match="scored nothing"):
        bradley_terry({("a", "b"): 4}, prior=0)


def test_a_game_is_won_by_the_bot_of_its_winners_else_drawn() -> None:
    seats = {"A": "x", "B": "y", "C": "y"}
    assert winner(seats, ["A"]) == "x" and winner(seats, ["B", "C"]) == "y"
    assert winner(seats, ["A", "B"]) is None and winner(seats, []) is None


def tournament(tmp_path: Path, name: str, *args: str) -> tuple[str, list[dict[str, Any]]]:
    out = tmp_path / name
    result = runner.invoke(app, ["tournament", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return result.stdout, [json.loads(line) for line in out.read_text().splitlines()]


def without_cpu(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in line.items() if k not in ("cpu_s", "cpu_max_s")} for line in lines]


def test_a_tiny_tournament_alternates_sides_and_gives_the_same_lines_with_any_jobs(tmp_path: Path) -> None:
    args = [INFO.id, "--bots", "random,all-in", "--games", "4", "--seed", "7", "--max-turns", "2"]
    table, lines = tournament(tmp_path, "one.jsonl", *args)
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    assert [line["lone"] for line in lines] == ["north", "south", "north", "south"]   # sides alternate
    assert [line["seed"] for line in lines] == [seed_list(7, 2)[0]] * 2 + [seed_list(7, 2)[1]] * 2
    for line in lines:
        assert line["seats"][line["lone"]] == "random" and sorted(line["seats"].values()) == ["all-in", "random"]
        assert line["options"] == {"rounds": 2} and line["finished"] and line["actions"] == 4
        assert line["decisions"] == {"all-in": 2, "random": 2} and set(line["cpu_s"]) == {"all-in", "random"}
        assert all(0 <= line["cpu_max_s"][b] <= line["cpu_s"][b] for b in ("all-in", "random"))   # the longest decision
        assert line["winner"] == winner(line["seats"], line["outcome"]["winners"])
    assert "all-in" in table and "random" in table and "Elo" in table and "longest s" in table
    seats = by_seat(lines)   # both bots of a two-player game held their seat alone, each side twice
    assert {key: sum(c) for key, c in seats.items()} == {(b, s, o): 2 for b, o in (("random", "all-in"), ("all-in", "random"))
                                                          for s in ("north", "south")}
    _, parallel = tournament(tmp_path, "two.jsonl", *args, "--jobs", "2")
    assert without_cpu(parallel) == without_cpu(lines)
    _, other = tournament(tmp_path, "other.jsonl", *args[:-3], "8", "--max-turns", "2")
    assert [line["seed"] for line in other] != [line["seed"] for line in lines]


def test_a_bot_s_think_budget_is_named_with_it_and_reaches_it(tmp_path: Path) -> None:
    # issue 26: `--bots search:quick,heuristic`: one bot at two budgets is two bots of the table
    SCALES.clear()
    table, lines = tournament(tmp_path, "budgets.jsonl", INFO.id, "--bots", "thinker:quick,thinker:long,random",
                              "--games", "2", "--max-turns", "1")
    assert {tuple(sorted(line["seats"].values())) for line in lines} == {
        ("thinker:long", "thinker:quick"), ("random", "thinker:quick"), ("random", "thinker:long")}
    assert sorted(set(SCALES)) == [bots.BUDGETS["quick"], bots.BUDGETS["long"]] and len(SCALES) == 8
    assert "thinker:quick" in table and "thinker:long" in table


def test_in_diplomacy_one_bot_plays_every_power_in_turn_against_copies_of_the_other(tmp_path: Path) -> None:
    _, lines = tournament(tmp_path, "dip.jsonl", "diplomacy", "--bots", "random,second-random", "--games", "7",
                          "--option", "max_year=1902")
    assert len(lines) == 14 and all(line["options"] == {"max_year": 1902} and line["turns"] == 2 for line in lines)
    powers = list(games.new("diplomacy", seed=0).players)
    for lone_bot, field_bot, chunk in (("random", "second-random", lines[:7]), ("second-random", "random", lines[7:])):
        assert [line["lone"] for line in chunk] == powers
        for line in chunk:
            assert line["pairing"] == [lone_bot, field_bot]
            assert [p for p, b in line["seats"].items() if b == lone_bot] == [line["lone"]]
    assert {key: sum(c) for key, c in by_seat(lines).items()} == {   # only the bot alone, at each power once
        (lone, power, field): 1 for lone, field in (("random", "second-random"), ("second-random", "random"))
        for power in powers}


def test_lone_plays_only_the_named_bot_alone_and_shows_its_solos_and_share(tmp_path: Path) -> None:
    table, lines = tournament(tmp_path, "lone.jsonl", "diplomacy", "--bots", "random,second-random", "--games", "7",
                              "--lone", "second-random", "--option", "max_year=1902")
    assert len(lines) == 7   # not the 14 of both directions
    assert [line["lone"] for line in lines] == list(games.new("diplomacy", seed=0).players)
    assert all(line["pairing"] == ["second-random", "random"] for line in lines)
    shares = alone(lines)[0].shares
    assert len(shares) == 7 and all(0 < s < 1 for s in shares)
    assert "solos and sum-of-squares share" in table and f"{mean_interval(list(shares))[0]:.1%}" in table


def test_the_tables_of_result_files_are_the_tables_of_the_run(tmp_path: Path) -> None:
    table, lines = tournament(tmp_path, "run.jsonl", INFO.id, "--bots", "random,all-in", "--games", "4", "--max-turns", "2")
    assert runner.invoke(app, ["tournament-table", str(tmp_path / "run.jsonl")]).stdout == table
    first, rest = tmp_path / "first.jsonl", tmp_path / "rest.jsonl"   # a run cut in two, pooled again
    first.write_text("".join(json.dumps(line) + "\n" for line in lines[:1]))
    rest.write_text("".join(json.dumps(line) + "\n" for line in lines[1:]))
    assert runner.invoke(app, ["tournament-table", str(first), str(rest)]).stdout == table


def test_a_stopped_run_resumed_plays_only_the_rest_and_gives_the_lines_of_a_whole_run(tmp_path: Path) -> None:
    args = [INFO.id, "--bots", "random,all-in", "--games", "4", "--seed", "5", "--max-turns", "2"]
    table, whole = tournament(tmp_path, "whole.jsonl", *args)
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_text("".join(json.dumps(line) + "\n" for line in whole[:3]))
    kept = stopped.read_text()
    resumed = runner.invoke(app, ["tournament", *args, "--out", str(stopped), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert stopped.read_text().startswith(kept)   # the games already played are not played again
    assert without_cpu([json.loads(line) for line in stopped.read_text().splitlines()]) == without_cpu(whole)
    assert "Elo" in resumed.stdout and "4 games" in resumed.stdout   # the table counts the kept games too
    other = runner.invoke(app, ["tournament", *args[:-3], "6", "--max-turns", "2", "--out", str(stopped), "--resume"])
    assert other.exit_code == 2 and "Traceback" not in other.output
    assert other.stderr.startswith(f"error: {stopped}:1: not game 0 of this run")
    assert stopped.read_text().startswith(kept) and len(stopped.read_text().splitlines()) == 4   # nothing written
    alone_ = runner.invoke(app, ["tournament", *args, "--resume"])
    assert alone_.exit_code == 2 and "--resume needs --out" in alone_.stderr


@pytest.mark.parametrize("content, message", [
    ("", "no results in"),
    ("not json\n", ":1: not a JSON line"),
    ('{"game": "x"}\n', ":1: not a tournament result (no 'seats')"),
    ("[1, 2]\n", ":1: not a tournament result (no 'game')"),
    ("LINE\nLINE\n", ":2: a game already counted"),
    ("LINE\nOTHER\n", ":2: a diplomacy result among"),
])
def test_a_bad_result_file_gets_one_clear_line(tmp_path: Path, content: str, message: str) -> None:
    line = {"game": INFO.id, "seed": 1, "options": {}, "seats": {"north": "random", "south": "all-in"}, "lone": "north",
            "pairing": ["random", "all-in"], "outcome": None, "winner": None, "cpu_s": {}, "decisions": {}}
    other = {**line, "game": "diplomacy"}
    path = tmp_path / "bad.jsonl"
    path.write_text(content.replace("LINE", json.dumps(line)).replace("OTHER", json.dumps(other)))
    for args in ([str(path)], [str(tmp_path / "missing.jsonl")]):
        result = runner.invoke(app, ["tournament-table", *args])
        assert result.exit_code == 2 and result.stdout == "" and "Traceback" not in result.output
        assert result.stderr.startswith("error: ")
    assert message in runner.invoke(app, ["tournament-table", str(path)]).stderr


HASH_RUN = """
import json, sys
from warjudge.core import bots, games
from warjudge.core.tournament import play_match, schedule
from tests.support.toygame import INFO
games.register(INFO)
bots.register(bots.BotInfo(INFO.id, "all-in", "tests.core.test_bots:AllIn", kind="factory"))
print(json.dumps([play_match(m) for m in schedule(INFO.id, ["random", "all-in"], 4, 3, {"rounds": 5})]))
"""


def test_the_lines_are_the_same_under_any_pythonhashseed() -> None:
    runs = [subprocess.Popen([sys.executable, "-c", HASH_RUN], cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": h},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for h in ("0", "4242")]
    first, second = (json.loads(run.communicate(timeout=120)[0]) for run in runs)
    assert len(first) == 4 and without_cpu(first) == without_cpu(second)


@pytest.mark.parametrize("args, message", [
    (["chess", "--bots", "random,heuristic", "--games", "1"], "unknown game 'chess'"),
    ([INFO.id, "--bots", "random,genius", "--games", "1"], "no bot 'genius'"),
    ([INFO.id, "--bots", "random,thinker:forever", "--games", "1"], "no think budget 'forever' for bot 'thinker'"),
    ([INFO.id, "--bots", "random:quick,thinker", "--games", "1"], "'quick' for bot 'random' of toy-bids; it takes no"),
    ([INFO.id, "--bots", "random,random", "--games", "1"], "two different bots"),
    ([INFO.id, "--bots", "random", "--games", "1"], "two different bots"),
    ([INFO.id, "--bots", "random,all-in", "--games", "0"], "--games must be at least 1"),
    ([INFO.id, "--bots", "random,all-in", "--games", "1", "--jobs", "0"], "--jobs must be at least 1"),
    ([INFO.id, "--bots", "random,all-in", "--games", "1", "--max-turns", "0"], "--max-turns must be at least 1"),
    ([INFO.id, "--bots", "random,all-in", "--games", "1", "--max-turns", "99"], "rounds: a whole number"),
    ([INFO.id, "--bots", "random,all-in", "--games", "1", "--out", "/nonexistent/dir/x.jsonl"], "No such file"),
    (["diplomacy", "--bots", "random,second-random", "--games", "1", "--max-turns", "2"], "--option max_year=YEAR"),
    ([INFO.id, "--bots", "random,all-in", "--games", "1", "--lone", "heuristic"], "--lone 'heuristic' is not one of"),
])
def test_a_bad_request_gets_one_clear_line_and_plays_nothing(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == 2 and result.stdout == "" and "Traceback" not in result.output
    assert result.stderr.startswith("error: ") and message in result.stderr, result.stderr


def test_a_game_that_cannot_go_on_stops_the_tournament_with_one_clear_line(tmp_path: Path) -> None:
    stuck = games.GameInfo("toy-stuck", "stuck", "tests.core.test_bots:StuckBids")
    games.register(stuck)
    bots.register(bots.BotInfo(stuck.id, "all-in", ALL_IN.entry, kind="factory"))
    try:
        result = runner.invoke(app, ["tournament", stuck.id, "--bots", "random,all-in", "--games", "1",
                                     "--out", str(tmp_path / "stuck.jsonl")])
    finally:
        bots.unregister(stuck.id, "all-in")
        games.unregister(stuck.id)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.strip() == "error: toy-stuck: nobody may act but the game is not over"


def test_a_tournament_on_a_local_ray_gives_the_lines_of_local_processes(tmp_path: Path) -> None:
    pytest.importorskip("ray")   # the ray extra, which the test extras install
    args = ["necromancer-sjg", "--bots", "random,heuristic", "--games", "2", "--seed", "5", "--max-turns", "2"]
    _, here = tournament(tmp_path, "here.jsonl", *args)
    table, on_ray = tournament(tmp_path, "ray.jsonl", *args, "--ray", "local")
    assert len(here) == 2 and without_cpu(on_ray) == without_cpu(here)
    assert "heuristic" in table and "Elo" in table


def test_an_unreachable_ray_cluster_is_one_clear_line(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    result = runner.invoke(app, ["tournament", INFO.id, "--bots", "random,all-in", "--games", "1",
                                 "--ray", "127.0.0.1:1"])
    assert result.exit_code == 2 and result.stdout == "" and "Traceback" not in result.output
    assert result.stderr.startswith("error: cannot reach the Ray cluster at '127.0.0.1:1'"), result.stderr
