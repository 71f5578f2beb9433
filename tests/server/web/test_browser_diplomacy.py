"""Two players play a Diplomacy year in Chromium (issue 14): one order clicked and one
typed, ready said and taken back (the other player sees both live, with no polling), the
games master adjudicating from the GM page, a dislodgement and its retreat chosen by
clicking the lit province, builds and a disband in the winter, the phase history stepped
through; a spectator watches; a refused line's reason follows the page's
language (issue 12). Nothing hidden reaches any of them. England is a bot (far
from the fighting: a random bot nearer Venice could spoil the dislodgement); the other
powers, unordered, hold."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.server.web.browser import (DESKTOP, SIZES, Journey, accessible, chromium, join, live, shot,  # noqa: F401 - fixtures
                                      sign_up, start_game, too_small, watch)

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
QUIET_MS = 7000   # longer than two of the old 3-second polls


def api_requests(page, game_id: str) -> list[str]:
    """Every request the page makes to the game's API from now on (the live list)."""
    seen: list[str] = []
    page.on("request", lambda r: f"/api/games/{game_id}" in r.url and seen.append(f"{r.method} {r.url}"))
    return seen


def click_unit_then_order(page, unit: str, order: str) -> None:
    page.locator(f'#board [data-testid="unit"][data-unit="{unit}"]').first.click()
    page.locator(f'#choices button[data-order="{order}"]').click()


