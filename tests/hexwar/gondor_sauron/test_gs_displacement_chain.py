"""SPI 7.6 displacement through the interface only (issue 23): a scenario file, charts
where every melee forces a one-hex retreat, and `act`. The defender's only way out holds
a friend whose only way out holds another friend: the chain displaces (7.62, 7.64); the
owner may decline and lose the retreating unit instead (7.61 "may"); a chain that cannot
end in a free hex is no choice (7.63)."""

from __future__ import annotations

import json
import random

from warjudge.core import games
from warjudge.hexwar.gondor_sauron.bots import heuristic_action
from warjudge.hexwar.gondor_sauron.charts import DEFAULT_CHARTS
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS
from warjudge.hexwar.grid import distance
from warjudge.presentation.gondor_sauron.log_en import page_lines

W, S = "westernesse", "sauron"


def retreat_one_charts() -> dict:
    """Every melee is a casualty, and every casualty a one-hex retreat."""
    doc = json.loads(DEFAULT_CHARTS.read_text(encoding="utf-8"))
    doc["casualty_probability"] = {a: {str(r): list(range(2, 13)) for r in range(1, 5)} for a in "ABCDE"}
    doc["casualty_results"] = {m: ["r1"] * 6 for m in "WXYZ"}
    return doc


def unit(uid: str, side: str, hex_: str) -> dict:
    return {"id": uid, "side": side, "nationality": "gondor" if side == W else "mordor", "kind": "infantry",
            "ratings": "C2X", "hex": hex_}


def walled(*pairs: tuple[str, list[str]]) -> list[dict]:
    return [{"hexes": [h, n], "kind": "wall"} for h, around in pairs for n in around]


def battle(units: list[dict], hexsides: list[dict]):
    """A 9x9 clear Sauron battle with these units; Sauron's unit `a` at 0404 attacks
    Westernesse's `d` at 0505 in Sauron's Combat Phase (D)."""
    doc = json.loads((SCENARIOS / "sauron.json").read_text(encoding="utf-8"))
    doc["map"].update(width=9, height=9, rows=[" ".join(["0"] * 9)] * 9, hexsides=hexsides)
    doc.update({"units": [unit("a", S, "0404"), unit("d", W, "0505"), *units], "leaders": [], "turns": 2,
                "night_turns": [], "reinforcements": [], "spells": [], "pedestal": None})
    g = games.new("sauron", seed=1, scenario=doc, charts=retreat_one_charts())
    while not (g.state.phase == "D" and g.state.stage == "melee"):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})
    g.act(S, {"type": "attack", "unit": "a", "target": "d"})
    return g


# d's only exit is 0506 (walls, and a's zone); f in 0506 can go only to 0507, where g stands
D_BOXED = ("0505", ["0504", "0605", "0406", "0405"])
F_BOXED = ("0506", ["0605", "0606", "0607", "0406"])


def where(g, uid: str) -> tuple[str, bool] | None:
    found = [(x["hex"], x["disrupted"]) for x in g.view(W)["units"] if x["id"] == uid]
    return found[0] if found else None


def test_a_retreat_displaces_a_chain_of_friends():
    # SPI 7.62: displaced units follow all the rules of retreat, so f, whose only way is
    # g's hex, displaces g in turn; 7.64 one retreat displaces more than one unit;
    # 7.65 displaced units are disrupted, 7.57 so is the unit that retreated
    g = battle([unit("f", W, "0506"), unit("g", W, "0507")], walled(D_BOXED, F_BOXED))
    assert g.decision(W).kind == "displace"
    exits = ["0406", "0407", "0408", "0508", "0607"]      # g's neighbours but 0506 (f's)
    assert g.legal_actions(W) == [{"type": "retreat", "path": ["0506"], "displace_to": "0507", "then_to": [h]}
                                  for h in exits] + [{"type": "decline"}]
    g.act(W, {"type": "retreat", "path": ["0506"], "displace_to": "0507", "then_to": ["0508"]})
    assert [where(g, x) for x in "dfg"] == [("0506", True), ("0507", True), ("0508", True)]
    said = page_lines(g.view(W), g.view(W)["events"])
    assert said[-3:-1] == ["Turn 1, D (Forces of Sauron Combat Phase) · G (IC2X) is displaced to 0508",
                          "Turn 1, D (Forces of Sauron Combat Phase) · F (IC2X) is displaced to 0507"]


