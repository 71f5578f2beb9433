"""Bots play in the background (issue 22). Before, every request that left a bot to act
played the bots inside its own transaction, up to 20,000 actions: seating the last of
eight bots in a Necromancer game without a last year answered after 50.7 s, having
played to TA 7235, while another user's write waited 30 s for the lock and got a 503.
Now no request takes a bot's move; the scheduler takes bounded steps, each applied once
however many server processes look, with no lock held while the bots think."""

from __future__ import annotations

import json
import threading
import time

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import UNPACED, run_bots, sign_up, stored_record
from tests.server.test_events import _next_event
from warjudge.server import bots, botturns, db, scheduler
from warjudge.server.app import create_app
from warjudge.server.models import GameRow

NECROMANCER = ["DWARVES", "EASTERLINGS", "ELVES", "GONDOR", "HARAD", "ROHAN", "SARUMAN", "SAURON"]


def _stored(sessions: db.Sessions, gid: str) -> tuple[int, list[dict], float | None]:
    """The game's version, its record's actions and when its bots act next, as stored."""
    with sessions.reading() as session:
        row = session.get(GameRow, gid)
        return row.version, json.loads(row.record)["actions"], row.bots_at


def _bid(player, gid, seat, amount=1):
    player.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": {"type": "bid", "amount": amount}})


TRIGGERS = {   # every way a request (or the deadline thread) starts a phase in which a bot must act
    "action": lambda gm, ann, gid, sessions: _bid(ann, gid, "north"),
    "ready": lambda gm, ann, gid, sessions: ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north"}),
    "process": lambda gm, ann, gid, sessions: gm.ok("post", f"/api/games/{gid}/process"),
    "gm action": lambda gm, ann, gid, sessions: gm.ok("post", f"/api/games/{gid}/gm", {"action": {"type": "process"}}),
    "rollback": lambda gm, ann, gid, sessions: gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 0}),
    "deadline": lambda gm, ann, gid, sessions: scheduler.run_due(sessions, now=time.time() + 61),
}


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_no_request_plays_a_bot_s_move(players, trigger):
    gm, ann, _ = players
    sessions = db.sessions(gm.client.app.state.engine)
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 3}, "phase_seconds": 60})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north", "south"]   # seated, not yet answered
    assert run_bots(gm.client) == 1 and gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north"]
    TRIGGERS[trigger](gm, ann, gid, sessions)
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north", "south"]   # a new round: the bot owes its bid
    assert run_bots(gm.client) == 1 and gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north"]


def test_bots_in_every_seat_of_an_endless_game_cost_the_requests_nothing(players):
    """The finding itself: before, the request seating the eighth bot played to TA 7235."""
    gm = players[0]
    sessions = db.sessions(gm.client.app.state.engine)
    gid = gm.ok("post", "/api/games", {"game": "necromancer-diplomacy"})["id"]   # no last year
    for seat in NECROMANCER:
        gm.ok("post", f"/api/games/{gid}/bots", {"seat": seat, "bot": "random"})
        assert _stored(sessions, gid)[1] == []   # the request took no bot's move
    version, _, bots_at = _stored(sessions, gid)
    assert bots_at is not None
    assert botturns.step(sessions, gid, UNPACED)   # one step: bounded, one phase at most
    after, actions, _ = _stored(sessions, gid)
    assert after == version + 1 and 0 < len(actions) <= bots.STEP_ACTIONS


