"""Press as players follow it (issue 24 finding 13 "press people can follow"): each seat's read
marks, its unread counts and its threads (one per set of participants, every broadcast in
one), with nothing learnt of the messages a seat may not read, every count from one query."""

from __future__ import annotations

from itertools import groupby

import pytest

from tests.server.conftest import is_token_read, sent_statements, sign_up

SEATS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY")


@pytest.fixture
def table(client):
    """A Diplomacy game of four players (one seat each) and its games master, holding none."""
    gm = sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    players = {}
    for seat in SEATS:
        players[seat] = sign_up(client)
        players[seat].ok("post", f"/api/games/{gid}/seats/{seat}")
    return gid, gm, players


def _send(players, gid, sender, to, text):
    return players[sender].ok("post", f"/api/games/{gid}/press", {"seat": sender, "to": to, "text": text})


def _read(player, gid, seat=None):
    return player.ok("get", f"/api/games/{gid}/press", params={"seat": seat} if seat else {})


def _mark(player, gid, seat, upto, thread=None):
    return player.post(f"/api/games/{gid}/press-read", {"seat": seat, "upto": upto}
                       | ({"thread": thread} if thread is not None else {}))


def test_a_seat_s_unread_messages_are_counted_until_it_marks_them_read(table):
    gid, _, players = table
    ann, bob = players["AUSTRIA"], players["ENGLAND"]
    _send(players, gid, "AUSTRIA", ["ENGLAND"], "one")
    _send(players, gid, "AUSTRIA", ["ENGLAND"], "two")
    _send(players, gid, "FRANCE", "all", "three")
    read = _read(bob, gid)
    assert read["unread"] == 3 and [m["unread"] for m in read["messages"]] == [True, True, True]
    # what a seat sent itself is never unread to it
    assert _read(ann, gid)["unread"] == 1 and [m["unread"] for m in _read(ann, gid)["messages"]] == [False, False, True]

    assert _mark(bob, gid, "ENGLAND", 2).json() == {"seat": "ENGLAND", "unread": 1}
    assert [m["unread"] for m in _read(bob, gid)["messages"]] == [False, False, True]
    assert _mark(bob, gid, "ENGLAND", 1).json()["unread"] == 1   # a mark never moves back
    _send(players, gid, "AUSTRIA", ["ENGLAND"], "four")
    read = _read(bob, gid)
    assert read["unread"] == 2 and [m["unread"] for m in read["messages"]] == [False, False, True, True]
    assert _mark(bob, gid, "ENGLAND", 4).json()["unread"] == 0
    assert _read(players["FRANCE"], gid)["unread"] == 0 and _read(players["GERMANY"], gid)["unread"] == 1


@pytest.mark.parametrize("body, status, says", [
    ({"seat": "ENGLAND", "upto": 3}, 422, "no message numbered 3"),
    ({"seat": "ENGLAND", "upto": 0}, 422, "upto"),
    ({"seat": "ENGLAND", "upto": 1, "thread": ["AUSTRIA", "FRANCE"]}, 422, "ENGLAND must be one of its participants"),
    ({"seat": "ENGLAND", "upto": 1, "thread": ["ENGLAND"]}, 422, "2 to 65 seat names"),
    ({"seat": "ENGLAND", "upto": 1, "thread": "some"}, 422, "thread"),
    ({"seat": "ENGLAND", "upto": 1, "extra": 1}, 422, "extra"),
    ({"seat": "AUSTRIA", "upto": 1}, 403, "do not hold"),
    ({"seat": "ITALY", "upto": 1}, 403, "do not hold"),
    ({"seat": "ATLANTIS", "upto": 1}, 404, "no seat"),
])
def test_a_bad_read_mark_is_refused_with_its_reason_and_marks_nothing(table, body, status, says):
    gid, _, players = table
    _send(players, gid, "AUSTRIA", ["ENGLAND"], "one")
    _send(players, gid, "FRANCE", "all", "two")
    refused = players["ENGLAND"].post(f"/api/games/{gid}/press-read", body)
    assert refused.status_code == status, refused.text
    assert says in refused.json()["error"]
    assert _read(players["ENGLAND"], gid)["unread"] == 2


def test_read_marks_need_a_token_and_a_game(table, client):
    gid, _, players = table
    assert client.post(f"/api/games/{gid}/press-read", json={"seat": "ENGLAND", "upto": 1}).status_code == 401
    assert _mark(players["ENGLAND"], "nope", "ENGLAND", 1).status_code == 404


def test_threads_group_messages_by_their_participants_newest_first(table):
    gid, _, players = table
    _send(players, gid, "AUSTRIA", ["ENGLAND"], "a to e")
    _send(players, gid, "GERMANY", "all", "hear ye")
    _send(players, gid, "ENGLAND", ["AUSTRIA"], "e to a")          # the same two: the same thread
    _send(players, gid, "FRANCE", ["ENGLAND", "AUSTRIA"], "three of us")
    ann = players["AUSTRIA"]
    read = _read(ann, gid)
    assert [(t["thread"], t["messages"], t["unread"]) for t in read["threads"]] == [
        (["AUSTRIA", "ENGLAND", "FRANCE"], 1, 1), (["AUSTRIA", "ENGLAND"], 2, 1), ("all", 1, 1)]
    assert [m["thread"] for m in read["messages"]] == [["AUSTRIA", "ENGLAND"], "all", ["AUSTRIA", "ENGLAND"],
                                                       ["AUSTRIA", "ENGLAND", "FRANCE"]]
    # opening a thread marks it read, the others stay unread; a reply to its participants
    # goes on in the same thread, and moves it to the top
    assert _mark(ann, gid, "AUSTRIA", 4, ["ENGLAND", "AUSTRIA"]).json()["unread"] == 2
    _send(players, gid, "AUSTRIA", ["ENGLAND"], "a again")
    assert [(t["thread"], t["unread"]) for t in _read(ann, gid)["threads"]] == [
        (["AUSTRIA", "ENGLAND"], 0), (["AUSTRIA", "ENGLAND", "FRANCE"], 1), ("all", 1)]
    assert _mark(ann, gid, "AUSTRIA", 5, "all").json()["unread"] == 1
    assert [t["unread"] for t in _read(ann, gid)["threads"]] == [0, 1, 0]


