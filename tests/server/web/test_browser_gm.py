"""The games master's tools from the GM page, in Chromium (issue 14 "GM page": pause,
extend, roll back, replace a seat, the game's own GM actions; issue 13's GM routes)."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlalchemy.orm import Session

from tests.server.web.browser import (ARTIFACTS, DESKTOP, NOTIFICATIONS, PHONE, accessible, api_as, chromium, live, shot,  # noqa: F401
                                      sideways, sign_up, watch)
from warjudge.server.models import GameRow

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def stored(live, game_id: str) -> GameRow:
    """The game's row as the database holds it now (the test reads what the page changed)."""
    with Session(live.app.state.engine) as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        _ = [s.user for s in row.seats]
        session.expunge_all()
        return row


def test_the_games_master_pauses_extends_replaces_rolls_back_and_draws_from_the_gm_page(live, chromium):
    base = live.url
    gm = watch(chromium.new_context(viewport=DESKTOP).new_page())
    bob = watch(chromium.new_context().new_page(), "ENGLAND")
    bob.page.add_init_script(NOTIFICATIONS)
    sign_up(bob.page, base, "bob")

    # ann starts a timed game holding no seat: she is its games master
    sign_up(gm.page, base, "ann")
    form = gm.page.locator('[data-testid="new-diplomacy"]')
    form.locator('select[name="seat"]').select_option("")   # no seat: she runs the game
    form.locator('input[name="bots"]').uncheck()
    form.locator('input[name="phase_seconds"]').fill("3600")
    form.locator('button[type="submit"]').click()
    gm.page.wait_for_url(f"{base}/games/*/gm")   # a games master holding no seat lands on the GM page
    game_id = gm.page.url.split("/games/")[1].split("/")[0].split("?")[0]
    page = gm.page
    page.goto(f"{base}/games/{game_id}/gm")
    phase = page.locator('[data-testid="phase"]')
    expect(phase).to_have_text("Spring 1901 (moves)")   # issue 24: no phase code, no version number
    # the public view is drawn as the game page draws it and read as a table, never as JSON (issue 24)
    expect(page.locator('[data-testid="gm-board"] svg')).to_be_visible()
    expect(page.locator('[data-testid="full-view"] th', has_text="supply centers")).to_be_visible()
    assert "{" not in page.locator("main").inner_text()

    # the clock: it waits for the seats until the games master starts it; pause, extend while paused, resume
    expect(page.locator('[data-testid="clock"]')).to_have_text("starts when every seat is taken")
    expect(page.locator('[data-testid="deadline"]')).to_have_text("when every seat is taken")
    page.locator('[data-testid="start-clock"]').click()
    expect(page.locator('[data-testid="clock"]')).to_have_text("running")
    expect(page.locator('[data-testid="start-clock"]')).to_be_hidden()
    page.locator('[data-testid="pause"]').click()
    expect(page.locator('[data-testid="clock"]')).to_contain_text("paused")
    left = stored(live, game_id).paused_remaining
    page.locator('[data-testid="extend-seconds"]').fill("600")
    page.locator('[data-testid="extend"]').click()
    expect(page.locator('[data-testid="clock"]')).not_to_contain_text(f"{round(left)} s left")
    assert stored(live, game_id).paused_remaining >= left + 599
    page.locator('[data-testid="resume"]').click()
    expect(page.locator('[data-testid="clock"]')).to_have_text("running")

    # replace a seat: England goes to bob, who then holds it
    page.locator('tr[data-seat="ENGLAND"] input').fill("bob")
    page.locator('tr[data-seat="ENGLAND"] [data-testid="give-seat"]').click()
    expect(page.locator('tr[data-seat="ENGLAND"]')).to_contain_text("bob")
    assert [s.user.name for s in stored(live, game_id).seats if s.name == "ENGLAND"] == ["bob"]
    # at 1366x768 the seats table fits its box: no seat's name scrolled out of sight (issue 24:
    # each input took its cell's whole width and pushed the table wider than the page)
    assert page.locator(".table-scroll").first.evaluate("n => n.scrollWidth - n.clientWidth") <= 0
    bob.page.goto(f"{base}/games/{game_id}")   # England's page: the browser alerts bob once he asked (issue 24)
    expect(bob.page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")
    assert bob.page.evaluate("window.asked") == 0   # not before the click
    bob.page.locator('[data-testid="alert-me"]').click()
    expect(bob.page.locator('[data-testid="alert-me"]')).to_have_text("Alerts on")

    # a power's orders sent by mail, entered by the games master (the Diplomacy games' `orders`
    # action: issue 24 took the JSON box that was its only way in); an empty send says so; each
    # void line is named with its reason, as France's own order box words it (issue 24: the page
    # said "3 lines entered", void ones included)
    page.locator('[data-testid="orders-power"]').select_option("FRANCE")
    page.locator('[data-testid="enter-orders"]').click()
    expect(page.locator("#error")).to_have_text("write FRANCE's orders first, one a line")
    page.locator('[data-testid="orders-text"]').fill("A Par-Bur\nF bre - mid\nA xyz - abc")
    page.locator('[data-testid="enter-orders"]').click()
    expect(page.locator('[data-testid="orders-done"]')).to_have_text("FRANCE: 2/3 lines entered; 1 void, left out (their units take the default):")
    expect(page.locator('[data-testid="orders-refused"] li')).to_have_text(["✗ A xyz - abc — invalid: unknown province 'xyz'"])
    page.locator("#orders").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "gm-orders-refused.png"))
    expect(page.locator('[data-testid="orders-text"]')).to_have_value("")

    # adjudicate, then roll back to the first phase
    page.locator('[data-testid="process"]').click()
    expect(phase).to_have_text("Fall 1901 (moves)")
    expect(page.locator("#done")).to_have_text("Adjudicated.")
    expect(page.locator('[data-testid="orders-refused"] li')).to_have_count(0)   # what the entry of orders said is gone
    expect(page.locator('[data-testid="orders-done"]')).to_be_empty()
    expect(page.locator('[data-testid="full-view"]')).to_contain_text("A bur")   # France's order, entered above
    bob.page.wait_for_function("window.notified.length === 1")
    assert "ENGLAND" in bob.page.evaluate("window.notified[0].body")
    # the roll-back list names the phases, no codes or numbers (issue 24 finding 15: it read
    # "0 (after 0 actions)", then "S1901M (phase 0)")
    expect(page.locator('[data-testid="rollback-phase"] option')).to_have_text(["Spring 1901 (moves)", "Fall 1901 (moves)"])
    page.locator('[data-testid="rollback-phase"]').select_option("0")
    page.locator('[data-testid="rollback"]').click()
    expect(phase).to_have_text("Spring 1901 (moves)")

    # the game's own GM action: a draw among the seats ticked (all of them, as it must) ends the
    # game; the deadline then says so and how it ended, not "when every seat is taken" (issue 24)
    expect(page.locator('[data-testid="draw-seat"]:checked')).to_have_count(len(POWERS))
    page.locator('[data-testid="draw"]').click()
    drawn = "the game is over: drawn between " + ", ".join(POWERS)
    expect(page.locator('[data-testid="deadline"]')).to_have_text(drawn)
    expect(page.locator('[data-testid="clock"]')).to_have_text("stopped: the game is over")
    expect(page.locator('[data-testid="draw"]')).to_be_hidden()
    # every control that can no longer do anything goes with it (issue 24: "Adjudicate now" and
    # "Adjudicated." stayed): the clock's, a bot's, a new holder's; roll back stays (it undoes the end)
    for gone in ("process", "pause", "resume", "extend", "extend-seconds", "bot-name", "orders-text"):
        expect(page.locator(f'[data-testid="{gone}"]')).to_be_hidden()
    expect(page.locator("#done")).to_be_empty()
    expect(page.locator('[data-testid="seat-bot"], [data-testid="change-bot"], [data-testid="give-seat"], #seats input')).to_have_count(0)
    expect(page.locator('[data-testid="seats"] th:visible')).to_have_text(["Seat", "Held by", "Ready", "Invitation"])
    expect(page.locator('[data-testid="rollback"]')).to_be_visible()
    bob.page.goto(f"{base}/games/{game_id}")   # the players' page and the lobby say it too
    expect(bob.page.locator('[data-testid="deadline"]')).to_have_text(drawn)
    expect(bob.page.locator('[data-testid="nothing-to-order"]')).to_have_text("T" + drawn[1:] + ".")
    for gone in ("order-input", "submit-orders", "ready"):   # a game over takes no orders
        expect(bob.page.locator(f'[data-testid="{gone}"]')).to_be_hidden()
    bob.page.goto(f"{base}/lobby")
    expect(bob.page.locator(f'[data-testid="my-games"] tr[data-game="{game_id}"] td').last).to_have_text(
        "none: the game is over")
    assert "{" not in page.locator("main").inner_text()
    shot(page, "gm-tools")
    accessible(page, "the GM page of a game over")
    page.set_viewport_size(PHONE)   # on a phone: the view's tables scroll in their own box, not the page
    shot(page, "gm-tools-phone")
    assert sideways(page) <= 0
    assert not gm.problems, gm.problems
    assert not bob.problems, bob.problems


