"""The hex games' logs in words (issue 14: "a log of results with dice"): every event a
seat's view holds becomes a line, rolls with their dice, and nothing else."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from warjudge.core import games
from warjudge.presentation.gondor_sauron import log_en
from warjudge.presentation.logs import LAST, log_lines

GS = Path(games.__file__).parents[1] / "hexwar" / "gondor_sauron"


def test_every_gondor_sauron_event_kind_has_words():
    logged = {m for f in GS.glob("*.py") for m in re.findall(r'_log\(\s*"([a-z-]+)"', f.read_text())}
    assert logged and logged <= set(log_en.WORDS), logged - set(log_en.WORDS)


@pytest.mark.parametrize("game_id", ["necromancer-sjg", "gondor", "sauron"])
def test_a_seat_s_log_is_its_view_s_events_in_words(game_id):
    game = games.new(game_id, seed=4)
    rng = random.Random(4)
    for _ in range(600):
        if game.is_over:
            break
        player = game.to_act()[0]
        game.act(player, rng.choice(game.legal_actions(player)))
    for seat in game.players:
        view = game.view(seat)
        lines = log_lines(game_id, view)
        assert lines is not None and len(lines) == min(LAST, len(view["events"])) > 0
        assert all(isinstance(line, str) and line and "{" not in line for line in lines)


def test_a_melee_roll_is_logged_with_its_dice_and_result():
    # SPI 7.33: two dice on the Casualty Probability Table, then one die against morale
    line = log_en.line({"turn": 5, "phase": "D", "event": "attack", "unit": "orcs-1", "target": "knights-2",
                        "dice": 7, "die": 3, "result": "r1"})
    assert line == "Turn 5, D (Forces of Sauron Combat Phase) · orcs-1 attacks knights-2: two dice 7, die 3: r1"
    fanatical = log_en.line({"turn": 9, "phase": "D", "event": "attack", "unit": "u", "target": "t",
                             "dice": None, "die": 6, "result": None})
    assert fanatical == "Turn 9, D (Forces of Sauron Combat Phase) · u attacks t: no casualty roll (fanatical), die 6: no effect"


def test_a_missile_shot_that_misses_reads_as_no_casualty_and_says_what_its_letter_is():
    # SPI 7.17, 7.33: a shot's two dice miss, so no morale die is rolled; 3.0: phase G
    line = log_en.line({"turn": 1, "phase": "G", "event": "fire", "unit": "archers-6", "target": "orcs-2",
                        "dice": 7, "die": None, "result": "-"})
    assert line == "Turn 1, G (Westernesse Combat Phase) · archers-6 fires on orcs-2: two dice 7: no casualty"
    assert "None" not in line and ": -" not in line


def test_diplomacy_games_have_no_hex_log():
    assert log_lines("diplomacy", games.new("diplomacy", seed=1).view("FRANCE")) is None
