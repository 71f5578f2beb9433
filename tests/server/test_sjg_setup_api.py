"""The SJG set-up drafted in a page (issue 24 finding 5): POST …/setup checks a drafted
set-up unit by unit with the engine's own rules, completes it in a named formation or
like an earlier set-up, and changes nothing; the result goes down as one `deploy`."""

from __future__ import annotations

from collections import Counter

from warjudge.core.record import GameRecord
from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.setup import DEPLOY_RADIUS


def _sjg(gm, ann):
    gid = gm.ok("post", "/api/games", {"game": "necromancer-sjg"})["id"]
    gm.ok("post", f"/api/games/{gid}/seats/red")
    ann.ok("post", f"/api/games/{gid}/seats/black")
    return gid


def _units(placements):
    return Counter(k for ks in placements.values() for k in ks)


def test_each_formation_is_a_whole_legal_set_up(players):
    """SJG 9.1: every formation places the side's whole force within 3 hexes of its
    Necromancer, at most 3 a hex (4.4); the engine takes it as the side's `deploy`."""
    gm, ann, _ = players
    gid = _sjg(gm, ann)
    empty = gm.ok("post", f"/api/games/{gid}/setup", {"seat": "red"})
    assert empty["left"] == empty["wanted"] == {"skeleton": 8, "wraith": 25, "zombie": 17}
    skull = next(u["hex"] for u in gm.ok("get", f"/api/games/{gid}?seat=red")["view"]["units"]
                 if u["side"] == "red" and u["kind"] == "necromancer")
    assert sorted(empty["zone"]) == sorted(h for h in empty["zone"] if distance(h, skull) <= DEPLOY_RADIUS)
    assert len(empty["zone"]) > 30 and empty["deploy"] is None
    layouts = {}
    for formation in [f["id"] for f in empty["formations"]]:
        plan = gm.ok("post", f"/api/games/{gid}/setup", {"seat": "red", "fill": formation})
        assert plan["left"] == {} and _units(plan["placements"]) == Counter(empty["wanted"])
        assert all(h in empty["zone"] and len(ks) <= 3 for h, ks in plan["placements"].items())
        layouts[formation] = plan["placements"]
    assert len({str(sorted(p.items())) for p in layouts.values()}) == len(layouts), "the formations differ"
    assert len(layouts["front"]) > len(layouts["massed"]), "spread: one unit a hex before any takes a second"
    plan = gm.ok("post", f"/api/games/{gid}/setup", {"seat": "red", "fill": "massed"})
    gm.ok("post", f"/api/games/{gid}/actions", {"seat": "red", "action": plan["deploy"]})
    assert gm.ok("get", f"/api/games/{gid}/legal?seat=red")["seats"][0]["decision"] is None


def test_fill_like_an_earlier_set_up_keeps_what_is_placed(players):
    """The rest follows an earlier set-up where it is still legal, after the units the
    player placed by hand; the placed ones stay where they are."""
    gm, ann, _ = players
    gid = _sjg(gm, ann)
    earlier = gm.ok("post", f"/api/games/{gid}/setup", {"seat": "red", "fill": "rear"})["placements"]
    zone = gm.ok("post", f"/api/games/{gid}/setup", {"seat": "red"})["legal"]["wraith"]
    by_hand = {zone[0]: ["wraith", "wraith"]}
    plan = gm.ok("post", f"/api/games/{gid}/setup", {"seat": "red", "placements": by_hand,
                                                      "fill": "like", "like": earlier})
    assert plan["left"] == {} and plan["placements"][zone[0]][:2] == ["wraith", "wraith"]
    same = sum(min(Counter(plan["placements"].get(h, []))[k], n) for h, ks in earlier.items()
               for k, n in Counter(ks).items())
    assert same >= 50 - 3, "all but the units moved by hand go where they went before"


