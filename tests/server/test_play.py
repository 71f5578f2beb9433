"""A whole game played through the API by two accounts, the GM watching: positions and
outcome checked against the rules of the toy game and against a replay of the record."""

from __future__ import annotations

from warjudge.core import games
from warjudge.core.record import GameRecord


def _new_toy(gm, rounds=2, **extra):
    return gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": rounds}, **extra})


def test_a_whole_game_between_two_accounts(players):
    gm, ann, bob = players
    created = _new_toy(gm)
    gid = created["id"]
    assert [s["seat"] for s in created["seats"]] == ["north", "south"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")

    # round 1: ann bids 3; until bob bids, bob sees that ann bid but not how much
    legal = ann.ok("get", f"/api/games/{gid}/legal")["seats"]
    assert legal[0]["seat"] == "north" and {"type": "bid", "amount": 3} in legal[0]["actions"]
    assert ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 3}}
                  )["results"] == [{"action": {"type": "bid", "amount": 3}, "accepted": True}]
    seen_by_bob = bob.ok("get", f"/api/games/{gid}")
    assert seen_by_bob["view_of"] == "south" and seen_by_bob["to_act"] == ["south"]
    assert seen_by_bob["view"]["bids"] == []
    assert ann.ok("get", f"/api/games/{gid}")["view"]["bids"][0]["amount"] == 3
    bob.ok("post", f"/api/games/{gid}/actions", {"seat": "south", "action": {"type": "bid", "amount": 1}})

    # the round is revealed to both: coins spent, the dice rolled by the server
    after = bob.ok("get", f"/api/games/{gid}")["view"]
    assert after["coins"] == {"north": 2, "south": 4} and after["round"] == 2
    assert after["history"][0]["bids"] == {"north": 3, "south": 1}

    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 2}})
    bob.ok("post", f"/api/games/{gid}/actions", {"seat": "south", "action": {"type": "bid", "amount": 4}})
    final = gm.ok("get", f"/api/games/{gid}")
    assert final["is_over"] and final["to_act"] == [] and final["view"]["coins"] == {"north": 0, "south": 0}

    # the record replays to the same game: positions and outcome
    record = GameRecord.from_json(__import__("json").dumps(ann.ok("get", f"/api/games/{gid}/record")))
    replayed = games.load(record)
    assert replayed.view(None) == final["view"]
    assert replayed.outcome().to_json() == final["outcome"]
    assert [a["amount"] for a in record.actions] == [3, 1, 2, 4]
    assert record.seed.bit_length() > 64   # a secure seed, revealed only now the game is over


def test_the_game_list_shows_each_caller_its_part(players):
    gm, ann, _ = players
    gid = _new_toy(gm)["id"]
    ann.ok("post", f"/api/games/{gid}/seats/south")
    listed = {g["id"]: g for g in ann.ok("get", "/api/games")}
    assert listed[gid]["you"] == {"gm": False, "seats": ["south"]}
    assert listed[gid]["seats"] == [{"seat": "north", "taken": False}, {"seat": "south", "taken": True}]


def test_the_game_list_is_a_page_at_a_time_newest_first(players):
    """Issue 22: GET /api/games listed every game on the server in one answer. Now a page
    (`limit`, at most 200) from `start`, newest first, the next page in a Link header;
    `mine=true` keeps the caller's own games."""
    gm, ann, _ = players
    ids = [_new_toy(gm)["id"] for _ in range(3)]
    ann.ok("post", f"/api/games/{ids[0]}/seats/south")
    first = gm.get("/api/games", params={"limit": 2})
    assert [g["id"] for g in first.json()] == ids[:0:-1]
    assert first.headers["link"] == '</api/games?start=2&limit=2>; rel="next"'
    last = gm.get("/api/games", params={"start": 2, "limit": 2})
    assert [g["id"] for g in last.json()] == ids[:1] and "link" not in last.headers
    assert [g["id"] for g in ann.ok("get", "/api/games", params={"mine": "true"})] == ids[:1]
    assert gm.get("/api/games", params={"limit": 201}).status_code == 422
    assert ann.client.get("/api/games", params={"mine": "true"}).status_code == 401


