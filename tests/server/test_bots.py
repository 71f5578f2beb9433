"""Bots in seats: the GM seats one, it answers whenever its seat must act, a game of
bots plays itself to the end, and a bot's choices follow from the stored game alone.

The bots play in the background (issue 22): no request takes a bot's move, whatever it
changed; the tests step the bots with `run_bots`, as the server's thread would."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from tests.server.conftest import at_revision, run_bots
from tests.support.toygame import ToyBids
from warjudge.core import bots as core_bots
from warjudge.core import games
from warjudge.core.bots import BUDGETS, BotInfo
from warjudge.hexwar.sjg import heuristic
from warjudge.server import bots
from warjudge.server.app import create_app


def test_a_bot_answers_as_soon_as_its_seat_must_act(players):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 2}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    assert run_bots(gm.client) == 1
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == ["north"]   # the bot bid in its first step
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 5}})
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["view"]["round"] == 2 and state["view"]["history"][0]["bids"]["north"] == 5
    assert state["seats"][1] == {"seat": "south", "user": None, "bot": "random", "ready": False}
    assert ann.post(f"/api/games/{gid}/seats/south").status_code == 409   # a bot's seat is taken


def test_the_gm_replaces_a_player_by_a_bot(players):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "north", "bot": "random"})
    assert ann.post(f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 0}}
                    ).status_code == 403
    run_bots(gm.client)
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == ["south"]


def test_a_game_of_bots_plays_to_its_end(players):
    gm = players[0]
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 5}})["id"]
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "north", "bot": "random"})
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    assert run_bots(gm.client) == 5   # a step per round: it ends where a new one begins
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["is_over"] and len(state["view"]["history"]) == 5 and state["outcome"]["reason"] in ("victory", "draw")
    assert run_bots(gm.client) == 0   # a game that is over: its bots stop


def _played_out(seeds: dict[str, str]) -> ToyBids:
    """A toy game played by two random bots, a step per stored version from 3 on."""
    game, version = ToyBids.new(7, rounds=5), 3
    while not game.is_over:
        assert bots.step(game, seeds, version, dict.fromkeys(seeds, bots.RANDOM)).taken == 2
        version += 1
    return game


def test_a_bots_choices_follow_from_its_seed_and_the_game_version():
    seeds = {"north": "a" * 32, "south": "b" * 32}
    first, second = _played_out(seeds), _played_out(seeds)
    assert first.record.to_json() == second.record.to_json()
    other = _played_out({"north": "c" * 32, "south": "d" * 32})
    assert other.record.actions != first.record.actions


def test_each_game_lists_its_bots(client, players):
    gm = players[0]
    available = {g["id"]: g for g in client.get("/api/games-available").json()}
    assert available["necromancer-sjg"]["bots"] == ["random", "heuristic", "search"]
    assert available["diplomacy"]["bots"] == ["random", "heuristic", "search"]
    assert available["diplomacy"]["bot_levels"] == {"random": "easy", "heuristic": "standard", "search": "strong"}
    gid = gm.ok("post", "/api/games", {"game": "necromancer-sjg"})["id"]
    assert client.get(f"/api/games/{gid}/bots").json() == {
        "bots": ["random", "heuristic", "search"], "budgets": {"random": [], "heuristic": [], "search": list(BUDGETS)}}
    # issue 26: a search bot's think budgets are declared with it, none for the others
    assert available["gondor"]["bot_budgets"] == {"random": [], "heuristic": [], "search": ["quick", "normal", "long"]}


def test_a_game_refuses_a_bot_it_does_not_have(players):
    gm = players[0]
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    answer = gm.post(f"/api/games/{gid}/bots", {"seat": "north", "bot": "heuristic"})
    assert answer.status_code == 422 and "its bots are: random" in answer.json()["error"]
    assert gm.ok("get", f"/api/games/{gid}")["seats"][0]["bot"] is None


def test_an_unknown_think_budget_is_refused_naming_it_and_nothing_changes(players):
    # issue 26: a seat's think budget is checked before anything changes
    gm = players[0]
    gid = gm.ok("post", "/api/games", {"game": "necromancer-sjg"})["id"]
    before = gm.ok("get", f"/api/games/{gid}")
    seat = before["seats"][0]["seat"]
    answer = gm.post(f"/api/games/{gid}/bots", {"seat": seat, "bot": "search", "budget": "forever"})
    assert answer.status_code == 422 and "'forever'" in answer.json()["error"]
    assert "quick, normal, long" in answer.json()["error"]
    answer = gm.post(f"/api/games/{gid}/bots", {"seat": seat, "bot": "heuristic", "budget": "quick"})
    assert answer.status_code == 422 and "takes no think budget, not 'quick'" in answer.json()["error"]
    assert gm.ok("get", f"/api/games/{gid}") == before   # no bot seated, the version where it was
    assert gm.post(f"/api/games/{gid}/bots", {"seat": seat, "bot": "search", "budget": "x" * 33}).status_code == 422


SCALES: list[float] = []


def counting_bot(rng, scale: float = 1.0) -> core_bots.Bot:
    """A toy game's budgeted bot that notes the factor it was made with, and plays at random."""
    SCALES.append(scale)
    return core_bots.RandomBot(rng)


