"""Issue 22: reads are cheap and bounded. A long game's history, views, board, log and live
updates come from stored state (`phases.py`: each finished phase stored per role, a saved
position every few actions), never from a replay of the whole game, even cold (a new
process, an emptied cache); the stored state is built in bounded steps, an old database's
games included; live-update streams are capped per client and in all."""

from __future__ import annotations

import random
import time

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import update

from tests.server.conftest import UNPACED, listed, sign_up, stored_record
from warjudge.core import games
from warjudge.core.game import GM
from warjudge.core.record import GameRecord
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.server import bots, botturns, cache, db, live, phases, play
from warjudge.server.app import create_app
from warjudge.server.bots import random_choice
from warjudge.server.models import GameRow
from warjudge.server.views import public_view

LONG = 300   # record actions: longer than one fold's step (phases.STEP), six saved positions' worth


def _long_diplomacy(actions: int = LONG) -> DiplomacyGame:
    """A Diplomacy game of random legal actions, the games master adjudicating whenever
    nobody is left to act: built through the game interface, in under a second."""
    game = games.new("diplomacy", seed=3)
    rng = random.Random("a long game")
    while game.record.action_count() < actions and not game.is_over:
        waiting = game.to_act()
        if not waiting:
            game.act(GM, {"type": "process"})
            continue
        seat = rng.choice(waiting)
        game.act(seat, random_choice(game, seat, rng))
    assert isinstance(game, DiplomacyGame)
    return game


def _store(engine, gid: str, game: DiplomacyGame) -> None:
    """The game's record written straight into its row, as a long game played so far."""
    with engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == gid).values(
            record=game.record.to_json(), version=GameRow.version + 1))


def _cold() -> None:
    """As a freshly started process: no loaded game, no folding game, no shared poll."""
    cache.GAMES._games.clear()
    phases._cursors.clear()
    live._memo.clear()


@pytest.fixture
def counted_acts(monkeypatch) -> list[str]:
    """Every action a Diplomacy game plays (by anyone), and no whole replay at all."""
    played: list[str] = []
    real_act = DiplomacyGame.act

    def act(self, player, action):
        played.append(player)
        return real_act(self, player, action)

    def no_replay(record):   # a game's start (no action yet) is no replay
        assert not record.action_count(), f"a whole replay of a {record.action_count()}-action record"
        return real_load(record)

    real_load = games.load

    monkeypatch.setattr(DiplomacyGame, "act", act)
    monkeypatch.setattr(games, "load", no_replay)
    return played


def test_every_read_of_a_long_game_comes_from_stored_state_even_cold(client, counted_acts):
    gm = sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    gm.ok("post", f"/api/games/{gid}/seats/FRANCE")
    long = _long_diplomacy()
    _store(client.app.state.engine, gid, long)
    # the first read folds one bounded step (phases.STEP actions) and says when to come back
    refused = client.get(f"/api/games/{gid}/history/0")
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "2"
    assert "being brought up to date" in refused.json()["error"]
    assert client.get(f"/api/games/{gid}/history/0").status_code == 200   # the second step finishes it
    everything = listed(gm, gid)   # the games master's every phase, a page at a time
    played = counted_acts
    played.clear()
    last = everything["count"] - 1
    for path in (f"/api/games/{gid}/history/{last}", f"/api/games/{gid}/history?start=3&limit=2",
                 f"/api/games/{gid}/events?seconds=0.05"):
        _cold()
        assert gm.get(path).status_code == 200, path
        assert played == [], f"{path} played {len(played)} actions"
    assert gm.ok("get", f"/api/games/{gid}/history/{last}")["view"] == everything["phases"][last]["view"]
    for path in (f"/api/games/{gid}", f"/api/games/{gid}/legal", f"/games/{gid}/board.svg",
                 f"/games/{gid}/board.svg?phase=2", f"/games/{gid}/log"):
        _cold()
        assert gm.get(path).status_code in (200, 404), path   # a Diplomacy game has no log: 404, after loading
        assert len(played) < phases.SNAPSHOT_EVERY, f"{path} played {len(played)} actions"
        played.clear()
    _cold()
    assert gm.ok("get", f"/api/games/{gid}")["view"] == long.view("FRANCE")   # the saved position is the game