def test_a_spectator_gets_the_public_view(client, players):
    gm, ann, _ = players
    gid = _new_toy(gm)["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 4}})
    response = client.get(f"/api/games/{gid}")   # no token at all
    assert response.status_code == 200
    assert response.json()["view_of"] == "public" and response.json()["view"]["bids"] == []
    assert "invitation" not in str(response.json()["seats"])


def test_an_invitation_is_needed_when_seats_are_not_open(players):
    gm, ann, bob = players
    created = _new_toy(gm, open=False)
    gid, invitation = created["id"], created["seats"][0]["invitation"]
    refused = bob.post(f"/api/games/{gid}/seats/north")
    assert refused.status_code == 403 and "invitation" in refused.json()["error"]
    assert bob.post(f"/api/games/{gid}/seats/north", {"invitation": "not-it"}).status_code == 403
    ann.ok("post", f"/api/games/{gid}/seats/north", {"invitation": invitation})
    assert bob.post(f"/api/games/{gid}/seats/north", {"invitation": invitation}).status_code == 409
    assert [s["user"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]] == ["ann", None]


def test_the_gm_processes_and_missing_seats_take_the_default(players):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 2}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 2}})
    assert ann.post(f"/api/games/{gid}/process").status_code == 403
    assert gm.ok("post", f"/api/games/{gid}/process")["processed"]
    view = gm.ok("get", f"/api/games/{gid}")["view"]
    assert view["history"][0]["bids"] == {"north": 2, "south": 0}   # south, unordered, bid nothing
    assert view["coins"] == {"north": 3, "south": 5}


def test_when_every_seat_is_ready_the_phase_is_processed(players):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 2}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    assert ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north"})["processed"] is False
    assert bob.ok("post", f"/api/games/{gid}/ready", {"seat": "south"})["processed"] is True
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["view"]["history"][0]["bids"] == {"north": 1, "south": 0}
    assert [s["ready"] for s in state["seats"]] == [False, False]   # ready again for the next round


def test_a_batch_of_orders_reports_each_acceptance(players):
    """Diplomacy's {"orders": [...]} spelling, checked order by order (here on the toy
    game, which refuses them all: each refusal carries its reason, nothing changes)."""
    gm, ann, _ = players
    gid = _new_toy(gm)["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    answer = ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"orders": ["A Par - Bur"]}})
    assert answer["results"][0]["accepted"] is False and answer["results"][0]["reason"]
    assert gm.ok("get", f"/api/games/{gid}")["version"] == 0


def test_a_seat_may_take_back_its_ready_before_the_phase_is_adjudicated(players):
    """Issue 14: the ready toggle switches off; the phase then waits for that seat again."""
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 2}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    assert ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north"})["processed"] is False
    assert ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north", "ready": False}) == \
        {"seat": "north", "ready": False, "processed": False}
    assert [s["ready"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]] == [False, False]
    assert bob.ok("post", f"/api/games/{gid}/ready", {"seat": "south"})["processed"] is False
    assert gm.ok("get", f"/api/games/{gid}")["view"]["round"] == 1      # still waiting for north
    assert ann.ok("post", f"/api/games/{gid}/ready", {"seat": "north"})["processed"] is True
    assert gm.ok("get", f"/api/games/{gid}")["view"]["round"] == 2
    assert bob.post(f"/api/games/{gid}/ready", {"seat": "north", "ready": False}).status_code == 403   # not his
    assert ann.post(f"/api/games/{gid}/ready", {"seat": "north", "ready": "maybe"}).status_code == 422


def test_changing_orders_after_ready_takes_the_ready_back(players):
    """As on webDiplomacy (orders locked while ready): new orders must be confirmed again
    before they can end the phase early (docs/server.md)."""
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/AUSTRIA")
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "AUSTRIA", "action": {"orders": ["A bud - ser"]}})
    ann.ok("post", f"/api/games/{gid}/ready", {"seat": "AUSTRIA"})
    assert [s["ready"] for s in gm.ok("get", f"/api/games/{gid}")["seats"] if s["seat"] == "AUSTRIA"] == [True]
    # a second order for the same unit is refused (docs/rulings.md): nothing changed, still ready
    refused = ann.ok("post", f"/api/games/{gid}/actions", {"seat": "AUSTRIA", "action": {"orders": ["A bud - gal"]}})
    assert not refused["results"][0]["accepted"]
    assert [s["ready"] for s in gm.ok("get", f"/api/games/{gid}")["seats"] if s["seat"] == "AUSTRIA"] == [True]
    # the page's order box is the whole set: "replace" takes back the old orders first
    replaced = ann.ok("post", f"/api/games/{gid}/actions",
                      {"seat": "AUSTRIA", "action": {"orders": ["A bud - gal", "F tri - adr"], "replace": True}})
    assert [(r["action"], r["accepted"]) for r in replaced["results"]] == [
        ({"type": "retract", "order": "A bud - ser"}, True), ({"type": "order", "order": "A bud - gal"}, True),
        ({"type": "order", "order": "F tri - adr"}, True)]
    assert [s["ready"] for s in gm.ok("get", f"/api/games/{gid}")["seats"] if s["seat"] == "AUSTRIA"] == [False]
    held = [o["order"] for o in ann.ok("get", f"/api/games/{gid}")["view"]["orders"] if o["power"] == "AUSTRIA"]
    assert sorted(held) == ["A bud - gal", "F tri - adr"]
    assert ann.post(f"/api/games/{gid}/actions", {"seat": "AUSTRIA", "action": {"orders": [], "replace": "yes"}}
                    ).status_code == 422


