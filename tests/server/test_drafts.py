"""Diplomacy on the server (issue 24): orders are drafts until Ready or the deadline. A
seat may change its orders after giving them all; the phase ends early only once every
seat with something to order is ready (a bot once it has ordered); Ready belongs to one
phase; a Ready or a submission made for a phase that has ended is refused (409), never
applied to the next; the order checker speaks of the current phase."""

from __future__ import annotations

from tests.server.conftest import run_bots

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def _game(gm, ann, bob, humans=("AUSTRIA", "ITALY")) -> str:
    """A Diplomacy game: ann holds Austria, bob Italy (if asked), bots the rest."""
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    for seat, player in zip(humans, (ann, bob)):
        player.ok("post", f"/api/games/{gid}/seats/{seat}")
    for seat in POWERS:
        if seat not in humans:
            gm.ok("post", f"/api/games/{gid}/bots", {"seat": seat, "bot": "random"})
    run_bots(gm.client)   # the bots order in the background
    return gid


def _orders(player, gid, seat, orders, **extra):
    return player.ok("post", f"/api/games/{gid}/actions",
                     {"seat": seat, "action": {"orders": orders, "replace": True}, **extra})["results"]


def _state(gm, gid):
    state = gm.ok("get", f"/api/games/{gid}")
    return state["view"]["phase"], {s["seat"]: s["ready"] for s in state["seats"]}


def _held(player, gid, seat):
    return sorted(o["order"] for o in player.ok("get", f"/api/games/{gid}?seat={seat}")["view"]["orders"]
                  if o["power"] == seat)


def test_orders_can_be_changed_after_every_unit_has_one(players):
    """Finding 2: four orders accepted, one changed: the set is replaced, not refused
    ("AUSTRIA has nothing to order"), and the phase goes on waiting."""
    gm, ann, bob = players
    gid = _game(gm, ann, bob)
    assert all(r["accepted"] for r in _orders(ann, gid, "AUSTRIA", ["A bud - ser", "A vie - tyr", "F tri H"]))
    changed = _orders(ann, gid, "AUSTRIA", ["A bud - ser", "A vie - gal", "F tri H"])
    assert all(r["accepted"] for r in changed) and len(changed) == 6   # three retracts, three orders
    assert _held(ann, gid, "AUSTRIA") == ["A bud - ser", "A vie - gal", "F tri H"]
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "AUSTRIA", "action": {"type": "retract", "unit": "tri"}})
    assert _held(ann, gid, "AUSTRIA") == ["A bud - ser", "A vie - gal"]
    assert _state(gm, gid)[0] == "S1901M"


def test_legal_offers_an_ordered_unit_its_orders_again(players):
    """Issue 24 task: a unit that has an order is offered its orders again (`afresh`), so a
    page can change it on the map; the legal list itself still omits it."""
    gm, ann, bob = players
    gid = _game(gm, ann, bob)
    def legal():
        return ann.ok("get", f"/api/games/{gid}/legal?seat=AUSTRIA")["seats"][0]
    assert "afresh" not in legal()   # nothing ordered yet: the actions are the whole list
    _orders(ann, gid, "AUSTRIA", ["A vie - tyr"])
    seat = legal()
    offered = {a["order"] for a in seat["afresh"]}
    assert {"A vie - gal", "A vie H", "A bud - ser"} <= offered
    assert "A vie - gal" not in {a.get("order") for a in seat["actions"]}
    assert _held(ann, gid, "AUSTRIA") == ["A vie - tyr"]   # worked out on a clone: nothing withdrawn


def test_the_phase_ends_only_when_every_seat_is_ready_and_ready_resets(players):
    """docs/server.md, early resolution: complete sets alone never end the phase; the bots
    count as ready once they have ordered; Ready flags belong to one phase."""
    gm, ann, bob = players
    gid = _game(gm, ann, bob)
    _orders(ann, gid, "AUSTRIA", ["A bud - ser", "A vie - tyr", "F tri H"])
    _orders(bob, gid, "ITALY", ["A ven H", "A rom H", "F nap - ion"])
    assert _state(gm, gid) == ("S1901M", dict.fromkeys(POWERS, False))   # every set complete: still open
    assert ann.ok("post", f"/api/games/{gid}/ready", {"seat": "AUSTRIA", "phase": "S1901M"})["processed"] is False
    assert bob.ok("post", f"/api/games/{gid}/ready", {"seat": "ITALY", "phase": "S1901M"})["processed"] is True
    phase, ready = _state(gm, gid)
    assert phase == "F1901M" and not any(ready.values())
    run_bots(gm.client)
    assert gm.ok("get", f"/api/games/{gid}")["to_act"] == POWERS   # every power may act, the bots' orders given
    assert ann.ok("post", f"/api/games/{gid}/ready", {"seat": "AUSTRIA"})["processed"] is False   # S1901M's ready is gone
    assert bob.ok("post", f"/api/games/{gid}/ready", {"seat": "ITALY"})["processed"] is True
    assert _state(gm, gid)[0] != "F1901M"   # the fall is over