def test_a_cold_load_replays_only_the_actions_after_the_saved_position(client, counted_acts):
    gm = sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    long = _long_diplomacy()
    _store(client.app.state.engine, gid, long)
    for _ in range(2):
        client.get(f"/api/games/{gid}/history/0")
    assert client.get(f"/api/games/{gid}/history/0").status_code == 200
    behind = _long_diplomacy(LONG + phases.SNAPSHOT_EVERY - 1)   # the same game, played on
    _store(client.app.state.engine, gid, behind)
    counted_acts.clear()
    _cold()
    assert gm.ok("get", f"/api/games/{gid}")["view"] == public_view(behind)   # the GM sees the public view
    assert len(counted_acts) == phases.SNAPSHOT_EVERY - 1


def test_a_stream_poll_of_a_long_game_reads_the_database_only(client, monkeypatch):
    gm = sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    _store(client.app.state.engine, gid, _long_diplomacy())
    while phases.behind(client.app.state.sessions, 10, set()):   # as the background fold does
        phases.catch_up(client.app.state.sessions, gid)
    _cold()
    monkeypatch.setattr(DiplomacyGame, "act", lambda *a: pytest.fail("a poll played an action"))
    monkeypatch.setattr(games, "load", lambda record: pytest.fail("a poll replayed the game"))
    state = live._state(client.app.state.sessions, gid, "public")
    assert state["version"] == 1 and state["phase"] == listed(gm, gid)["count"] - 1


@pytest.fixture
def capped(tmp_path, monkeypatch):
    """A server holding at most two streams per client and three in all."""
    monkeypatch.setenv("WARJUDGE_STREAMS_PER_CLIENT", "2")
    monkeypatch.setenv("WARJUDGE_STREAMS_TOTAL", "3")
    app = create_app(f"sqlite:///{tmp_path / 'capped.sqlite3'}")
    with TestClient(app) as test_client:
        yield test_client
    app.state.engine.dispose()


def test_streams_are_capped_per_client_429_and_in_all_503_each_with_a_retry_after(capped):
    gm, ann, bob = (sign_up(capped) for _ in range(3))
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    events = f"/api/games/{gid}/events"
    with capped.stream("GET", events, headers=ann.headers, params={"seconds": 3}) as first, \
            capped.stream("GET", events, headers=ann.headers, params={"seconds": 3}) as second:
        assert first.status_code == second.status_code == 200
        too_many = ann.get(events, params={"seconds": 0.05})
        assert too_many.status_code == 429 and too_many.headers["Retry-After"] == live.RETRY_AFTER
        assert "2 live-update streams" in too_many.json()["error"]
        with capped.stream("GET", events, headers=bob.headers, params={"seconds": 3}) as third:
            assert third.status_code == 200
            full = gm.get(events, params={"seconds": 0.05})
            assert full.status_code == 503 and full.headers["Retry-After"] == live.RETRY_AFTER
            for stream in (first, second, third):
                assert sum(1 for _ in stream.iter_lines()) > 0   # each runs to its end
    assert ann.get(events, params={"seconds": 0.05}).status_code == 200   # ended streams give their places back
    assert capped.get(events, params={"seconds": 0.05}).status_code == 200   # signed out: by address


def test_a_stream_over_its_cap_is_refused_before_any_database_read(capped, monkeypatch):
    """Issue 22: a refused stream first looked up the caller, the game and its state (three
    database reads each): the caps now come first, so a flood of streams costs no query."""
    gm, ann = sign_up(capped), sign_up(capped)
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    events, reads = f"/api/games/{gid}/events", []
    with capped.stream("GET", events, headers=ann.headers, params={"seconds": 1}) as first, \
            capped.stream("GET", events, headers=ann.headers, params={"seconds": 1}) as second:
        assert first.status_code == second.status_code == 200
        caller = live.maybe_caller   # the stream's first read (its polls read no account)
        monkeypatch.setattr(live, "maybe_caller", lambda *a: reads.append("the caller") or caller(*a))
        assert ann.get(events, params={"seconds": 0.05}).status_code == 429
        assert reads == []
        monkeypatch.undo()
        for stream in (first, second):
            assert sum(1 for _ in stream.iter_lines()) > 0


