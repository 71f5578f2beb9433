"""Two players play a Diplomacy year in Chromium, one order clicked and one typed, a
build chosen in the winter, the games master adjudicating from the GM page, while a
spectator watches; nothing hidden reaches any of them (issue 14); a refused line's
reason follows the page's language (issue 12). France is a bot; the
other powers, unordered, hold (a bot nearer Serbia could spoil the build)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.web.browser import chromium, join, live, shot, sign_up, start_game, watch  # noqa: F401 - fixtures

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_two_players_play_a_diplomacy_turn(live, chromium):
    base = live.url
    ann = watch(chromium.new_context().new_page(), "AUSTRIA")
    bob = watch(chromium.new_context().new_page(), "ENGLAND")
    spectator = watch(chromium.new_context().new_page())

    # ann signs up and starts a game holding the first seat, the others free for now
    sign_up(ann.page, base, "ann")
    shot(ann.page, "lobby-empty")
    game_id = start_game(ann.page, base, "diplomacy")

    # bob joins England from the lobby's open games
    sign_up(bob.page, base, "bob")
    join(bob.page, base, game_id, "ENGLAND")

    # ann, the games master, seats a bot in France from the GM page
    gm = watch(ann.page.context.new_page(), "AUSTRIA")
    gm.page.goto(f"{base}/games/{game_id}/gm")
    gm.page.locator('tr[data-seat="FRANCE"] [data-testid="seat-bot"]').click()
    expect(gm.page.locator('tr[data-seat="FRANCE"]')).to_contain_text("bot (random)")
    shot(gm.page, "gm-page")

    # ann orders by clicking: her unit, then one of its legal orders
    ann.page.reload()
    expect(ann.page.locator('[data-testid="phase"]')).to_have_text("S1901M")
    ann.page.locator('[data-testid="unit"][data-unit="A bud"]').click()
    ann.page.locator('#choices button[data-order="A bud - ser"]').click()
    expect(ann.page.locator('[data-testid="order-input"]')).to_have_value("A bud - ser")
    expect(ann.page.locator('[data-testid="order-status"] li')).to_have_attribute("data-valid", "yes")
    ann.page.locator('[data-testid="submit-orders"]').click()
    expect(ann.page.locator("#held")).to_contain_text("A bud - ser")

    # bob types: a bad line is marked invalid with its reason as he types, then mended
    box = bob.page.locator('[data-testid="order-input"]')
    box.fill("F lon - nth\nA lvp - xyz")
    status = bob.page.locator('[data-testid="order-status"] li')
    expect(status).to_have_count(2)
    expect(status.nth(0)).to_have_attribute("data-valid", "yes")
    expect(status.nth(1)).to_have_attribute("data-valid", "no")
    expect(status.nth(1)).to_contain_text("unknown province 'xyz'")
    shot(bob.page, "diplomacy-typing")
    # in French the reasons come worded in French from their codes (issue 12), then back
    bob.page.locator('[data-lang="fr"]').click()
    expect(status.nth(1)).to_contain_text("Province inconnue 'xyz'")
    shot(bob.page, "diplomacy-typing-fr")
    bob.page.locator('[data-lang="en"]').click()
    expect(status.nth(1)).to_contain_text("unknown province 'xyz'")
    box.fill("F lon - nth\nA lvp - yor")
    expect(status.nth(1)).to_have_attribute("data-valid", "yes")
    bob.page.locator('[data-testid="submit-orders"]').click()
    expect(bob.page.locator("#held")).to_contain_text("A lvp - yor")

    # the spectator sees the board but nobody's orders
    spectator.page.goto(f"{base}/games/{game_id}")
    expect(spectator.page.locator('[data-testid="unit"][data-unit="A bud"]')).to_have_count(1)
    assert "A bud - ser" not in spectator.page.content() and "A lvp - yor" not in spectator.page.content()
    assert "A bud - ser" not in bob.page.content() and "F lon - nth" not in ann.page.content()
    for watched in (ann, bob, spectator):
        watched.checked(live, game_id, POWERS)

    # ann is ready; the games master adjudicates now (the unordered powers hold)
    ann.page.locator('[data-testid="ready"]').click()
    expect(ann.page.locator('[data-testid="ready"]')).to_have_attribute("aria-pressed", "true")
    gm.page.locator('[data-testid="process"]').click()
    for watched in (ann, bob):
        expect(watched.page.locator('[data-testid="phase"]')).to_have_text("F1901M", timeout=10_000)
    expect(bob.page.locator('[data-testid="unit"][data-unit="F nth"]')).to_have_count(1)
    expect(bob.page.locator('[data-testid="unit"][data-unit="A yor"]')).to_have_count(1)
    expect(ann.page.locator('[data-testid="unit"][data-unit="A ser"]')).to_have_count(1)
    expect(ann.page.locator('[data-testid="log"]')).to_contain_text("A bud - ser — succeeds")
    spectator.page.reload()
    expect(spectator.page.locator('[data-testid="phase"]')).to_have_text("F1901M")
    shot(ann.page, "diplomacy-after-turn")
    shot(spectator.page, "diplomacy-spectator")
    for watched in (ann, bob, spectator):
        watched.checked(live, game_id, POWERS)

    # autumn: everyone holds; Serbia is Austria's, so the winter offers her a build
    gm.page.locator('[data-testid="process"]').click()
    expect(ann.page.locator('[data-testid="phase"]')).to_have_text("W1901A", timeout=10_000)
    ann.page.locator('#choices button[data-order="Build A bud"]').click()
    expect(ann.page.locator('[data-testid="order-status"] li')).to_have_attribute("data-valid", "yes")
    ann.page.locator('[data-testid="submit-orders"]').click()    # her only adjustment: the winter ends
    expect(ann.page.locator('[data-testid="phase"]')).to_have_text("S1902M", timeout=10_000)
    expect(ann.page.locator('[data-testid="map"] [data-testid="unit"][data-unit="A bud"]')).to_have_count(1)
    ann.page.set_viewport_size({"width": 390, "height": 844})
    shot(ann.page, "diplomacy-phone")
    for watched in (ann, bob, spectator, gm):
        watched.checked(live, game_id, POWERS)
