"""History (issue 13): every finished phase of a game with what the caller's seat may see:
its view at the phase's end, its own actions of the phase, the results; the games master
and a spectator the public view only. Read from the stored phases, a page at a time."""

from __future__ import annotations

import random

import pytest

from tests.server.conftest import listed, phase_truth, sign_up, stored_record
from tests.server.registered import GAMES
from warjudge.core import games
from warjudge.server.views import public_view

STEPS = 20
PROCESS_EVERY = 6


def _seated(client, game_id: str, **create):
    gm = sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": game_id, **create})["id"]
    seats = [s["seat"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]]
    holders = {seat: sign_up(client) for seat in seats}
    for seat, player in holders.items():
        player.ok("post", f"/api/games/{gid}/seats/{seat}")
    return gm, gid, holders


class _Seen:
    """What the test saw after each request: every view, keyed by the record's length then."""

    def __init__(self, client, gm, gid, holders):
        self.client, self.gm, self.gid, self.holders = client, gm, gid, holders
        self.views: dict[int, dict[str | None, object]] = {}

    def look(self) -> None:
        base = f"/api/games/{self.gid}"
        length = stored_record(self.client, self.gid).action_count()
        self.views[length] = {None: self.gm.ok("get", base)["view"]} | \
            {seat: player.ok("get", base)["view"] for seat, player in self.holders.items()}

    def check_history(self) -> None:
        """Each phase's view is the view its seat had when the record was that long (where
        the test looked then), each seat sees its own actions of each phase only, the
        public and the games master none; phase 0 is the start, replayed from the record's header."""
        base = f"/api/games/{self.gid}"
        record = stored_record(self.client, self.gid)
        truth = phase_truth(record)
        assert truth[0]["actions"] == []
        lengths = [sum(len(p["actions"]) for p in truth[:n + 1]) for n in range(len(truth))]
        assert lengths[-1] <= record.action_count()
        start = games.load(record.restarted())
        compared = 0
        for seat, player in [(None, self.gm), *self.holders.items()]:
            mine = listed(player, self.gid)
            assert mine["seat"] == (seat or "gm") and len(mine["phases"]) == len(truth)
            assert [p["n"] for p in mine["phases"]] == list(range(len(truth)))
            assert mine["phases"][0]["view"] == (start.view(seat) if seat else public_view(start))
            for phase, true, length in zip(mine["phases"], truth, lengths):
                assert phase["actions"] == [{"player": p, "action": a} for p, a in true["actions"] if p == seat]
                assert (phase["to_act"], phase["is_over"], phase["outcome"]) == \
                       (true["to_act"], true["outcome"] is not None, true["outcome"])
                if length in self.views:   # positions: the view the seat had at that moment
                    assert phase["view"] == self.views[length][seat], f"phase {phase['n']} seen by {seat}"
                    compared += 1
            last = len(truth) - 1
            assert player.ok("get", f"{base}/history/{last}") == {"seat": mine["seat"], "count": last + 1} | \
                mine["phases"][last]
        public = listed(self.client, self.gid)
        assert public["seat"] == "public" and all(p["actions"] == [] for p in public["phases"])
        assert compared >= len(self.holders) + 1   # at least the start was compared, for every seat


@pytest.mark.parametrize("game_id", GAMES)
def test_the_history_of_a_random_game_of_every_registered_game_seat_by_seat(client, game_id):
    gm, gid, holders = _seated(client, game_id)
    seen = _Seen(client, gm, gid, holders)
    seen.look()
    rng = random.Random(f"history:{game_id}")
    for step in range(STEPS):
        state = gm.ok("get", f"/api/games/{gid}")
        if state["is_over"]:
            break
        choices = [(s, a) for s in state["to_act"] for a in holders[s].ok("get", f"/api/games/{gid}/legal")
                   ["seats"][0]["actions"] if a.get("type") not in ("undo", "retract")]
        if step % PROCESS_EVERY == PROCESS_EVERY - 1 or not choices:
            gm.post(f"/api/games/{gid}/process")
        else:
            seat, action = rng.choice(choices)
            holders[seat].ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": action})
        seen.look()
    seen.check_history()