def test_an_illegal_draft_is_refused_and_nothing_changes(players):
    """SJG 9.1 (3 hexes), 4.4 (3 a hex), the forces' counts: each refused with its reason;
    the set-up endpoint never changes the game; another seat's set-up is not anyone's to ask."""
    gm, ann, bob = players
    gid = _sjg(gm, ann)
    before = gm.ok("get", f"/api/games/{gid}?seat=red")
    empty = gm.ok("post", f"/api/games/{gid}/setup", {"seat": "red"})
    zone = empty["legal"]["zombie"]
    far = next(h for h in ("0101", "0201", "0102") if h not in empty["zone"])
    cases = [({far: ["zombie"]}, "within 3"),
             ({zone[0]: ["zombie"] * 4}, "3"),
             ({zone[0]: ["skeleton"], zone[1]: ["skeleton"] * 3, zone[2]: ["skeleton"] * 3, zone[3]: ["skeleton"] * 2},
              "no skeleton left"),
             ({zone[0]: ["dragon"]}, "dragon"),
             ({zone[0]: ["ogre"]}, "ogre")]
    for placements, said in cases:
        refused = gm.post(f"/api/games/{gid}/setup", {"seat": "red", "placements": placements})
        assert refused.status_code == 409 and said in refused.json()["error"], refused.text
        assert "Nothing was changed" in refused.json()["error"]
    bad = gm.post(f"/api/games/{gid}/setup", {"seat": "red", "fill": "turtle"})
    assert bad.status_code == 409 and "front" in bad.json()["error"]
    assert gm.post(f"/api/games/{gid}/setup", {"seat": "black"}).status_code == 403
    assert bob.post(f"/api/games/{gid}/setup", {"seat": "red"}).status_code == 403
    assert gm.post(f"/api/games/{gid}/setup", {"seat": "red", "placements": {"x": ["zombie"] * 9}}).status_code == 422
    after = gm.ok("get", f"/api/games/{gid}?seat=red")
    assert after["version"] == before["version"] and after["view"] == before["view"]


def test_fill_like_my_last_set_up_follows_the_player_to_a_new_game(players):
    """Issue 24: "fill the rest like my last set-up" is the user's own last `deploy` on that
    side in another game, kept by the server (any browser); without one it is refused."""
    gm, ann, _ = players
    first = _sjg(gm, ann)
    rear = gm.ok("post", f"/api/games/{first}/setup", {"seat": "red", "fill": "rear"})
    assert rear["last"] is None and "no earlier game" in rear["last_why"]
    gm.ok("post", f"/api/games/{first}/actions", {"seat": "red", "action": rear["deploy"]})
    second = _sjg(gm, ann)
    plan = gm.ok("post", f"/api/games/{second}/setup", {"seat": "red", "fill": "like"})
    assert plan["last"] == {"game": first} and plan["last_why"] is None
    assert plan["placements"] == rear["placements"] and plan["left"] == {}
    black = ann.ok("post", f"/api/games/{second}/setup", {"seat": "black"})   # ann never set up black
    assert black["last"] is None
    refused = ann.post(f"/api/games/{second}/setup", {"seat": "black", "fill": "like"})
    assert refused.status_code == 409 and "no earlier set-up as black" in refused.json()["error"]


def test_the_last_set_up_is_read_without_checking_whole_records(players, monkeypatch):
    """Issue 22: every `POST …/setup` names the player's last set-up, read from their
    latest other games; those records are read as plain JSON (the server's own), not
    rebuilt as `GameRecord`s, whose checks cost 71 ms at 3,000 actions, three a request."""
    gm, ann, _ = players
    first = _sjg(gm, ann)
    rear = gm.ok("post", f"/api/games/{first}/setup", {"seat": "red", "fill": "rear"})
    gm.ok("post", f"/api/games/{first}/actions", {"seat": "red", "action": rear["deploy"]})
    second = _sjg(gm, ann)
    gm.ok("get", f"/api/games/{second}/legal")   # the new game loaded and kept
    parsed = []
    real = GameRecord.from_json.__func__

    def counted(cls, text, source="the record"):
        parsed.append(source)
        return real(cls, text, source)

    monkeypatch.setattr(GameRecord, "from_json", classmethod(counted))
    plan = gm.ok("post", f"/api/games/{second}/setup", {"seat": "red", "fill": "like"})
    assert plan["last"] == {"game": first} and plan["placements"] == rear["placements"]
    assert parsed == []