def test_another_writer_is_not_held_up_while_the_bots_think(players, monkeypatch):
    gm, ann, bob = players
    busy = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    other = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    bob.ok("post", f"/api/games/{other}/seats/north")
    gm.ok("post", f"/api/games/{busy}/bots", {"seat": "north", "bot": "random"})
    thinking, go_on = threading.Event(), threading.Event()
    choose = bots.random_choice

    def slow(game, seat, rng):
        thinking.set()
        go_on.wait(30)   # a bot that thinks for as long as the test likes
        return choose(game, seat, rng)

    monkeypatch.setattr(bots, "random_choice", slow)

    def seat_and_play() -> None:
        gm.ok("post", f"/api/games/{busy}/bots", {"seat": "south", "bot": "random"})
        run_bots(gm.client)

    bots_thread = threading.Thread(target=seat_and_play)
    bots_thread.start()
    try:
        assert thinking.wait(30)
        answers = []
        writer = threading.Thread(target=lambda: answers.append(
            bob.post(f"/api/games/{other}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})))
        writer.start()
        writer.join(10)   # before, it waited for the bots' whole game (the lock's 30 s, then a 503)
        assert [a.status_code for a in answers] == [200]
    finally:
        go_on.set()
        bots_thread.join(30)
    assert gm.ok("get", f"/api/games/{busy}")["is_over"]


def test_the_scheduler_plays_a_game_of_bots_to_its_end_in_bounded_steps(players):
    gm = players[0]
    sessions = db.sessions(gm.client.app.state.engine)
    gid = gm.ok("post", "/api/games", {"game": "diplomacy", "options": {"max_year": 1902}})["id"]
    for seat in [s["seat"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]]:
        gm.ok("post", f"/api/games/{gid}/bots", {"seat": seat, "bot": "random"})
    steps, (version, actions, _) = 0, _stored(sessions, gid)
    while botturns.due(sessions, time.time()):
        assert botturns.step(sessions, gid, UNPACED)
        after, now, _ = _stored(sessions, gid)
        assert after == version + 1 and 0 < len(now) - len(actions) <= bots.STEP_ACTIONS
        version, actions, steps = after, now, steps + 1
        assert steps < 20   # a step per phase: 1901 and 1902 have at most ten
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["is_over"] and _stored(sessions, gid)[2] is None   # over: its bots stop
    assert not botturns.step(sessions, gid, UNPACED)


def test_a_game_the_bots_play_alone_takes_a_step_per_pace(players):
    gm = players[0]
    sessions = db.sessions(gm.client.app.state.engine)
    pace = botturns.Pace(burst=2, every=30.0, busy=60.0)   # the burst, not the time bound (a slow step under load)
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 5}})["id"]
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "north", "bot": "random"})
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    assert botturns.run_due(sessions, pace) == 2   # the burst, at once
    assert botturns.due(sessions, time.time()) == []   # then it waits its pace
    assert botturns.due(sessions, time.time() + 31) == [gid]
    assert botturns.step(sessions, gid, pace, now=time.time() + 31)
    assert botturns.due(sessions, time.time() + 29) == []
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})   # the games master changed it
    assert botturns.run_due(sessions, pace) == 2   # a burst again, at once


def test_games_the_bots_play_alone_take_only_their_share_of_the_time(players):
    """Issue 22's abuse: however many all-bot games an account starts, their steps take
    only the budget's share of the bots' thread; the burst after a change (someone may be
    waiting on it) is never held back, and a game held back stays due."""
    gm = players[0]
    sessions = db.sessions(gm.client.app.state.engine)
    pace = botturns.Pace(burst=2, every=0.0, busy=60.0)
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 5}})["id"]
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "north", "bot": "random"})
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    assert botturns.run_due(sessions, pace, budget=botturns.Budget(0.0, most=0.0)) == 2   # the burst only
    assert botturns.due(sessions, time.time()) == [gid]   # held back, still due
    assert botturns.run_due(sessions, pace, budget=botturns.Budget(0.1)) > 0   # a budget left: it goes on
    spent = botturns.Budget(0.5, most=0.2)
    assert spent.allows()
    spent.spend(1.0)   # a step took a second: the next waits for it to be earned back (2 s at half)
    assert not spent.allows()