@pytest.mark.parametrize("size", SIZES)
def test_two_players_play_a_diplomacy_year(live, chromium, size):
    base = live.url
    journey = Journey("diplomacy", size)   # issue 24: one journey at 1366x768, one at 390x844, each from sign-up
    desktop = size == "desktop"   # what is not about the screen's size is checked once, on the desktop
    ann = watch(chromium.new_context(viewport=journey.viewport).new_page(), "AUSTRIA")
    bob = watch(chromium.new_context(viewport=journey.viewport).new_page(), "ITALY")
    spectator = watch(chromium.new_context(viewport=DESKTOP).new_page())

    # ann signs up and starts a game holding the first seat, the others free for now
    sign_up(ann.page, base, journey.user("ann"))
    journey.step(ann.page, "lobby", "lobby")
    assert too_small(ann.page) == []
    game_id = start_game(ann.page, base, "diplomacy")

    # bob joins Italy from the lobby's open games
    sign_up(bob.page, base, journey.user("bob"))
    join(bob.page, base, game_id, "ITALY")

    # ann, the games master, seats a bot in England from the GM page
    gm = watch(ann.page.context.new_page(), "AUSTRIA")
    gm.page.goto(f"{base}/games/{game_id}/gm")
    assert gm.page.locator('[data-testid="bot-name"]').input_value() == "heuristic"   # the stronger by default
    budget = gm.page.locator('[data-testid="bot-budget"]')   # issue 26: a search bot's think budget
    expect(budget).to_be_hidden()
    gm.page.locator('[data-testid="bot-name"]').select_option("search")
    expect(budget).to_be_visible()
    gm.page.locator('[data-testid="bot-name"]').select_option("random")
    expect(budget).to_be_hidden()   # the random bot takes none
    gm.page.locator('tr[data-seat="ENGLAND"] [data-testid="seat-bot"]').click()
    expect(gm.page.locator('tr[data-seat="ENGLAND"]')).to_contain_text("bot (random)")
    journey.step(gm.page, "gm", "gm")
    if desktop:   # labels 11 px at 1366x768; a phone zooms
        assert too_small(gm.page) == []

    # ann orders by clicking: her unit, then one of its legal orders; then a unit and a lit province
    ann.page.reload()
    expect(ann.page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")
    click_unit_then_order(ann.page, "A bud", "A bud - ser")
    expect(ann.page.locator('[data-testid="order-input"]')).to_have_value("A bud - ser")
    # issue 24: the map by keyboard too: a unit of hers, then a lit province, each focused and pressed
    vienna = ann.page.locator('#board [data-testid="unit"][data-unit="A vie"]')
    vienna.focus()
    expect(vienna).to_be_focused()
    vienna.press("Enter")
    tyrolia = ann.page.locator('#board [data-province="tyr"].target')
    tyrolia.focus()
    expect(tyrolia).to_be_focused()
    tyrolia.press(" ")
    expect(ann.page.locator('[data-testid="order-input"]')).to_have_value("A bud - ser\nA vie - tyr")
    expect(ann.page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(2)
    journey.step(ann.page, "orders", "diplomacy")
    ann.page.locator('[data-testid="submit-orders"]').click()
    expect(ann.page.locator("#held")).to_contain_text("A vie - tyr")

    # bob types: a bad line is marked invalid with its reason as he types, then mended
    expect(bob.page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")
    box = bob.page.locator('[data-testid="order-input"]')
    status = bob.page.locator('[data-testid="order-status"] li')
    if desktop:   # his first set, a refused line and its reason in French (not about the screen)
        box.fill("F nap - ion\nA rom - xyz")
        expect(status).to_have_count(2)
        expect(status.nth(0)).to_have_attribute("data-valid", "yes")
        expect(status.nth(1)).to_have_attribute("data-valid", "no")
        expect(status.nth(1)).to_contain_text("unknown province 'xyz'")
        shot(bob.page, "diplomacy-typing")
        accessible(bob.page, "a Diplomacy page with a refused line")
        # in French the reasons come worded in French from their codes (issue 12), then back
        bob.page.locator('[data-lang="fr"]').click()
        expect(status.nth(1)).to_contain_text("Province inconnue 'xyz'")
        shot(bob.page, "diplomacy-typing-fr")
        bob.page.locator('[data-lang="en"]').click()
        expect(status.nth(1)).to_contain_text("unknown province 'xyz'")
        box.fill("F nap - ion\nA rom - ven")
        expect(status.nth(1)).to_have_attribute("data-valid", "yes")
        bob.page.locator('[data-testid="submit-orders"]').click()
        expect(bob.page.locator("#held")).to_contain_text("A rom - ven")
    # he changes his mind: the box is his whole set of orders, the new ones replace the old
    box.fill("F nap - ion\nA rom - apu\nA ven H")
    expect(status).to_have_count(3)
    expect(bob.page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(3)
    bob.page.locator('[data-testid="submit-orders"]').click()
    expect(bob.page.locator("#held li")).to_have_count(3)
    expect(bob.page.locator("#held")).to_contain_text("A rom - apu")
    expect(bob.page.locator("#held")).not_to_contain_text("A rom - ven")

    # the spectator sees the board but nobody's orders
    spectator.page.goto(f"{base}/games/{game_id}")
    expect(spectator.page.locator('#board [data-testid="unit"][data-unit="A bud"]')).to_have_count(1)
    # said in words, not by the role's internal name ("You are watching as public", "Seat public")
    expect(spectator.page.locator('[data-testid="watching"]')).to_have_text(
        "You are watching: you see what every player sees, no seat's orders before the phase ends.")
    expect(spectator.page.locator(".status")).not_to_contain_text("public")
    assert "A bud - ser" not in spectator.page.content() and "A rom - apu" not in spectator.page.content()
    assert "A bud - ser" not in bob.page.content() and "F nap - ion" not in ann.page.content()
    for watched in (ann, bob, spectator):
        watched.checked(live, game_id, POWERS)

    # live, not polled: bob's page asks nothing while nothing happens (once the events of
    # his own last change, sent within the stream's second, have come)...
    bob.page.wait_for_timeout(2500)
    bob_asks = api_requests(bob.page, game_id)
    bob.page.wait_for_timeout(QUIET_MS if desktop else 0)
    assert bob_asks == [], bob_asks
    # ...and sees ann's ready, then her taking it back, without a reload
    ann.page.locator('[data-testid="ready"]').click()
    expect(ann.page.locator('[data-testid="ready-cost"]')).to_contain_text("No order is held for F tri")   # issue 24
    ann.page.locator('[data-testid="ready-confirm"]').click()
    expect(ann.page.locator('[data-testid="ready"]')).to_have_attribute("aria-pressed", "true")
    expect(ann.page.locator('[data-testid="order-input"]')).not_to_be_editable()   # locked while ready
    expect(ann.page.locator('[data-testid="submit-orders"]')).to_be_disabled()
    expect(bob.page.locator('[data-testid="ready-seats"]')).to_have_text("AUSTRIA")
    expect(gm.page.locator('tr[data-seat="AUSTRIA"]')).to_contain_text("yes")
    shot(ann.page, "diplomacy-ready")
    ann.page.locator('[data-testid="ready"]').click()
    expect(ann.page.locator('[data-testid="ready"]')).to_have_attribute("aria-pressed", "false")
    expect(ann.page.locator('[data-testid="order-input"]')).to_be_editable()
    expect(bob.page.locator('[data-testid="ready-seats"]')).to_have_text("—")
    # one look at the game per change told (each then redraws the page: its legal orders, their marks)
    assert [r for r in bob_asks if r.endswith(f"/api/games/{game_id}?seat=ITALY&lang=en")] == \
        [f"GET {base}/api/games/{game_id}?seat=ITALY&lang=en"] * 2, bob_asks

    # she orders her fleet by clicking and goes straight to Ready, not Submit: Ready sends
    # the box's orders first (it once warned "No order is held for F tri" and, on "Ready all
    # the same", let the phase end without the order on her screen)
    click_unit_then_order(ann.page, "F tri", "F tri H")
    ann.page.locator('[data-testid="ready"]').click()
    expect(ann.page.locator("#held")).to_contain_text("F tri H")
    expect(ann.page.locator('[data-testid="ready-cost"]')).to_be_hidden()
    # the games master adjudicates now (the unordered powers hold); everyone sees it live
    # her ready is in before the GM ends the phase (one sent after it is refused, 409)
    expect(ann.page.locator('[data-testid="ready"]')).to_have_attribute("aria-pressed", "true")
    gm.page.locator('[data-testid="process"]').click()
    for page in (ann.page, bob.page, spectator.page):
        expect(page.locator('[data-testid="phase"]')).to_have_text("Fall 1901 (moves)")
    expect(bob.page.locator('#board [data-testid="unit"][data-unit="A apu"]')).to_have_count(1)
    expect(ann.page.locator('#board [data-testid="unit"][data-unit="A ser"]')).to_have_count(1)
    expect(ann.page.locator('#board [data-testid="unit"][data-unit="A tyr"]')).to_have_count(1)
    expect(ann.page.locator('[data-testid="log"]')).to_contain_text("A bud - ser — succeeds")
    shot(ann.page, "diplomacy-after-turn")
    shot(spectator.page, "diplomacy-spectator")
    for watched in (ann, bob, spectator):
        watched.checked(live, game_id, POWERS)

    # autumn: Trieste's fleet, supported from Tyrolia, dislodges Venice's army
    click_unit_then_order(ann.page, "F tri", "F tri - ven")
    click_unit_then_order(ann.page, "A tyr", "A tyr S F tri - ven")
    expect(ann.page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(2)
    ann.page.locator('[data-testid="submit-orders"]').click()
    expect(ann.page.locator("#held li")).to_have_count(2)
    gm.page.locator('[data-testid="process"]').click()

    # the retreat: bob clicks his dislodged army, then a lit province
    expect(bob.page.locator('[data-testid="phase"]')).to_have_text("Fall 1901 (retreats)")
    # issue 24: Austria has nothing to retreat: said plainly, with no empty order form
    expect(ann.page.locator('[data-testid="nothing-to-order"]')).to_have_text("Fall 1901 (retreats): nothing to order this phase.")
    expect(ann.page.locator('[data-testid="phase-banner"]')).to_contain_text("nothing to order this phase")
    for hidden in ("order-input", "submit-orders", "ready"):
        expect(ann.page.locator(f'[data-testid="{hidden}"]')).to_be_hidden()
    expect(bob.page.locator('[data-testid="phase-banner"] strong')).to_have_text("Fall 1901 (moves) adjudicated")
    expect(bob.page.locator('[data-testid="phase-banner-todo"]')).to_have_text("you have 1 unit to order")
    # the last phase's results read power by power (Austria's defaults came after Turkey's)
    expect(bob.page.locator("#last li")).not_to_have_count(0)
    said = bob.page.locator("#last li").evaluate_all("ns => ns.map(n => n.textContent.split(':')[0])")
    assert said == sorted(said), said
    dislodged = bob.page.locator('#board [data-testid="unit"][data-unit="A ven"][data-dislodged="true"]')
    expect(dislodged).to_have_count(1)
    # the unit buttons offer only what can be ordered: the dislodged army, not Italy's other units
    expect(bob.page.locator("#my-units button")).to_have_text(["A ven"])
    # issue 24 finding 6: once his set is complete a further line is judged in this phase (it
    # was judged in the next, the winter: "only build, disband and waive orders …")
    box.fill("A ven R tus\nA ven R pie")
    expect(status.nth(1)).to_contain_text("the unit in ven already has an order")
    expect(status.nth(0)).to_have_attribute("data-valid", "yes")
    dislodged.click()   # the click's order replaces both lines
    lit = bob.page.locator("#board [data-province].target")
    expect(lit).to_have_count(3)   # Piedmont, Rome (left by its army), Tuscany: never Trieste, the attacker's
    assert sorted(lit.evaluate_all("ns => ns.map(n => n.dataset.province)")) == ["pie", "rom", "tus"]
    journey.step(bob.page, "retreat", "retreat")
    bob.page.locator('#board [data-province="tus"].target').click()
    expect(box).to_have_value("A ven R tus")
    expect(status).to_have_count(1)
    expect(status).to_have_attribute("data-valid", "yes")
    bob.page.locator('[data-testid="submit-orders"]').click()     # Italy's only retreat, a draft until...
    expect(bob.page.locator("#held")).to_contain_text("A ven R tus")
    bob.page.locator('[data-testid="ready"]').click()             # ...he is ready: the phase ends

    # winter: Austria builds (Serbia and Venice are hers), Italy disbands (it lost Venice)
    for page in (ann.page, bob.page):
        expect(page.locator('[data-testid="phase"]')).to_have_text("Winter 1901 (adjustments)")
    expect(bob.page.locator('#board [data-testid="unit"][data-unit="A tus"]')).to_have_count(1)
    ann.page.locator('#choices button[data-order="Build A bud"]').click()
    expect(ann.page.locator('[data-testid="order-status"] li')).to_have_attribute("data-valid", "yes")
    journey.step(ann.page, "build", "diplomacy")
    # bob has chosen his army when ann's build reaches his page: its orders stay offered (the redraw took them away)
    bob.page.locator('#board [data-testid="unit"][data-unit="A apu"]').first.click()
    expect(bob.page.locator('#choices button[data-order="A apu D"]')).to_be_visible()
    with bob.page.expect_response(lambda r: f"/api/games/{game_id}/legal" in r.url):
        ann.page.locator('[data-testid="submit-orders"]').click()
    expect(ann.page.locator("#held")).to_contain_text("Build A bud")
    bob.page.locator('#choices button[data-order="A apu D"]').click()
    bob.page.locator('[data-testid="submit-orders"]').click()
    expect(bob.page.locator("#held")).to_contain_text("A apu D")   # held before the games master acts
    gm.page.locator('[data-testid="process"]').click()   # Austria's second build waived
    for page in (ann.page, bob.page):
        expect(page.locator('[data-testid="phase"]')).to_have_text("Spring 1902 (moves)")
    expect(ann.page.locator('#board [data-testid="map"] [data-testid="unit"][data-unit="A bud"]')).to_have_count(1)
    expect(bob.page.locator('#board [data-testid="unit"][data-unit="A apu"]')).to_have_count(0)

    # the phase history: back to the autumn's arrows, then the start, by button and by keyboard
    history = ann.page.locator('[data-testid="history"]')
    # issue 24 finding 15: the first "Earlier" goes to the phase before the current one, not to now
    history.locator('[data-testid="history-prev"]').click()
    expect(history.locator('[data-testid="history-phase"]')).to_contain_text("Fall 1901 (retreats)")
    expect(history.locator('[data-testid="history-phase"]')).not_to_contain_text("now")
    history.locator('[data-testid="history-prev"]').click()
    expect(history.locator('[data-testid="history-phase"]')).to_contain_text("Fall 1901 (moves)")
    expect(history.locator('[data-testid="history-unit"][data-unit="A ven"][data-dislodged="true"]')).to_have_count(1)
    expect(history.locator('[data-order="F tri - ven"]')).to_have_attribute("data-result", "succeeds")
    expect(history.locator('[data-testid="history-results"]')).to_contain_text("A tyr S F tri - ven")
    journey.step(ann.page, "history", "history")
    if desktop:   # labels 11 px at 1366x768; a phone zooms
        assert too_small(ann.page) == []
    if desktop:
        history_race_and_french(ann.page, game_id)
    # bob's history shows his own orders and what the phase's results show, never ann's drafts
    bob.page.locator('[data-testid="history-prev"]').click()
    expect(bob.page.locator('[data-testid="history-phase"]')).to_contain_text("Fall 1901 (retreats)")   # the phase before now

    # the press: bob writes to ann alone; she sees it unread, opens its thread and reads it
    bob.page.locator('[data-testid="press-to"]').select_option("AUSTRIA")
    bob.page.locator('[data-testid="press-input"]').fill("Venice was mine. Truce in the Adriatic?")
    bob.page.locator('[data-testid="press-send"]').click()
    expect(ann.page.locator('[data-testid="press-unread"]')).to_have_text("1 unread")
    ann.page.locator('[data-testid="press-thread"]', has_text="ITALY").click()
    expect(ann.page.locator('[data-testid="press-messages"] li')).to_have_count(1)
    expect(ann.page.locator('[data-testid="press-messages"]')).to_contain_text("ITALY → AUSTRIA: Venice was mine.")
    expect(ann.page.locator('[data-testid="press-unread"]')).to_be_hidden()
    journey.step(ann.page, "press", "diplomacy")
    for watched in (ann, bob, spectator, gm):
        watched.checked(live, game_id, POWERS)


def history_race_and_french(page, game_id: str) -> None:
    """Two quick steps back in the history: the answer for the first comes last and must not
    paint over the start; the status line and the history in French."""
    history = page.locator('[data-testid="history"]')
    held: list = []
    page.route(f"**/api/games/{game_id}/history/1?*", lambda route: held.append(route))
    history.locator('[data-testid="history-prev"]').press("ArrowLeft")
    history.locator('[data-testid="history-prev"]').press("ArrowLeft")
    expect(history.locator('[data-testid="history-phase"]')).to_contain_text("start")
    with page.expect_response(lambda r: f"/api/games/{game_id}/history/1?" in r.url):
        held[0].continue_()
    page.unroute(f"**/api/games/{game_id}/history/1?*")
    page.wait_for_timeout(500)
    expect(history.locator('[data-testid="history-phase"]')).to_contain_text("start")
    expect(history.locator('[data-testid="history-prev"]')).to_be_disabled()
    expect(history.locator('[data-testid="history-unit"][data-unit="A bud"]')).to_have_count(1)
    history.locator('[data-testid="history-next"]').press("ArrowRight")
    expect(history.locator('[data-testid="history-phase"]')).to_contain_text("Spring 1901 (moves)")
    # issue 24: the status line and the history word the phases in French too, never "S1902M"
    page.locator('[data-lang="fr"]').click()
    expect(page.locator('[data-testid="phase"]')).to_have_text("Printemps 1902 (mouvements)")
    expect(history.locator('[data-testid="history-phase"]')).to_have_text("1 / 4: après Printemps 1901 (mouvements)")
    page.locator('[data-lang="en"]').click()
    expect(page.locator('[data-testid="phase"]')).to_have_text("Spring 1902 (moves)")


def test_a_page_whose_event_stream_is_refused_falls_back_to_a_slow_poll(live, chromium):
    """Issue 14: live updates come from the event stream; only if the server refuses it
    does the page ask for the game itself (once at once, then slowly), and keeps trying."""
    base = live.url
    page = chromium.new_context().new_page()
    sign_up(page, base, "dan")
    game_id = start_game(page, base, "diplomacy")
    streams: list[str] = []

    def refuse(route) -> None:
        streams.append(route.request.url)
        route.fulfill(status=503, content_type="application/json", body='{"error": "no streams today"}')
    page.route("**/events*", refuse)
    asks = api_requests(page, game_id)
    page.reload()
    expect(page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")
    expect(page.locator('#board [data-testid="unit"][data-unit="A bud"]')).to_have_count(1)
    asks.clear()
    tried = len(streams)
    page.wait_for_timeout(5000)
    assert len(streams) > tried                                               # the stream is asked for again
    assert f"GET {base}/api/games/{game_id}?seat=AUSTRIA" not in asks, asks  # the game: slowly (30 s)
