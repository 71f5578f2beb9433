"""Bad requests get a JSON error with the right status and change nothing; never a 500
(the test client re-raises any server error, so a 500 fails these tests loudly)."""

from __future__ import annotations

from urllib.parse import quote

import pytest


@pytest.fixture
def game(players):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 1}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    return gid


def _version(gm, gid):
    return gm.ok("get", f"/api/games/{gid}")["version"]


@pytest.mark.parametrize("body,status,words", [
    ({"game": "chess"}, 422, "unknown game"),
    ({"game": "toy-bids", "options": {"rounds": 99}}, 422, "rounds"),
    ({"game": "toy-bids", "options": []}, 422, "options"),
    ({"game": "toy-bids", "extra": 1}, 422, "extra"),
    ({"game": "toy-bids", "options": {"seed": 1}}, 422, "seed"),   # issue 13: dice no player can foresee
    ({}, 422, "game"),
])
def test_a_game_that_cannot_be_made_is_refused(players, body, status, words):
    response = players[0].post("/api/games", body)
    assert response.status_code == status and words in response.json()["error"]
    assert players[0].ok("get", "/api/games") == []


@pytest.mark.parametrize("action,status,words", [
    ({"type": "bid", "amount": 9}, 409, "cannot play"),
    ({"type": "bid", "amount": "3"}, 409, "cannot play"),
    ({"type": "bid"}, 409, "cannot play"),
    ({}, 409, "cannot play"),
    ({"orders": [1, 2]}, 422, "order texts"),
])
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(players, game, action, status, words):
    gm, ann, _ = players
    response = ann.post(f"/api/games/{game}/actions", {"seat": "north", "action": action})
    assert response.status_code == status and words in response.json()["error"]
    assert _version(gm, game) == 0 and ann.ok("get", f"/api/games/{game}")["to_act"] == ["north", "south"]


def test_unknown_games_and_seats_are_404(players, game):
    gm, ann, _ = players
    assert ann.get("/api/games/nothing-here").status_code == 404
    assert ann.post("/api/games/nothing-here/actions", {"seat": "north", "action": {}}).status_code == 404
    missing = ann.post(f"/api/games/{game}/seats/east")
    assert missing.status_code == 404 and "north, south" in missing.json()["error"]
    assert gm.post(f"/api/games/{game}/bots", {"seat": "east", "bot": "random"}).status_code == 404


def test_malformed_bodies_are_422(players, game):
    ann = players[1]
    for raw in (b"{", b"[]", b'{"seat": "north"}', b'{"seat": "north", "action": 3}', "{\"seat\": \"\\ud800\"}".encode()):
        response = ann.client.post(f"/api/games/{game}/actions", content=raw,
                                   headers=ann.headers | {"Content-Type": "application/json"})
        assert response.status_code in (400, 422), raw
        assert "error" in response.json()


def test_a_deeply_nested_body_is_refused_cleanly(players, game):
    ann = players[1]
    raw = b'{"seat": "north", "action": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    response = ann.client.post(f"/api/games/{game}/actions", content=raw,
                               headers=ann.headers | {"Content-Type": "application/json"})
    assert response.status_code in (400, 422) and "error" in response.json()


def test_a_body_too_large_is_413(players, game):
    ann = players[1]
    response = ann.post(f"/api/games/{game}/actions", {"seat": "north", "action": {"type": "x" * 300_000}})
    assert response.status_code == 413 and "KiB" in response.json()["error"]

    def chunks():
        yield b'{"seat": "north", "action": {"type": "'
        for _ in range(40):
            yield b"x" * 10_000
        yield b'"}}'
    streamed = ann.client.post(f"/api/games/{game}/actions", content=chunks(),
                               headers=ann.headers | {"Content-Type": "application/json"})
    assert streamed.status_code == 413