@pytest.mark.parametrize("lease", [botturns.LEASE, -1.0], ids=["claimed", "lease-run-out"])
def test_two_servers_on_one_database_take_each_step_once(players, database_url, monkeypatch, lease):
    """Two processes find the same game due at the same moment: one claims the step; and
    should both compute it (a step that outlived its lease), only one is stored."""
    gm = players[0]
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 3}})["id"]
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "north", "bot": "random"})
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    servers = [db.sessions(db.make_engine(database_url)) for _ in range(2)]
    version = _stored(servers[0], gid)[0]
    both_start, both_loaded = threading.Barrier(2), threading.Barrier(2, timeout=1)
    loaded = botturns._loaded

    def slow_load(session, row):
        try:
            both_loaded.wait()   # both think at once (unless one did not claim it)
        except threading.BrokenBarrierError:
            pass
        return loaded(session, row)

    monkeypatch.setattr(botturns, "_loaded", slow_load)
    monkeypatch.setattr(botturns, "LEASE", lease)
    now, taken = time.time(), []

    def look(sessions):
        both_start.wait()
        taken.append(int(botturns.step(sessions, gid, UNPACED, now)))

    threads = [threading.Thread(target=look, args=(s,)) for s in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(taken) == [0, 1]
    after, actions, _ = _stored(servers[0], gid)
    assert after == version + 1 and len(actions) == 2   # one round, bid once by each bot
    for sessions in servers:
        sessions.kw["bind"].dispose()


def test_a_ready_player_waits_for_the_bots_before_the_phase_is_adjudicated(players):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    answer = ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north"})
    assert not answer["processed"]   # before, the bot's seat would have taken the default bid
    assert run_bots(gm.client) == 2   # round 1, then the bot's bid in round 2
    record = stored_record(gm.client, gid).actions
    assert [a["player"] for a in record] == ["south", "north", "south"]   # the bot's own bid, then north's default
    assert gm.ok("get", f"/api/games/{gid}")["view"]["history"][0]["bids"]["north"] == 0


def test_a_seat_given_to_a_player_while_its_bot_thinks_is_not_played_by_the_bot(client, players, monkeypatch):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    think = bots.step

    def replaced_meanwhile(game, *args, **kw):
        gm.ok("post", f"/api/games/{gid}/replace", {"seat": "south", "user": ann.name})   # no lock is held now
        return think(game, *args, **kw)

    monkeypatch.setattr(bots, "step", replaced_meanwhile)
    assert run_bots(client) == 0
    monkeypatch.setattr(bots, "step", think)
    assert not stored_record(gm.client, gid).actions
    assert gm.ok("get", f"/api/games/{gid}")["seats"][1]["user"] == ann.name
    assert run_bots(client) == 0 and _stored(db.sessions(client.app.state.engine), gid)[2] is None


def test_the_server_s_own_thread_answers_for_the_bots_and_the_stream_tells_the_player(database_url):
    """A player against a bot: the request that leaves the bot to act wakes the bots'
    thread (its own look would come 15 to 45 s later, after the stream has ended), which
    answers with no request doing the work; the player's live stream tells of it."""
    app = create_app(database_url, bot_pace=botturns.Pace(poll=30.0))
    with TestClient(app) as client:
        gm, ann = sign_up(client), sign_up(client)
        gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 2}})["id"]
        ann.ok("post", f"/api/games/{gid}/seats/north")
        with client.stream("GET", f"/api/games/{gid}/events", headers=ann.headers, params={"seconds": 20}) as stream:
            lines = stream.iter_lines()
            _next_event(lines)
            gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
            assert _until(lines, lambda e: e["to_act"] == ["north"])["phase"] == 0   # the bot's bid
            _bid(ann, gid, "north")
            assert _until(lines, lambda e: e["phase"] == 1 and e["to_act"] == ["north"])   # and in round 2
    app.state.engine.dispose()


def _until(lines, wanted) -> dict:
    """The first update of the stream that is `wanted` (a stream polls once a second, so an
    update may sum up several changes)."""
    for _ in range(5):
        kind, update = _next_event(lines)
        assert kind == "update", kind
        if wanted(update):
            return update
    raise AssertionError("the stream never told of it")
