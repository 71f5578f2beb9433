"""The example game of docs/adding-a-game.md (issue 25): registered through
`games.register` and nothing else, it passes the shipped conformance checks and plays
by its one rule."""

from __future__ import annotations

from typing import Iterator

import pytest

from warjudge.core import games
from warjudge.core.errors import IllegalAction, InputError
from warjudge.core.events import Event, Wording, english, worded
from warjudge.presentation import choices
from warjudge.presentation.game_titles import titles
from warjudge.presentation.seat_names import seat_names
from warjudge.testing.conformance import check_game

from tests.support.nim import INFO


@pytest.fixture(autouse=True)
def nim_registered() -> Iterator[None]:
    games.register(INFO)
    yield
    games.unregister(INFO.id)


def test_the_example_game_passes_the_shipped_conformance_checks():
    check_game("nim", {"heap": 5})


def test_whoever_takes_the_last_counter_wins_and_options_are_checked():
    game = games.new("nim", heap=4)
    game.act("first", {"type": "take", "count": 3})
    with pytest.raises(IllegalAction):
        game.act("second", {"type": "take", "count": 2})   # one counter left
    game.act("second", {"type": "take", "count": 1})
    assert game.outcome().winners == ("second",) and games.load(game.record).view() == game.view()
    with pytest.raises(InputError, match="heap"):
        games.new("nim", heap=0)
    assert games.info("nim").capabilities() == {"option_descriptions"}


def test_a_game_names_its_presenter_in_its_registration():
    # issue 25: the pages find a game's board and page in the registry, not in a table of the server's
    assert games.info(INFO.id).board is None and games.info(INFO.id).page == "decisions"   # played from its actions
    assert {games.info(g).page for g in ("diplomacy", "necromancer-diplomacy")} == {"orders"}
    for game_id in ("diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron"):
        assert games.info(game_id).board_renderer() is not None, game_id
    # its log for the pages too: the hex games word theirs, the Diplomacy pages show results instead
    assert {g for g in games.ids() if games.info(g).log_worder() is not None} == {"necromancer-sjg", "gondor", "sauron",
                                                                                "nim"}
    with pytest.raises(ValueError, match="page"):
        games.register(games.GameInfo("nim-bad", "Nim", INFO.entry, page="cards"))


def test_a_game_names_the_words_of_its_refusals_in_its_registration():
    # issue 25: "GameInfo names a presenter (… reason wording per language)"; core names no table of Nim's
    game = games.new("nim", heap=2)
    with pytest.raises(IllegalAction) as refused:
        game.act("first", {"type": "take", "count": 3})
    assert str(refused.value) == "take from 1 to 2 counters" and refused.value.event.code == "nim.take"
    assert worded(refused.value.event, "fr") == "prenez de 1 à 2 jetons"
    with pytest.raises(IllegalAction) as refused:
        game.act("second", {"type": "take", "count": 1})
    assert worded(refused.value.event, "fr", {"second": "Bernard"}) == "ce n'est pas au tour de Bernard"
    assert game.view()["heap"] == 2 and game.record.action_count() == 0


def test_a_code_family_worded_already_is_refused_to_another_game():
    other = Wording("nim", "tests.support.nim_words:french")
    with pytest.raises(ValueError, match="nim"):
        games.register(games.GameInfo("nim-too", "Nim again", INFO.entry, reasons=other))
    assert "nim-too" not in games.ids() and english(Event("nim.take", {"most": 3})) == "take from 1 to 3 counters"
    with pytest.raises(ValueError, match="sjg"):   # a built-in family's tables stay its own
        games.register(games.GameInfo("nim-too", "Nim again", INFO.entry, reasons=Wording("sjg", other.english)))


def test_a_game_names_its_title_seats_and_actions_in_words_in_its_registration():
    # issue 25: no table of the pages' keyed by game id; Nim's words are its own
    assert titles("nim") == {"en": "Nim (the example game)", "fr": "Nim (le jeu d'exemple)"}
    assert seat_names("nim", "fr") == {"first": "Premier", "second": "Second"} and seat_names("nim", "en") == {}
    game = games.new("nim", heap=2)
    actions = game.legal_actions("first")
    assert choices.labels("nim", game, actions, game.view("first"), "fr") == ["Prendre 1", "Prendre 2"]
    assert choices.words_actions("nim") and not choices.words_actions("diplomacy")
    plain = games.GameInfo("nim-plain", "Nim, unworded", INFO.entry)   # no words named: English, seats by id
    games.register(plain)
    try:
        assert titles("nim-plain") == {"en": "Nim, unworded", "fr": "Nim, unworded"}
        assert seat_names("nim-plain", "fr") == {} and choices.names("nim-plain", "fr") == {}
        assert choices.labels("nim-plain", game, actions, game.view("first"), "en") is None
    finally:
        games.unregister(plain.id)