def test_the_order_check_can_replace_the_orders_held(players):
    """The page's live marks check the box as the seat's whole set (issue 14)."""
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/AUSTRIA")
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "AUSTRIA", "action": {"orders": ["A bud - ser"]}})
    check = {"seat": "AUSTRIA", "orders": ["A bud - gal"]}
    assert not ann.ok("post", f"/api/games/{gid}/check", check)["results"][0]["accepted"]
    assert ann.ok("post", f"/api/games/{gid}/check", check | {"replace": True})["results"] == [
        {"order": "A bud - gal", "accepted": True}]
    held = [o["order"] for o in ann.ok("get", f"/api/games/{gid}")["view"]["orders"] if o["power"] == "AUSTRIA"]
    assert held == ["A bud - ser"]   # a dry run: nothing changed


def test_new_game_options_are_checked_by_their_description_with_a_clear_422(players, client):
    """Issue 14: the registry describes each game's options (the lobby's form); a value the
    description refuses is a 422 naming the option, and no game is made."""
    gm, _, _ = players
    available = {g["id"]: g for g in client.get("/api/games-available").json()}
    edition = next(o for o in available["necromancer-diplomacy"]["options"] if o["name"] == "edition")
    assert edition == {"name": "edition", "label": "Edition", "kind": "choice", "help": edition["help"], "default": "2002",
                       "choices": ["2000", "2002"], "choice_labels": ["2000", "2002"], "minimum": None, "maximum": None, "max_bytes": None}
    before = len(gm.ok("get", "/api/games"))
    for options, named in (({"edition": "1999"}, "edition"), ({"max_year": 2700}, "max_year"),
                           ({"alignment": "false"}, "alignment")):
        refused = gm.post("/api/games", {"game": "necromancer-diplomacy", "options": options})
        assert refused.status_code == 422 and refused.json()["error"].startswith(named), refused.text
    refused = gm.post("/api/games", {"game": "necromancer-sjg", "options": {"optional": ["cp_allowance", "nope"]}})
    assert refused.status_code == 422 and "optional" in refused.json()["error"]
    assert len(gm.ok("get", "/api/games")) == before
    made = gm.ok("post", "/api/games", {"game": "necromancer-diplomacy", "options": {"edition": "2000", "max_year": 2800}})
    assert gm.ok("get", f"/api/games/{made['id']}")["view"]["edition"] == "2000"


def test_replacing_orders_works_for_the_necromancer_variant_too(players):
    """The variant's retract actions name the order, not the unit; "replace" takes the
    game's own legal retracts, so the page's order box works the same (issue 14)."""
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "necromancer-diplomacy"})["id"]
    for seat in ("SARUMAN", "SAURON"):
        gm.ok("post", f"/api/games/{gid}/seats/{seat}")
    ann.ok("post", f"/api/games/{gid}/seats/ROHAN")
    gm.ok("post", f"/api/games/{gid}/actions", {"seat": "SARUMAN", "action": {"orders": ["Build A Gap"]}})
    gm.ok("post", f"/api/games/{gid}/actions", {"seat": "SAURON", "action": {"type": "pass"}})
    assert gm.ok("post", f"/api/games/{gid}/ready", {"seat": "SARUMAN"})["processed"]   # his build: a draft till then
    assert gm.ok("get", f"/api/games/{gid}?seat=SAURON")["view"]["phase"] == "TA2765M"
    legal = [a["order"] for a in ann.ok("get", f"/api/games/{gid}/legal")["seats"][0]["actions"]
             if a["type"] == "order"]
    first, second = legal[0], next(o for o in legal[1:] if o.split()[:2] == legal[0].split()[:2])
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "ROHAN", "action": {"orders": [first]}})
    answer = ann.ok("post", f"/api/games/{gid}/actions",
                    {"seat": "ROHAN", "action": {"orders": [second], "replace": True}})
    assert [(r["action"]["type"], r["accepted"]) for r in answer["results"]] == [("retract", True), ("order", True)]
    held = [o["order"] for o in ann.ok("get", f"/api/games/{gid}")["view"]["orders"] if o["power"] == "ROHAN"]
    assert held == [second]


