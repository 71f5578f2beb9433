"""The games master's tools (issue 13): roll back to an earlier phase (the record cut at
the phase's start, the tail kept), replace a seat's holder, the game's own GM actions (a
draw), each refused to anyone else with 403."""

from __future__ import annotations

import json

from sqlalchemy import select, update

from tests.server.conftest import run_bots, sign_up, stored_record
from warjudge.core import games
from warjudge.core.dice import commitment
from warjudge.server import db, play
from warjudge.server.models import RolledBack


def _game(players, game="toy-bids-gm", **extra):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": game, "options": {"rounds": 3}} | extra)["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    return gid


def _bid(player, gid, seat, amount):
    return player.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": {"type": "bid", "amount": amount}})


def test_the_gm_rolls_back_to_the_start_of_an_earlier_phase(players, database_url):
    gm, ann, bob = players
    gid = _game(players)
    _bid(ann, gid, "north", 1)
    _bid(bob, gid, "south", 2)   # round 1 over
    _bid(ann, gid, "north", 3)
    _bid(bob, gid, "south", 1)   # round 2 over
    _bid(ann, gid, "north", 0)   # round 3 under way
    phases = gm.ok("get", f"/api/games/{gid}/phases")["phases"]
    unnamed = {"name": None, "turn": None, "code": None, "acting": []}   # the toy's views name no phase
    assert phases == [{"phase": 0, "actions_before": 0} | unnamed, {"phase": 1, "actions_before": 2} | unnamed,
                      {"phase": 2, "actions_before": 4} | unnamed]
    version = gm.ok("get", f"/api/games/{gid}")["version"]
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 1})
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["view"]["history"] == state["view"]["history"][:1] and len(state["view"]["history"]) == 1
    assert state["view"]["history"][0]["bids"] == {"north": 1, "south": 2}   # round 1 stands
    assert state["to_act"] == ["north", "south"] and state["version"] > version
    assert stored_record(gm.client, gid).action_count() == 2
    assert gm.ok("get", f"/api/games/{gid}/phases")["phases"][-1] == {"phase": 1, "actions_before": 2} | unnamed
    with db.sessions(db.make_engine(database_url))() as session:   # the tail is kept
        kept = session.scalars(select(RolledBack).where(RolledBack.game_id == gid)).one()
        assert [a["amount"] for a in json.loads(kept.actions)] == [3, 1, 0] and kept.to_phase == 1
    _bid(ann, gid, "north", 0)   # round 2 is played again
    _bid(bob, gid, "south", 0)
    assert gm.ok("get", f"/api/games/{gid}")["view"]["history"][1]["bids"] == {"north": 0, "south": 0}


def _rolls_of_rounds(gm, ann, bob, gid, rounds):
    for _ in range(rounds):
        _bid(ann, gid, "north", 0)
        _bid(bob, gid, "south", 0)
    return [h["rolls"] for h in gm.ok("get", f"/api/games/{gid}")["view"]["history"]]


def test_a_roll_back_draws_fresh_dice_from_where_it_goes_back_to(players):
    # docs/record-format.md "Reseeds": a games master's roll back must not let anyone see
    # the dice to come (the rolls taken out) or try the same dice again
    gm, ann, bob = players
    gid = _game(players, game="toy-bids", options={"rounds": 20})
    first = _rolls_of_rounds(gm, ann, bob, gid, 10)
    seed = stored_record(gm.client, gid).seed
    assert gm.ok("get", f"/api/games/{gid}")["seed_commitments"] == [commitment(seed)]
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 1})
    again = _rolls_of_rounds(gm, ann, bob, gid, 9)   # the same bids as before
    assert again[0] == first[0]                       # round 1 was kept
    assert again[1:] != first[1:]                     # 18 dice: the same by chance once in 36**9
    record = stored_record(gm.client, gid)
    (reseed,) = record.reseeds
    assert reseed.roll == 2 and reseed.seed != seed   # from round 2's first die on
    assert gm.ok("get", f"/api/games/{gid}")["seed_commitments"] == [commitment(seed), commitment(reseed.seed)]
    assert games.load(record).view(None)["history"] == gm.ok("get", f"/api/games/{gid}")["view"]["history"]
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 0})   # further back: another reseed, from roll 0
    assert [r.roll for r in stored_record(gm.client, gid).reseeds] == [2, 0]
    assert len(_rolls_of_rounds(gm, ann, bob, gid, 1)) == 1
    assert len(gm.ok("get", f"/api/games/{gid}")["seed_commitments"]) == 3