def test_the_owner_may_decline_a_displacement_and_lose_the_retreating_unit():
    # SPI 7.61: the friend *may* be displaced; declining, the retreating unit is lost
    # (as 7.63 loses it when the friend cannot go), and 7.51 the victor may advance
    g = battle([unit("f", W, "0506")], walled(D_BOXED))
    assert g.decision(W).kind == "displace" and {"type": "decline"} in g.legal_actions(W)
    g.act(W, {"type": "decline"})
    assert where(g, "d") is None and where(g, "f") == ("0506", False)
    assert g.view(W)["eliminated"] == ["d"] and g.decision(S).kind == "advance"
    assert "D does not displace its friends and is lost instead" in page_lines(g.view(W), g.view(W)["events"])[-2]


def test_a_chain_that_ends_nowhere_or_on_a_disrupted_friend_is_no_choice():
    # SPI 7.63: if the displacement would eliminate the displaced unit, the retreating
    # unit is eliminated instead; 7.57 disrupted units may not be displaced
    g_boxed = ("0507", ["0508", "0607", "0408", "0407", "0406"])
    g = battle([unit("f", W, "0506"), unit("g", W, "0507")], walled(D_BOXED, F_BOXED, g_boxed))
    assert where(g, "d") is None and g.view(W)["eliminated"] == ["d"]
    assert [where(g, "f"), where(g, "g")] == [("0506", False), ("0507", False)]


def test_a_chain_never_comes_back_through_its_own_hexes():
    # cycle-free: with f and g able to reach only each other's and d's hexes, no chain
    # goes round (the retreating unit dies, 7.63)
    f_to_g_only = ("0506", ["0605", "0606", "0607", "0406"])
    g_to_f_only = ("0507", ["0508", "0607", "0408", "0407", "0406"])
    g = battle([unit("f", W, "0506"), unit("g", W, "0507")], walled(D_BOXED, f_to_g_only, g_to_f_only))
    assert g.view(W)["eliminated"] == ["d"]


def test_the_heuristic_bot_displaces_rather_than_declines():
    g = battle([unit("f", W, "0506"), unit("g", W, "0507")], walled(D_BOXED, F_BOXED))
    chosen = heuristic_action(g, W, random.Random(1))
    assert chosen["type"] == "retreat" and chosen["displace_to"] == "0507"


def corridor(friends: int):
    """d and `friends` friends in a walled line 0505, 0506, … each able to step only to
    the next hex (d also towards its attacker at 0404); the last one stands free."""
    line = ["0505", "0506", "0507", "0508", "0509", "0609", "0608"][:friends + 1]
    ring = [f"{c:02d}{r:02d}" for c in range(1, 10) for r in range(1, 10)]
    sides = {frozenset((h, n)) for i, h in enumerate(line[:-1]) for n in ring
             if distance(h, n) == 1 and n not in line[max(0, i - 1):i + 2] and n != "0404"}
    units = [unit(f"f{i}", W, h) for i, h in enumerate(line[1:], 1)]
    return battle(units, [{"hexes": sorted(s), "kind": "wall"} for s in sorted(sides, key=sorted)])


def test_a_chain_is_at_most_four_displacements_long():
    # SPI 7.64 (ruling: at most four units displaced by one retreat, so a listing is bounded)
    g = corridor(4)
    chains = [a for a in g.legal_actions(W) if a["type"] == "retreat"]
    assert chains and all(len(a["then_to"]) == 3 for a in chains)
    g = corridor(5)
    assert g.view(W)["eliminated"] == ["d"]
