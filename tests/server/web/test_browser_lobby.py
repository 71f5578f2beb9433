"""The lobby's new-game form built from the registry's option descriptions (issue 14), in
Chromium: a Necromancer game started with the 2000 edition and a last year; a spectator
watches its map, drawn from the variant's public report, while the player clicks her way
through a movement, a retreat and a build (issue 24), the Easterlings' attack and the games
master's adjudications given through the API."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.server.web.browser import (DESKTOP, SIZES, Journey, accessible, api_as, chromium, live, shot, sign_up,  # noqa: F401 - fixtures
                                      watch)

NECROMANCER = ["DWARVES", "EASTERLINGS", "ELVES", "GONDOR", "HARAD", "ROHAN", "SARUMAN", "SAURON"]


@pytest.mark.parametrize("size", SIZES)
def test_a_necromancer_game_from_the_lobby_form_and_its_spectator_map(live, chromium, size):
    base = live.url
    journey = Journey("necromancer", size)   # issue 24: one journey at 1366x768, one at 390x844, each from sign-up
    ann = watch(chromium.new_context(viewport=journey.viewport).new_page(), "DWARVES")
    spectator = watch(chromium.new_context().new_page())
    sign_up(ann.page, base, journey.user("ann"))
    form = ann.page.locator('[data-testid="new-necromancer-diplomacy"]')
    form.locator('[data-option="edition"]').select_option("2000")
    form.locator('[data-option="max_year"]').fill("2800")
    form.locator('input[name="bots"]').uncheck()   # the other seats free: their units hold
    expect(form.locator('[data-option="alignment"]')).to_be_checked()    # the described default
    expect(form.locator('input[name="options"]')).to_have_count(0)
    journey.step(ann.page, "lobby", "lobby")
    form.locator('button[type="submit"]').click()
    ann.page.wait_for_url(f"{base}/games/*")
    game_id = ann.page.url.rsplit("/", 1)[1]
    full = live.full_view(game_id)
    assert (full["edition"], full["max_year"], full["alignment"]) == ("2000", 2800, True)
    expect(ann.page.locator('[data-testid="phase"]')).to_contain_text("TA 2750 (adjustments)")

    sign_up(spectator.page, base, journey.user("sid"))
    spectator.page.goto(f"{base}/games/{game_id}")
    units = spectator.page.locator('#board [data-testid="unit"]')
    expect(units.first).to_be_visible()
    drawn = set(units.evaluate_all("ns => ns.map(n => `${n.dataset.power} ${n.dataset.unit}`)"))
    public = full["report"]["public"]["units"]
    assert drawn == {f"{power} {unit}" for power, us in public.items() for unit in us}
    shot(spectator.page, "necromancer-spectator")

    # ann plays the Dwarves by clicking; the Easterlings' player (eve) and the games master's
    # adjudications (ann's, by her API token) are the prelude that forces a retreat and a build
    eve, gm = api_as(chromium, base, journey.user("eve"), new=True), api_as(chromium, base, journey.user("ann"))
    assert eve.post(f"/api/games/{game_id}/seats/EASTERLINGS", data={}).ok

    def adjudicate(after: str) -> None:
        assert gm.post(f"/api/games/{game_id}/process", data={}).ok
        expect(ann.page.locator('[data-testid="phase"]')).to_contain_text(after)

    def eve_orders(*orders: str) -> None:
        assert eve.post(f"/api/games/{game_id}/actions", data={"seat": "EASTERLINGS", "action": {"orders": list(orders)}}).ok

    def click(unit: str, order: str) -> None:
        ann.page.locator(f'#my-units button[data-unit-button="{unit}"]').click()
        ann.page.locator(f'#choices button[data-order="{order}"]').click()

    adjudicate("TA 2765 (moves)")   # TA 2750: Sauron's first Activation and the third army, left to the rules
    # issue 24 finding 12: a refused line says why, not "not a legal order for DWARVES"
    box, status = ann.page.locator('[data-testid="order-input"]'), ann.page.locator('[data-testid="order-status"] li')
    box.fill("A Dal H\nA Ere b F")
    expect(status).to_have_count(2)
    expect(status.nth(0)).to_contain_text("DWARVES has no unit in Dal that can be ordered now")
    expect(status.nth(1)).to_contain_text("(no such route, convoy or support); it may, e.g.: A Ere - Dal")
    box.fill("")
    expect(status).to_have_count(0)
    click("A Ere", "A Ere - Dal")
    click("A Iro", "A Iro - NCa")
    expect(ann.page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(2)
    journey.step(ann.page, "orders", "diplomacy")
    ann.page.locator('[data-testid="submit-orders"]').click()
    expect(ann.page.locator("#held li")).to_have_count(2)
    eve_orders("A NRu - Dor", "A Rhu - NRu")
    adjudicate("TA 2780 (moves)")
    eve_orders("A Dor - NCa", "A NRu S A Dor - NCa")   # the Dwarves, unordered, hold
    adjudicate("TA 2780 (retreats)")

    # the retreat: her dislodged army, then a lit province (Erebor and the Iron Hills, both left empty)
    expect(ann.page.locator('[data-testid="phase-banner"] strong')).to_have_text("TA 2780 (moves) adjudicated")
    expect(ann.page.locator("#last")).to_contain_text("DWARVES: A NCa H — fails (dislodged) [NMR]")
    expect(ann.page.locator("#last p")).to_have_text("TA 2780 (moves)")
    expect(ann.page.locator("#my-units button")).to_have_text(["A NCa"])
    ann.page.locator('#board [data-testid="unit"][data-unit="A NCa"][data-dislodged="true"]').click()
    lit = ann.page.locator("#board [data-province].target")
    expect(lit).to_have_count(2)
    assert sorted(lit.evaluate_all("ns => ns.map(n => n.dataset.province)")) == ["Ere", "Iro"]
    expect(ann.page.locator('#choices button[data-order="A NCa D"]')).to_be_visible()
    journey.step(ann.page, "retreat", "retreat")
    ann.page.locator('#board [data-province="Iro"].target').click()
    expect(box).to_have_value("A NCa R Iro")
    ann.page.locator('[data-testid="submit-orders"]').click()
    expect(ann.page.locator("#held")).to_contain_text("A NCa R Iro")
    ann.page.locator('[data-testid="ready"]').click()   # the Dwarves' is the only retreat: the phase ends

    # the adjustment: Dale won, Northern Carnen lost: one build, clicked from the choices
    expect(ann.page.locator('[data-testid="phase"]')).to_contain_text("TA 2780 (adjustments)")
    expect(ann.page.locator("#last")).to_contain_text("A NCa R Iro")
    expect(ann.page.locator('[data-testid="phase-banner"] strong')).to_have_text("TA 2780 (retreats) adjudicated")
    expect(ann.page.locator('[data-testid="phase-banner-todo"]')).to_have_text("you may build 1")   # the variant's count: Eriador is in no list
    ann.page.locator('#choices button[data-order="Build A Ere"]').click()
    expect(status).to_have_count(1)
    expect(status).to_have_attribute("data-valid", "yes")
    journey.step(ann.page, "build", "diplomacy")
    ann.page.locator('[data-testid="submit-orders"]').click()
    expect(ann.page.locator("#held")).to_contain_text("Build A Ere")
    adjudicate("TA 2795 (moves)")
    expect(ann.page.locator('#board [data-testid="unit"][data-unit="A Ere"]')).to_have_count(1)
    expect(ann.page.locator("#last")).to_contain_text("Build A Ere")
    # the press (to everyone, read back with its phase) and the history of the last phase
    ann.page.locator('[data-testid="press-input"]').fill("The Dwarves keep to their halls.")
    ann.page.locator('[data-testid="press-send"]').click()
    expect(ann.page.locator('[data-testid="press-messages"]')).to_contain_text("DWARVES → everyone: The Dwarves keep")
    ann.page.locator('[data-testid="history-prev"]').click()
    expect(ann.page.locator('[data-testid="history-results"]')).not_to_be_empty()
    journey.step(ann.page, "history", "history")
    ann.checked(live, game_id, NECROMANCER)
    spectator.checked(live, game_id, NECROMANCER)


def test_an_sjg_game_with_extra_items_from_the_lobby_form(live, chromium):
    # SJG 10.5: extra items per side, one number field per side in the form
    ann = watch(chromium.new_context().new_page(), "red")
    sign_up(ann.page, live.url, "sue")    # the server is the module's: "ann" is taken above
    form = ann.page.locator('[data-testid="new-necromancer-sjg"]')
    form.locator('[data-option="items"] input[data-key="red"]').fill("2")
    form.locator('[data-option="items"] input[data-key="black"]').fill("1")
    # issue 26: the search bot's think budget, offered only beside a bot that takes one
    budget = form.locator('[data-testid="budget-necromancer-sjg"]')
    expect(budget).to_be_hidden()   # the heuristic, picked by default, takes none
    form.locator('select[name="bot"]').select_option("search")
    expect(budget).to_be_visible()
    expect(budget.locator("option")).to_have_text(["quick", "normal", "long"])
    budget.locator("select").select_option("quick")
    form.locator('button[type="submit"]').click()
    ann.page.wait_for_url(f"{live.url}/games/*")
    game_id = ann.page.url.rsplit("/", 1)[1]
    assert live.full_view(game_id)["options"]["items"] == {"red": 2, "black": 1}
    seats = ann.page.request.get(f"{live.url}/api/games/{game_id}").json()["seats"]
    assert [(s["seat"], s["bot"], s.get("bot_budget")) for s in seats] == [("red", None, None), ("black", "search", "quick")]
    expect(ann.page.locator('[data-testid="bots"]')).to_have_text("Bots search (quick): Black")
    ann.checked(live, game_id, ["red", "black"])


def test_a_sauron_game_on_a_scenario_file_from_the_lobby_form(live, chromium, tmp_path):
    # issue 22: a scenario of one's own is a described option, a file field of the form;
    # a file the validator refuses is named in the page's error and makes no game
    from tests.core.test_game_options import shipped

    page = chromium.new_context(viewport=DESKTOP).new_page()
    sign_up(page, live.url, "tom")
    form = page.locator('[data-testid="new-sauron"]')
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(shipped("sauron", "scenario") | {"turns": "many"}), encoding="utf-8")
    form.locator('[data-option="scenario"]').set_input_files(str(broken))
    form.locator('button[type="submit"]').click()
    expect(page.locator("#error")).to_contain_text("turns")
    accessible(page, "the lobby with a refused scenario")
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(shipped("sauron", "scenario") | {"name": "my own Last Alliance"}), encoding="utf-8")
    form.locator('[data-option="scenario"]').set_input_files(str(mine))
    # he plays the second side, picked by its name (the form once gave its creator the first seat only)
    seat = form.locator('select[name="seat"]')
    expect(seat.locator("option")).to_have_count(3)              # each side, or no seat
    seat.select_option(label=seat.locator("option").nth(1).inner_text())
    form.locator('button[type="submit"]').click()
    page.wait_for_url(f"{live.url}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    assert live.full_view(game_id)["scenario"] == "my own Last Alliance"
    held = {s["seat"]: (s["user"], s["bot"]) for s in page.request.get(f"{live.url}/api/games/{game_id}").json()["seats"]}
    assert held == {"sauron": ("tom", None), "westernesse": (None, "heuristic")}
    page.goto(f"{live.url}/games/no-such-game")   # an HTML error page (issue 24 finding 15)
    expect(page.locator('[data-testid="error-status"]')).to_contain_text("404")
    accessible(page, "an error page")