def test_a_roll_back_replays_the_game_before_it_locks_it(players, monkeypatch):
    """Issue 22: a roll back replayed the game (twice, with dice) inside the games master's
    locked transaction, so on SQLite every other change waited for the replay. It is now
    worked out first, the lock taken only to store it."""
    gm, ann, bob = players
    gid = _game(players, game="toy-bids")
    _bid(ann, gid, "north", 1)
    _bid(bob, gid, "south", 2)   # round 1 over
    _bid(ann, gid, "north", 3)
    monkeypatch.setattr(db, "BUSY_MS", 300)   # a change that must wait gives up in 0.3 s
    load, changed = games.load, []

    def load_while_another_changes(record):
        with gm.client.app.state.sessions.begin() as session:   # another account's change meanwhile
            changed.append(session.execute(update(RolledBack).where(RolledBack.id == -1).values(to_phase=0)).rowcount)
        return load(record)

    monkeypatch.setattr(games, "load", load_while_another_changes)
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 1})
    assert changed and gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north", "south"]


def test_a_roll_back_replays_a_bounded_number_of_actions(players, monkeypatch):
    """Issue 22: no request does unbounded work. A roll back that would replay more than
    `ROLLBACK_REPLAY` actions is refused with a 409 naming the phases it may go back to,
    and changes nothing."""
    gm, ann, bob = players
    gid = _game(players)
    _bid(ann, gid, "north", 1)
    _bid(bob, gid, "south", 2)   # round 1 over: 2 actions before phase 1
    _bid(ann, gid, "north", 3)
    monkeypatch.setattr(play, "ROLLBACK_REPLAY", 1, raising=False)
    refused = gm.post(f"/api/games/{gid}/rollback", {"phase": 1})
    assert refused.status_code == 409 and "at most 1 actions" in refused.json()["error"]
    assert "phases 0 to 0 only" in refused.json()["error"]
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == ["south"]   # nothing changed
    listed = gm.ok("get", f"/api/games/{gid}/phases")["phases"]   # what the GM page offers: the reachable ones
    assert [p["phase"] for p in listed] == [0]
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 0})


def test_a_roll_back_that_cannot_be_done_changes_nothing(players):
    gm, ann, _ = players
    gid = _game(players)
    _bid(ann, gid, "north", 1)
    for phase, status in ((1, 409), (5, 409), (-1, 422)):
        answer = gm.post(f"/api/games/{gid}/rollback", {"phase": phase})
        assert answer.status_code == status and "error" in answer.json(), answer.text
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["to_act"] == ["south"]
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 0})   # the current phase's own start
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north", "south"]
    assert gm.post(f"/api/games/{gid}/rollback", {"phase": 0}).status_code == 409   # nothing left to take out


def test_the_gm_gives_a_seat_to_another_account(client, players):
    gm, ann, bob = players
    gid = _game(players)
    carl = sign_up(client)
    gm.ok("post", f"/api/games/{gid}/replace", {"seat": "north", "user": carl.name})
    assert ann.post(f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}}
                    ).status_code == 403   # the old holder lost it
    assert ann.ok("get", f"/api/games/{gid}")["view_of"] == "public"
    _bid(carl, gid, "north", 1)
    assert gm.post(f"/api/games/{gid}/replace", {"seat": "north", "user": "nobody-here"}).status_code == 404
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    gm.ok("post", f"/api/games/{gid}/replace", {"seat": "south", "user": None})   # the bot leaves; the seat is free
    south = gm.ok("get", f"/api/games/{gid}")["seats"][1]
    assert south["bot"] is None and south["user"] is None and south["invitation"]
    bob.ok("post", f"/api/games/{gid}/seats/south")   # open seats: anyone may take it