def test_the_toy_game_s_history_round_by_round(client):
    gm, gid, holders = _seated(client, "toy-bids", options={"rounds": 2})
    north, south = holders["north"], holders["south"]
    bid = lambda player, seat, n: player.ok("post", f"/api/games/{gid}/actions",   # noqa: E731
                                            {"seat": seat, "action": {"type": "bid", "amount": n}})
    bid(north, "north", 3)
    assert len(south.ok("get", f"/api/games/{gid}/history")["phases"]) == 1   # round 1 is under way
    bid(south, "south", 1)
    bid(north, "north", 2)   # round 2 under way: north's bid is in no phase yet
    for player, seat, own in ((north, "north", 3), (south, "south", 1)):
        phases = player.ok("get", f"/api/games/{gid}/history")["phases"]
        assert [p["n"] for p in phases] == [0, 1]
        assert phases[0]["view"]["coins"] == {"north": 5, "south": 5} and phases[0]["actions"] == []
        assert [(a["player"], a["action"]["amount"]) for a in phases[1]["actions"]] == [(seat, own)]
        assert phases[1]["view"]["coins"] == {"north": 2, "south": 4}
        assert phases[1]["view"]["history"][0]["bids"] == {"north": 3, "south": 1}
        assert phases[1]["to_act"] == ["north", "south"] and not phases[1]["is_over"]
    gm_phases = gm.ok("get", f"/api/games/{gid}/history")["phases"]
    # docs/server.md "Secrets": the games master gets the public history, no seat's actions
    assert gm_phases[1]["actions"] == [] and gm_phases[1]["view"] == phases[1]["view"] | {"bids": []}
    bid(south, "south", 4)
    final = gm.ok("get", f"/api/games/{gid}/history/2")
    assert final["is_over"] and final["to_act"] == [] and final["view"]["coins"] == {"north": 0, "south": 0}
    assert final["outcome"] == gm.ok("get", f"/api/games/{gid}")["outcome"]


def test_history_refusals(client):
    gm, gid, holders = _seated(client, "toy-bids")
    outsider = sign_up(client)
    assert gm.get(f"/api/games/{gid}/history/1").status_code == 404
    assert "phases so far" in gm.get(f"/api/games/{gid}/history/1").json()["error"]
    assert gm.get(f"/api/games/{gid}/history/-1").status_code == 422
    assert outsider.get(f"/api/games/{gid}/history", params={"seat": "north"}).status_code == 403
    assert client.get("/api/games/nope/history").status_code == 404
    assert outsider.ok("get", f"/api/games/{gid}/history")["seat"] == "public"


def test_a_record_its_game_cannot_replay_is_a_clear_409_never_a_crash(client, monkeypatch):
    from tests.support import toygame

    gm, gid, _ = _seated(client, "toy-bids")

    def broken(cls, record):
        raise KeyError("amount")

    monkeypatch.setattr(toygame.ToyBids, "from_record", classmethod(broken))
    refused = gm.get(f"/api/games/{gid}/history")
    assert refused.status_code == 409 and "cannot be replayed (KeyError" in refused.json()["error"]


def test_the_history_words_its_reasons_in_the_asked_language(client):
    """Issue 12/14: a finished phase's reasons follow ?lang= as the live view's do (the
    Diplomacy page's history in French); the codes and everything else are the same."""
    gm, gid, holders = _seated(client, "diplomacy")
    holders["FRANCE"].ok("post", f"/api/games/{gid}/actions", {"seat": "FRANCE", "action": {"orders": ["A par - bur"]}})
    holders["GERMANY"].ok("post", f"/api/games/{gid}/actions", {"seat": "GERMANY", "action": {"orders": ["A mun - bur"]}})
    gm.ok("post", f"/api/games/{gid}/process")
    english = holders["FRANCE"].ok("get", f"/api/games/{gid}/history/1")
    french = holders["FRANCE"].ok("get", f"/api/games/{gid}/history/1", params={"lang": "fr"})
    assert french == holders["FRANCE"].ok("get", f"/api/games/{gid}/history", params={"lang": "fr"})["phases"][1] \
        | {"seat": "FRANCE", "count": 2}

    def reasons(doc):
        if isinstance(doc, dict):
            return ([(doc["why"]["code"], doc["reason"])] if isinstance(doc.get("why"), dict) else []) + \
                [r for v in doc.values() for r in reasons(v)]
        return [r for v in doc for r in reasons(v)] if isinstance(doc, list) else []
    en, fr = reasons(english), reasons(french)
    assert en and [c for c, _ in en] == [c for c, _ in fr] and [t for _, t in en] != [t for _, t in fr]
    assert holders["FRANCE"].get(f"/api/games/{gid}/history", params={"lang": "de"}).status_code == 422
