"""Issue 24 findings 7 and 11: every game's board reads on a phone and at 1366x768. No page
is wider than the screen, the board zooms (its viewBox changes) by its button and by the
keyboard, no text on the page, board or side panel, is under 11 px on screen at 1366x768,
and axe-core finds no serious or critical violation on any game's page at either size."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.web.browser import DESKTOP, accessible, chromium, live, sign_up, too_small, watch  # noqa: F401 - fixtures

GAMES = ("diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron")


def test_every_board_fits_the_screen_and_zooms(live, chromium):
    me = watch(chromium.new_context(viewport=DESKTOP).new_page())
    page = me.page
    sign_up(page, live.url, "zoomer")
    pages = {}
    for game in GAMES:
        page.goto(f"{live.url}/lobby")
        page.locator(f'[data-testid="new-{game}"] button[type="submit"]').click()
        page.wait_for_url(f"{live.url}/games/*")
        pages[game] = page.url
    for size in ({"width": 390, "height": 844}, DESKTOP):
        width = size["width"]
        page.set_viewport_size(size)
        for game, url in pages.items():
            page.goto(url)
            svg = page.locator(".board svg").first
            expect(svg).to_have_attribute("data-panzoom", "on")
            # issue 24 "a legend on every board" (the SJG picture's key is plain text in the svg)
            legend = (svg.locator("text", has_text="skull hex (start)") if game == "necromancer-sjg"
                      else svg.locator('[data-testid="legend"]'))
            expect(legend).to_have_count(1)
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
            accessible(page, f"the {game} page at {width} px")
            if size == DESKTOP:
                assert too_small(page) == [], f"{game}: text under 11 px at 1366x768"
    assert not me.problems, me.problems