def test_refusals_and_views_carry_reason_codes_worded_in_the_asked_language(players):
    """Issue 12: a refusal carries its code and parameters (`why`) and its reason in the
    language asked for (?lang=fr), as the order box's dry run does; the view's reasons
    follow the same language, and a language the server has no wording for is refused."""
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "necromancer-diplomacy"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/SARUMAN")
    orders = {"seat": "SARUMAN", "action": {"orders": ["Build A Qqq"]}}
    english = ann.ok("post", f"/api/games/{gid}/actions", orders)["results"][0]
    assert english["accepted"] is False and english["reason"] == "the unit to build: write the unit like 'A Los' or '2A/1F Pel'"
    french = ann.ok("post", f"/api/games/{gid}/actions?lang=fr", orders)["results"][0]
    assert french["why"] == english["why"] == {"code": "necdip.order.bad_unit", "params": {"what": "unit_to_build"}}
    assert french["reason"] == "l'Unité à construire : écrivez l'Unité comme « A Los » ou « 2A/1F Pel »"
    checked = ann.ok("post", f"/api/games/{gid}/check?lang=fr", {"seat": "SARUMAN", "orders": ["Build A Qqq"]})
    assert checked["results"] == [{"order": "Build A Qqq", "accepted": False, **{k: french[k] for k in ("reason", "why")}}]
    assert gm.ok("get", f"/api/games/{gid}")["version"] == 0   # nothing changed
    assert ann.get(f"/api/games/{gid}?lang=de").status_code == 422
    assert ann.ok("get", f"/api/games/{gid}?lang=fr")["view"] == ann.ok("get", f"/api/games/{gid}")["view"]


def test_french_reasons_name_the_powers_in_french(players):
    """The variant's French edition names its powers (Nains, Elfes): a reason worded in
    French by the server prints those names, not the seat ids, as the CLI's report does."""
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "necromancer-diplomacy"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/DWARVES")
    orders = {"seat": "DWARVES", "action": {"orders": ["Build A Ere"]}}
    french = ann.ok("post", f"/api/games/{gid}/actions?lang=fr", orders)["results"][0]
    assert french["why"]["params"]["power"] == "DWARVES"
    assert french["reason"] == "Nains n'a rien à ordonner en TA2750A"


def test_french_reasons_name_the_standard_powers_in_french(players):
    # issue 24: the standard game's French reasons printed the seat ids (AUSTRIA)
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "diplomacy"})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/AUSTRIA")
    checked = ann.ok("post", f"/api/games/{gid}/check?lang=fr", {"seat": "AUSTRIA", "orders": ["A par - bur"]})
    assert checked["results"][0]["why"]["code"] == "dip.not_your_unit"
    assert checked["results"][0]["reason"] == "l'Unité en par appartient à France, pas à Autriche"


def test_the_same_creation_key_twice_makes_one_game(players):
    # issue 24 finding 10: a double click on Start (or a retry) sends its key twice: one game
    gm, ann, _ = players
    first = _new_toy(gm, request_key="start-click-0001")
    again = _new_toy(gm, request_key="start-click-0001")
    assert again == first
    other_user = _new_toy(ann, request_key="start-click-0001")   # a key is each user's own
    fresh = _new_toy(gm, request_key="start-click-0002")
    assert len({first["id"], other_user["id"], fresh["id"]}) == 3
    assert [g["id"] for g in gm.ok("get", "/api/games")].count(first["id"]) == 1
    bad = gm.post("/api/games", {"game": "toy-bids", "request_key": "no spaces allowed"})
    assert bad.status_code == 422 and "request_key" in bad.json()["error"]
