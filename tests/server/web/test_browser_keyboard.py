"""Every game playable by keyboard (issue 24): a turn of each kind of game played with Tab,
Shift+Tab and Enter only, no mouse: a Diplomacy season (units and provinces on the map, the
orders offered, Submit and Ready); an SJG turn (the secret set-up, a move, an attack and
its odds, the mid-combat choice); a Gondor & Sauron Game-Turn against the bot (pieces
moved, each phase ended, a cost confirmed, whatever the dice ask answered). Each
element reached shows a visible focus ring (`tab_to`)."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from warjudge.presentation.choices import labels

from tests.server.web.browser import DESKTOP, chromium, join, live, sign_up, tab_to, watch  # noqa: F401 - fixtures
from tests.server.web.test_browser_gondor_sauron import PENDING, PLAIN, W, acted, restacking, where, worded
from tests.server.web.test_browser_sjg import DEPLOY_ON, MID_COMBAT, play_to_a_telling_attack
from tests.server.web.test_browser_sjg_costs import default_group

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def press(page, selector: str, back: bool = False, text: str | None = None) -> None:
    """Tab to the element, then Enter: its click (panzoom.js makes it one for the boards' pieces)."""
    tab_to(page, selector, back, text)
    page.keyboard.press("Enter")


def confirm(page) -> None:
    """The odds or the cost shown, its confirm button focused: Enter makes the action."""
    expect(page.locator('[data-testid="confirm"]')).to_be_focused()
    page.keyboard.press("Enter")


def plain_move(legal, side):
    """A move of the units decisions.js ticks when its stack is pressed (all that may move,
    or the biggest group that may go together) to a hex they reach without a cost."""
    for a in legal:
        if a["type"] == "move" and not a.get("suicide") and not a.get("jewels") \
                and set(a["units"]) == default_group(legal, a["path"][0]):
            return a
    raise AssertionError(f"{side} has no plain move")


def test_a_diplomacy_season_by_keyboard(live, chromium):
    ann = watch(chromium.new_context(viewport=DESKTOP).new_page(), "AUSTRIA")
    page = ann.page
    sign_up(page, live.url, "kay")
    press(page, '[data-testid="new-diplomacy"] button[type="submit"]')   # the bots in the other seats
    page.wait_for_url(f"{live.url}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    expect(page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")
    box = page.locator('[data-testid="order-input"]')
    # a unit on the map, then one of the orders offered for it
    press(page, '#board [data-testid="unit"][data-unit="A bud"]')
    press(page, '#choices button[data-order="A bud - ser"]')
    expect(box).to_have_value("A bud - ser")
    # a unit on the map, then a province lit for it
    press(page, '#board [data-testid="unit"][data-unit="A vie"]', back=True)
    press(page, '#board [data-province="tyr"].target', back=True)
    expect(box).to_have_value("A bud - ser\nA vie - tyr")
    press(page, '#board [data-testid="unit"][data-unit="F tri"]')
    press(page, '#choices button[data-order="F tri H"]')
    expect(page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(3)
    press(page, '[data-testid="submit-orders"]')
    expect(page.locator("#held")).to_contain_text("A vie - tyr")
    press(page, '[data-testid="ready"]')
    expect(page.locator('[data-testid="phase"]')).to_have_text("Fall 1901 (moves)")
    units = {u.lower() for u in live.full_view(game_id)["units"]["AUSTRIA"]}
    assert {"a ser", "f tri"} <= units and units & {"a tyr", "a vie"}   # Tyrolia may bounce (a bot's move)
    ann.checked(live, game_id, POWERS)


def test_an_sjg_turn_by_keyboard(live, chromium):
    base = live.url
    red = watch(chromium.new_context(viewport=DESKTOP).new_page(), "red")
    black = watch(chromium.new_context(viewport=DESKTOP).new_page(), "black")
    pages = {"red": red, "black": black}
    page = red.page
    sign_up(page, base, "lee")
    form = '[data-testid="new-necromancer-sjg"]'
    tab_to(page, f'{form} input[name="bots"]')
    page.keyboard.press(" ")   # no bot: a second player
    press(page, f'{form} button[type="submit"]')
    page.wait_for_url(f"{base}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    sign_up(black.page, base, "max")
    join(black.page, base, game_id, "black")

    # SJG 9.1: a kind picked, a lit hex pressed, the rest in a formation, the commit
    left = page.locator('[data-testid="setup-left"]')
    expect(left).to_contain_text("25 wraiths")
    press(page, '[data-testid="setup-kind"][data-kind="wraith"]')
    press(page, "polygon.hex.setup-lit", back=True)
    expect(left).to_contain_text("24 wraiths")
    press(page, '[data-testid="setup-formation"][data-formation="front"]')
    expect(left).to_have_text("Every unit is placed.")
    press(page, '[data-testid="setup-commit"]')
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "")
    black.page.goto(f"{base}/lobby")
    assert black.page.evaluate(DEPLOY_ON, [game_id, "black", "deploy"]) > 0

    # SJG 4.1: the side to move presses a stack of its own, then a hex lit for it
    side = live.game(game_id).to_act()[0]
    mover = pages[side].page
    mover.goto(f"{base}/games/{game_id}")
    expect(mover.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "move")
    move = plain_move(live.game(game_id).legal_actions(side), side)
    press(mover, f'[data-testid="unit"][data-unit="{side} {move["path"][0]}"]')
    end = move["path"][-1]
    press(mover, f'polygon.hex.lit[data-hex="{end}"]', back=True)
    expect(mover.locator('[data-testid="log"]')).to_contain_text("you: Move ")
    assert {u["hex"] for u in live.full_view(game_id)["units"] if u["id"] in move["units"]} == {end}

    # on to an attack whose dice ask a mid-combat choice; pressed: the enemy's stack, the attack, Enter on its odds
    mover.goto(f"{base}/lobby")
    attacker_side, attack = play_to_a_telling_attack(live, pages, game_id, random.Random(14))
    game = live.game(game_id)
    attacker = pages[attacker_side].page
    attacker.goto(f"{base}/games/{game_id}")
    expect(attacker.locator('[data-testid="decision"]')).not_to_have_attribute("data-kind", "")
    press(attacker, f'[data-testid="unit"][data-hex="{attack["targets"][0]}"]')
    press(attacker, '#actions [data-testid="choice"]',
          text=labels("necromancer-sjg", game, [attack], game.view(attacker_side), "en")[0])
    expect(attacker.locator('[data-testid="odds"]')).to_be_visible()
    confirm(attacker)
    expect(attacker.locator('[data-testid="log"]')).to_contain_text("you: Attack ")

    # the mid-combat choice: a lit retreat hex if there is one, else a choice
    game = live.game(game_id)
    decider = next(p for p in game.to_act() if game.decision(p).kind in MID_COMBAT)
    asked = game.decision(decider)
    answering = pages[decider].page
    answering.goto(f"{base}/games/{game_id}")
    expect(answering.locator('[data-testid="decision"]')).to_have_attribute("data-kind", asked.kind)
    if answering.locator("polygon.hex.lit").count():
        press(answering, "polygon.hex.lit", back=True)
    else:
        press(answering, '#actions [data-testid="choice"]')
        if answering.locator('[data-testid="cost"]').count():
            confirm(answering)
    expect(answering.locator('[data-testid="log"]')).to_contain_text("you: ")
    after = live.game(game_id)
    assert not any((d := after.decision(p)) and d.kind == asked.kind and d.info == asked.info for p in after.to_act())
    for watched in (red, black):
        watched.checked(live, game_id, ["red", "black"])


def test_a_gondor_and_sauron_game_turn_by_keyboard(live, chromium):
    me = watch(chromium.new_context(viewport=DESKTOP).new_page(), W)
    page = me.page
    sign_up(page, live.url, "ned")
    press(page, '[data-testid="new-gondor"] button[type="submit"]')   # the bot takes Sauron's seat
    page.wait_for_url(f"{live.url}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    prompt = page.locator('[data-testid="decision"]')
    moved: set[str] = set()
    for _ in range(80):
        game = live.game(game_id)
        if game.is_over or game.state.turn >= 2:
            break
        decision, legal = game.decision(W), game.legal_actions(W)
        page.reload()
        expect(prompt).to_have_attribute("data-kind", decision.kind)
        pieces = [a for a in legal if a["type"] == "move"]
        stuck = not any({"type": k} in legal for k in PLAIN)    # SPI 8.2: Leaders must be restacked first
        if (decision.info or {}).get("stated"):   # SPI 7.32: the attacks stated, then resolved
            step = {"type": "resolve"} if {"type": "resolve"} in legal else next(a for a in legal if a["type"] == "attack")
            press(page, f'#actions [data-testid="choice"][data-type="{step["type"]}"]', text=worded(game, step))
            confirm(page)
        elif pieces and (decision.kind not in moved or stuck):   # a piece pressed, then a hex lit for it
            pid, to = restacking(live.full_view(game_id), pieces)
            press(page, f'[data-testid="unit"][data-unit="{pid}"]')
            press(page, f'polygon.hex.lit[data-hex="{to}"]', back=True)
            acted(page)
            assert where(live, game_id, pid) == to
            moved.add(decision.kind)
            continue
        elif decision.kind in PENDING and page.locator("polygon.hex.lit").count():
            press(page, "polygon.hex.lit", back=True)
        else:
            wanted = next((k for k in PLAIN if {"type": k} in legal), legal[0]["type"])
            press(page, f'#actions [data-testid="choice"][data-type="{wanted}"]')
            if game.cost(W, {"type": wanted}):   # SPI 4.11: pieces left unmoved, said first
                confirm(page)
        acted(page)
    else:
        raise AssertionError("the Game-Turn did not end in 80 decisions")
    game = live.game(game_id)
    assert (game.state.turn >= 2 or game.is_over) and moved
    me.checked(live, game_id, [W, "sauron"])