def test_an_over_game_takes_no_more_actions(players, game):
    gm, ann, bob = players
    bob.ok("post", f"/api/games/{game}/seats/south")
    ann.ok("post", f"/api/games/{game}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    bob.ok("post", f"/api/games/{game}/actions", {"seat": "south", "action": {"type": "bid", "amount": 1}})
    late = ann.post(f"/api/games/{game}/actions", {"seat": "north", "action": {"type": "bid", "amount": 0}})
    assert late.status_code == 409 and "over" in late.json()["error"]


def test_only_the_gm_seats_bots_and_processes(players, game):
    gm, ann, _ = players
    assert ann.post(f"/api/games/{game}/bots", {"seat": "south", "bot": "random"}).status_code == 403
    assert ann.post(f"/api/games/{game}/process").status_code == 403
    assert gm.post(f"/api/games/{game}/bots", {"seat": "south", "bot": "clever"}).status_code == 422
    nothing = gm.post(f"/api/games/{game}/process")   # the toy game has no GM adjudication
    assert nothing.status_code == 409 and "nothing to adjudicate" in nothing.json()["error"]


def test_nobody_may_download_the_record_of_a_running_game(players, game):
    # docs/server.md "Secrets": the seed never leaves the server while a game runs, the
    # games master's and the creator's request included
    gm, ann, _ = players
    for who in (ann, gm):
        refused = who.get(f"/api/games/{game}/record")
        assert refused.status_code == 409 and "not over" in refused.json()["error"]
        assert '"seed"' not in refused.text


# --- every route against odd input (issue 13: "never a 500 on bad input") ---------------

# as they appear in the address (percent-encoded): NUL, a literal '%00', unicode, too long, slashes, spaces
ODD_IDS = ["%00", "a%00b", "%2500", quote("\u00e9t\u00e9-\u6f22\u5b57"), quote("\U0001f600"), "x" * 1000,
           "..%2F..%2Fetc", "%20", "a%20b", "%FF%FE"]


def _routes(client) -> list[tuple[str, str, dict]]:
    """(method, path, operation) of every route in the OpenAPI document."""
    return [(method, path, operation) for path, item in client.get("/openapi.json").json()["paths"].items()
            for method, operation in item.items()]


def _call(player, method: str, path: str, headers: dict | None = None, **kw):
    return player.client.request(method.upper(), path, headers=player.headers | (headers or {}), **kw)


def test_every_route_answers_an_odd_game_id_with_a_clear_error_and_changes_nothing(players, game):
    """A NUL byte in a game's id was a 500 on PostgreSQL (which refuses NUL in any string)."""
    gm = players[0]
    routes = [(m, p) for m, p, _ in _routes(gm.client) if "{game_id}" in p]
    assert len(routes) >= 20
    for method, path in routes:
        for odd in ODD_IDS:
            address = path.replace("{game_id}", odd).replace("{seat}", "north").replace("{n}", "0")
            response = _call(gm, method, address, json={}, params={"seconds": 0.05})
            assert response.status_code in (400, 404, 405, 422), (method, address, response.status_code)
            assert response.json()["error"], (method, address)
    assert _version(gm, game) == 0


def test_a_nul_byte_anywhere_in_the_address_is_a_400(players, game):
    gm = players[0]
    for address in (f"/api/games/{game}?seat=%00", "/games/%00", f"/games/{game}/gm%00",
                    f"/api/games/{game}/history/0?seat=north%0A"):
        response = _call(gm, "get", address)
        assert response.status_code == 400 and "control character" in response.json()["error"], address


def test_every_route_refuses_an_oversized_body_and_a_body_of_the_wrong_type(players, game):
    gm = players[0]
    for method, path, operation in _routes(gm.client):
        if method != "post":
            continue
        address = path.replace("{game_id}", game).replace("{seat}", "south")
        big = _call(gm, method, address, content=b'{"x": "' + b"y" * 300_000 + b'"}',
                    headers={"Content-Type": "application/json"})
        assert big.status_code == 413 and "KiB" in big.json()["error"], address
        if "requestBody" not in operation:
            continue
        for wrong in ([], "text", 3, {"seat": ["north"], "text": 5, "action": "bid", "name": 7, "password": None}):
            response = _call(gm, method, address, json=wrong)
            assert response.status_code == 422 and response.json()["error"], (address, wrong, response.text)
    assert _version(gm, game) == 0


def test_a_seat_the_game_does_not_have_is_a_404_on_every_route_that_names_one(players, game):
    gm, ann, _ = players
    for method, address, body in (
            ("post", f"/api/games/{game}/actions", {"seat": "nobody", "action": {"type": "bid", "amount": 1}}),
            ("post", f"/api/games/{game}/ready", {"seat": "nobody"}),
            ("post", f"/api/games/{game}/seats/\u6f22", None),
            ("post", f"/api/games/{game}/bots", {"seat": "nobody", "bot": "random"}),
            ("post", f"/api/games/{game}/replace", {"seat": "nobody", "user": None}),
            ("post", f"/api/games/{game}/press", {"seat": "nobody", "to": "all", "text": "hello"}),
            ("get", f"/api/games/{game}?seat=nobody", None),
            ("get", f"/api/games/{game}/legal?seat=nobody", None),
            ("get", f"/api/games/{game}/history?seat=nobody", None),
            ("get", f"/api/games/{game}/press?seat=nobody", None)):
        response = _call(gm, method, address, json=body)
        assert response.status_code == 404 and "nobody" in response.json()["error"] or \
            "\u6f22" in response.json()["error"], (address, response.text)
    assert _version(gm, game) == 0
