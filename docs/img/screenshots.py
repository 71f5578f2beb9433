"""The screenshots docs/web-ui.md shows, taken from a fresh server in Debian's Chromium:
`.venv/bin/python docs/img/screenshots.py` (after `pip install -e '.[test]'`, which brings
Playwright). Each is a JPEG kept small (at most 60 KB), so the repository stays light;
they are taken here and not by the tests, which keep theirs in test-artifacts/."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.server.web.browser import CHROMIUM, DESKTOP, PHONE, LiveServer, sign_up  # noqa: E402

HERE = Path(__file__).resolve().parent
MAX_BYTES = 60_000


def save(page, name: str) -> None:
    """The viewport as a JPEG, its quality lowered until it fits MAX_BYTES."""
    for quality in (75, 65, 55, 45):
        data = page.screenshot(type="jpeg", quality=quality)
        if len(data) <= MAX_BYTES:
            break
    else:
        raise SystemExit(f"{name}: {len(data)} bytes even at quality {quality}")
    (HERE / f"{name}.jpg").write_bytes(data)
    print(f"docs/img/{name}.jpg: {len(data) // 1000} KB (quality {quality})")


def new_game(page, base: str, game: str) -> None:
    """From the lobby, with bots in the other seats (the form's default)."""
    page.locator(f'[data-testid="new-{game}"] button[type="submit"]').click()
    page.wait_for_url(f"{base}/games/*")


def main() -> None:
    with tempfile.TemporaryDirectory() as data, LiveServer(Path(data)) as live, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        # the desktop's layout drawn at 0.6 of its pixels: 820x461 images that stay small
        page = browser.new_context(viewport=DESKTOP, device_scale_factor=0.6).new_page()
        sign_up(page, live.url, "ann")
        save(page, "lobby")

        new_game(page, live.url, "diplomacy")   # Austria's orders: Budapest's army clicked
        expect(page.locator('[data-testid="phase"]')).to_have_text("Spring 1901 (moves)")
        expect(page.locator("#my-units button")).not_to_have_count(0)   # its legal orders are in
        page.locator('#board [data-testid="unit"][data-unit="A bud"]').first.click()
        page.locator('#choices button[data-order="A bud - ser"]').click()
        expect(page.locator('[data-testid="order-status"] li[data-valid="yes"]')).to_have_count(1)
        save(page, "diplomacy")

        phone = browser.new_context(viewport=PHONE).new_page()   # the SJG secret set-up on a phone
        sign_up(phone, live.url, "bob")
        new_game(phone, live.url, "necromancer-sjg")
        phone.locator('[data-testid="setup-formation"][data-formation="front"]').click()
        expect(phone.locator('[data-testid="setup-left"]')).to_have_text("Every unit is placed.")
        phone.evaluate("window.scrollTo(0, 0)")   # the board with the placed counters, not the buttons
        save(phone, "sjg-setup-phone")

        page.goto(f"{live.url}/lobby")          # Sauron's first phase, the bot in the other seat
        new_game(page, live.url, "sauron")
        expect(page.locator('[data-testid="decision"]')).not_to_have_attribute("data-kind", "")
        save(page, "sauron")
        browser.close()


if __name__ == "__main__":
    main()