def test_a_seat_s_think_budget_reaches_its_bot_in_the_background(players):
    # issue 26: the budget is stored with the seat, shown with it, and the bot is made with it
    gm = players[0]
    core_bots.register(BotInfo("toy-bids", "counting", f"{__name__}:counting_bot", kind="factory", budgeted=True))
    try:
        gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 1}})["id"]
        assert gm.ok("post", f"/api/games/{gid}/bots", {"seat": "north", "bot": "counting", "budget": "quick"}) == {
            "seat": "north", "bot": "counting", "budget": "quick"}
        assert gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "counting"})["budget"] == "normal"
        seats = gm.ok("get", f"/api/games/{gid}")["seats"]
        assert [(s["bot"], s["bot_budget"]) for s in seats] == [("counting", "quick"), ("counting", "normal")]
        SCALES.clear()
        run_bots(gm.client)
        assert sorted(SCALES) == [BUDGETS["quick"], BUDGETS["normal"]]
    finally:
        core_bots.unregister("toy-bids", "counting")


def test_a_named_bot_plays_its_seat(players, monkeypatch):
    gm, ann, _ = players
    chosen: list[str] = []
    real = heuristic.HeuristicBot.choose

    def counted(self, game, player):
        chosen.append(player)
        return real(self, game, player)

    monkeypatch.setattr(heuristic.HeuristicBot, "choose", counted)
    gid = gm.ok("post", "/api/games", {"game": "necromancer-sjg", "options": {"max_turns": 2}})["id"]
    first, second = [s["seat"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]]
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": first, "bot": "heuristic"})
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": second, "bot": "heuristic"})
    run_bots(gm.client)
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["is_over"] and [s["bot"] for s in state["seats"]] == ["heuristic", "heuristic"]
    record = gm.ok("get", f"/api/games/{gid}/record")
    assert [a["side"] for a in record["actions"]] == chosen   # every action was the heuristic's
    assert set(chosen) == {first, second}


def test_diplomacy_heuristic_bots_play_a_game_on_the_server(players):
    # issue 26: the Diplomacy heuristic takes seats like any named bot (drafts: each order a draft)
    gm = players[0]
    gid = gm.ok("post", "/api/games", {"game": "diplomacy", "options": {"max_year": 1901}})["id"]
    seats = [s["seat"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]]
    for seat in seats:
        gm.ok("post", f"/api/games/{gid}/bots", {"seat": seat, "bot": "heuristic"})
    run_bots(gm.client)
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["is_over"] and {s["bot"] for s in state["seats"]} == {"heuristic"}
    record = gm.ok("get", f"/api/games/{gid}/record")
    orders = [a for a in record["actions"] if a.get("type") == "order"]
    assert {a["player"] for a in orders} == set(seats) and len(orders) >= 22 * 2   # two movement phases of 22 units


