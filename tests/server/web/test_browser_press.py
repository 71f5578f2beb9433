"""Press on the Diplomacy page, in Chromium (issue 14 "press (private and broadcast)";
issue 13's press routes): a private message reaches only its addressee, a broadcast every
seat, a spectator reads none, and a message's text is shown as text, never as markup; the
unread badge and the threads (issue 24 finding 13); several seats ticked in one message,
Send busy until answered, and browser alerts for press received, off until asked."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.web.browser import (NOTIFICATIONS, accessible, chromium, join, live, sign_up,  # noqa: F401
                                      start_game, watch)

# a browser where the site was allowed to notify before: the page must still wait for a click
ALLOWED_BEFORE = NOTIFICATIONS.replace("window.asked = 0", "window.asked = 1")


def test_private_and_broadcast_press_between_seats(live, chromium):
    base = live.url
    ann = watch(chromium.new_context().new_page(), "AUSTRIA")
    bob = watch(chromium.new_context(viewport={"width": 390, "height": 844}).new_page(), "ENGLAND")   # a phone
    cid = watch(chromium.new_context().new_page(), "FRANCE")
    spectator = watch(chromium.new_context().new_page())
    bob.page.add_init_script(ALLOWED_BEFORE)
    sign_up(ann.page, base, "ann")
    game_id = start_game(ann.page, base, "diplomacy")
    for watched, name, seat in ((bob, "bob", "ENGLAND"), (cid, "cid", "FRANCE")):
        sign_up(watched.page, base, name)
        join(watched.page, base, game_id, seat)
    ann.page.reload()

    secret = "<b>meet</b> me at the old mill"
    ann.page.locator('[data-testid="press-to"]').select_option("ENGLAND")
    ann.page.locator('[data-testid="press-input"]').fill(secret)
    held: list = []
    def sent(url: str) -> bool:
        return url.endswith(f"/api/games/{game_id}/press")

    def hold(route) -> None:
        held.append(route)
    ann.page.route(sent, hold)   # Send is busy until the server answers
    send = ann.page.locator('[data-testid="press-send"]')
    send.dblclick()
    expect(send).to_be_disabled()
    expect(send).to_have_text("Sending…")
    held[0].continue_()
    expect(send).to_have_text("Send")
    ann.page.unroute(sent, hold)
    assert len(held) == 1   # one message for a double click
    ann.page.locator('[data-testid="press-to"]').select_option("all")
    ann.page.locator('[data-testid="press-input"]').fill("peace to all")
    ann.page.locator('[data-testid="press-send"]').click()

    # issue 24 findings 3 and 13: an empty send says why; the limit is stated; a 4,000-letter
    # word wraps on a phone instead of widening the page; each message shows its phase
    ann.page.locator('[data-testid="press-input"]').fill("   ")
    ann.page.locator('[data-testid="press-send"]').click()
    expect(ann.page.locator("#error")).to_contain_text("empty")
    ann.page.locator('[data-testid="press-input"]').fill("x" * 4001)
    expect(ann.page.locator('[data-testid="press-left"]')).to_contain_text("1 characters too many (at most 4000)")
    ann.page.locator('[data-testid="press-send"]').click()
    expect(ann.page.locator("#error")).to_contain_text("at most 4000")
    accessible(ann.page, "press refused")
    ann.page.locator('[data-testid="press-input"]').fill("W" * 4000)
    ann.page.locator('[data-testid="press-send"]').click()
    expect(bob.page.locator('[data-testid="press-messages"] li')).to_have_count(3, timeout=20000)
    expect(bob.page.locator('[data-testid="press-phase"]').first).to_have_text(" · Spring 1901 (moves)")
    assert bob.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    accessible(bob.page, "press on a phone")
    expect(bob.page.locator('[data-testid="press-messages"]')).to_contain_text(secret)   # as text: no <b> element
    assert bob.page.locator('[data-testid="press-messages"] li b', has_text="meet").count() == 0
    expect(cid.page.locator('[data-testid="press-messages"] li')).to_have_count(2, timeout=20000)
    expect(cid.page.locator('[data-testid="press-messages"]')).to_contain_text("peace to all")
    assert "old mill" not in cid.page.content()

    # issue 24 finding 13: the unread badge, one thread per set of participants, opening one
    # marks it read, a reply goes to the same participants
    expect(bob.page.locator('[data-testid="press-unread"]')).to_have_text("3 unread")
    expect(ann.page.locator('[data-testid="press-unread"]')).to_be_hidden()   # its own messages
    alerts = bob.page.locator('[data-testid="alert-me"]')
    expect(alerts).to_have_text("Alert me")   # off by default, though the browser would allow it
    assert bob.page.evaluate("window.notified") == []
    alerts.click()
    expect(alerts).to_have_text("Alerts on")
    # several seats ticked: one message to the three of them (their own thread)
    cid.page.locator('[data-testid="press-to"]').select_option("several")
    cid.page.locator('[data-testid="press-send"]').click()
    cid.page.locator('[data-testid="press-input"]').fill("the three of us")
    cid.page.locator('[data-testid="press-send"]').click()
    expect(cid.page.locator("#error")).to_contain_text("Tick at least one seat")
    for seat in ("AUSTRIA", "ENGLAND"):
        cid.page.locator(f'[data-testid="press-pick"][value="{seat}"]').check()
    cid.page.locator('[data-testid="press-send"]').click()
    expect(bob.page.locator('[data-testid="press-unread"]')).to_have_text("4 unread")   # live, no reload
    bob.page.wait_for_function("window.notified.some(n => n.title === 'warjudge: press from FRANCE')")
    threads = bob.page.locator('[data-testid="press-thread"]')
    expect(threads).to_have_text(["AUSTRIA, FRANCE (1 unread)", "everyone (2 unread)", "AUSTRIA (1 unread)"])
    other_tab = watch(bob.page.context.new_page(), "ENGLAND")   # bob's second tab on the game
    other_tab.page.goto(f"{base}/games/{game_id}")
    expect(other_tab.page.locator('[data-testid="press-unread"]')).to_have_text("4 unread")
    threads.nth(0).click()
    expect(bob.page.locator('[data-testid="press-messages"] li')).to_have_count(1)
    expect(bob.page.locator('[data-testid="press-unread"]')).to_have_text("3 unread")
    expect(other_tab.page.locator('[data-testid="press-unread"]')).to_have_text("3 unread")   # live: no reload
    other_tab.page.close()
    expect(threads.nth(0)).to_have_text("AUSTRIA, FRANCE")
    bob.page.locator('[data-testid="press-input"]').fill("count me in")
    bob.page.locator('[data-testid="press-send"]').click()
    for reader in (ann, cid):
        expect(reader.page.locator('[data-testid="press-messages"] li', has_text="count me in")).to_contain_text(
            "ENGLAND → AUSTRIA, FRANCE", timeout=20000)
    threads.nth(2).click()   # AUSTRIA's thread: the private message, now read
    expect(bob.page.locator('[data-testid="press-messages"] li')).to_have_count(1)
    expect(bob.page.locator('[data-testid="press-unread"]')).to_have_text("2 unread")
    expect(ann.page.locator('[data-testid="press-unread"]')).to_have_text("2 unread")   # FRANCE's and ENGLAND's
    ann.page.goto(f"{base}/lobby")
    expect(ann.page.locator('[data-testid="lobby-unread"]')).to_have_text("2 unread")

    spectator.page.goto(f"{base}/games/{game_id}")
    expect(spectator.page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")
    assert spectator.page.locator('[data-testid="press-input"]').count() == 0
    assert "old mill" not in spectator.page.content() and "peace to all" not in spectator.page.content()
    assert spectator.page.locator('[data-testid="press-unread"]').count() == 0
    for watched in (ann, bob, other_tab, cid, spectator):
        assert not watched.problems, watched.problems
