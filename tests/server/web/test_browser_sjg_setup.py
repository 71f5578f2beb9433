"""The SJG set-up screen in Chromium (issue 24 finding 5, "SJG set-up in a few clicks"):
"like my last set-up" is disabled with its reason until the player has set up that side in
another game, then follows it; a kind dragged from the picker onto a lit hex places one, a
placed counter dragged to another hex moves there (pointer events: the same code serves a
finger). SJG 9.1: the set-up zone within 3 hexes of the side's Necromancer. On the way, the
lobby's Start double clicked makes one game (finding 10)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.web.browser import DESKTOP, chromium, live, sign_up, start_game, watch  # noqa: F401 - fixtures


def drag(page, source, target) -> None:
    """A mouse drag from the middle of one element to the middle of another, in steps."""
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def test_set_up_by_drag_and_like_my_last_set_up(live, chromium):
    base = live.url
    eve = watch(chromium.new_context(viewport=DESKTOP).new_page(), "red")
    page = eve.page
    sign_up(page, base, "eve")
    first = start_game(page, base, "necromancer-sjg")
    like, left = page.locator('[data-testid="setup-like"]'), page.locator('[data-testid="setup-left"]')
    expect(like).to_be_disabled()
    expect(page.locator('[data-testid="setup-like-why"]')).to_have_text(
        "Like my last set-up: no earlier game of yours as Red has a set-up.")
    page.locator('[data-testid="setup-formation"][data-formation="rear"]').click()
    expect(left).to_have_text("Every unit is placed.")
    hexes = '[data-testid="setup-counter"]'
    rear = set(page.locator(hexes).evaluate_all("ns => ns.map(n => n.dataset.setupHex)"))
    page.locator('[data-testid="setup-commit"]').click()
    expect(page.locator('[data-testid="decision"]')).to_have_attribute("data-kind", "")
    # issue 24: the log of one's actions printed the set-up as its JSON ({"1808": ["wraith", …)
    expect(page.locator('[data-testid="log"]')).to_contain_text("you: deploy · 50 units on ")
    assert '{"' not in page.locator('[data-testid="log"]').inner_text()

    # issue 24 finding 10: Start double clicked is busy at once and makes one game
    page.goto(f"{base}/lobby")
    form = page.locator('[data-testid="new-necromancer-sjg"]')
    form.locator('input[name="bots"]').uncheck()
    held: list = []
    def hold(route) -> None:
        held.append(route)
    page.route(f"{base}/api/games", hold)
    start = form.locator('button[type="submit"]')
    start.dblclick()
    expect(start).to_have_text("Sending…")
    expect(start).to_be_disabled()
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_url(f"{base}/games/*")
    page.unroute(f"{base}/api/games", hold)
    second = page.url.rsplit("/", 1)[1]
    games = page.evaluate("fetch('/api/games?mine=true').then(r => r.json())")
    assert sorted(g["id"] for g in games) == sorted([first, second])
    expect(left).to_have_text("Left to place: 8 skeletons, 25 wraiths, 17 zombies (50 in all).")
    lit = page.locator("polygon.hex.setup-lit")
    expect(lit).not_to_have_count(0)
    free = [h for h in lit.evaluate_all("ns => ns.map(n => n.dataset.hex)")
            if page.locator(f'[data-testid="unit"][data-hex="{h}"]').count() == 0]
    wraiths = page.locator('[data-testid="setup-kind"][data-kind="wraith"]')
    drag(page, wraiths, page.locator(f'polygon.hex[data-hex="{free[0]}"]'))   # from the picker
    expect(left).to_contain_text("24 wraiths")
    counter = page.locator(f'[data-testid="setup-counter"][data-setup-hex="{free[0]}"]')
    drag(page, counter, page.locator(f'polygon.hex[data-hex="{free[1]}"]'))   # a placed counter moved
    expect(page.locator(f'[data-testid="setup-counter"][data-setup-hex="{free[1]}"]')).to_have_count(1)
    expect(counter).to_have_count(0)
    expect(left).to_contain_text("24 wraiths")   # moved, not taken back by the click that ends the drag
    expect(page.locator('[data-testid="setup-ghost"]')).to_have_count(0)
    expect(like).to_be_enabled()
    like.click()
    expect(left).to_have_text("Every unit is placed.")
    expect(page.locator('[data-testid="setup-summary"]')).to_contain_text("8 skeletons, 25 wraiths, 17 zombies in ")
    followed = set(page.locator(hexes).evaluate_all("ns => ns.map(n => n.dataset.setupHex)"))
    assert len(followed - rear) <= 1, (followed, rear)   # the last set-up's hexes, but the one placed by hand
    expect(page.locator(f'[data-testid="setup-counter"][data-setup-hex="{free[1]}"] title')).to_contain_text("wraith")
    assert not eve.problems, eve.problems
