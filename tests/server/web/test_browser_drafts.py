"""Issue 24 in Chromium: a player against six bots gives every unit an order, changes one
(the set is replaced, never "nothing to order"), and the phase waits for her Ready; the
page's Ready names the phase it was clicked in, so a late one is refused, not applied to
the next phase."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.server.web.browser import chromium, live, sign_up, watch  # noqa: F401 - fixtures

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_orders_stay_drafts_until_ready(live, chromium):
    base = live.url
    ann = watch(chromium.new_context().new_page(), "AUSTRIA")
    sign_up(ann.page, base, "ann")
    ann.page.locator('[data-testid="new-diplomacy"] button[type="submit"]').click()   # bots in the other seats
    ann.page.wait_for_url(f"{base}/games/*")
    game_id = ann.page.url.rsplit("/", 1)[1]
    page = ann.page
    expect(page.locator('[data-testid="phase"]')).to_have_text("S1901M")
    box, submit = page.locator('[data-testid="order-input"]'), page.locator('[data-testid="submit-orders"]')
    expect(page.locator('[data-i18n="help"]')).to_contain_text("change them until you click Ready")

    box.fill("A bud - ser\nA vie - tyr\nF tri H")
    expect(page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(3)
    submit.click()
    expect(page.locator("#submitted")).to_have_text("3 accepted")
    # every unit has an order and the bots are done: she changes her mind all the same
    box.fill("A bud - ser\nA vie - gal\nF tri H")
    expect(page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(3)
    submit.click()
    expect(page.locator("#held")).to_contain_text("A vie - gal")
    expect(page.locator("#submitted")).to_have_text("3 accepted")
    expect(page.locator("#held")).not_to_contain_text("A vie - tyr")
    page.wait_for_timeout(1000)
    expect(page.locator('[data-testid="phase"]')).to_have_text("S1901M")   # waiting for her Ready

    sent: list[dict] = []
    page.on("request", lambda r: r.url.endswith(f"/api/games/{game_id}/ready") and sent.append(json.loads(r.post_data)))
    page.locator('[data-testid="ready"]').click()
    expect(page.locator('[data-testid="phase"]')).to_have_text("F1901M")
    expect(page.locator('[data-testid="log"]')).to_contain_text("A vie - gal")   # the changed order was judged
    expect(page.locator('[data-testid="log"]')).not_to_contain_text("A vie - tyr")
    assert sent == [{"seat": "AUSTRIA", "ready": True, "phase": "S1901M"}]
    expect(page.locator('[data-testid="ready"]')).to_have_attribute("aria-pressed", "false")   # a new phase
    ann.checked(live, game_id, POWERS)
