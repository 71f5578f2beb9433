"""No move whose cost is hidden (issue 24, findings 1 and 15): in SJG's move phase a
click on a stack, then on a hex it reaches only by going over a cliff edge (6.7), lights
that hex in danger colours with a title saying why, and asks in words before anything is
sent; Cancel sends nothing and loses nothing, Confirm makes the move. A click on a slope
hex lands on the hex, not on its hatching. The page reads the grouped listing (issue 22:
each group's moves and suicides as its hexes, a fraction of the flat listing's bytes)."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.server.web.browser import DESKTOP, accessible, chromium, live, shot, sign_up, watch  # noqa: F401 - fixtures
from tests.server.web.test_browser_sjg import SEND
from tests.support.sjg_deploy import deploy_action

SLOPE = "1606"   # the hex of finding 15


def default_group(legal, hex_) -> set[int]:
    """The units decisions.js ticks when the stack in `hex_` is clicked: all that may move,
    or the biggest group that may move together."""
    moves = [m for m in legal if m["type"] == "move" and m["path"][0] == hex_]
    units = {u for m in moves for u in m["units"]}
    if not any(set(m["units"]) == units for m in moves):
        units = set(max(moves, key=lambda m: len(m["units"]))["units"])
    return units


def over_the_edge(game) -> dict:
    """A suicide move of red's (6.7) whose end hex the stack's ticked units reach no other
    way and where no unit stands: the hex a click throws the stack off the cliff."""
    legal = game.legal_actions("red")
    taken = {u.hex for u in game.state.position.units.values()}
    for a in legal:
        start, end = a["path"][0], a["path"][-1]
        if not a.get("suicide") or set(a["units"]) != default_group(legal, start) or end in taken:
            continue
        if not any(m["type"] == "move" and m["units"] == a["units"] and m["path"][0] == start
                   and m["path"][-1] == end and not m.get("suicide") and not m.get("jewels") for m in legal):
            return a
    raise AssertionError("no stack reaches a hex only over a cliff edge")


def test_a_move_over_the_cliff_edge_is_marked_and_asks_first(live, chromium):
    red = watch(chromium.new_context(viewport=DESKTOP).new_page(), "red")
    page = red.page
    listings = []   # each GET …/legal the page makes: its query, its size
    page.on("response", lambda r: "/legal" in r.url and listings.append((r.url.partition("?")[2], len(r.body()))))
    sign_up(page, live.url, "eve")
    form = page.locator('[data-testid="new-necromancer-sjg"]')
    form.locator('select[data-option="first"]').select_option("red")   # red moves first, not the coin's pick
    form.locator('button[type="submit"]').click()   # a bot holds black
    page.wait_for_url(f"{live.url}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "deploy")
    expect(page.locator('[data-testid="setup-summary"]')).to_be_visible()
    page.evaluate(SEND, [game_id, "red", deploy_action(live.game(game_id), "red", random.Random(1))])
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "move")
    # the deploy was sent past the page: a plan it asked for meanwhile (a redraw as the bot
    # deployed) is rightly refused once the set-up is over (409), as meant, not a problem
    late = [p for p in red.problems if p.startswith("409: POST") and p.endswith("/setup")]
    for p in late:
        red.problems.remove(p)
        red.problems.remove("console: Failed to load resource: the server responded with a status of 409 (Conflict)")
    # issue 24: the phase moved on without this page's doing: a banner says what to do now
    expect(page.locator('[data-testid="phase-banner"]')).to_contain_text("your turn: move")

    # finding 15: a real click on a slope's hatching selects the hex under it
    page.locator(f'polygon.hex[data-hex="{SLOPE}"]').click(timeout=5_000)
    expect(page.locator("#selection")).to_contain_text(f"Hex {SLOPE}")

    game = live.game(game_id)
    suicide = over_the_edge(game)
    start, end = suicide["path"][0], suicide["path"][-1]
    page.locator(f'[data-testid="unit"][data-hex="{start}"]').first.click()
    target = page.locator(f'polygon.hex.lit[data-hex="{end}"]')
    expect(target).to_have_class("hex lit costly")        # SJG 6.7: marked in its own style
    grouped = {k: v for k, v in suicide.items() if k != "path"}   # its group's: the same over any edge
    expect(target.locator("title")).to_have_text(game.cost("red", grouped)[0]["why"])
    expect(page.locator("polygon.hex.lit:not(.costly)").first).to_be_visible()   # the safe hexes are not
    shot(page, "sjg-cliff-lit")

    actions_before = len(game.record.actions)
    target.click()
    cost = page.locator('[data-testid="cost"]')
    expect(cost).to_contain_text("over the cliff edge: every one is lost (SJG 6.7)")
    shot(page, "sjg-cliff-confirm")
    accessible(page, "an SJG move's cost asked")
    page.locator('[data-testid="cancel"]').click()
    expect(cost).to_have_count(0)
    now = live.game(game_id)
    assert len(now.record.actions) == actions_before                 # nothing sent
    assert {now.state.position.units[u].hex for u in suicide["units"]} == {start}   # nothing lost

    target.click()
    page.locator('[data-testid="confirm"]').click()
    expect(page.locator('[data-testid="log"]')).to_contain_text("over the cliff edge: lost (SJG 6.7)")   # worded (finding 9)
    after = live.game(game_id)
    assert len(after.record.actions) == actions_before + 1
    assert not any(u in after.state.position.units for u in suicide["units"])
    red.checked(live, game_id, ["red", "black"])
    # issue 22: every listing the page read was the grouped one, words for its other actions
    # asked; the movement phase's is a fraction of the flat listing's bytes
    assert listings and all("group=unit" in query and "labels=true" in query for query, _ in listings), listings
    moving = [size for query, size in listings if "seat=red" in query]
    flat = len(page.evaluate("async url => await (await fetch(url)).text()", f"/api/games/{game_id}/legal?seat=red"))
    assert moving[-1] * 3 < flat, (moving, flat)   # the same position, grouped and flat