def test_an_old_database_s_long_game_is_folded_in_bounded_steps_and_read(tmp_path):
    """A database of the version before stored phases (migration 0004), holding a long
    game: the new server migrates it, and its reads work, built a bounded step at a time."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = db.make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(db.MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    long = _long_diplomacy()
    with engine.begin() as connection:
        connection.exec_driver_sql("INSERT INTO users (id, name, password_hash, created_at) "
                                   "VALUES (1, 'old', 'x', '2026-01-01')")
        connection.exec_driver_sql(
            "INSERT INTO games (id, game, record, creator_id, open_seats, version, created_at, updated_at) "
            "VALUES ('oldgame', 'diplomacy', ?, 1, 1, 40, '2026-01-01', '2026-01-01')", (long.record.to_json(),))
        for n, seat in enumerate(long.players):
            connection.exec_driver_sql("INSERT INTO seats (game_id, name, position, ready, acted, invitation) "
                                       "VALUES ('oldgame', ?, ?, 0, 0, 'x')", (seat, n))
    engine.dispose()
    app = create_app(url)
    with TestClient(app) as client:
        assert client.get("/api/games/oldgame/history/0").status_code == 503   # one step of the two
        assert client.get("/api/games/oldgame/history/0").status_code == 200
        assert client.get("/api/games/oldgame").json()["view"] == phases.view_for(long, "public")
        every = listed(client, "oldgame")
        assert every["count"] > 10 and [p["n"] for p in every["phases"]] == list(range(every["count"]))
    app.state.engine.dispose()


def test_a_long_game_not_folded_yet_is_a_503_to_a_view_never_a_replay_and_is_folded_first(client, counted_acts):
    """Issue 22: a view or the record of a long game whose stored state was not built yet
    (an old database, or after an upgrade) replayed the whole game inside the request. It
    is now a 503 with Retry-After, and the background fold takes that game before the
    games changed since."""
    gm = sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    _store(client.app.state.engine, gid, _long_diplomacy())
    newer = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]   # changed since: first in the fold's order
    gm.ok("post", f"/api/games/{newer}/seats/north")
    _cold()
    counted_acts.clear()
    for path in (f"/api/games/{gid}", f"/api/games/{gid}/record", f"/api/games/{gid}/legal"):
        refused = gm.get(path)
        assert refused.status_code == 503 and refused.headers["Retry-After"] == "2", path
        assert "being prepared" in refused.json()["error"]
    assert counted_acts == []
    builder = phases.Builder(client.app.state.sessions, 60, games_per_look=1)
    builder.look()   # one bounded step: the game asked for, not the newer one
    assert len(counted_acts) == phases.STEP
    with client.app.state.sessions.reading() as session:
        assert phases.stored_progress(session, newer) is None
    _cold()
    counted_acts.clear()   # now the view replays the actions after the saved position only
    assert gm.ok("get", f"/api/games/{gid}")["version"] == 1
    assert len(counted_acts) == LONG - phases.STEP <= play.LOAD_REPLAY


def _all_bots(gm) -> str:
    """A Diplomacy game whose every seat a bot holds."""
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    for seat in gm.ok("get", f"/api/games/{gid}")["seats"]:
        gm.ok("post", f"/api/games/{gid}/bots", {"seat": seat["seat"], "bot": "random"})
    return gid


def test_a_bot_step_in_a_cold_process_never_replays_the_whole_game(client, counted_acts):
    """Issue 22, two processes on one database: a bot step whose game this process did not
    hold at its stored version (the other process took the last step, or this one just
    started) replayed the whole record (a 3,000-action Necromancer game: 6.4 s per step).
    It now loads the saved position and the actions after it, as a request does; a game
    with no saved position yet is folded one bounded step at a time first."""
    sessions = client.app.state.sessions
    gid = _all_bots(sign_up(client))
    _store(client.app.state.engine, gid, _long_diplomacy())   # played so far
    _cold()
    counted_acts.clear()
    assert not botturns.step(sessions, gid, UNPACED)   # not folded yet: one fold's step, no bot move
    assert len(counted_acts) == phases.STEP
    assert botturns.due(sessions, time.time()) == [gid]   # and due again at once
    while not botturns.step(sessions, gid, UNPACED):
        assert len(counted_acts) <= LONG, "the step folded more than the record holds"
    counted_acts.clear()
    _cold()
    assert botturns.step(sessions, gid, UNPACED)   # from the saved position: the bots' own actions only
    # the last step's actions after the saved position and this step's, each played by the
    # step and again by its fold: bounded by the step, whatever the game's length
    assert 0 < len(counted_acts) <= 4 * bots.STEP_ACTIONS


def test_a_bot_step_folds_what_it_played_so_no_read_folds_it(client, counted_acts):
    """Issue 22: every stream poll and history read of a game the bots play alone found the
    stored phases behind (the bots had moved it on) and folded them inside the request;
    the step that played them now folds them in the bots' own thread."""
    gm = sign_up(client)
    gid = _all_bots(gm)
    sessions = client.app.state.sessions
    for _ in range(3):
        assert botturns.step(sessions, gid, UNPACED)
        counted_acts.clear()
        for path in (f"/api/games/{gid}/history/0", f"/api/games/{gid}/history",
                     f"/api/games/{gid}/events?seconds=0.05"):
            assert gm.get(path).status_code == 200, path
        assert counted_acts == [], "a read folded the bots' actions"