def test_a_ready_or_orders_for_an_ended_phase_are_refused_with_409(players):
    """Finding 4: a Ready clicked as the phase ends never lands in the next one."""
    gm, ann, bob = players
    gid = _game(gm, ann, bob)
    ann.ok("post", f"/api/games/{gid}/ready", {"seat": "AUSTRIA", "phase": "S1901M"})
    bob.ok("post", f"/api/games/{gid}/ready", {"seat": "ITALY", "phase": "S1901M"})
    run_bots(gm.client)
    late = ann.post(f"/api/games/{gid}/ready", {"seat": "AUSTRIA", "phase": "S1901M"})
    assert late.status_code == 409
    # issue 24: worded as the pages word phases, not "S1901M"
    assert late.json()["error"].startswith("the phase Spring 1901 (moves) has ended; you are now in Fall 1901 (moves)")
    assert _state(gm, gid) == ("F1901M", dict.fromkeys(POWERS, False))
    late = ann.post(f"/api/games/{gid}/actions",
                    {"seat": "AUSTRIA", "action": {"orders": ["A bud H"]}, "phase": "S1901M"})
    assert late.status_code == 409 and "you are now in Fall 1901 (moves)" in late.json()["error"]
    assert _held(ann, gid, "AUSTRIA") == []
    assert _orders(ann, gid, "AUSTRIA", ["A bud H"], phase="F1901M")[0]["accepted"]
    assert _orders(ann, gid, "AUSTRIA", ["A vie H"])[0]["accepted"]   # an API client may name no phase
    assert ann.post(f"/api/games/{gid}/ready", {"seat": "AUSTRIA", "phase": ""}).status_code == 422


def test_the_order_checker_speaks_of_the_current_phase(players):
    """Finding 6: a complete set in the checker no longer ends the phase on its copy, so a
    further line is judged in this phase, not the next."""
    gm, ann, bob = players
    gid = _game(gm, ann, bob, humans=("AUSTRIA",))
    lines = ["A bud - ser", "A vie - tyr", "F tri H", "A bud - gal"]
    results = ann.ok("post", f"/api/games/{gid}/check", {"seat": "AUSTRIA", "orders": lines, "replace": True})
    assert [r["accepted"] for r in results["results"]] == [True, True, True, False]
    assert results["results"][3]["reason"] == "the unit in bud already has an order (take it back first)"


def test_drafts_are_the_servers_own_option(players, client):
    gm, _, _ = players
    available = {g["id"]: g for g in client.get("/api/games-available").json()}
    for game in ("diplomacy", "necromancer-diplomacy"):
        assert "drafts" not in [o["name"] for o in available[game]["options"]]
        refused = gm.post("/api/games", {"game": game, "options": {"drafts": False}})
        assert refused.status_code == 422 and "drafts is set by the server" in refused.json()["error"]


def test_the_summary_says_whose_answer_the_phase_still_waits_for(players):
    """`to_act` names every power (each may still change its drafts); `waiting` leaves out
    the bots that have ordered and the ready seats: what the documented session waits on
    (it waited on `to_act` and so never saw the bots answer)."""
    gm, ann, bob = players
    gid = _game(gm, ann, bob)
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["to_act"] == POWERS and state["waiting"] == ["AUSTRIA", "ITALY"]
    _orders(ann, gid, "AUSTRIA", ["A bud - ser", "A vie - tyr", "F tri H"])
    assert gm.ok("get", f"/api/games/{gid}")["waiting"] == ["AUSTRIA", "ITALY"]   # ordered, not ready
    ann.ok("post", f"/api/games/{gid}/ready", {"seat": "AUSTRIA"})
    assert gm.ok("get", f"/api/games/{gid}")["waiting"] == ["ITALY"]