def test_the_gm_declares_a_draw_through_the_games_own_action(client, players):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    refused = gm.post(f"/api/games/{gid}/gm", {"action": {"type": "draw", "powers": ["ENGLAND", "FRANCE"]}})
    assert refused.status_code == 409 and "surviving powers" in refused.json()["error"]   # the game's own rule
    everyone = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    answer = gm.post(f"/api/games/{gid}/gm", {"action": {"type": "draw", "powers": everyone}})
    assert answer.status_code == 200, answer.text
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["is_over"] and state["outcome"]["draw"] and state["deadline"] is None
    assert gm.post(f"/api/games/{gid}/gm", {"action": {"type": "draw", "powers": everyone}}).status_code == 409   # over
    toy = _game(players)
    assert gm.post(f"/api/games/{toy}/gm", {"action": {"type": "dance"}}).status_code == 409   # not the game's action


def test_a_finished_game_s_seats_stay_as_they_ended(client, players):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/ENGLAND")
    everyone = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    gm.ok("post", f"/api/games/{gid}/gm", {"action": {"type": "draw", "powers": everyone}})
    before = gm.ok("get", f"/api/games/{gid}")["seats"]
    for who, route, body in ((gm, "bots", {"seat": "FRANCE", "bot": "random"}),
                             (gm, "replace", {"seat": "ENGLAND", "user": bob.name}),
                             (gm, "replace", {"seat": "ENGLAND", "user": None}),
                             (bob, "seats/FRANCE", None)):
        refused = who.post(f"/api/games/{gid}/{route}", body)
        assert refused.status_code == 409 and "is over" in refused.json()["error"], (route, refused.text)
    assert gm.ok("get", f"/api/games/{gid}")["seats"] == before


def test_every_gm_route_refuses_everyone_else(client, players):
    gm, ann, bob = players
    gid = _game(players, phase_seconds=600)
    routes = [("post", "pause", None), ("post", "resume", None), ("post", "extend", {"seconds": 5}),
              ("post", "rollback", {"phase": 0}), ("post", "replace", {"seat": "north", "user": "bob"}),
              ("post", "gm", {"action": {"type": "process"}}), ("get", "phases", None),
              ("post", "process", None), ("post", "bots", {"seat": "north", "bot": "random"})]
    before = gm.ok("get", f"/api/games/{gid}")
    for player in (ann, bob, sign_up(client)):
        for method, route, body in routes:
            answer = player.get(f"/api/games/{gid}/{route}") if method == "get" else \
                player.post(f"/api/games/{gid}/{route}", body)
            assert answer.status_code == 403, (route, answer.text)
    for method, route, body in routes:   # and without a token
        answer = client.get(f"/api/games/{gid}/{route}") if method == "get" else \
            client.post(f"/api/games/{gid}/{route}", json=body)
        assert answer.status_code == 401, (route, answer.text)
    assert gm.ok("get", f"/api/games/{gid}") == before


def test_a_roll_back_in_a_game_with_a_bot_lets_the_bot_answer_again(players):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 3}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})   # bids in its step, every round
    for _ in range(2):
        run_bots(gm.client)
        _bid(ann, gid, "north", 1)
    run_bots(gm.client)   # two rounds over; the bot bid in round 3
    phases = gm.ok("get", f"/api/games/{gid}/phases")["phases"]
    assert [p["actions_before"] for p in phases] == [0, 2, 4]   # each round began before the bot's answer
    gm.ok("post", f"/api/games/{gid}/rollback", {"phase": 1})
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north", "south"]
    run_bots(gm.client)
    state = gm.ok("get", f"/api/games/{gid}")
    assert len(state["view"]["history"]) == 1 and state["to_act"] == ["north"]   # the bot bid again
    assert [p["actions_before"] for p in gm.ok("get", f"/api/games/{gid}/phases")["phases"]] == [0, 2]