def test_a_gondor_games_master_page_names_its_phase_and_reads_without_json(live, chromium):
    # issue 24: the phase by its title ("turn 1 · A" before), the view as a board and a table, no JSON
    gm = watch(chromium.new_context(viewport=DESKTOP).new_page())
    sign_up(gm.page, live.url, "gia")
    created = api_as(chromium, live.url, "gia").post("/api/games", data={"game": "gondor", "options": {}}).json()
    gm.page.goto(f"{live.url}/games/{created['id']}/gm")
    title = "turn 1 · Initial Magic Leader Movement Phase"
    expect(gm.page.locator('[data-testid="phase"]')).to_have_text(title)
    api = api_as(chromium, live.url, "gia")
    assert api.post(f"/api/games/{created['id']}/seats/westernesse").ok
    assert api.post(f"/api/games/{created['id']}/actions", data={"seat": "westernesse", "action": {"type": "end"}}).ok
    gm.page.reload()   # SPI 5.0: each side's part of the phase is a roll-back point, named by its side
    expect(gm.page.locator('[data-testid="rollback-phase"] option')).to_have_text(
        [f"{title} · Westernesse", f"{title} · Sauron"])
    expect(gm.page.locator('[data-testid="gm-board"] svg')).to_be_visible()
    expect(gm.page.locator('[data-testid="full-view"] th', has_text="units")).to_be_visible()
    expect(gm.page.locator('[data-testid="draw"]')).to_have_count(0)   # no draw in the hex games
    assert "{" not in gm.page.locator("main").inner_text()
    assert not gm.problems, gm.problems


