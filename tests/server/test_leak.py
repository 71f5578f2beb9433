"""The leak test (issue 13, "Secrets and safety"): games of every registered game played
by random seats through the API; every response to every seat, and to a spectator, is
checked against the GM's full view: no object the full view marks hidden from that
viewer may appear in it, and the dice seed appears in no response at all.

A real game whose class is not on the one game interface yet is skipped with the reason,
so the test covers it the moment it lands."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.conftest import sign_up
from tests.support.leaks import leaked
from warjudge.core import games

MAX_STEPS = 60          # submissions per game; the GM forces a phase every PROCESS_EVERY
PROCESS_EVERY = 10
GM_ROUTES = [("phases", None), ("record", None), ("pause", {}), ("resume", {}), ("extend", {"seconds": 60}),
             ("rollback", {"phase": 0}), ("gm", {"action": {"type": "process"}}), ("process", {}),
             ("replace", {"seat": "x", "user": None}), ("bots", {"seat": "x", "bot": "random"})]


def _assert_hides(response, full_views: list[Any], viewers: list[str], seed: int, what: str) -> None:
    assert response.status_code < 500, response.text
    assert str(seed) not in response.text, f"{what}: the dice seed was sent"
    sent = response.json()
    for full in full_views:
        for viewer in viewers:
            assert not leaked(sent, full, viewer), f"{what}: objects hidden from {viewer} were sent: " \
                                                   f"{leaked(sent, full, viewer)}"


def _not_on_interface(game_id: str) -> str | None:
    try:
        games.new(game_id)
    except (AttributeError, ImportError, NotImplementedError) as exc:
        return f"{game_id} is not on the one game interface yet ({type(exc).__name__}: {exc})"
    return None


GAMES = [pytest.param(g, marks=pytest.mark.skipif(bool(why), reason=str(why)))
         for g in games.ids() for why in [_not_on_interface(g)]] + ["toy-bids", "toy-bids-gm"]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_response_holds_what_its_viewer_may_not_see(client, game_id):
    _play_checking_every_response(client, game_id)


def test_the_check_catches_a_server_that_sends_a_seat_the_full_view(client, monkeypatch):
    from warjudge.server import app as server_app

    monkeypatch.setattr(server_app, "view_for", lambda game, role: game.view(None))
    with pytest.raises(AssertionError, match="hidden from"):
        _play_checking_every_response(client, "toy-bids")


def _play_checking_every_response(client, game_id: str) -> None:
    gm = sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": game_id})["id"]
    seed = gm.ok("get", f"/api/games/{gid}/record")["seed"]
    seats = [s["seat"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]]
    holders = {seat: sign_up(client) for seat in seats}
    for seat, player in holders.items():
        player.ok("post", f"/api/games/{gid}/seats/{seat}")
    rng = random.Random(f"leak:{game_id}")
    for step in range(MAX_STEPS):
        full = gm.ok("get", f"/api/games/{gid}")
        if full["is_over"]:
            break
        for seat, player in holders.items():
            for path in (f"/api/games/{gid}", f"/api/games/{gid}/legal"):
                _assert_hides(player.get(path), [full["view"]], [seat], seed, f"{path} to {seat}")
        _assert_hides(client.get(f"/api/games/{gid}"), [full["view"]], seats, seed, "the public view")
        if step % PROCESS_EVERY == 0:
            for seat, player in holders.items():   # the games master's routes: refused, and nothing in the refusal
                for route, body in GM_ROUTES:
                    answer = player.get(f"/api/games/{gid}/{route}") if body is None else \
                        player.post(f"/api/games/{gid}/{route}", body)
                    assert answer.status_code == 403, (route, answer.text)
                    _assert_hides(answer, [full["view"]], [seat], seed, f"{route} to {seat}")
        waiting = [s for s in full["to_act"] if s in holders]
        legal = {s: holders[s].ok("get", f"/api/games/{gid}/legal")["seats"][0]["actions"] for s in waiting}
        choices = [(s, a) for s in waiting for a in legal[s]]
        if step % PROCESS_EVERY == PROCESS_EVERY - 1 or not choices:
            gm.post(f"/api/games/{gid}/process")
            continue
        seat, action = rng.choice(choices)
        answer = holders[seat].post(f"/api/games/{gid}/actions", {"seat": seat, "action": action})
        assert answer.status_code == 200, answer.text
        after = gm.ok("get", f"/api/games/{gid}")["view"]
        _assert_hides(answer, [full["view"], after], [seat], seed, f"the answer to {seat}'s action")