def test_the_roll_back_list_names_each_phase(players):
    # issue 24 finding 15: the list read "0 (after 0 actions)"; a GM picks a phase by its name
    gm, _, _ = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    gm.ok("post", f"/api/games/{gid}/process")
    gm.ok("post", f"/api/games/{gid}/process")
    assert [p["name"] for p in gm.ok("get", f"/api/games/{gid}/phases")["phases"]] == ["S1901M", "F1901M", "S1902M"]


def test_the_roll_back_list_tells_apart_a_hex_turns_phases_by_who_acts(players):
    # SPI 5.0 (the sequence of play: each side's part of a phase in turn): Westernesse's and
    # then the Sauron side's Initial Magic Leader Movement Phase were listed under one name
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "gondor", "options": {"max_turns": 1}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/westernesse")
    bob.ok("post", f"/api/games/{gid}/seats/sauron")
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "westernesse", "action": {"type": "end"}})
    listed = gm.ok("get", f"/api/games/{gid}/phases")["phases"]
    title = "turn 1 · Initial Magic Leader Movement Phase"
    assert [(p["name"], p["turn"], p["code"], p["acting"]) for p in listed] == [
        (title, 1, "A", ["westernesse"]), (title, 1, "A", ["sauron"])]


def test_orders_the_gm_enters_begin_no_phase(players):
    # a power's orders entered by the games master (issue 25's `orders`, the GM page's form)
    # left the phase as it was, but the server noted a new phase: the roll-back list then
    # offered "Spring 1901" twice and the deadline started again
    gm, _, _ = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    gm.ok("post", f"/api/games/{gid}/gm", {"action": {"type": "orders", "power": "FRANCE", "orders": ["A par - bur"]}})
    assert [p["name"] for p in gm.ok("get", f"/api/games/{gid}/phases")["phases"]] == ["S1901M"]
    gm.ok("post", f"/api/games/{gid}/gm", {"action": {"type": "process"}})
    assert [p["name"] for p in gm.ok("get", f"/api/games/{gid}/phases")["phases"]] == ["S1901M", "F1901M"]
    assert "A bur" in gm.ok("get", f"/api/games/{gid}")["view"]["units"]["FRANCE"]


def test_the_gm_is_told_which_orders_it_entered_were_void_and_why(players):
    # issue 24: the GM page's "Enter a power's orders" said only how many lines it sent; the
    # answer now names each line left out with the reason the power's own order box gives
    gm, _, _ = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    lines = ["A Par - Bur", "F bre - mid", "A xyz - abc", "A mar - mun"]
    answer = gm.ok("post", f"/api/games/{gid}/gm", {"action": {"type": "orders", "power": "FRANCE", "orders": lines}})
    assert [(r["order"], r["reason"], r["why"]["code"]) for r in answer["refused"]] == [
        ("A xyz - abc", "unknown province 'xyz'", "dip.order.unknown_province"),
        ("A mar - mun", "mun is not adjacent to mar and cannot be reached by convoy", "dip.unreachable")]
    french = gm.ok("post", f"/api/games/{gid}/gm?lang=fr", {"action": {"type": "orders", "power": "FRANCE", "orders": lines}})
    assert [(r["order"], r["reason"]) for r in french["refused"]] == [
        ("A xyz - abc", "Province inconnue 'xyz'"),
        ("A mar - mun", "mun n'est pas adjacente à mar et ne peut pas être atteinte par Convoi")]
    assert sorted(gm.ok("get", f"/api/games/{gid}")["view"]["units"]["FRANCE"]) == ["A mar", "A par", "F bre"]
    assert gm.ok("post", f"/api/games/{gid}/gm", {"action": {"type": "process"}})["refused"] == []
    assert sorted(gm.ok("get", f"/api/games/{gid}")["view"]["units"]["FRANCE"]) == ["A bur", "A mar", "F mid"]
