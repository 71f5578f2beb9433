"""The SJG legal lists are complete: what `act` accepts is listed (issue 12).

Two spellings count as one action where they cannot lead to different games: units that
differ only by id (legal.canonical), displacement groups going to the same hex, and for a
move the path between its ends (one cheapest path is listed per destination; see
docs/engines.md)."""

from __future__ import annotations

import json
import random
from itertools import product
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hexwar.sjg.sjg_fuzz import positions
from tests.hexwar.sjg.sjg_helpers import act, end_until, make_map, nb, refused, start, two
from warjudge.core.errors import IllegalAction
from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg import bots
from warjudge.hexwar.sjg.legal import MAX_COMBINATIONS, canonical
from warjudge.hexwar.sjg.state import other
from tests.support.sjg_act import act_as_its_side

RN = {"rn": ("necromancer", "red", "0208")}
BN = {"bn": ("necromancer", "black", "2208")}


def key(game, action: dict[str, Any]) -> str:
    """One string per action up to the spellings the module docstring names."""
    c = canonical(game, action)
    if c["type"] == "move":
        c["path"] = [c["path"][0], c["path"][-1]]
    if "displace" in c:
        to: dict[str, list[int]] = {}
        for d in c["displace"]:
            to.setdefault(d["to"], []).extend(d["units"])
        c["displace"] = sorted((h, sorted(ids)) for h, ids in to.items())
    for k in ("carry", "targets", "jewels"):
        if k in c:
            c[k] = sorted(c[k])
    return json.dumps(c, sort_keys=True)


def mutants(game, action: dict[str, Any]) -> list[dict[str, Any]]:
    """Actions one step from a listed one: a unit added, dropped or given another role, a
    target hex added or dropped, a unit displaced, a unit joining a moving group."""
    pos, side = game.state.position, action["side"]
    mine = [u.id for u in pos.side_units(side)]
    out: list[dict[str, Any]] = []
    if action["type"] == "attack":
        for role in ("direct", "indirect", "boulder"):
            out += [{**action, role: sorted([*action.get(role, []), u])} for u in mine if u not in action.get(role, [])]
            for uid in action.get(role, []):
                rest = [x for x in action[role] if x != uid]
                less = {**action, role: rest} if rest else {k: v for k, v in action.items() if k != role}
                out.append(less)
                out += [{**less, r: sorted([*less.get(r, []), uid])} for r in ("direct", "indirect", "boulder") if r != role]
        out += [{**action, "targets": [*action["targets"], h]}
                for h in sorted({u.hex for u in pos.side_units(other(side))}) if h not in action["targets"]]
        if len(action["targets"]) > 1:
            out += [{**action, "targets": [t for t in action["targets"] if t != h]} for h in action["targets"]]
    if action["type"] == "retreat" and action.get("to"):
        dest = action["to"]
        out += [{**action, "displace": [*action.get("displace", []), {"units": [u.id], "to": n}]}
                for u in pos.at(dest) for n in pos.board.neighbours(dest)]
    if action["type"] == "move":
        out += [{**action, "units": sorted([*action["units"], u.id])} for u in pos.at(action["path"][0])
                if u.side == side and u.id not in action["units"]]
    return out


def unlisted_accepted(game, sample: int, rng: random.Random) -> list[dict[str, Any]]:
    side = game.to_act()[0]
    listed = game.legal_actions(side)
    keys = {key(game, a) for a in listed}
    found = []
    for action in rng.sample(listed, min(sample, len(listed))):
        for mutant in mutants(game, action):
            try:
                act_as_its_side(game.clone(reseed=False), mutant)
            except IllegalAction:
                continue
            if key(game, mutant) not in keys:
                found.append(mutant)
    return found


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_every_action_act_accepts_near_a_listed_one_is_listed(seed):
    # issue 12: legal_actions is the complete list of what act accepts (combat, opportunity
    # attacks, retreats and advances of random games, and some moves)
    game, rng = positions(seed, 0), random.Random(seed)
    checked = 0
    for _ in range(900):
        if game.is_over or checked >= 5:
            break
        if game.pending.kind in ("combat", "opportunity", "retreat", "advance") or rng.random() < 0.01:
            assert unlisted_accepted(game, 4, rng) == []
            checked += 1
        act_as_its_side(game, bots.random_action(game, rng))


