"""Issue 22 finding 7: every option a new game takes is described by `/api/games-available`
and checked by name and type; a map, scenario or charts of one's own is such an option,
checked by the loader the command line uses. Anything else is a 422 naming it, never a 500."""

from __future__ import annotations

import pytest

from tests.core.test_game_options import FILES, shipped
from tests.server.conftest import stored_record
from warjudge.core import games
from warjudge.server.limits import MAX_BODY

REAL = ["diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron"]


def refused(gm, game: str, options: object) -> str:
    before = gm.ok("get", "/api/games")
    answer = gm.post("/api/games", {"game": game, "options": options})
    assert answer.status_code == 422, answer.text
    assert gm.ok("get", "/api/games") == before   # nothing was made
    return str(answer.json()["error"])


def test_an_undescribed_option_is_a_422_naming_it_not_a_500(players):
    gm = players[0]
    # the finding: SJG's Python-only `board` parameter was reached and crashed (AttributeError)
    assert "unknown option(s) board" in refused(gm, "necromancer-sjg", {"board": {"x": 1}})
    for game in REAL:
        error = refused(gm, game, {"nonesuch": 1, "other": [1]})
        assert "unknown option(s) nonesuch, other" in error, error


@pytest.mark.parametrize("game", REAL)
def test_every_described_option_of_the_wrong_type_is_a_422_naming_it(players, game):
    gm = players[0]
    for option in games.options(game):
        for wrong in ("text", 1.5, [[1]], {"a": {"b": None}}, None, True):
            if option.problem(wrong) is None:
                continue
            assert option.name in refused(gm, game, {option.name: wrong})


def test_the_data_file_options_are_listed_and_described(client):
    listed = {g["id"]: {o["name"]: o for o in g["options"]} for g in client.get("/api/games-available").json()}
    for game, name in FILES:
        option = listed[game][name]
        assert option["kind"] == "file" and option["max_bytes"] == games.MAX_FILE_OPTION_BYTES < MAX_BODY
        assert "docs/" in option["help"]


def test_a_scenario_of_one_s_own_through_the_api_is_checked_as_the_cli_checks_it(players):
    gm = players[0]
    mine = shipped("sauron", "scenario") | {"name": "my own Last Alliance"}
    created = gm.ok("post", "/api/games", {"game": "sauron", "options": {"scenario": mine}})
    assert gm.ok("get", f"/api/games/{created['id']}")["view"]["scenario"] == "my own Last Alliance"
    broken = mine | {"turns": "many"}
    assert "turns" in refused(gm, "sauron", {"scenario": broken})
    assert "is for 'gondor', not 'sauron'" in refused(gm, "sauron", {"scenario": shipped("gondor", "scenario")})


def test_a_map_of_one_s_own_through_the_api_is_carried_in_the_record(players):
    gm = players[0]
    board = shipped("necromancer-sjg", "map") | {"name": "my own transcription"}
    created = gm.ok("post", "/api/games", {"game": "necromancer-sjg", "options": {"map": board}})
    record = stored_record(gm.client, created["id"])   # no route gives it while the game runs
    assert record.options["map"]["spec"]["name"] == "my own transcription"
    board["rows"] = board["rows"][:-1]
    assert "map given as the option 'map' is invalid" in refused(gm, "necromancer-sjg", {"map": board})
