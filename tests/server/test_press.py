"""Press (issue 13): private and broadcast messages between seats, read only by the seats
they are for (and the games master); games with public press only or with none; every bad
message refused with its reason and nothing stored."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from tests.server.conftest import at_revision, sign_up
from warjudge.server import db, press
from warjudge.server.models_press import thread_key

MARKUP = "<script>alert('x')</script> & <b>bold</b>"


def _diplomacy_with_three(client):
    """A Diplomacy game: ann holds AUSTRIA, bob ENGLAND, cid FRANCE; the others are free."""
    gm, ann, bob, cid = (sign_up(client) for _ in range(4))
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    for player, seat in ((ann, "AUSTRIA"), (bob, "ENGLAND"), (cid, "FRANCE")):
        player.ok("post", f"/api/games/{gid}/seats/{seat}")
    return gid, gm, ann, bob, cid


def _texts(player, gid, **params):
    return [m["text"] for m in player.ok("get", f"/api/games/{gid}/press", params=params)["messages"]]


def test_a_private_message_is_read_by_its_sender_and_its_recipient_only(client):
    gid, gm, ann, bob, cid = _diplomacy_with_three(client)
    sent = ann.post(f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["ENGLAND"], "text": "Alliance?"})
    assert sent.status_code == 201, sent.text
    assert sent.json() | {"sent_at": None} == {"n": 1, "from": "AUSTRIA", "to": ["ENGLAND"], "text": "Alliance?",
                                               "version": 0, "phase": "S1901M", "sent_at": None,
                                               "thread": ["AUSTRIA", "ENGLAND"], "unread": False}
    bob.ok("post", f"/api/games/{gid}/press", {"seat": "ENGLAND", "to": "all", "text": "Peace to all"})

    assert _texts(ann, gid) == ["Alliance?", "Peace to all"]
    assert _texts(bob, gid) == ["Alliance?", "Peace to all"]
    read_back = bob.ok("get", f"/api/games/{gid}/press")["messages"][0]
    assert read_back == sent.json() | {"n": 1, "unread": True}   # as sent: the time with its zone on every database
    assert _texts(cid, gid) == ["Peace to all"]            # FRANCE reads only the broadcast
    # docs/server.md "Secrets": a private message is hidden from the games master too
    assert _texts(gm, gid) == ["Peace to all"]
    read = client.get(f"/api/games/{gid}/press").json()      # a spectator reads none
    assert read["seat"] == "public" and read["messages"] == []
    # numbered per reader: FRANCE's first message is the broadcast, and `after` skips what was read
    assert cid.ok("get", f"/api/games/{gid}/press")["messages"][0]["n"] == 1
    assert _texts(ann, gid, after=1) == ["Peace to all"]


def test_a_message_to_several_seats_names_them_all_to_each_reader(client):
    gid, _, ann, bob, cid = _diplomacy_with_three(client)
    ann.ok("post", f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["FRANCE", "ENGLAND", "AUSTRIA"],
                                               "text": "the three of us"})
    for player in (ann, bob, cid):
        [message] = player.ok("get", f"/api/games/{gid}/press")["messages"]
        assert message["to"] == ["ENGLAND", "FRANCE"] and message["from"] == "AUSTRIA"


def test_text_is_kept_as_written_and_never_read_as_markup(client):
    gid, _, ann, bob, _ = _diplomacy_with_three(client)
    text = MARKUP + "\nsecond line\ttab"
    ann.ok("post", f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["ENGLAND"], "text": text})
    response = bob.get(f"/api/games/{gid}/press")
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["messages"][0]["text"] == text


def test_diplomacy_has_full_press_and_a_two_seat_game_none_unless_its_creator_asks(players):
    gm, ann, bob = players
    dip = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    assert gm.ok("get", f"/api/games/{dip}/press")["press"] == "full"
    toy = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    ann.ok("post", f"/api/games/{toy}/seats/north")
    assert gm.ok("get", f"/api/games/{toy}/press")["press"] == "none"
    refused = ann.post(f"/api/games/{toy}/press", {"seat": "north", "to": "all", "text": "hello"})
    assert refused.status_code == 403 and "without press" in refused.json()["error"]
    assert _texts(gm, toy) == []
    # the creator may ask for press in a two-seat game
    chatty = gm.ok("post", "/api/games", {"game": "toy-bids", "press": "full"})["id"]
    ann.ok("post", f"/api/games/{chatty}/seats/north")
    ann.ok("post", f"/api/games/{chatty}/press", {"seat": "north", "to": ["south"], "text": "hello"})
    assert _texts(gm, chatty) == []   # a private message: not the games master's


def test_a_broadcast_only_game_refuses_private_messages(players):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy", "press": "broadcast"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/ITALY")
    bob.ok("post", f"/api/games/{gid}/seats/RUSSIA")
    refused = ann.post(f"/api/games/{gid}/press", {"seat": "ITALY", "to": ["RUSSIA"], "text": "psst"})
    assert refused.status_code == 403 and "public press only" in refused.json()["error"]
    ann.ok("post", f"/api/games/{gid}/press", {"seat": "ITALY", "to": "all", "text": "hear ye"})
    assert _texts(bob, gid) == ["hear ye"] and _texts(gm, gid) == ["hear ye"]


def test_only_the_games_master_changes_the_press_mode(players):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/ITALY")
    assert ann.post(f"/api/games/{gid}/press-mode", {"press": "full"}).status_code == 403
    assert gm.ok("post", f"/api/games/{gid}/press-mode", {"press": "none"}) == {"press": "none"}
    assert ann.post(f"/api/games/{gid}/press", {"seat": "ITALY", "to": "all", "text": "hi"}).status_code == 403
    assert gm.post(f"/api/games/{gid}/press-mode", {"press": "loud"}).status_code == 422


@pytest.mark.parametrize("body, status, says", [
    ({"seat": "AUSTRIA", "to": ["NOWHERE"], "text": "hi"}, 422, "no seat 'NOWHERE'"),
    ({"seat": "AUSTRIA", "to": ["AUSTRIA"], "text": "hi"}, 422, "other than your own"),
    ({"seat": "AUSTRIA", "to": [], "text": "hi"}, 422, "1 to 64 seat names"),
    ({"seat": "AUSTRIA", "to": "everyone", "text": "hi"}, 422, "to"),
    ({"seat": "AUSTRIA", "to": "all", "text": ""}, 422, "text"),
    ({"seat": "AUSTRIA", "to": "all", "text": "  \n "}, 422, "empty"),
    ({"seat": "AUSTRIA", "to": "all", "text": "nul\x00byte"}, 422, "control characters"),
    ({"seat": "AUSTRIA", "to": "all", "text": "x" * 4001}, 422, "text"),
    ({"seat": "ENGLAND", "to": "all", "text": "not my seat"}, 403, "do not hold"),
    ({"seat": "ITALY", "to": "all", "text": "a free seat"}, 403, "do not hold"),
    ({"seat": "ATLANTIS", "to": "all", "text": "no such seat"}, 404, "no seat"),
])
def test_a_bad_message_is_refused_with_its_reason_and_nothing_is_stored(client, body, status, says):
    gid, gm, ann, _, _ = _diplomacy_with_three(client)
    refused = ann.post(f"/api/games/{gid}/press", body)
    assert refused.status_code == status, refused.text
    assert says in refused.json()["error"]
    assert _texts(gm, gid) == []


def test_press_needs_a_token_and_a_game(client):
    gid, _, ann, _, _ = _diplomacy_with_three(client)
    assert client.post(f"/api/games/{gid}/press", json={"seat": "AUSTRIA", "to": "all", "text": "hi"}).status_code == 401
    assert ann.post("/api/games/nope/press", {"seat": "AUSTRIA", "to": "all", "text": "hi"}).status_code == 404
    assert ann.get(f"/api/games/{gid}/press", params={"seat": "ENGLAND"}).status_code == 403


def test_each_message_carries_its_phase_and_text_past_the_limit_is_refused_whole(players):
    # issue 24 finding 13: press is tagged with its phase; 4,001 characters are refused, never cut
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/AUSTRIA")
    bob.ok("post", f"/api/games/{gid}/seats/ENGLAND")
    ann.ok("post", f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["ENGLAND"], "text": "spring"})
    gm.ok("post", f"/api/games/{gid}/process")
    too_long = ann.post(f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["ENGLAND"], "text": "x" * 4001})
    assert too_long.status_code == 422 and "at most 4000 characters" in too_long.json()["error"]
    empty = ann.post(f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["ENGLAND"], "text": " \n "})
    assert empty.status_code == 422 and "empty" in empty.json()["error"]
    ann.ok("post", f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["ENGLAND"], "text": "autumn"})
    read = bob.ok("get", f"/api/games/{gid}/press")["messages"]
    assert [(m["text"], m["phase"]) for m in read] == [("spring", "S1901M"), ("autumn", "F1901M")]
    assert gm.ok("get", f"/api/games/{gid}/press")["messages"] == []   # a private message stays the seats' own


def test_a_read_answers_a_page_of_messages_at_most(client, monkeypatch):
    """Issue 22, no request does unbounded work: a read took every message the seat may
    read (even with `after`); it now answers `PAGE` at most, with `more` while others follow,
    each numbered as before."""
    monkeypatch.setattr(press, "PAGE", 2)
    gid, _, ann, bob, _ = _diplomacy_with_three(client)
    for words in ("one", "two", "three"):
        ann.ok("post", f"/api/games/{gid}/press", {"seat": "AUSTRIA", "to": ["ENGLAND"], "text": words})
    first = bob.ok("get", f"/api/games/{gid}/press")
    assert [m["text"] for m in first["messages"]] == ["one", "two"] and first["more"] is True
    rest = bob.ok("get", f"/api/games/{gid}/press", params={"after": 2})
    assert [(m["n"], m["text"]) for m in rest["messages"]] == [(3, "three")] and rest["more"] is False


def test_the_migration_puts_each_stored_message_in_its_thread(database_url):
    """Issue 24, threads: migration 0010 files the messages stored before it under the thread
    of their participants, as `send` files a new one, on SQLite and PostgreSQL."""
    engine = at_revision(database_url, "0009")
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO users (id, name, password_hash, created_at) VALUES (901, 'old', 'x', :t)"),
                           {"t": "2026-01-01 00:00:00"})
        connection.execute(text("INSERT INTO games (id, game, record, creator_id, open_seats, version, created_at, "
                                "updated_at) VALUES ('oldpress', 'diplomacy', '{}', 901, true, 0, :t, :t)"),
                           {"t": "2026-01-01 00:00:00"})
        for n, (sender, broadcast, to) in enumerate((("AUSTRIA", True, []), ("AUSTRIA", False, ["ENGLAND"]),
                                                     ("ENGLAND", False, ["AUSTRIA"]),
                                                     ("FRANCE", False, ["AUSTRIA", "ENGLAND"])), 9001):
            connection.execute(text("INSERT INTO press_messages (id, game_id, sender, broadcast, text, version, "
                                    "created_at) VALUES (:id, 'oldpress', :s, :b, 'x', 0, :t)"),
                               {"id": n, "s": sender, "b": broadcast, "t": "2026-01-01 00:00:00"})
            for seat in to:
                connection.execute(text("INSERT INTO press_recipients (message_id, seat) VALUES (:id, :s)"),
                                   {"id": n, "s": seat})
    db.upgrade(engine)
    with engine.connect() as connection:
        threads = connection.execute(text("SELECT thread FROM press_messages WHERE game_id = 'oldpress' "
                                          "ORDER BY id")).scalars().all()
        connection.execute(text("DELETE FROM games WHERE id = 'oldpress'"))
        connection.execute(text("DELETE FROM users WHERE id = 901"))
        connection.commit()
    engine.dispose()
    pair = thread_key({"AUSTRIA", "ENGLAND"})
    assert threads == ["all", pair, pair, thread_key({"AUSTRIA", "ENGLAND", "FRANCE"})]
