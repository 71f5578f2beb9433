"""Golden texts of two printers that read a game at the terminal (issue 25: they were
moved off the game's internals onto its interface, and their output must not change):
the Necromancer variant's phase report (`warjudge diplomacy show`) and `warjudge gs show`.
Each is printed for seeded games and compared with the text the printers gave before
the move (tests/data/*.golden.txt, and a SHA-256 over a wider sweep of reports)."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core import bots, games

DATA = Path(__file__).parents[1] / "data"
runner = CliRunner()


def golden(name: str) -> str:
    return (DATA / f"{name}.golden.txt").read_text(encoding="utf-8")


def necromancer_game_with_void_lines() -> tuple[object, list[str]]:
    """A games master's seeded game to TA 2840 (a Retreat phase among its 11): each power
    gives random legal orders, and most phases one power's list is replaced by mailed
    lines, some void. Returns the game and the last report after each phase, as the GM,
    SAURON and ROHAN read it in English and French."""
    from warjudge.presentation.necromancer_diplomacy.report import phase_report

    game = games.new("necromancer-diplomacy", seed=6, max_year=2840, gm_adjudicates=True)
    rng = random.Random(6)
    texts = []
    while not game.is_over:
        for power in game.powers:
            for _ in range(40):
                acts = game.legal_actions(power) if power in game.to_act() else []
                if not acts:
                    break
                game.act(power, rng.choice(acts))
        if rng.random() < 0.6:
            power = rng.choice(game.survivors())
            mine = list(game.pending_orders(power).values())
            game.set_orders(power, [*mine[1:], "A Xyz H", "nonsense", rng.choice(["F Gre - Pel", "A Gre S A Pel"])])
        game.process()
        texts += [phase_report(game, viewer, lang, None) for viewer in (None, "SAURON", "ROHAN") for lang in ("en", "fr")]
    return game, texts


def test_the_necromancer_report_text_is_as_before():
    from warjudge.presentation.necromancer_diplomacy.report import phase_report

    game, texts = necromancer_game_with_void_lines()
    phases = [str(report.phase) for report in game.history]   # type: ignore[attr-defined]
    assert "TA2810R" in phases and len(phases) == 11
    every = {(phase, viewer, lang): phase_report(game, viewer, lang, phase)
             for phase in phases for viewer in (None, *game.players) for lang in ("en", "fr")}
    assert every[("TA2810R", None, "en")] == golden("necdip_report_TA2810R_gm_en")
    assert every[("TA2840A", "SAURON", "fr")] == golden("necdip_report_TA2840A_sauron_fr")
    assert texts[-6] == golden("necdip_report_last_gm_en")   # the game over
    assert phase_report(game, "ELVES", "fr", "TA2780M") == golden("necdip_report_TA2780M_elves_fr")
    swept = "\n\f\n".join([*texts, *every.values()])
    assert hashlib.sha256(swept.encode()).hexdigest() == \
        "4834d080751dc3a2ca863e541edfa45ccfc485d7659bb2bb70aa29a4f567df5f"


@pytest.mark.parametrize("game_id, seed, actions, options", [
    ("gondor", 3, 5000, {"max_turns": 2}),   # played to its end: "over"
    ("sauron", 4, 400, {}),                  # at night, a Leader alone, the pedestal
])
def test_gs_show_is_as_before(game_id, seed, actions, options, tmp_path):
    game = games.new(game_id, seed=seed, **options)
    bots.play_out(game, {s: bots.make(game_id, "random", random.Random(f"{seed}-{s}")) for s in game.players}, actions)
    path = tmp_path / "battle.json"
    game.record.save(path)
    start = tmp_path / "start.json"
    games.new(game_id, seed=seed, **options).record.save(start)
    shown = [runner.invoke(app, ["gs", "show", str(p)]) for p in (start, path)]
    assert all(result.exit_code == 0 for result in shown)
    assert shown[0].output + "\f\n" + shown[1].output == golden(f"gs_show_{game_id}")