def test_diplomacy_heuristic_bots_order_while_a_player_before_them_has_not(players):
    # a named bot waited until every seat before it had ordered: a player who said Ready
    # with units unordered (or never ordered) left the heuristic bots idle until the deadline
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy", "options": {"max_year": 1901}})["id"]
    seats = [s["seat"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]]
    ann.ok("post", f"/api/games/{gid}/seats/{seats[0]}")
    for seat in seats[1:]:
        gm.ok("post", f"/api/games/{gid}/bots", {"seat": seat, "bot": "heuristic"})
    run_bots(gm.client)
    assert gm.ok("get", f"/api/games/{gid}")["waiting"] == [seats[0]]   # only the player is waited for
    ann.ok("post", f"/api/games/{gid}/ready", {"seat": seats[0]})
    assert gm.ok("get", f"/api/games/{gid}")["view"]["phase"] != "S1901M"   # adjudicated at once


def test_a_diplomacy_search_bot_plans_its_phase_once_on_the_server(players, monkeypatch):
    # the server made a bot afresh for every order: a bot that searches a whole phase
    # searched it again for each order, and after the first order fell back on the heuristic
    from warjudge.diplomacy import search

    searched: list[str] = []
    real = search.search_movement

    def counted(dmap, state, power, *args):   # the search as it is, but every unit told to hold
        searched.append(f"{state.phase} {power}")
        return {key: f"{state.units[key]} H" for key in real(dmap, state, power, *args)}

    monkeypatch.setattr(search, "search_movement", counted)
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy", "options": {"max_year": 1901}})["id"]
    seats = [s["seat"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]]
    ann.ok("post", f"/api/games/{gid}/seats/{seats[0]}")
    for seat in seats[1:]:
        gm.ok("post", f"/api/games/{gid}/bots", {"seat": seat, "bot": "search" if seat == "FRANCE" else "heuristic"})
    run_bots(gm.client)
    assert searched == ["S1901M FRANCE"] and "FRANCE" not in gm.ok("get", f"/api/games/{gid}")["waiting"]
    while not gm.ok("get", f"/api/games/{gid}")["is_over"]:
        ann.ok("post", f"/api/games/{gid}/ready", {"seat": seats[0]})
        run_bots(gm.client)
    assert searched == ["S1901M FRANCE", "F1901M FRANCE"]   # once a phase, not once an order
    given = [a["order"] for a in gm.ok("get", f"/api/games/{gid}/record")["actions"]
             if a.get("type") == "order" and a["player"] == "FRANCE"]
    assert sorted(given[:3]) == ["A mar H", "A par H", "F bre H"]   # the whole plan the search made, order by order


def test_an_old_database_s_search_bot_seats_think_to_the_normal_budget(database_url):
    """Issue 26, migration 0011: a database from before think budgets gains the seats'
    column on upgrade, on SQLite and PostgreSQL; a search bot seated before it thinks to
    `normal` (what it did then) and says so."""
    engine = at_revision(database_url, "0010")
    with engine.connect() as connection:
        assert "bot_budget" not in {c["name"] for c in inspect(connection).get_columns("seats")}
    record = games.new("gondor", seed=5).record.to_json(compact=True)
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO users (id, name, password_hash, created_at) VALUES (902, 'older', 'x', :t)"),
                           {"t": "2026-01-01 00:00:00"})
        connection.execute(text("INSERT INTO games (id, game, record, creator_id, open_seats, version, bot_streak, "
                                "created_at, updated_at) VALUES ('oldbots', 'gondor', :r, 902, true, 0, 0, :t, :t)"),
                           {"r": record, "t": "2026-01-01 00:00:00"})
        for position, (seat, bot) in enumerate((("westernesse", "search"), ("sauron", "heuristic"))):
            connection.execute(text("INSERT INTO seats (game_id, name, position, bot, bot_seed, ready, acted, invitation)"
                                    " VALUES ('oldbots', :s, :p, :b, 'seed', false, false, 'inv')"),
                               {"s": seat, "p": position, "b": bot})
    engine.dispose()
    with TestClient(create_app(database_url)) as client:
        seats = client.get("/api/games/oldbots").json()["seats"]
    assert [(s["seat"], s["bot"], s.get("bot_budget")) for s in seats] == [
        ("westernesse", "search", "normal"), ("sauron", "heuristic", None)]
