"""Issue 24 findings 7 and 11: every game's board reads on a phone and at 1366x768. No page
is wider than the screen, the board zooms (its viewBox changes) by its button and by the
keyboard, and at 1366x768 its labels and counters are at least 11 px on screen."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.web.browser import chromium, live, sign_up, watch  # noqa: F401 - fixtures

GAMES = ("diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron")
LEGIBLE = ("diplomacy", "necromancer-diplomacy", "gondor", "sauron")   # SJG: see docs/web-ui.md
SMALLEST_TEXT = """() => { const svg = document.querySelector('.board svg'), k = svg.getScreenCTM().a;
  return Math.min(...[...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')) * k)); }"""


def test_every_board_fits_the_screen_and_zooms(live, chromium):
    me = watch(chromium.new_context(viewport={"width": 1366, "height": 768}).new_page())
    page = me.page
    sign_up(page, live.url, "zoomer")
    pages = {}
    for game in GAMES:
        page.goto(f"{live.url}/lobby")
        page.locator(f'[data-testid="new-{game}"] button[type="submit"]').click()
        page.wait_for_url(f"{live.url}/games/*")
        pages[game] = page.url
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        for game, url in pages.items():
            page.goto(url)
            svg = page.locator(".board svg").first
            expect(svg).to_have_attribute("data-panzoom", "on")
            assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), (game, width)
            whole = svg.get_attribute("viewBox")
            page.locator('[data-testid="zoom-in"]').first.click()
            expect(svg).not_to_have_attribute("viewBox", whole)
            page.locator(".board").first.press("0")
            expect(svg).to_have_attribute("viewBox", whole)
            page.locator(".board").first.press("+")
            expect(svg).not_to_have_attribute("viewBox", whole)
            page.locator(".board").first.press("ArrowRight")
            page.locator('[data-testid="zoom-reset"]').first.click()
            expect(svg).to_have_attribute("viewBox", whole)
            if width == 1366 and game in LEGIBLE:
                assert page.evaluate(SMALLEST_TEXT) >= 11, game
    assert not me.problems, me.problems
