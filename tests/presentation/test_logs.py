"""The hex games' logs in words (issue 14: "a log of results with dice"): every event a
seat's view holds becomes a line, rolls with their dice, and nothing else."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from warjudge.core import games
from warjudge.core.game import Game
from warjudge.presentation.gondor_sauron import log_en, log_fr as gs_fr, wording_fr as gs_words
from warjudge.presentation.sjg import wording_en as sjg_en, wording_fr as sjg_fr
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
                        "dice": 7, "die": 3, "result": "r1"}, {})
    assert line == "Turn 5, D (Forces of Sauron Combat Phase) · Orcs 1 attacks Knights 2: two dice 7, die 3: r1"
    fanatical = log_en.line({"turn": 9, "phase": "D", "event": "attack", "unit": "u", "target": "t",
                             "dice": None, "die": 6, "result": None}, {})
    assert fanatical == "Turn 9, D (Forces of Sauron Combat Phase) · U attacks T: no casualty roll (fanatical), die 6: no effect"


def test_an_elimination_is_logged_with_its_cause():
    # SPI 7.42, 7.56, 8.46: the line says why the unit is gone, in English and in French
    event = {"turn": 1, "phase": "G", "event": "eliminated", "unit": "orcs-4", "value": 3, "why": "no-retreat"}
    assert log_en.line(event, {}).endswith("Orcs 4 is eliminated: it could not retreat (SPI 7.56) (3 demoralization points)")
    assert "n'a pas pu retraiter (SPI 7.56)" in gs_fr.line(event, {})
    for why in ("E", "reduced", "no-reduced-side", "half"):
        assert "(SPI " in log_en.line({**event, "why": why}, {}) and "(SPI " in gs_fr.line({**event, "why": why}, {})


def test_a_missile_shot_that_misses_reads_as_no_casualty_and_says_what_its_letter_is():
    # SPI 7.17, 7.33: a shot's two dice miss, so no morale die is rolled; 3.0: phase G
    line = log_en.line({"turn": 1, "phase": "G", "event": "fire", "unit": "archers-6", "target": "orcs-2",
                        "dice": 7, "die": None, "result": "-"}, {})
    assert line == "Turn 1, G (Westernesse Combat Phase) · Archers 6 fires on Orcs 2: two dice 7: no casualty"
    assert "None" not in line and ": -" not in line


def played(game_id: str, moves: int = 600) -> Game:
    game = games.new(game_id, seed=4)
    rng = random.Random(4)
    for _ in range(moves):
        if game.is_over:
            break
        player = game.to_act()[0]
        game.act(player, rng.choice(game.legal_actions(player)))
    return game


SJG_ID = re.compile(r"\b(?:[ZSWMDA]\d+|N-(?:red|black))\b")   # the terminal's unit ids: 'S54', 'N-red'


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_sjg_page_log_names_units_as_their_counters_are_printed_never_by_id(lang):
    # issue 24 finding 9: "red moves W3, Z4, W5 …", "skeleton 53": no counter carries an id
    game = played("necromancer-sjg")
    lines = log_lines("necromancer-sjg", game.view("red"), lang)
    assert lines and not [line for line in lines if SJG_ID.search(line)]
    moved = sjg_en.page_lines([{"code": "sjg.moved", "params": {"side": "red", "path": ["1808", "1708"], "units": [
        {"id": 3, "kind": "wraith", "side": "red"}, {"id": 4, "kind": "zombie", "side": "red"},
        {"id": 5, "kind": "wraith", "side": "red"}]}}])
    assert moved == ["red moves 2 wraiths and a zombie 1808 1708"]


def test_the_terminal_log_keeps_the_ids_its_commands_are_typed_with():
    line = sjg_en.lines([{"code": "sjg.eliminated", "params": {"unit": {"id": 53, "kind": "skeleton", "side": "red"},
                                                               "hex": "1808", "why": "AE"}}])
    assert line == ["red S53 in 1808 eliminated (AE)"]


@pytest.mark.parametrize("game_id", ["necromancer-sjg", "gondor"])
def test_a_french_page_s_log_is_in_french(game_id):
    # issue 24 finding 14: the French pages kept English result words ("succeeds", "moves")
    view = played(game_id).view(None)
    english, french = log_lines(game_id, view, "en"), log_lines(game_id, view, "fr")
    assert english and french and len(english) == len(french)
    said = " ".join(french)
    assert not re.search(r"\b(moves|attacks|fires|retreats|eliminated|succeeds|Turn|roll|two dice)\b", said), said
    assert re.search(r"\b(déplace|va de|attaque|tire|Tour|tour)\b", said)


@pytest.mark.parametrize("result", ["none", "converted", "eliminated"])
def test_a_conversion_s_result_is_worded_in_french(result):
    # issue 24: a French SJG page logged "… (résistance 4, x3, 12 PC) : converted" (SJG 7.5)
    line = sjg_fr.page_lines([{"code": "sjg.conversion_tried", "params": {
        "side": "black", "target": "1808", "resistance": 4, "multiple": 3, "free": False, "cost": 12, "result": result}}])[0]
    assert not re.search(r"\b(none|converted|eliminated)\b", line), line
    assert line.endswith(sjg_fr.CONVERSIONS[result])


def test_every_event_is_worded_in_french_too():
    assert set(sjg_fr.EVENTS) == set(sjg_en.EVENTS)
    assert set(sjg_fr.ROLL_REASONS) == set(sjg_en.ROLL_REASONS) and set(sjg_fr.LOSSES) == set(sjg_en.LOSSES)
    assert set(gs_fr.WORDS) == set(log_en.WORDS) and set(gs_words.PHASES) == {"A", "B", "C", "D", "E", "F", "G", "H"}


def test_a_gondor_sauron_log_names_pieces_as_printed_never_by_id():
    # issue 24 finding 9: the log said "gondor-knights-10"; the counter reads "Gondor Knights 10", code CD4X
    game = played("gondor", 300)
    view = game.view("gondor")
    ids = {str(u["id"]) for u in view["units"]}
    lines = log_lines("gondor", view)
    assert lines and not [line for line in lines if any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", line)
                                                         for i in ids if "-" in i)]
    event = {"turn": 1, "phase": "G", "event": "fire", "unit": "gondor-archers-6", "target": "mordor-orc-spearmen-2",
             "dice": 7, "die": None, "result": "-"}
    assert log_en.line(event, {"gondor-archers-6": "BB2Y"}).endswith(
        "Gondor Archers 6 (BB2Y) fires on Mordor Orc Spearmen 2: two dice 7: no casualty")
    assert gs_fr.line(event, {}) == ("Tour 1, G (Combat de l'Occidentale) · Archers du Gondor 6 tire sur "
                                     "Lanciers orques du Mordor 2 : deux dés 7 : aucune perte")


def test_diplomacy_games_have_no_hex_log():
    assert log_lines("diplomacy", games.new("diplomacy", seed=1).view("FRANCE")) is None


def test_reinforcements_are_logged_by_their_name_not_their_id():
    # SPI 2.2 (the Turn Record/Reinforcement Track; schedules in the Exclusive Rules): the log said
    # "the aragorn reinforcements arrive"
    event = {"turn": 1, "phase": "A", "event": "arrived", "group": "aragorn"}
    assert log_en.line(event, {}).endswith("· the Aragorn reinforcements arrive")
    assert gs_fr.line(event, {}).endswith("· les renforts (Aragorn) arrivent")
    assert "(Grey Company)" in log_en.line({**event, "event": "reinforcement-roll", "group": "grey-company", "die": 4}, {})
