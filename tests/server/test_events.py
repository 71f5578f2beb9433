"""Live updates (issue 13): `GET /api/games/{id}/events` sends a seat an event when the
game's version changes or a message reaches it, carrying nothing it may not see. Every
stream here is bounded (`seconds`) and every read has a timeout, so no test can hang."""

from __future__ import annotations

import json
import time

import httpx2

from tests.server.conftest import PASSWORD, sign_up
from tests.server.live import server

KEYS = {"version", "phase", "to_act", "is_over", "press", "unread", "ready"}


def _next_event(lines) -> tuple[str, dict]:
    """The next event of a stream: (its kind, its data); ("end", {}) when the stream ends."""
    kind = ""
    for line in lines:
        if line.startswith("event: "):
            kind = line[len("event: "):]
        elif line.startswith("data: "):
            return kind, json.loads(line[len("data: "):])
    return "end", {}


def _toy(client, **create):
    gm, ann, bob = (sign_up(client) for _ in range(3))
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", **create})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    return gid, ann, bob


def test_a_seat_s_stream_has_an_event_after_an_action_and_after_press_to_it(client):
    gid, ann, bob = _toy(client, press="full")
    with client.stream("GET", f"/api/games/{gid}/events", headers=ann.headers, params={"seconds": 8}) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        kind, first = _next_event(lines)
        assert kind == "state" and set(first) == KEYS
        assert first == {"version": 0, "phase": 0, "to_act": ["north", "south"], "is_over": False, "press": 0,
                         "unread": 0, "ready": []}
        ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 2}})
        kind, update = _next_event(lines)
        assert kind == "update" and update == first | {"version": 1, "to_act": ["south"]}
        bob.ok("post", f"/api/games/{gid}/actions", {"seat": "south", "action": {"type": "bid", "amount": 1}})
        kind, update = _next_event(lines)   # the round is over: a new phase, both to bid again
        assert update == first | {"version": 2, "phase": 1}
        bob.ok("post", f"/api/games/{gid}/press", {"seat": "south", "to": ["north"], "text": "good round"})
        kind, update = _next_event(lines)
        assert kind == "update" and update == first | {"version": 2, "phase": 1, "press": 1, "unread": 1}
        ann.ok("post", f"/api/games/{gid}/press-read", {"seat": "north", "upto": 1, "thread": ["north", "south"]})
        kind, update = _next_event(lines)   # read (in another tab, say): the unread counts change everywhere
        assert kind == "update" and update == first | {"version": 2, "phase": 1, "press": 1}


def test_a_seat_saying_ready_or_taking_it_back_is_an_event_for_the_others(client):
    """Issue 14: a second browser sees the first's ready without asking (the ready seats are
    public: every summary shows them)."""
    gm, ann, bob = (sign_up(client) for _ in range(3))
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    with client.stream("GET", f"/api/games/{gid}/events", headers=bob.headers, params={"seconds": 8}) as stream:
        lines = stream.iter_lines()
        _, first = _next_event(lines)
        ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north"})
        kind, update = _next_event(lines)
        assert kind == "update" and update == first | {"ready": ["north"]}
        ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north", "ready": False})
        kind, update = _next_event(lines)
        assert kind == "update" and update == first


def test_press_between_other_seats_sends_a_third_seat_nothing(client):
    gm, ann, bob, cid = (sign_up(client) for _ in range(4))
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    for player, seat in ((ann, "AUSTRIA"), (bob, "ENGLAND"), (cid, "FRANCE")):
        player.ok("post", f"/api/games/{gid}/seats/{seat}")
    with client.stream("GET", f"/api/games/{gid}/events", headers=cid.headers, params={"seconds": 2.5}) as stream:
        lines = stream.iter_lines()
        assert _next_event(lines)[0] == "state"
        ann.ok("post", f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["ENGLAND"], "text": "just us"})
        rest = list(lines)   # the stream ends after its seconds: no event, only the end
    assert not [line for line in rest if line.startswith(("event:", "data:"))], rest


def test_a_stream_is_refused_like_any_other_read(client):
    gid, ann, _ = _toy(client)
    outsider = sign_up(client)
    refused = outsider.get(f"/api/games/{gid}/events", params={"seat": "north", "seconds": 1})
    assert refused.status_code == 403 and "do not hold" in refused.json()["error"]
    assert client.get("/api/games/nope/events", params={"seconds": 1}).status_code == 404
    assert ann.get(f"/api/games/{gid}/events", params={"seconds": 0}).status_code == 422
    public = client.get(f"/api/games/{gid}/events", params={"seconds": 0.1})   # a spectator: the public facts
    assert public.status_code == 200 and '"press": 0' in public.text


def test_a_real_server_pushes_the_event_as_it_happens(tmp_path):
    with server(tmp_path, toy=True) as (base, _, _):
        with httpx2.Client(base_url=base, timeout=10) as http:
            tokens = {}
            for name in ("gm", "ann"):
                http.post("/api/users", json={"name": name, "password": PASSWORD}).raise_for_status()
                tokens[name] = {"Authorization": "Bearer " + http.post(
                    "/api/tokens", json={"name": name, "password": PASSWORD}).json()["token"]}
            gid = http.post("/api/games", json={"game": "toy-bids"}, headers=tokens["gm"]).json()["id"]
            http.post(f"/api/games/{gid}/seats/north", headers=tokens["ann"]).raise_for_status()
            with http.stream("GET", f"/api/games/{gid}/events", headers=tokens["ann"],
                             params={"seconds": 30}) as stream:
                lines = stream.iter_lines()
                assert _next_event(lines)[1]["version"] == 0
                sent = time.monotonic()
                http.post(f"/api/games/{gid}/actions", headers=tokens["ann"],
                          json={"seat": "north", "action": {"type": "bid", "amount": 1}}).raise_for_status()
                kind, update = _next_event(lines)   # long before the stream's 30 seconds are up
                assert kind == "update" and update["version"] == 1 and time.monotonic() - sent < 10


def test_a_stream_says_so_and_ends_when_its_game_can_no_longer_be_read(client):
    from sqlalchemy import update

    from warjudge.server.models import GameRow

    gid, ann, _ = _toy(client)
    with client.stream("GET", f"/api/games/{gid}/events", headers=ann.headers, params={"seconds": 8}) as stream:
        lines = stream.iter_lines()
        assert _next_event(lines)[0] == "state"
        with client.app.state.engine.begin() as connection:   # a damaged record is stored
            connection.execute(update(GameRow).where(GameRow.id == gid).values(record="{not json", version=1))
        started = time.monotonic()
        kind, data = _next_event(lines)
        assert kind == "error" and "cannot be" in data["error"] and time.monotonic() - started < 5
    refused = ann.get(f"/api/games/{gid}/history")
    assert refused.status_code == 409 and "cannot be replayed" in refused.json()["error"]


def test_a_game_whose_phases_cannot_be_told_apart_still_streams_its_version(client, monkeypatch):
    from warjudge.core import games

    monkeypatch.setattr(games, "entries", lambda record: None)   # as a legacy record's game answers
    gid, ann, _ = _toy(client)
    response = ann.get(f"/api/games/{gid}/events", params={"seconds": 0.1})
    kind, state = _next_event(response.text.splitlines())
    assert kind == "state" and state == {"version": 0, "phase": None, "to_act": None, "is_over": None,
                                         "press": 0, "unread": 0, "ready": []}