def attacks(game, side="red"):
    return [a for a in game.legal_actions(side) if a["type"] == "attack"]


def test_an_attack_on_four_hexes_at_once_is_listed():
    # SJG 6.2: friendly units may attack enemy units in one or more hexes; 6.21: a zombie
    # attacks directly every enemy hex in its zone of control
    here = "1009"
    around = [nb(here, d) for d in ("NE", "E", "SE", "SW")]
    game, u = start({"z": ("zombie", "red", here), **{f"b{i}": ("zombie", "black", h) for i, h in enumerate(around)},
                     **RN, **BN})
    end_until(game, "combat")
    four = {"type": "attack", "side": "red", "targets": sorted(around), "direct": [u["z"].id]}
    assert four in attacks(game)
    assert len({tuple(a["targets"]) for a in attacks(game)}) == 2 ** 4 - 1  # every non-empty set of the four
    game.act("red", four)  # accepted: worse than 1-3 is an automatic AE
    assert u["z"].id not in game.state.position.units and all(game.state.position.at(h) for h in around)


def test_a_hex_already_attacked_may_be_attacked_again_and_is_listed():
    # SJG 6.2: units attack once per turn, but may be attacked any number of times
    game, u = start({"z1": ("zombie", "red", "1009"), "z2": ("zombie", "red", "1209"),
                     "e": ("zombie", "black", "1109"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(2, 2)  # 1-1, 4: NE
    act(game, "attack", targets=["1109"], direct=[u["z1"].id])
    assert game.state.position.at("1109") == [u["e"]]
    again = {"type": "attack", "side": "red", "targets": ["1109"], "direct": [u["z2"].id]}
    assert again in attacks(game)
    assert not any(u["z1"].id in a.get("direct", []) for a in attacks(game))  # z1 has attacked (6.2)
    game.dice.push(*two(12))
    game.act("red", again)
    assert game.state.position.at("1109") != [u["e"]]


def test_more_attackers_than_the_list_can_split_one_by_one_are_listed_by_count():
    # SJG 6.2, 6.21: units in different hexes combine against one hex; twins (same kind,
    # hex, no item) are listed by how many of them attack, lowest ids first
    target = "1109"
    ring = [nb(target, d) for d in ("NE", "E", "SE", "SW", "W", "NW")]
    units = {f"r{i}{k}": ("zombie", "red", h) for i, h in enumerate(ring) for k in range(3)}
    game, u = start({**units, "e": ("zombie", "black", target), **RN, **BN})
    end_until(game, "combat")
    assert 2 ** 18 > MAX_COMBINATIONS
    listed = attacks(game)
    assert len(listed) == 4 ** 6 - 1  # 0-3 zombies from each of the six hexes
    rng = random.Random(5)
    ids = [x.id for x in game.state.position.side_units("red") if x.hex in ring]
    keys = {key(game, a) for a in listed}
    for _ in range(30):
        group = sorted(rng.sample(ids, rng.randint(1, len(ids))))
        action = {"type": "attack", "side": "red", "targets": [target], "direct": group}
        trial = game.clone(reseed=False)
        trial.dice.push(*two(7))
        trial.act("red", action)
        assert key(game, action) in keys


def test_boulders_by_more_than_six_units_are_listed():
    # SJG 6.23: any units at edge hexes above the target may drop boulders together
    cliffs = tuple((nb("1211", d), "1211") for d in ("NW", "NE", "W"))
    board = make_map({nb("1211", d): "2" for d in ("NW", "NE", "W")}, cliffs=cliffs)
    above = {f"b{d}{k}": ("zombie", "black", nb("1211", d)) for d in ("NW", "NE", "W") for k in range(3)}
    game, u = start({**above, "rz": ("zombie", "red", "1211"), **RN, **BN}, board=board, first="black")
    end_until(game, "combat")
    boulders = [a for a in attacks(game, "black") if "boulder" in a]
    all_nine = sorted(x.id for x in game.state.position.side_units("black") if x.hex != "2208")
    assert {"type": "attack", "side": "black", "targets": ["1211"], "boulder": all_nine} in boulders
    assert len(boulders) == 2 ** 9 - 1


def test_an_indirect_opportunity_attack_on_two_hexes_is_listed():
    # SJG 6.24 and 6.22: a skeleton may attack indirectly units that ended their move in
    # range; 6.2: one attack may take on units in several hexes
    game, u = start({"z1": ("zombie", "red", "0710"), "z2": ("zombie", "red", "1014"),
                     "s": ("skeleton", "black", "1110"), **RN, **BN})
    assert distance("1110", "0910") == distance("1110", "1012") == 2
    act(game, "move", units=[u["z1"].id], path=["0710", "0810", "0910"])
    act(game, "move", units=[u["z2"].id], path=["1014", "1013", "1012"])
    game.act("red", {"type": "end"})
    assert game.pending.kind == "opportunity"
    both = {"type": "attack", "side": "black", "targets": ["0910", "1012"], "indirect": [u["s"].id]}
    listed = game.legal_actions("black")
    assert both in listed
    game.dice.push(2, 2)
    game.act("black", both)
    assert game.state.opp_targets == {u["z1"].id, u["z2"].id}


def retreat_into_stack():
    """Two black zombies in 1110 must retreat (DR) into 1210, where two black zombies stand."""
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("zombie", "black", "1110"),
                     "f": ("zombie", "black", "1110"), "g1": ("zombie", "black", "1210"),
                     "g2": ("zombie", "black", "1210"), **RN, **BN})
    game.state.position.sides["black"].count = 77
    end_until(game, "combat")
    game.dice.push(*two(3))  # 2-1, 3: DR
    act(game, "attack", targets=["1110"], direct=[u["z"].id])
    assert game.pending.kind == "retreat" and game.pending.player == "black"
    return game, u


def test_a_retreat_displacing_two_groups_to_two_hexes_is_listed():
    # SJG 6.52: friendly units in other hexes may be moved one hex to make way
    game, u = retreat_into_stack()
    two_ways = {"type": "retreat", "side": "black", "to": "1210",
                "displace": [{"units": [u["g1"].id], "to": "1209"}, {"units": [u["g2"].id], "to": "1310"}]}
    assert two_ways in game.legal_actions("black")
    game.act("black", two_ways)
    assert (u["g1"].hex, u["g2"].hex, u["e"].hex, u["f"].hex) == ("1209", "1310", "1210", "1210")


def test_a_unit_displaced_twice_is_refused():
    # SJG 6.52: a displaced unit moves one hex: naming it twice was accepted, moving it two
    game, u = retreat_into_stack()
    g1 = u["g1"].id
    refused(game, {"type": "retreat", "side": "black", "to": "1210",
                   "displace": [{"units": [g1], "to": "1310"}, {"units": [g1], "to": "1410"}]}, "once")
    refused(game, {"type": "retreat", "side": "black", "to": "1210",
                   "displace": [{"units": [g1, g1], "to": "1310"}]}, "once")


def test_a_kept_legal_list_is_made_again_after_every_action_and_clones_share_it():
    # issue 12: a position's legal list is kept for search, never past an action
    game, u = start({"a": ("zombie", "red", "1009"), "b": ("zombie", "red", "1409"), **RN, **BN})
    first = game.legal_actions("red")
    trial = game.clone()
    assert trial.legal_actions("red") == first
    step = next(a for a in first if a["type"] == "move" and a["units"] == [u["a"].id])
    trial.act("red", step)
    moved = trial.legal_actions("red")
    assert not any(a["type"] == "move" and u["a"].id in a["units"] for a in moved)  # SJG 4.1: once a phase
    assert game.legal_actions("red") == first and u["a"].hex == "1009"
    trial.act("red", {"type": "undo"})
    assert trial.legal_actions("red") == first


def accepted_on_clones(game, candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The candidates an exact clone of `game` accepts, in order (the reference the
    listings' own checks are held to)."""
    out = []
    for action in candidates:
        try:
            act_as_its_side(game.clone(reseed=False), action)
        except IllegalAction:
            continue
        out.append(action)
    return out


def every_advance(game) -> list[dict[str, Any]]:
    """SJG 6.6: each victor stays or advances one hex into a vacated hex: every choice
    moving someone, in the order of the product of the victors' choices."""
    pos, info, side = game.state.position, game.pending.info, game.pending.player
    units = [u for u in info["units"] if u in pos.units]
    options = [[None, *(h for h in info["hexes"] if h in pos.board.neighbours(pos.units[u].hex))] for u in units]
    moves = ({str(u): h for u, h in zip(units, choice) if h is not None} for choice in product(*options))
    return [{"type": "advance", "side": side, "moves": m} for m in moves if m]


def test_an_advance_listing_holds_exactly_the_candidates_act_accepts_on_a_clone():
    # SJG 6.6, 4.4, 10.53 (issue 26): the advances are listed with the rules' own checks,
    # not by playing each on a clone (up to 2.9 s a listing); the list holds
    # exactly what the clones accepted, in the same order (the advances of random games)
    checked = 0
    for seed in range(20):
        game, rng = positions(seed, 0), random.Random(seed)
        for _ in range(300):
            if game.is_over or checked >= 4:
                break
            if game.pending.kind == "advance" and "hexes" in game.pending.info:
                listed = [a for a in game.legal_actions(game.pending.player) if a["type"] == "advance"]
                assert listed == accepted_on_clones(game, every_advance(game))
                checked += 1
            act_as_its_side(game, bots.random_action(game, rng))
    assert checked >= 4


def test_a_search_listing_holds_exactly_the_hexes_act_accepts_on_a_clone():
    # SJG 7.41, 10.54 (issue 26): the searches are listed with the search's own checks,
    # not on clones: each Miasma hex holding the side's units, not one of dragons only
    game, _ = start({"w": ("wraith", "red", "1209"), "z": ("zombie", "red", "1208"), "d": ("dragon", "red", "1210"),
                     "o": ("wraith", "red", "1205"), "rn": ("necromancer", "red", "0208"),
                     "bn": ("necromancer", "black", "2208")}, miasma="1209")
    end_until(game, "search")
    game.dice.push(1, 1)   # for the clones: 2, no search succeeds
    tried = sorted(game.state.position.miasma.hexes | {"1205"})
    every = [{"type": "search", "side": "red", "hex": h} for h in tried]
    listed = [a for a in game.legal_actions("red") if a["type"] == "search"]
    assert listed == accepted_on_clones(game, every) and [a["hex"] for a in listed] == ["1208", "1209"]


def test_a_retreat_listing_holds_exactly_the_candidates_act_accepts_on_a_clone():
    # SJG 6.52-6.53 (issue 22): the retreat listing checks its candidates with the rules'
    # own checks, not by playing each on a clone (hundreds of ms for a big stack); it lists
    # exactly what the clones accepted, in the same order: displacements, and the retreats
    # of random games
    from warjudge.hexwar.sjg import legal

    def same(game) -> tuple[int, int]:
        side = game.pending.player
        candidates = legal._retreat_candidates(game, game.pending, side)
        listed = [a for a in game.legal_actions(side) if a["type"] == "retreat"]
        assert listed == accepted_on_clones(game, candidates)
        return len(listed), len(candidates)

    listed, tried = same(retreat_into_stack()[0])
    assert 10 < listed < tried
    rng, checked = random.Random(4), 0
    for seed in range(40):
        game = positions(seed, 0)
        for _ in range(400):
            if game.is_over or checked >= 6:
                break
            if game.pending.kind == "retreat":
                same(game)
                checked += 1
            act_as_its_side(game, bots.random_action(game, rng))
        if checked >= 6:
            break
    assert checked >= 6
