"""POST /api/games/{id}/preview (issue 14: odds shown before an attack): the game's own
preview of one of the seat's legal actions, read-only; anything else is refused."""

from __future__ import annotations

import random

from tests.support.sjg_deploy import deploy_action
from warjudge.core import games


def _toy(gm, ann):
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 2}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    return gid


def test_a_game_without_previews_answers_null_and_changes_nothing(players):
    gm, ann, _ = players
    gid = _toy(gm, ann)
    before = ann.ok("get", f"/api/games/{gid}")
    legal = ann.ok("get", f"/api/games/{gid}/legal")["seats"][0]["actions"]
    assert ann.ok("post", f"/api/games/{gid}/preview", {"seat": "north", "action": legal[0]}) == {"preview": None}
    assert ann.ok("get", f"/api/games/{gid}")["version"] == before["version"]


def test_only_a_legal_action_of_a_held_seat_is_previewed(players):
    gm, ann, bob = players
    gid = _toy(gm, ann)
    refused = ann.post(f"/api/games/{gid}/preview", {"seat": "north", "action": {"type": "bid", "amount": 99}})
    assert refused.status_code == 409 and "legal actions" in refused.json()["error"]
    assert bob.post(f"/api/games/{gid}/preview", {"seat": "north", "action": {"type": "bid", "amount": 1}}
                    ).status_code == 403


def test_the_legal_actions_come_with_what_each_costly_one_forfeits(players):
    # issue 24: SJG 6.7 a move over a cliff edge loses its units; SJG 4.1 ending the move
    # phase gives up the moves left; a plain move costs nothing (named by index in `actions`)
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "necromancer-sjg"})["id"]
    for seat in ("red", "black"):
        ann.ok("post", f"/api/games/{gid}/seats/{seat}")
    local = games.new("necromancer-sjg", seed=5)   # the standard set-up's areas: the same in every game
    for seat, rng in (("red", random.Random(1)), ("black", random.Random(2))):
        ann.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": deploy_action(local, seat, rng)})
    seats = ann.ok("get", f"/api/games/{gid}/legal")["seats"]
    (mover,) = [s for s in seats if s["decision"] and s["decision"]["kind"] == "move"]
    actions, costs = mover["actions"], mover["costs"]
    suicides = {str(i) for i, a in enumerate(actions) if a.get("suicide")}
    end = str(actions.index({"type": "end", "side": mover["seat"]}))
    assert suicides and set(costs) == suicides | {end}
    assert {costs[i][0]["rule"] for i in suicides} == {"SJG 6.7"} and costs[end][0]["rule"] == "SJG 4.1"
    assert [s["costs"] for s in seats if s is not mover] == [{}]


def test_a_hex_game_s_legal_actions_come_worded_in_the_reader_s_language(players):
    # issue 24 finding 9: the page shows labels, never ids or JSON
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "gondor"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/westernesse")
    for lang, move in (("en", "Move Gandalf to "), ("fr", "Déplacer Gandalf en ")):
        seat = ann.ok("get", f"/api/games/{gid}/legal?lang={lang}")["seats"][0]
        assert len(seat["labels"]) == len(seat["actions"])
        assert any(label.startswith(move) for label in seat["labels"])
    assert "labels" not in ann.ok("get", f"/api/games/{gid}/legal?lang=fr")["seats"][0]["actions"][0]
