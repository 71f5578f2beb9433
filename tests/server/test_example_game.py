"""The example game of docs/adding-a-game.md is served with no change of the server
(issue 25): registered, it is offered in the lobby, created, seated, played through the
API with its capabilities' defaults (no preview, no cost), its refusals worded by the
tables its registration names, and its page is served."""

from __future__ import annotations

import json
import urllib.request
from typing import Iterator

import pytest

from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core import games

from tests.server.live import server
from tests.support.nim import INFO, PLAIN


@pytest.fixture(autouse=True)
def nim_registered() -> Iterator[None]:
    games.register(INFO)
    yield
    games.unregister(INFO.id)


def test_the_example_game_is_played_through_the_api_and_its_page(players):
    gm, ann, bob = players
    offered = {g["id"]: g for g in gm.ok("get", "/api/games-available")}
    assert offered["nim"]["bots"] == ["random"] and [o["name"] for o in offered["nim"]["options"]] == ["heap"]
    gid = gm.ok("post", "/api/games", {"game": "nim", "options": {"heap": 4}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/first")
    bob.ok("post", f"/api/games/{gid}/seats/second")
    take3 = {"type": "take", "count": 3}
    assert ann.ok("post", f"/api/games/{gid}/preview", {"seat": "first", "action": take3}) == {"preview": None}
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "first", "action": take3})
    refused = bob.post(f"/api/games/{gid}/actions?lang=fr", {"seat": "second", "action": {"type": "take", "count": 2}})
    assert refused.status_code == 409   # worded by the tables its registration names, in the asker's language
    assert refused.json()["reason"] == "prenez de 1 à 1 jetons" and refused.json()["error"] == "take from 1 to 1 counters"
    # a reason naming a seat names it as the asker's language does (it once printed the id: "au tour de first")
    early = ann.post(f"/api/games/{gid}/actions?lang=fr", {"seat": "first", "action": {"type": "take", "count": 1}})
    assert early.status_code == 409 and early.json()["reason"].endswith("ce n'est pas au tour de Premier")
    assert bob.ok("get", f"/api/games/{gid}/legal")["seats"][0]["actions"] == [{"type": "take", "count": 1}]
    bob.ok("post", f"/api/games/{gid}/actions", {"seat": "second", "action": {"type": "take", "count": 1}})
    final = gm.ok("get", f"/api/games/{gid}")
    assert final["is_over"] and final["outcome"]["winners"] == ["second"]
    played = ann.get(f"/games/{gid}")   # the decisions page, played from its legal actions alone
    assert played.status_code == 200 and "/static/decisions.js" in played.text and 'data-has-board=""' in played.text
    assert gm.get(f"/games/{gid}/gm").status_code == 200
    assert ann.get(f"/games/{gid}/board.svg").status_code == 404   # none named
    assert ann.get(f"/games/{gid}/log?lang=fr").json() == {"lines": ["first prend 3", "second prend 1"]}   # the one named


def test_the_example_game_is_worded_by_the_words_its_registration_names(players):
    # issue 25: its title and actions in French come from its registration, not from a table of the server's
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "nim", "options": {"heap": 4}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/first")
    bob.ok("post", f"/api/games/{gid}/seats/second")
    assert ann.ok("get", f"/api/games/{gid}/legal?lang=fr")["seats"][0]["labels"] == ["Prendre 1", "Prendre 2", "Prendre 3"]
    assert ann.ok("get", f"/api/games/{gid}/legal")["seats"][0]["labels"] == ["Take 1", "Take 2", "Take 3"]
    assert "Nim (le jeu d" in ann.get(f"/games/{gid}").text   # the page's title in French (data-titles)


def test_a_game_registering_no_wording_shows_its_refusals_readably(players):
    # issue 25: a game with no tables answered the raw code, 'heap.take {"most": 1}'
    games.register(PLAIN)
    try:
        gm, ann, bob = players
        gid = gm.ok("post", "/api/games", {"game": "nim-plain", "options": {"heap": 4}})["id"]
        ann.ok("post", f"/api/games/{gid}/seats/first")
        bob.ok("post", f"/api/games/{gid}/seats/second")
        ann.ok("post", f"/api/games/{gid}/actions", {"seat": "first", "action": {"type": "take", "count": 3}})
        for lang in ("en", "fr"):   # no French table: English on French pages too
            refused = bob.post(f"/api/games/{gid}/actions?lang={lang}",
                               {"seat": "second", "action": {"type": "take", "count": 2}})
            assert refused.status_code == 409 and refused.json()["reason"] == "take (most: 1)"
            assert refused.json()["why"]["params"]["why"] == {"code": "heap.take", "params": {"most": 1}}   # the code kept
        early = ann.post(f"/api/games/{gid}/actions", {"seat": "first", "action": {"type": "take", "count": 1}})
        assert early.json()["reason"].endswith("turn (player: first)")
    finally:
        games.unregister(PLAIN.id)


def test_serve_serves_a_game_its_game_option_names(tmp_path):
    # issue 25: serving a new game took a launcher script registering it before `warjudge serve`
    with server(tmp_path, extra=("--game", "tests.support.nim:PLAIN")) as (base, _, _):
        with urllib.request.urlopen(f"{base}/api/games-available", timeout=5) as answer:
            offered = [g["id"] for g in json.load(answer)]
    assert "nim-plain" in offered and "diplomacy" in offered


@pytest.mark.parametrize("target, words", [("tests.support.nim:NOPE", "AttributeError"),
                                           ("tests.support.nope:INFO", "ModuleNotFoundError"),
                                           ("tests.support.nim:MOST", "names no GameInfo"),
                                           ("tests.support.nim", "names no GameInfo")])
def test_serve_refuses_a_game_option_naming_no_game(target, words):
    result = CliRunner().invoke(app, ["serve", "--game", target])
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output