def _expected(seat, sent, marks):
    """What `seat` must be told, from the messages it may read only: `sent` the answers to
    each send in order, `marks` the last message (index in `sent`) it marked read per thread."""
    if seat == "gm":
        mine = [m for m in sent if m["to"] == "all"]
    else:
        mine = [m for m in sent if m["to"] == "all" or seat in m["thread"]]
    messages = []
    for n, m in enumerate(mine, 1):
        place = sent.index(m)
        unread = seat not in ("gm", "public") and m["from"] != seat and place > marks.get(str(m["thread"]), -1)
        messages.append(m | {"n": n, "unread": unread})
    if seat == "public":
        messages = []
    by_thread = sorted(messages, key=lambda m: str(m["thread"]))
    threads = []
    for _, group in groupby(by_thread, key=lambda m: str(m["thread"])):
        group = list(group)
        threads.append({"thread": group[-1]["thread"], "messages": len(group),
                        "unread": sum(m["unread"] for m in group), "last_at": group[-1]["sent_at"], "_n": group[-1]["n"]})
    threads.sort(key=lambda t: -t["_n"])
    return {"seat": seat, "press": "full", "messages": messages, "more": False,
            "unread": sum(m["unread"] for m in messages), "more_threads": False,
            "threads": [{k: v for k, v in t.items() if k != "_n"} for t in threads]}


def test_every_seat_is_told_of_its_own_messages_and_marks_only(table, client):
    """docs/server.md "Secrets": each field of every answer, for every seat, the games master
    and a spectator, equals what the messages it may read alone give: nothing of another
    seat's messages (not their count, not their threads) and nothing of its read marks."""
    gid, gm, players = table
    talk = [("AUSTRIA", "all", "hello all"), ("AUSTRIA", ["ENGLAND"], "a-e"), ("ENGLAND", ["AUSTRIA"], "e-a"),
            ("FRANCE", ["GERMANY"], "f-g"), ("GERMANY", ["FRANCE", "AUSTRIA"], "g-fa"), ("ENGLAND", "all", "e-all")]
    sent = []
    for sender, to, text in talk:
        answer = _send(players, gid, sender, to, text)
        sent.append({k: v for k, v in answer.items() if k not in ("n", "unread")})

    def answers():
        told = {seat: _read(players[seat], gid) for seat in SEATS}
        return told | {"gm": _read(gm, gid), "public": client.get(f"/api/games/{gid}/press").json()}

    before = answers()
    for seat, answer in before.items():
        assert answer == _expected(seat, sent, {}), seat
    # GERMANY reads its thread with FRANCE, AUSTRIA all it has up to its second message
    _mark(players["GERMANY"], gid, "GERMANY", 2, ["GERMANY", "FRANCE"])
    _mark(players["AUSTRIA"], gid, "AUSTRIA", 2)
    after = answers()
    marks = {"GERMANY": {str(["FRANCE", "GERMANY"]): 3}, "AUSTRIA": {"all": 0, str(["AUSTRIA", "ENGLAND"]): 1}}
    for seat, answer in after.items():
        assert answer == _expected(seat, sent, marks.get(seat, {})), seat
    for seat in ("ENGLAND", "FRANCE", "gm", "public"):
        assert after[seat] == before[seat], seat   # another seat's marks change nothing it is told
    # private talk between two seats changes nothing a third one, or the games master, is told
    _send(players, gid, "AUSTRIA", ["ENGLAND"], "secret")
    _mark(players["ENGLAND"], gid, "ENGLAND", 5)
    assert _read(players["FRANCE"], gid) == after["FRANCE"] and _read(gm, gid) == after["gm"]
    assert _mark(players["FRANCE"], gid, "FRANCE", 1, ["FRANCE", "ITALY"]).json() == {"seat": "FRANCE", "unread": 3}
    assert _mark(gm, gid, "AUSTRIA", 1).status_code == 403   # the games master holds no seat: no marks


def _selects(engine, run):
    """The SELECTs `run()` sends but the token check, made at most once a second."""
    return len([s for s in sent_statements(engine, run) if s.lstrip().startswith("SELECT") and not is_token_read(s)])


def test_a_read_costs_the_same_queries_however_many_messages_and_threads(table, client):
    """No request does unbounded work: the unread count and the threads with theirs come from
    a query each, never a loop over the game's messages."""
    gid, _, players = table
    engine = client.app.state.engine
    _send(players, gid, "AUSTRIA", ["ENGLAND"], "first")
    few = _selects(engine, lambda: _read(players["ENGLAND"], gid))
    marks_few = _selects(engine, lambda: _mark(players["ENGLAND"], gid, "ENGLAND", 1))
    for n in range(6):
        _send(players, gid, "ENGLAND", [["AUSTRIA"], ["FRANCE"], ["GERMANY"], ["FRANCE", "GERMANY"], "all",
                                        ["AUSTRIA", "GERMANY"]][n], f"more {n}")
        _send(players, gid, "GERMANY", ["ENGLAND"], f"and {n}")
    assert _selects(engine, lambda: _read(players["ENGLAND"], gid)) == few
    assert _selects(engine, lambda: _mark(players["ENGLAND"], gid, "ENGLAND", 13)) == marks_few