def test_a_stream_poll_leaves_the_bots_change_to_their_own_fold(client, counted_acts, monkeypatch):
    """Issue 22's abuse mix: a stream poll that came between a bot step's commit and its
    fold folded the game in a request thread, outside the bots' share of the time
    (`botturns.Budget`); the poll now reports the phase unknown until the bots fold it."""
    sessions = client.app.state.sessions
    gid = _all_bots(sign_up(client))
    assert botturns.step(sessions, gid, UNPACED)
    monkeypatch.setattr(botturns, "_fold", lambda *_: True)   # the poll comes before the step's fold
    assert botturns.step(sessions, gid, UNPACED)
    monkeypatch.undo()
    counted_acts.clear()
    live._memo.clear()
    polled = live._state(sessions, gid, "public")
    assert counted_acts == [] and polled["phase"] is None
    assert botturns._fold(sessions, gid)   # the bots' thread folds it (or the background fold)
    live._memo.clear()
    assert live._state(sessions, gid, "public")["phase"] is not None


def test_the_stored_phases_of_a_rolled_back_game_roll_its_fresh_dice(players):
    """Issue 22: a fold that starts afresh (after a roll back) rebuilt the game's start
    from the record's seed and options only, dropping its reseeds: its phases showed the
    dice the roll back had taken out, and its saved position, which a cold process loads,
    went on rolling them."""
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 20}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")

    def rounds(n: int) -> None:
        for _ in range(n):
            for player, seat in ((ann, "north"), (bob, "south")):
                player.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": {"type": "bid", "amount": 0}})

    rounds(10)
    listed(gm, gid)   # folded as it went
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 1})
    rounds(9)
    real = games.load(stored_record(gm.client, gid))
    assert real.record.reseeds
    shown = listed(gm, gid)["phases"]
    assert shown[-1]["view"] == public_view(real)
    _cold()
    assert gm.ok("get", f"/api/games/{gid}")["view"] == public_view(real)


def test_a_fold_after_a_change_made_in_this_process_lists_only_the_new_actions(client, monkeypatch):
    """Issue 22: every fold parsed the game's whole record from its row and listed all its
    actions again (a 3,000-action Necromancer game: 0.14 s and 0.14 s per fold, once per
    bots' step or per read after a change), though it folds only the actions since the last
    one. A fold that follows a change made in this process takes the loaded game's record
    (kept by that change) and lists only the actions since its last listing."""
    sessions = client.app.state.sessions
    gid = _all_bots(sign_up(client))
    _store(client.app.state.engine, gid, _long_diplomacy())
    while not botturns.step(sessions, gid, UNPACED):   # folded first, then a step
        pass
    parsed, listed = [], []
    from_json, entries = GameRecord.from_json.__func__, games.entries
    monkeypatch.setattr(GameRecord, "from_json", classmethod(
        lambda cls, text, source="the record": parsed.append(source) or from_json(cls, text, source)))
    monkeypatch.setattr(games, "entries", lambda record: listed.append(record.action_count()) or entries(record))
    for _ in range(3):
        assert botturns.step(sessions, gid, UNPACED)   # each step folds what it played
        with sessions.reading() as session:
            assert phases.stored_progress(session, gid).version == session.get(GameRow, gid).version
    assert parsed == []
    assert listed and max(listed) <= bots.STEP_ACTIONS


def test_a_long_game_that_cannot_be_folded_is_not_tried_again_at_every_look(client):
    """A bot step of a long game with no saved position folds one step instead of playing;
    a fold that fails (a record that does not replay) leaves the step claimed for its
    lease, as a damaged record always did, rather than due again at the next look."""
    sessions = client.app.state.sessions
    gid = _all_bots(sign_up(client))
    long = _long_diplomacy()
    damaged = long.record.restarted()
    actions = [dict(a) for a in long.record.actions]
    for action in actions[:3] + [{"player": "FRANCE", "type": "order", "order": "A xyz H"}] + actions[3:]:
        damaged.append(action)
    with client.app.state.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == gid).values(
            record=damaged.to_json(), version=GameRow.version + 1))
    _cold()
    assert not botturns.step(sessions, gid, UNPACED)
    assert botturns.due(sessions, time.time()) == []
