"""benchmarks/diplomacy_search.py --pool counts runs made apart as one sample (issue 26's
search target is judged on the lower end of the pooled interval), so its arithmetic is
checked here on lines in the benchmark's own format; no game is played."""

from __future__ import annotations

import statistics
import sys

import pytest

from tests.support.benchmark_script import load
from warjudge.core.ratings import wilson


def benchmark():
    return load("diplomacy_search")


RUN_1 = [   # a stderr: per-game lines, seeds out of order as the pool finishes them
    "search FRANCE seed 5: share 80.6%, winners FRANCE (victory), 18 at the end, CPU s per movement phase max 2.09\n",
    "search FRANCE seed 4: share 30.0%, winners FRANCE (year-limit), 9 at the end, CPU s per movement phase max 1.50\n",
    "heuristic FRANCE seed 4: share 10.0%, winners ENGLAND (year-limit), 5 at the end, CPU s per movement phase max 0.00\n",
    "search ITALY seed 4: share 5.0%, winners ITALY,TURKEY (year-limit), 4 at the end, CPU s per movement phase max 2.75\n",
]
RUN_0 = [   # a stdout summary: wins and solos, no shares
    "7 seeds x powers, each played by search and by heuristic among six heuristics, to 1915\n",
    "   search: wins 5/7 [35.9%, 91.8%], solos 1, mean centres 10.57, CPU s per movement phase mean 1.063 max 2.077\n",
    "heuristic: wins 1/7 [2.6%, 51.3%], solos 0, mean centres 4.86, CPU s per movement phase mean 0.002 max 0.004\n",
    "  ENGLAND  centres: search [18], heuristic [10]\n",
]


def test_pooling_adds_summaries_to_counts_and_takes_shares_from_games_only():
    pooled = benchmark().pool(RUN_1 + RUN_0)
    search = pooled["search"]
    # 3 games of lines and 7 of summary; a shared lead (Italy with Turkey) is no win
    assert (search.games, search.wins, search.solos) == (10, 5 + 2, 1 + 1)
    assert search.shares == pytest.approx([0.30, 0.05, 0.806])   # seed order, then as given
    assert search.centres == {"FRANCE": [9, 18], "ITALY": [4]}
    assert search.cpu_max == 2.75
    assert (pooled["heuristic"].games, pooled["heuristic"].wins, pooled["heuristic"].shares) == (8, 1, [pytest.approx(0.10)])


def test_pooled_summary_prints_wilson_and_normal_intervals(tmp_path, capsys):
    bench = benchmark()
    (tmp_path / "run1.err").write_text("".join(RUN_1))
    (tmp_path / "run0.txt").write_text("".join(RUN_0))
    bench.print_pooled([str(tmp_path / "run1.err"), str(tmp_path / "run0.txt")])
    search = capsys.readouterr().out.splitlines()[0]
    low, high = wilson(2, 10)
    assert f"solos 2 20.0% [{low:.1%}, {high:.1%}]" in search
    shares = [0.30, 0.05, 0.806]
    mean, half = statistics.mean(shares), 1.96 * statistics.stdev(shares) / 3 ** 0.5
    assert f"share over 3 games {mean:.1%} [{mean - half:.1%}, {mean + half:.1%}]" in search


def test_a_game_given_twice_is_refused_with_a_clear_error(tmp_path, monkeypatch, capsys):
    run = tmp_path / "run1.err"
    run.write_text("".join(RUN_1))
    monkeypatch.setattr(sys, "argv", ["diplomacy_search.py", "--pool", str(run), str(run)])
    with pytest.raises(SystemExit) as stop:
        benchmark().main()
    assert stop.value.code == 2 and "search FRANCE seed 5 is given twice" in capsys.readouterr().err
    monkeypatch.setattr(sys, "argv", ["diplomacy_search.py", "--pool", str(tmp_path / "missing.err")])
    with pytest.raises(SystemExit):
        benchmark().main()
    assert "missing.err" in capsys.readouterr().err
