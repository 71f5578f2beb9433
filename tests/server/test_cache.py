"""The cache of loaded games (server/cache.py): a request finds the game its predecessor
left instead of replaying the record, yet never a stale game: not one changed by another
server process, nor one changed by a transaction that rolled back."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import update

from tests.server.conftest import sign_up
from warjudge.core import games
from warjudge.core.record import GameRecord
from warjudge.server import cache, db, phases, play
from warjudge.server.models import GameRow


@pytest.fixture
def counted_replays(monkeypatch) -> list[str]:
    """Every record the server replays, by game id."""
    replays: list[str] = []
    real_load = games.load

    def load(record):
        replays.append(record.game)
        return real_load(record)

    monkeypatch.setattr(games, "load", load)
    return replays


def _game(client):
    gm, ann, bob = sign_up(client), sign_up(client), sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 3}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    return gid, gm, ann, bob


def _bid(player, gid, seat, amount=1):
    return player.post(f"/api/games/{gid}/actions", {"seat": seat, "action": {"type": "bid", "amount": amount}})


def test_requests_reuse_the_loaded_game_instead_of_replaying_its_record(client, counted_replays):
    gid, gm, ann, bob = _game(client)
    for _ in range(2):
        assert _bid(ann, gid, "north").status_code == 200
        assert _bid(bob, gid, "south").status_code == 200
        gm.ok("get", f"/api/games/{gid}")
    assert counted_replays == []
    assert len(gm.ok("get", f"/api/games/{gid}")["view"]["history"]) == 2   # both rounds, from the cache


def test_a_game_changed_by_another_process_is_replayed_from_its_new_record(client, database_url, counted_replays):
    gid, gm, ann, bob = _game(client)
    assert _bid(ann, gid, "north", 2).status_code == 200
    # another server process (its own cache) takes south's bid: the stored record and version move on
    sessions = db.sessions(db.make_engine(database_url))
    with sessions.begin() as session:
        row = session.get(GameRow, gid)
        game = games.load(GameRecord.from_json(row.record, gid))
        game.act("south", {"type": "bid", "amount": 3})
        session.execute(update(GameRow).where(GameRow.id == gid)
                        .values(record=game.record.to_json(), version=row.version + 1))
    counted_replays.clear()
    view = gm.ok("get", f"/api/games/{gid}")["view"]
    assert counted_replays == ["toy-bids"]
    assert view["history"][0]["bids"] == {"north": 2, "south": 3}


def test_a_change_rolled_back_never_reaches_the_cache(client, database_url, counted_replays):
    gid, gm, ann, _ = _game(client)
    sessions = db.sessions(db.make_engine(database_url))
    with pytest.raises(RuntimeError):
        with sessions.begin() as session:
            row = db.locked_game(session, gid)
            play.load(row).act("north", {"type": "bid", "amount": 4})   # changed in memory ...
            raise RuntimeError("... and the transaction fails before it is stored")
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north", "south"]   # north's bid is not there
    assert _bid(ann, gid, "north", 1).status_code == 200


def test_the_cache_keeps_only_its_size_of_games():
    kept = cache.GameCache(size=2)
    for n in range(3):
        kept.keep(f"g{n}", 0, object())   # type: ignore[arg-type]
    assert len(kept) == 2
    assert kept.take("g0", 0) is None and kept.take("g2", 0) is not None
    assert kept.take("g2", 0) is None   # taken: no other request shares it


def test_a_read_waits_for_the_game_another_request_holds_instead_of_replaying_it(client, database_url,
                                                                                 counted_replays, monkeypatch):
    """Issue 22: a request took the cached game out of the cache for its whole transaction,
    so another request of the same game meanwhile (seven Diplomacy seats looking at one
    game) rebuilt it from the saved position or the record: under load, more than all the
    rest of a request. It now waits for the game to be given back."""
    gid, gm, _, _ = _game(client)
    gm.ok("get", f"/api/games/{gid}")   # loaded, and kept
    restored = []
    real_restored = phases.restored
    monkeypatch.setattr(phases, "restored", lambda *a: restored.append(a) or real_restored(*a))
    waiting, answered = threading.Event(), threading.Event()
    real_borrow = getattr(cache.GameCache, "borrow", None)   # (the old cache had none)

    def borrow(self, *args, **kwargs):
        if threading.current_thread() is not holder_thread:
            waiting.set()
        return real_borrow(self, *args, **kwargs)

    monkeypatch.setattr(cache.GameCache, "borrow", borrow, raising=False)
    sessions = db.sessions(db.make_engine(database_url))
    holder_thread = threading.current_thread()
    with sessions.reading() as session:
        play.load(session.get(GameRow, gid))   # this request holds the game ...
        reader = threading.Thread(target=lambda: (gm.ok("get", f"/api/games/{gid}"), answered.set()))
        reader.start()
        assert waiting.wait(10) or answered.is_set()   # ... while another asks for it
        assert not answered.is_set(), "the second read did not wait for the game"
    reader.join(10)
    assert answered.is_set() and restored == [] and counted_replays == []


def test_a_read_refused_after_loading_the_game_keeps_it_cached(client, counted_replays):
    """A read that loaded the game and then refused (a running game's record: 409) rolls
    its transaction back: the game it only read stays in the cache (it was dropped, so the
    next request replayed the record)."""
    gid, gm, _, _ = _game(client)
    for _ in range(2):
        assert gm.get(f"/api/games/{gid}/record").status_code == 409
    assert counted_replays == []


def test_a_seats_legal_actions_are_worked_out_once_per_version(client, monkeypatch):
    """issue 22: every GET …/legal worked the legal actions out again (SJG's deployments
    cost more than the rest of the request); they change only with the game's version."""
    from tests.support.toygame import ToyBids
    asked: list[str] = []
    real = ToyBids.legal_actions
    monkeypatch.setattr(ToyBids, "legal_actions", lambda game, seat: asked.append(seat) or real(game, seat))
    gid, _, ann, bob = _game(client)
    first = ann.ok("get", f"/api/games/{gid}/legal")
    assert ann.ok("get", f"/api/games/{gid}/legal") == first and asked == ["north"]
    bob.ok("get", f"/api/games/{gid}/legal")   # each seat its own answer, only to its holder
    assert asked == ["north", "south"]
    assert _bid(ann, gid, "north").status_code == 200
    asked.clear()
    again = ann.ok("get", f"/api/games/{gid}/legal")
    assert again != first and ann.ok("get", f"/api/games/{gid}/legal") == again   # a new version: worked out afresh
    assert asked == ["north"]


@pytest.mark.parametrize("game_id", ["diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor"])
def test_checking_the_phase_a_request_names_builds_no_view(game_id, monkeypatch):
    # issue 22: every Diplomacy submission names its phase, and the check built the whole
    # full view (about ten times the action's own cost) to read the phase's name
    from warjudge.server.errors import ApiError

    game = games.new(game_id, seed=1)
    now = game.phase_name()
    monkeypatch.setattr(type(game), "view", lambda *args, **kwargs: pytest.fail("the full view was built"))
    play.check_phase(game, now)
    with pytest.raises(ApiError, match="has ended"):
        play.check_phase(game, f"not {now}")
