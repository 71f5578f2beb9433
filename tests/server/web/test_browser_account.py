"""The account page in Chromium (issue 22, finding 10): the sessions listed, a password
changed (which signs the other browser out; its button busy once it is sent, so a second
click posts nothing: issue 24), then sign out everywhere."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.web.browser import (DESKTOP, PASSWORD, accessible, chromium, live, sign_up,  # noqa: F401 - fixtures
                                      too_small, watch)


def test_the_account_page_changes_the_password_and_signs_out_everywhere(live, chromium):
    base = live.url
    mine, other = watch(chromium.new_context(viewport=DESKTOP).new_page()), watch(chromium.new_context().new_page())
    sign_up(mine.page, base, "acc")
    other.page.goto(f"{base}/signin")
    accessible(other.page, "the sign-in and sign-up page")
    form = other.page.locator('form[action="/signin"]')
    form.locator('input[name="name"]').fill("acc")
    form.locator('input[name="password"]').fill(PASSWORD)
    form.locator('[data-testid="signin"]').click()
    other.page.wait_for_url(f"{base}/lobby")

    mine.page.locator('[data-testid="account"]').click()
    rows = mine.page.locator('[data-testid="sessions"] tbody tr')
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="(this one)")).to_have_count(1)
    expect(rows.first.locator(".moment").first).not_to_have_text("")      # dates written by the page's script
    mine.page.locator('input[name="old_password"]').fill(PASSWORD)
    mine.page.locator('input[name="new_password"]').fill("a new long password")
    # issue 24: once sent, the button is busy until the next page comes (here none: a 204)
    def no_content(route) -> None:
        route.fulfill(status=204)
    mine.page.route("**/account/password", no_content)
    change = mine.page.locator('[data-testid="change-password"]')
    change.click()
    expect(change).to_be_disabled()
    expect(change).to_have_text("Sending…")
    mine.page.unroute("**/account/password", no_content)
    mine.page.reload()
    mine.page.locator('input[name="old_password"]').fill(PASSWORD)
    mine.page.locator('input[name="new_password"]').fill("a new long password")
    change.click()
    expect(mine.page.locator('[data-testid="done"]')).to_contain_text("1 other session")
    accessible(mine.page, "the account page")
    assert too_small(mine.page) == []
    expect(rows).to_have_count(1)
    other.page.goto(f"{base}/lobby")
    other.page.wait_for_url(f"{base}/signin")

    mine.page.locator('[data-testid="signout-everywhere"]').click()
    mine.page.wait_for_url(f"{base}/signin")
    assert not mine.problems and not other.problems, mine.problems + other.problems
