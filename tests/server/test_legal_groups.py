"""Issue 22: `GET …/legal?group=unit`, the legal actions with the moves grouped by the
units that make them (each group the hexes it may reach, each path once per start hex):
the flat listing regrouped, its costs the same, nothing worded, no view built; the flat
listing stays the default. A submission no longer spells a movement phase's thousands
of moves one by one (the forced-pass check reads the groups)."""

from __future__ import annotations

import json
import random

from tests.support import legal_groups
from warjudge.hexwar.sjg import legal as sjg_legal
from warjudge.presentation import choices
from warjudge.server import cache


def _key(action):
    return json.dumps(action, sort_keys=True)


def _sjg_moving(gm, ann):
    """An SJG game past both set-ups (each filled in a formation), and who moves first
    (the dice say: 9.3), as (player, seat)."""
    gid = gm.ok("post", "/api/games", {"game": "necromancer-sjg"})["id"]
    gm.ok("post", f"/api/games/{gid}/seats/red")
    ann.ok("post", f"/api/games/{gid}/seats/black")
    for player, side, formation in ((gm, "red", "front"), (ann, "black", "massed")):
        plan = player.ok("post", f"/api/games/{gid}/setup", {"seat": side, "fill": formation})
        player.ok("post", f"/api/games/{gid}/actions", {"seat": side, "action": plan["deploy"]})
    mover = next((p, s) for p, s in ((gm, "red"), (ann, "black"))
                 if (p.ok("get", f"/api/games/{gid}/legal?seat={s}&group=unit")["seats"][0]["decision"] or {}).get("kind") == "move")
    return gid, mover


def _assert_regrouped(player, gid, seat):
    flat = player.ok("get", f"/api/games/{gid}/legal?seat={seat}")["seats"][0]
    grouped = player.ok("get", f"/api/games/{gid}/legal?seat={seat}&group=unit")["seats"][0]
    assert grouped["seat"] == flat["seat"] and grouped["decision"] == flat["decision"]
    assert "labels" not in grouped and "labels" in flat
    spelled = legal_groups.moves(grouped)
    keys = {_key(a) for a in spelled}
    assert [a for a in flat["actions"] if _key(a) in keys] == spelled and len(keys) == len(spelled)
    rest = [i for i, a in enumerate(flat["actions"]) if _key(a) not in keys]
    assert [flat["actions"][i] for i in rest] == grouped["actions"]
    assert grouped["costs"] == {str(j): flat["costs"][str(i)] for j, i in enumerate(rest) if str(i) in flat["costs"]}
    at = {_key(a): i for i, a in enumerate(flat["actions"])}
    for move in grouped["moves"]:   # a group's cost is each of its moves' (a suicide's: its units), the hex left out
        for to in move["to"][:5]:
            each = flat["costs"].get(str(at[_key(legal_groups.spelled(grouped, move, to))]), [])
            assert [{k: v for k, v in c.items() if k not in ("hex", "why")} for c in each] == \
                [{k: v for k, v in c.items() if k != "why"} for c in move.get("cost", [])]
    return grouped


def test_the_grouped_listing_is_the_flat_one_regrouped(players):  # SJG 4.1-4.4, 6.7
    gm, ann, _ = players
    gid, _ = _sjg_moving(gm, ann)
    rng, grouped_moves = random.Random(2), 0
    for _ in range(4):
        for player, seat in ((gm, "red"), (ann, "black")):
            grouped_moves += len(_assert_regrouped(player, gid, seat)["moves"])
        mine = [(p, s) for p, s in ((gm, "red"), (ann, "black"))
                if (g := p.ok("get", f"/api/games/{gid}/legal?seat={s}&group=unit")["seats"][0])["actions"] or g["moves"]]
        player, seat = mine[0]
        grouped = player.ok("get", f"/api/games/{gid}/legal?seat={seat}&group=unit")["seats"][0]
        player.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": legal_groups.pick(grouped, rng)})
    assert grouped_moves > 100


