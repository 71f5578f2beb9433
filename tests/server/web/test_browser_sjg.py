"""Two people play SJG Necromancer against each other from two browsers, a third watches
(issue 14): a secret deployment in a few clicks (issue 24) the other side cannot see; a stack split by ticking its
units and moved by clicking a lit hex (by keyboard); an undo; the turns played on until an
attack whose dice certainly ask a mid-combat decision (found by trying each attack on an
exact copy of the stored game: the dice are the game's, so the copy rolls what the game
will); its odds shown before the confirm equal what the engine resolves; the decision is
answered by clicking. Nothing hidden reaches anyone."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from warjudge.presentation.choices import labels

from tests.server.web.browser import (DESKTOP, SIZES, Journey, chromium, join, live, shot, sign_up,  # noqa: F401 - fixtures
                                      start_game, too_small, watch)

SIDES = ["red", "black"]
MID_COMBAT = ("retreat", "advance")
KINDS = {"Necromancer", "apprentice", "dragon", "wraith", "skeleton", "zombie", "mercenary"}   # as counters print them

# In the page, with its own session and CSRF token: the seat plays its first legal action
# that is not a take-back while its decision is `kind` (the rest of a deployment, quickly).
DEPLOY_ON = """async ([game, seat, kind]) => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  for (let i = 0; i < 400; i++) {
    const legal = await (await fetch(`/api/games/${game}/legal?seat=${seat}`)).json();
    const mine = legal.seats[0];
    if (!mine.decision || mine.decision.kind !== kind) return i;
    const action = mine.actions.filter(a => a.type !== "undo")[0];
    const r = await fetch(`/api/games/${game}/actions`, {method: "POST",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf}, body: JSON.stringify({seat, action})});
    if (!r.ok) throw new Error(await r.text());
  }
  return -1;
}"""
# One action, sent from the seat's own page.
SEND = """async ([game, seat, action]) => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const r = await fetch(`/api/games/${game}/actions`, {method: "POST",
    headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf}, body: JSON.stringify({seat, action})});
  if (!r.ok) throw new Error(await r.text());
}"""


def stacks(page, side):
    return page.locator(f'[data-testid="map"] [data-testid="unit"][data-side="{side}"]')


def shown_after_click(legal, attack) -> bool:
    """The attack is among the choices the page lists once its first target hex is clicked
    (decisions.js shows the first 40: the plain ones such as `end`, then those naming the hex)."""
    hex_ = attack["targets"][0]
    plain = [a for a in legal if set(a) <= {"type", "side"}]
    named = [a for a in legal if a["type"] == "attack" and hex_ in a["targets"]]
    return len(plain) + named.index(attack) < 40


def asks_mid_combat(game, side, action) -> bool:
    """On an exact copy (the game's own dice): the attack leaves a retreat or an advance to decide."""
    trial = game.clone(reseed=False)
    trial.act(side, action)
    return not trial.is_over and any((d := trial.decision(p)) and d.kind in MID_COMBAT for p in trial.to_act())


def play_to_a_telling_attack(live, pages, game_id, rng):
    """Both sides play on (random legal actions, never an undo) until the side to act has an
    attack that certainly asks a mid-combat decision; returns (side, attack)."""
    for _ in range(600):
        game = live.game(game_id)
        assert not game.is_over, "the game ended before a telling attack"
        side = game.to_act()[0]
        legal = [a for a in game.legal_actions(side) if a["type"] != "undo"]
        attacks = [a for a in legal if a["type"] == "attack" and shown_after_click(legal, a)]
        telling = next((a for a in attacks if asks_mid_combat(game, side, a)), None)
        if telling:
            return side, telling
        others = [a for a in legal if a["type"] != "attack"] or legal
        ending = [a for a in others if a["type"] == "end"]
        pages[side].page.evaluate(SEND, [game_id, side, ending[0] if ending and rng.random() < 0.35
                                         else rng.choice(others)])
    raise AssertionError("no attack asked a mid-combat decision in 600 actions")


@pytest.mark.parametrize("size", SIZES)
def test_two_players_play_sjg_turns(live, chromium, size):
    base = live.url
    journey = Journey("sjg", size)   # issue 24: one journey at 1366x768, one at 390x844, each from sign-up
    red = watch(chromium.new_context(viewport=journey.viewport).new_page(), "red")
    black = watch(chromium.new_context(viewport=journey.viewport).new_page(), "black")
    spectator = watch(chromium.new_context(viewport=DESKTOP).new_page())
    pages = {"red": red, "black": black}

    sign_up(red.page, base, journey.user("cara"))
    journey.step(red.page, "lobby", "lobby")
    game_id = start_game(red.page, base, "necromancer-sjg")
    sign_up(black.page, base, journey.user("dan"))
    join(black.page, base, game_id, "black")

    # SJG 9.1 in a few clicks (issue 24): two wraiths placed by hand, one taken back, the rest
    # in a formation, the counts and the summary read, one commit
    expect(red.page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "deploy")
    left = red.page.locator('[data-testid="setup-left"]')
    expect(left).to_have_text("Left to place: 8 skeletons, 25 wraiths, 17 zombies (50 in all).")
    assert red.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scroll"
    kinds = red.page.locator('[data-testid="setup-kind"]')
    if size == "phone":
        assert all(kinds.nth(i).bounding_box()["height"] >= 44 for i in range(kinds.count())), "a thumb's 44 px"
    kinds.filter(has_text="Wraiths").click()
    zone = red.page.locator("polygon.hex.setup-zone")   # 9.1: within 3 hexes of the skull (37 less the map's edge)
    expect(zone).not_to_have_count(0)
    assert 30 <= zone.count() <= 37
    lit = red.page.locator("polygon.hex.setup-lit")
    free = [h for h in lit.evaluate_all("ns => ns.map(n => n.dataset.hex)")
            if red.page.locator(f'[data-testid="unit"][data-hex="{h}"]').count() == 0]
    for n, hex_ in enumerate(free[:2]):   # issue 24: by keyboard, a lit hex focused and pressed
        cell = red.page.locator(f'polygon.hex.setup-lit[data-hex="{hex_}"]')
        cell.focus()
        expect(cell).to_be_focused()
        cell.press("Enter")
        expect(left).to_contain_text(f"{24 - n} wraiths")
    placed = red.page.locator(f'[data-testid="setup-counter"][data-setup-hex="{free[1]}"]')
    placed.focus()
    expect(placed).to_be_focused()
    placed.press(" ")
    expect(left).to_contain_text("24 wraiths")
    expect(red.page.locator('[data-testid="setup-summary"]')).to_have_text(f"1 wraith in 1 hex, {free[0]}.")
    commit = red.page.locator('[data-testid="setup-commit"]')
    expect(commit).to_have_text("Place 49 more to set up")
    red.page.locator('[data-testid="setup-formation"][data-formation="front"]').click()
    expect(left).to_have_text("Every unit is placed.")
    expect(red.page.locator('[data-testid="setup-summary"]')).to_contain_text("8 skeletons, 25 wraiths, 17 zombies in ")
    expect(red.page.locator(f'[data-testid="setup-counter"][data-setup-hex="{free[0]}"] title')).to_contain_text("wraith")
    assert red.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scroll"
    journey.step(red.page, "setup", "setup")
    expect(commit).to_contain_text("Set up these units")
    commit.click()
    expect(red.page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "")
    hex_id = free[0]
    expect(red.page.locator(f'[data-testid="unit"][data-unit="red {hex_id}"]')).to_have_count(1)
    assert sum(Counter(u["kind"] for u in live.full_view(game_id)["units"] if u["side"] == "red").values()) == 51
    black.page.reload()
    spectator.page.goto(f"{base}/games/{game_id}")
    expect(black.page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "deploy")
    for other in (black, spectator):   # red's placement reaches neither the other side nor a spectator
        expect(other.page.locator('[data-testid="map"] svg')).to_have_count(1)
        expect(other.page.locator(f'[data-testid="unit"][data-unit="red {hex_id}"]')).to_have_count(0)
    shot(black.page, "sjg-deploy-black")
    for watched in (red, black, spectator):
        watched.checked(live, game_id, SIDES)

    # the rest of both deployments through the API, from black's lobby (its set-up page would
    # check its draft again at each placement, against a game that has moved on: refused)
    black.page.goto(f"{base}/lobby")
    assert black.page.evaluate(DEPLOY_ON, [game_id, "black", "deploy"]) > 0
    for watched in (red, black):
        watched.checked(live, game_id, SIDES)
        watched.page.goto(f"{base}/games/{game_id}")
        expect(watched.page.locator('[data-testid="decision"]')).not_to_have_text("…")
    mover = next(w for w in (red, black) if w.page.locator('[data-testid="decision"]').get_attribute("data-kind") == "move")
    side = mover.viewer

    # SJG 4.4: a stack splits: click it, untick one unit, the others go to a lit hex (by keyboard)
    boxes = mover.page.locator('[data-testid="stack-unit"]')
    for i in range(stacks(mover.page, side).count()):
        stack = stacks(mover.page, side).nth(i)
        origin = stack.get_attribute("data-hex")
        stack.dispatch_event("click")   # on a phone it may lie outside the opening zoom
        if boxes.count() >= 2:
            boxes.first.uncheck()
            if mover.page.locator("polygon.hex.lit").count():
                break
    else:
        raise AssertionError("no stack of two or more units could split")
    # issue 24 finding 9: each box names its unit as the counter is printed, by kind, never by id
    assert all(box.locator("xpath=..").inner_text().strip() in KINDS for box in boxes.all())
    staying = {int(boxes.first.get_attribute("data-id"))}
    going = {int(boxes.nth(j).get_attribute("data-id")) for j in range(1, boxes.count()) if boxes.nth(j).is_checked()}
    plain = {a["path"][-1] for a in live.game(game_id).legal_actions(side) if a["type"] == "move"
             and a["path"][0] == origin and set(a["units"]) == going and not a.get("suicide")}   # not over a cliff (6.7)
    target = next(h for h in mover.page.locator("polygon.hex.lit").evaluate_all("ns => ns.map(n => n.dataset.hex)")
                  if h in plain)
    lit = mover.page.locator(f'polygon.hex.lit[data-hex="{target}"]').first
    journey.step(mover.page, "move", "decisions")
    if size == "desktop":
        assert too_small(mover.page) == [], "the SJG board's hex numbers and counters: 11 px at 1366x768 (issue 24)"
    lit.focus()
    lit.press("Enter")
    expect(mover.page.locator(f'[data-testid="unit"][data-unit="{side} {target}"]')).to_have_count(1)
    expect(mover.page.locator('[data-testid="log"]')).to_contain_text("you: Move ")
    units = {u["id"]: u["hex"] for u in live.full_view(game_id)["units"]}
    assert {units[u] for u in going} == {target} and {units[u] for u in staying} == {origin}

    # undo puts them back
    undo = mover.page.locator('[data-testid="undo"]')
    expect(undo).to_be_visible()
    undo.click()
    expect(mover.page.locator(f'[data-testid="unit"][data-unit="{side} {target}"]')).to_have_count(0)
    units = {u["id"]: u["hex"] for u in live.full_view(game_id)["units"]}
    assert {units[u] for u in going | staying} == {origin}
    shot(mover.page, "sjg-after-undo")

    # several turns on, until an attack that certainly asks a mid-combat decision
    for watched in (red, black):   # from the lobby (its CSRF token, no polling board to redraw)
        watched.page.goto(f"{base}/lobby")
    attacker_side, attack = play_to_a_telling_attack(live, pages, game_id, random.Random(14))
    game = live.game(game_id)
    assert game.state.turn >= 1
    preview = game.preview(attacker_side, attack)
    attacker = pages[attacker_side]
    for watched in (red, black):
        watched.page.goto(f"{base}/games/{game_id}")
        watched.checked(live, game_id, SIDES)

    # the attack by clicking: its target hex narrows the choices; the odds come before the dice
    page = attacker.page
    expect(page.locator('[data-testid="decision"]')).not_to_have_attribute("data-kind", "")
    page.locator(f'[data-testid="map"] polygon.hex[data-hex="{attack["targets"][0]}"]').dispatch_event("click")
    page.locator("#actions").get_by_text(labels("necromancer-sjg", game, [attack], game.view(attack["side"]), "en")[0],
                                           exact=True).click()
    odds = page.locator('[data-testid="odds"]')
    expect(odds).to_be_visible()
    shown = [c.get_attribute("data-column") for c in page.locator('[data-testid="odds-column"]').all()]
    assert shown == [r["column"] for r in preview["rolls"] if "immune" not in r]
    expect(odds).to_contain_text(f"Attack strength {preview['attack']}")
    for a in preview["attackers"]:   # issue 24 finding 9: by kind, not "skeleton 53"
        expect(odds).to_contain_text(f"{'Necromancer' if a['kind'] == 'necromancer' else a['kind']} in {a['hex']}")
    for m in preview["modifiers"]:
        expect(odds).to_contain_text(m["why"])
    journey.step(page, "attack", "odds")
    events_before = len(live.full_view(game_id)["events"])
    page.locator('[data-testid="confirm"]').click()
    expect(page.locator('[data-testid="log"]')).to_contain_text("you: Attack ")
    said = [e["params"] for e in live.full_view(game_id)["events"][events_before:]
            if e["code"] in ("sjg.attacked", "sjg.boulders_dropped")]
    rolled = [r for r in preview["rolls"] if "immune" not in r]
    assert [e["column"] for e in said] == [r["column"] for r in rolled]
    for e, r in zip(said, rolled):   # the result the engine read is the one the shown row gave
        assert (r["automatic"] or r["row"][str(e["roll"])]) == e["result"]
    # the results panel words the roll the engine made, dice and result (issue 14: a log with dice)
    for e in said:
        roll = "automatic" if e["roll"] is None else f"roll {e['roll']}{e['modifier']:+d}"
        expect(page.locator('[data-testid="results"]')).to_contain_text(f"{roll}: {e['result']}")
    assert not re.search(r"\b[ZSWMDA]\d+\b", page.locator('[data-testid="results"]').inner_text())   # no unit ids

    # the mid-combat decision, answered by clicking: a lit retreat hex if there is one
    game = live.game(game_id)
    decider = next(p for p in game.to_act() if game.decision(p).kind in MID_COMBAT)
    kind = game.decision(decider).kind
    answering = pages[decider].page
    answering.reload()
    expect(answering.locator('[data-testid="decision"]')).to_have_attribute("data-kind", kind)
    journey.step(answering, f"combat-{kind}", "combat")
    lit = answering.locator("polygon.hex.lit")
    if kind == "retreat" and lit.count():
        fled = game.decision(decider).info["units"]
        to = lit.first.get_attribute("data-hex")
        lit.first.dispatch_event("click")
        expect(answering.locator('[data-testid="log"]')).to_contain_text(re.compile(r"you: (Retreat|Lose|Go over)"))
        units = {u["id"]: u["hex"] for u in live.full_view(game_id)["units"]}
        assert {units[u] for u in fled if u in units} == {to}
    else:
        answering.locator('#actions [data-testid="choice"]').first.click()
        expect(answering.locator('[data-testid="log"]')).to_contain_text("you: ")
    after = live.game(game_id)
    assert not any((d := after.decision(p)) and d.kind == kind and d.info == game.decision(decider).info
                   for p in after.to_act())

    journey.step(answering, "results", "decisions")   # the dice and results read after the combat
    spectator.page.reload()
    expect(spectator.page.locator('[data-testid="decision"]')).to_contain_text("Watching")
    shot(spectator.page, "sjg-spectator")
    for watched in (red, black, spectator):
        watched.checked(live, game_id, SIDES)