def test_the_games_master_changes_a_bot_seats_bot_and_think_budget_in_one_step(live, chromium):
    # issue 26 ("a difficulty name and a time budget"): a bot seat offered no bot control, so a
    # new budget took freeing the seat first; the seat's row now changes its bot in place
    gm = watch(chromium.new_context(viewport=DESKTOP).new_page())
    sign_up(gm.page, live.url, "budgeter")
    game_id = api_as(chromium, live.url, "budgeter").post("/api/games", data={"game": "diplomacy"}).json()["id"]
    gm.page.goto(f"{live.url}/games/{game_id}/gm")
    row = gm.page.locator('tr[data-seat="ENGLAND"]')
    row.locator('[data-testid="seat-bot"]').click()   # the heuristic, the page's first choice
    expect(row).to_contain_text("bot (heuristic)")
    gm.page.locator('[data-testid="bot-name"]').select_option("search")
    gm.page.locator('[data-testid="bot-budget"]').select_option("quick")
    row.locator('[data-testid="change-bot"]').click()
    expect(row).to_contain_text("bot (search, quick)")
    england = next(s for s in stored(live, game_id).seats if s.name == "ENGLAND")
    assert (england.bot, england.bot_budget, england.user_id) == ("search", "quick", None)
    expect(gm.page.locator('tr[data-seat="FRANCE"] [data-testid="change-bot"]')).to_have_count(0)   # no bot: none to change
    assert not gm.problems, gm.problems
