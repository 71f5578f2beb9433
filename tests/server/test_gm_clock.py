"""Deadlines as players expect (issue 13): durations by kind of phase, a clock time, the
games master's pause, resume and extend, the seats that missed a deadline reported as NMR,
and ready flags that belong to one phase only."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import pytest

from warjudge.server import db
from warjudge.server.deadlines import PhaseRules, clock_minutes, next_deadline
from warjudge.server.scheduler import run_due

NOON = datetime(2026, 11, 24, 12, 0, tzinfo=timezone.utc).timestamp()


def _game(players, **timing):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 3}} | timing)["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    return gid


def _bid(player, gid, seat, amount=1):
    return player.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": {"type": "bid", "amount": amount}})


def test_a_phase_lasts_the_duration_of_its_kind():
    rules = PhaseRules(3600, {"retreats": 600, "adjustments": 900})
    assert next_deadline(rules, "orders", NOON) == NOON + 3600
    assert next_deadline(rules, "retreats", NOON) == NOON + 600
    assert next_deadline(rules, "adjustments", NOON) == NOON + 900
    assert next_deadline(PhaseRules(), "orders", NOON) is None   # an untimed game
    assert next_deadline(PhaseRules(None, {"retreats": 600}), "orders", NOON) is None   # only retreats are timed


def test_a_clock_time_deadline_is_the_first_such_time_after_the_duration():
    assert next_deadline(PhaseRules(None, at="20:00"), None, NOON) == NOON + 8 * 3600
    assert next_deadline(PhaseRules(3600, at="12:30"), None, NOON) == NOON + 24.5 * 3600   # 13:00 is past 12:30
    assert next_deadline(PhaseRules(1800, at="12:30"), None, NOON) == NOON + 1800   # exactly then
    with pytest.raises(ValueError):
        clock_minutes("24:00")


def test_the_server_times_each_phase_by_its_kind(players):
    gm, _, _ = players
    gid = _game(players, phase_seconds=3600, phase_seconds_by_kind={"bid": 60})
    state = gm.ok("get", f"/api/games/{gid}")
    assert abs(state["deadline"] - (time.time() + 60)) < 30   # toy-bids' phases ask for a "bid"
    assert state["phase_rules"] == {"by_kind": {"bid": 60}, "at": None}
    clocked = _game(players, deadline_at="20:00")
    deadline = datetime.fromtimestamp(gm.ok("get", f"/api/games/{clocked}")["deadline"], timezone.utc)
    assert (deadline.hour, deadline.minute, deadline.second) == (20, 0, 0)


def test_bad_deadline_rules_are_refused_before_anything_is_made(players):
    gm, _, _ = players
    for timing in ({"deadline_at": "25:00"}, {"phase_seconds_by_kind": {"retreats": 0}},
                   {"phase_seconds_by_kind": {"": 60}}):
        answer = gm.post("/api/games", {"game": "toy-bids"} | timing)
        assert answer.status_code == 422, (timing, answer.text)
    assert gm.ok("get", "/api/games") == []


def test_the_games_master_pauses_resumes_and_extends_the_clock(players, database_url):
    gm, ann, bob = players
    gid = _game(players, phase_seconds=600)
    deadline = gm.ok("get", f"/api/games/{gid}")["deadline"]
    paused = gm.ok("post", f"/api/games/{gid}/pause")
    assert paused["paused"] and paused["deadline"] is None and 500 < paused["paused_remaining"] <= 600
    sessions = db.sessions(db.make_engine(database_url))
    assert run_due(sessions, now=deadline + 1) == []   # paused: the deadline does not pass
    assert gm.post(f"/api/games/{gid}/pause").status_code == 409
    extended = gm.ok("post", f"/api/games/{gid}/extend", {"seconds": 100})
    assert extended["paused_remaining"] == pytest.approx(paused["paused_remaining"] + 100)
    resumed = gm.ok("post", f"/api/games/{gid}/resume")
    assert not resumed["paused"] and abs(resumed["deadline"] - (time.time() + 600 + 100)) < 30
    assert gm.post(f"/api/games/{gid}/resume").status_code == 409
    later = gm.ok("post", f"/api/games/{gid}/extend", {"seconds": 3600})["deadline"]
    assert later == pytest.approx(resumed["deadline"] + 3600)
    for player in (ann, bob):   # only the games master
        for route, body in (("pause", None), ("resume", None), ("extend", {"seconds": 5})):
            assert player.post(f"/api/games/{gid}/{route}", body).status_code == 403
    assert gm.ok("get", f"/api/games/{gid}")["deadline"] == pytest.approx(later)


def test_a_phase_finished_while_paused_waits_with_its_whole_duration(players):
    gm, ann, bob = players
    gid = _game(players, phase_seconds=600)
    gm.ok("post", f"/api/games/{gid}/pause")
    _bid(ann, gid, "north")
    _bid(bob, gid, "south")   # round 2 begins, still paused
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["paused"] and state["deadline"] is None and state["paused_remaining"] == pytest.approx(600)


def test_the_clock_of_an_untimed_game_cannot_be_paused_or_extended(players):
    gm, _, _ = players
    gid = _game(players)
    for route, body in (("pause", None), ("resume", None), ("extend", {"seconds": 5})):
        answer = gm.post(f"/api/games/{gid}/{route}", body)
        assert answer.status_code == 409 and "error" in answer.json()


def test_seats_that_did_nothing_by_the_deadline_are_reported_as_nmr(players, database_url):
    gm, ann, bob = players
    gid = _game(players, phase_seconds=600)
    deadline = gm.ok("get", f"/api/games/{gid}")["deadline"]
    _bid(ann, gid, "north", 2)
    sessions = db.sessions(db.make_engine(database_url))
    assert run_due(sessions, now=deadline + 1) == [gid]
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["last_nmr"] == ["south"]
    assert state["view"]["history"][0]["bids"] == {"north": 2, "south": 0}   # the default stood for south
    bob.ok("post", f"/api/games/{gid}/ready", {"seat": "south"})   # ready is not an NMR, though no bid came
    assert run_due(sessions, now=state["deadline"] + 1) == [gid]
    assert gm.ok("get", f"/api/games/{gid}")["last_nmr"] == ["north"]


def test_a_ready_flag_belongs_to_the_phase_it_was_given_in(players):
    gm, ann, bob = players
    gid = _game(players)
    ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north"})
    _bid(ann, gid, "north")
    _bid(bob, gid, "south")   # round 1 ends: a new phase
    assert [s["ready"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]] == [False, False]
    assert bob.ok("post", f"/api/games/{gid}/ready", {"seat": "south"})["processed"] is False   # north never said ready
    assert len(gm.ok("get", f"/api/games/{gid}")["view"]["history"]) == 1