def test_the_grouped_suicides_and_the_words_of_the_other_actions_on_request(players):  # SJG 6.7, issue 22
    # the page reads the grouped listing: its other actions worded as in the flat listing
    # (`labels`), a suicide group's cost worded once, naming no hex
    gm, ann, _ = players
    gid, (player, seat) = _sjg_moving(gm, ann)
    flat = player.ok("get", f"/api/games/{gid}/legal?seat={seat}&lang=fr")["seats"][0]
    grouped = player.ok("get", f"/api/games/{gid}/legal?seat={seat}&group=unit&labels=true&lang=fr")["seats"][0]
    keys = {_key(a) for a in legal_groups.moves(grouped)}
    rest = [i for i, a in enumerate(flat["actions"]) if _key(a) not in keys]
    assert grouped["labels"] == [flat["labels"][i] for i in rest] and grouped["sides"] == flat["sides"]
    assert grouped["costs"] == {str(j): flat["costs"][str(i)] for j, i in enumerate(rest) if str(i) in flat["costs"]}
    suicides = [m for m in grouped["moves"] if m["action"].get("suicide")]
    assert suicides and grouped["drops"] and not any(a.get("suicide") and not a.get("jewels") for a in grouped["actions"])
    for move in suicides:
        assert move["cost"][0]["why"].endswith("par-dessus le bord de la falaise : perte totale (SJG 6.7)")
        assert "hex" not in move["cost"][0]
    plain = player.ok("get", f"/api/games/{gid}/legal?seat={seat}&group=unit")["seats"][0]
    assert "labels" not in plain and plain["moves"][-1].get("cost", [{}])[0].get("why", "").find("falaise") < 0


def test_a_game_with_no_grouped_moves_lists_them_all_as_actions(players):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 2}})["id"]
    gm.ok("post", f"/api/games/{gid}/seats/north")
    flat = gm.ok("get", f"/api/games/{gid}/legal")["seats"][0]
    grouped = gm.ok("get", f"/api/games/{gid}/legal?group=unit")["seats"][0]
    assert grouped == {"seat": "north", "decision": flat["decision"], "actions": flat["actions"],
                       "costs": flat["costs"], "moves": [], "paths": {}, "drops": {}}


def test_an_unknown_grouping_is_a_422_naming_it(players):
    gm, ann, _ = players
    gid, _ = _sjg_moving(gm, ann)
    for bad in ("units", "", "UNIT"):
        answer = gm.get(f"/api/games/{gid}/legal?group={bad}")
        assert answer.status_code == 422 and "group" in answer.json()["error"], answer.text
    assert "labels" in gm.ok("get", f"/api/games/{gid}/legal")["seats"][0]


def test_the_grouped_listing_words_nothing_and_builds_no_view(players, monkeypatch):  # issue 22
    gm, ann, _ = players
    gid, (player, seat) = _sjg_moving(gm, ann)

    def refused(*args, **kwargs):
        raise AssertionError("worked out for a listing that shows no words")

    monkeypatch.setattr(choices, "worded", refused)
    monkeypatch.setattr(cache, "view", refused)
    grouped = player.ok("get", f"/api/games/{gid}/legal?seat={seat}&group=unit")["seats"][0]
    assert grouped["moves"] and grouped["paths"]


def test_a_submission_never_spells_the_moves_one_by_one(players, monkeypatch):  # issue 22
    gm, ann, _ = players
    gid, (player, seat) = _sjg_moving(gm, ann)
    spelled = []
    listing = sjg_legal.legal_actions   # flat (`plain`): one action per move; the groups call it without

    def counted(game, player, walks=None, plain=True, drops=None):
        if plain:
            spelled.append(player)
        return listing(game, player, walks, plain, drops)

    monkeypatch.setattr(sjg_legal, "legal_actions", counted)
    rng = random.Random(4)
    for _ in range(3):
        grouped = player.ok("get", f"/api/games/{gid}/legal?seat={seat}&group=unit")["seats"][0]
        move = legal_groups.moves(grouped)[rng.randrange(len(grouped["moves"]))]
        player.ok("post", f"/api/games/{gid}/actions", {"seat": seat, "action": move})
    assert spelled == []
    player.ok("get", f"/api/games/{gid}/legal?seat={seat}")
    assert spelled == [seat]
