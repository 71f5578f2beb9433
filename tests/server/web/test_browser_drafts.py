"""Issue 24 in Chromium: a player against six bots gives every unit an order, changes one
(the set is replaced, never "nothing to order"), and the phase waits for her Ready; the
page's Submit and Ready name the phase they were clicked in, so a late one is refused in
plain words, not applied to the next phase, and the draft is kept. The phase change is
loud: a banner saying what to do, the hidden tab's title and icon marked, a beep if the
sound is on. Result words follow the page's language (`?lang=fr`)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.server.web.browser import chromium, live, shot, sign_up, watch  # noqa: F401 - fixtures

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_orders_stay_drafts_until_ready(live, chromium):
    base = live.url
    ann = watch(chromium.new_context(viewport={"width": 1366, "height": 768}).new_page(), "AUSTRIA")
    sign_up(ann.page, base, "ann")
    ann.page.locator('[data-testid="new-diplomacy"] button[type="submit"]').click()   # bots in the other seats
    ann.page.wait_for_url(f"{base}/games/*")
    game_id = ann.page.url.rsplit("/", 1)[1]
    page = ann.page
    expect(page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")
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
    # an ordered unit clicked on the map offers its orders again, and a withdrawal (as on Backstabbr)
    vienna = page.locator('#board [data-testid="unit"][data-unit="A vie"]')
    vienna.click()
    expect(page.locator('#choices button[data-order="A vie - tyr"]')).to_be_visible()
    page.locator('[data-testid="withdraw-order"]').click()
    expect(box).to_have_value("A bud - ser\nF tri H")
    expect(page.locator('[data-testid="order-status"] li')).to_have_count(2)
    vienna.click()
    expect(page.locator('[data-testid="withdraw-order"]')).to_have_count(0)   # nothing in the box to withdraw
    page.locator('#board [data-testid="unit"][data-unit="F tri"]').click()
    page.locator('#board [data-province="ven"].target').first.click()   # the fleet's move, changed on the map
    expect(box).to_have_value("A bud - ser\nF tri - ven")
    page.wait_for_timeout(1000)
    expect(page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")   # waiting for her Ready

    # she turns the sound on (off by default, remembered) and looks at another tab
    sound = page.locator('[data-testid="sound"]')
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('warjudge-sound')") == "on"
    page.evaluate(COUNT_BEEPS)
    page.evaluate(HIDE_THE_TAB)
    title = page.title()

    # a late change: the games master adjudicates while her Submit is on its way (double clicked)
    box.fill("A bud - ser\nA vie - boh\nF tri H")
    held: list = []
    def submitted(url: str) -> bool:
        return f"/api/games/{game_id}/actions?" in url

    def hold(route) -> None:
        held.append(route)
    page.route(submitted, hold)
    submit.dblclick()
    expect(submit).to_be_disabled()
    expect(submit).to_have_text("Sending…")
    gm = page.context.new_page()
    gm.goto(f"{base}/games/{game_id}/gm")
    processed: list[str] = []
    gm.on("request", lambda r: r.url.endswith("/process") and processed.append(r.url))
    gm.locator('[data-testid="process"]').dblclick()   # busy too: one adjudication, not a 409
    expect(gm.locator("#done")).to_have_text("Adjudicated.")
    gm.close()
    expect(page.locator('[data-testid="phase"]')).to_have_text("Fall 1901 (moves)")
    assert len(held) == 1 and len(processed) == 1, (held, processed)   # one post each
    held[0].continue_()
    page.unroute(submitted, hold)
    expect(page.locator("#error")).to_contain_text(
        "The phase ended before this reached the server: the phase Spring 1901 (moves) has ended; "
        "you are now in Fall 1901 (moves)")
    expect(box).to_have_value("A bud - ser\nA vie - boh\nF tri H")     # her draft is still there
    expect(submit).to_have_text("Submit orders")
    # the refusal, as meant: its status and the browser's console line for it
    ann.problems.remove(f"409: POST {base}/api/games/{game_id}/actions?lang=en")
    ann.problems.remove("console: Failed to load resource: the server responded with a status of 409 (Conflict)")
    expect(page.locator('[data-testid="log"]')).to_contain_text("A vie - gal")   # the changed order was judged
    expect(page.locator('[data-testid="log"]')).not_to_contain_text("A vie - tyr")
    expect(page.locator('[data-testid="log"]')).not_to_contain_text("A vie - boh")  # the late one: never

    # the banner says what happened and what to do; the hidden tab's title and icon say it too
    banner = page.locator('[data-testid="phase-banner"]')
    expect(banner).to_contain_text("Spring 1901 (moves) adjudicated")
    expect(banner).to_contain_text(re.compile(r"you have \d units? to order"))
    assert page.title() == f"(•1) {title}"
    assert page.locator('link[rel="icon"]').get_attribute("href").startswith("data:image/svg+xml")
    assert page.evaluate("window.beeps") == 1
    shot(page, "diplomacy-phase-banner")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "diplomacy-phase-banner-phone")
    # on a phone the news and what to do read as two lines, neither starting with a lone "·"
    # (issue 24: it wrapped to "· you have 1 unit to order")
    expect(banner).not_to_contain_text("·")
    news, todo = (banner.locator("strong, [data-testid='phase-banner-todo']").nth(i).bounding_box() for i in (0, 1))
    assert todo["y"] >= news["y"] + news["height"] - 1 and abs(todo["x"] - news["x"]) < 1, (news, todo)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate(SHOW_THE_TAB)
    assert page.title() == title and page.locator('link[rel="icon"]').get_attribute("href") == "data:,"
    banner.locator('[data-testid="banner-results"]').click()
    expect(page.locator('[data-testid="history-phase"]')).to_contain_text("Spring 1901 (moves)")
    expect(page.locator('[data-testid="history-results"]')).to_contain_text("A vie - gal")

    # Ready with no order held says what the rules do with the units first, and waits (issue 24: no hidden cost)
    units = page.locator("#my-units button").evaluate_all("bs => bs.map(b => b.dataset.unitButton)")
    readied: list[str] = []
    page.on("request", lambda r: r.url.endswith("/ready") and readied.append(r.url))
    # her draft, kept from the spring, is sent by Ready first; the judge takes the lines that
    # still hold and refuses A bud's (it stands in Serbia now), and she is not made ready:
    # the refusal is said where Submit says it
    expect(box).to_have_value("A bud - ser\nA vie - boh\nF tri H")
    page.locator('[data-testid="ready"]').click()
    expect(page.locator("#submitted")).to_contain_text("refused")
    cost = page.locator('[data-testid="ready-cost"]')
    expect(cost).to_be_hidden()
    assert readied == [] and page.locator('[data-testid="ready"]').get_attribute("aria-pressed") == "false"
    expect(page.locator("#held li")).to_have_count(2)   # the lines the judge took: A vie - boh, F tri H
    held_now = page.locator("#held li").all_inner_texts()
    assert sorted(held_now) == ["A vie - boh", "F tri H"], held_now
    box.fill("")   # she clears the box: nothing is sent, and Ready says what the rules do first
    page.locator('[data-testid="ready"]').click()
    expect(cost).to_contain_text("No order is held for ")
    expect(cost).to_contain_text(": if the phase ends so, a unit holds")
    for unit in units:
        if not any(line.startswith(f"{unit} ") for line in held_now):
            expect(cost).to_contain_text(unit)
    page.locator('[data-testid="ready-cancel"]').click()
    expect(cost).to_be_hidden()
    assert readied == [] and page.locator('[data-testid="ready"]').get_attribute("aria-pressed") == "false"

    # every unit holds (the heuristic bots order once she has: they wait for the first power waited for)
    box.fill("\n".join(f"{unit} H" for unit in units))
    expect(page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(len(units))
    submit.click()
    expect(page.locator("#held li")).to_have_count(len(units))
    sent: list[dict] = []
    page.on("request", lambda r: r.url.endswith(f"/api/games/{game_id}/ready") and sent.append(json.loads(r.post_data)))
    page.locator('[data-testid="ready"]').dblclick()
    expect(page.locator('[data-testid="phase"]')).not_to_have_text("Fall 1901 (moves)")
    assert sent == [{"seat": "AUSTRIA", "ready": True, "phase": "F1901M"}]   # once, for the phase it was clicked in
    expect(page.locator('[data-testid="ready"]')).to_have_attribute("aria-pressed", "false")   # a new phase

    # in French (?lang=fr) the judge's result words are French too
    page.goto(f"{base}/games/{game_id}?lang=fr")
    expect(page.locator('[data-testid="log"]')).to_contain_text(re.compile("réussit|échoue"))
    expect(page.locator('[data-testid="log"]')).not_to_contain_text(re.compile("succeeds|fails"))
    ann.checked(live, game_id, POWERS)


COUNT_BEEPS = """() => { window.beeps = 0; const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.beeps += 1; return start.apply(this, args); }; }"""
HIDE_THE_TAB = """() => { window.hiddenTab = true;
  Object.defineProperty(document, "hidden", {configurable: true, get: () => window.hiddenTab});
  Object.defineProperty(document, "visibilityState", {configurable: true,
                                                      get: () => (window.hiddenTab ? "hidden" : "visible")});
  document.dispatchEvent(new Event("visibilitychange")); }"""
SHOW_THE_TAB = """() => { window.hiddenTab = false; document.dispatchEvent(new Event("visibilitychange")); }"""
