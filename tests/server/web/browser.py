"""What the browser tests share: the server in a thread on a free port with a temporary
SQLite file, Debian's Chromium, and a watch on every page for console errors, failed
requests and anything hidden from its viewer in any response."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest
import uvicorn
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import expect, sync_playwright
from sqlalchemy.orm import Session

from tests.server.conftest import MANY_SIGNUPS
from tests.server.live import free_port
from warjudge.testing.leaks import leaked
from warjudge.server import play
from warjudge.server.app import create_app
from warjudge.server.botturns import Pace
from warjudge.server.models import GameRow

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
PASSWORD = "a long password"
DESKTOP = {"width": 1366, "height": 768}   # the screens issue 24 reads pages at
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
TAP_PX = 44   # issue 24: touch targets of at least 44 px on a phone
# The browser's Notification API, recorded: the permission is granted when asked
NOTIFICATIONS = """
window.asked = 0; window.notified = [];
window.Notification = class {
  constructor(title, options) { window.notified.push({title, body: options.body}); }
  static get permission() { return window.asked ? "granted" : "default"; }
  static async requestPermission() { window.asked += 1; return "granted"; }
};
"""
expect.set_options(timeout=20_000)   # a loaded 2-core machine: pages may take seconds to redraw


class _Server(uvicorn.Server):
    """uvicorn's server, noting its loop (a stalled test's report lists its tasks, `stalls.py`)."""

    loop: asyncio.AbstractEventLoop | None = None

    async def serve(self, sockets: Any = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().serve(sockets)


class LiveServer:
    """The server with its bots' thread, as `warjudge serve` runs it (a quicker poll)."""

    def __init__(self, data: Path):
        self.app = create_app(f"sqlite:///{data / 'browser.sqlite3'}", limits=MANY_SIGNUPS, bot_pace=Pace(poll=0.05))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = _Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, name="live-server", daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.app.state.engine.dispose()

    def game(self, game_id: str) -> Any:
        """The game now, once its bots have answered (they play in the server's background
        thread), loaded from its stored record (the test is the GM): a test may try
        actions on exact clones of it to know what the dice will do."""
        deadline = time.monotonic() + 30
        while True:
            with Session(self.app.state.engine) as session:
                row = session.get(GameRow, game_id)
                assert row is not None
                if row.bots_at is None:
                    return play.load(row)
            assert time.monotonic() < deadline, "the bots never answered"
            time.sleep(0.05)

    def full_view(self, game_id: str) -> Any:
        """The games master's full view now, read from the database (the test is the GM)."""
        return self.game(game_id).view(None)


@dataclass
class Watched:
    """A browser context's page, with everything it received and every problem seen."""

    page: Any
    viewer: str | None = None     # the seat whose view this context holds; None: the public view
    bodies: list[tuple[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def checked(self, server: LiveServer, game_id: str, players: list[str]) -> None:
        """No response so far held an object the full view hides from this viewer."""
        full = server.full_view(game_id)
        hidden_from = [self.viewer] if self.viewer else players
        for url, body in self.bodies:
            for player in hidden_from:
                assert not leaked(body, full, player), f"{url} sent {player}'s hidden objects"
        self.bodies.clear()
        assert not self.problems, self.problems


def watch(page: Any, viewer: str | None = None) -> Watched:
    watched = Watched(page, viewer)
    page.on("console", lambda m: m.type == "error" and watched.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: watched.problems.append(f"page error: {e}"))
    # a poll still under way when the test reloads the page is aborted by the browser: not a failure
    page.on("requestfailed", lambda r: r.failure != "net::ERR_ABORTED"
            and watched.problems.append(f"failed: {r.url} {r.failure}"))

    def response(r: Any) -> None:
        if r.status >= 400:
            watched.problems.append(f"{r.status}: {r.request.method} {r.url}")
        if "application/json" in (r.headers.get("content-type") or ""):
            try:
                watched.bodies.append((r.url, json.loads(r.body())))
            except Exception:   # noqa: BLE001 - a body gone with a navigation: nothing to check
                pass
    page.on("response", response)
    return watched


def accessible(page: Any, where: str) -> None:
    """axe-core (bundled by axe-playwright-python) finds no serious or critical violation on
    the page as it is now (issue 24: every page kind, at the sizes the tests use)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")["violations"]
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, f"axe-core on {where} ({page.url}):\n" + "\n".join(
        f"- {v['id']} ({v['impact']}): {v['help']}\n" + "\n".join(
            f"    {' '.join(map(str, n['target']))}: {n['failureSummary'].splitlines()[-1].strip()}" for n in v["nodes"][:8])
        + (f"\n    … and {len(v['nodes']) - 8} more" if len(v["nodes"]) > 8 else "") for v in bad)


def too_small(page: Any) -> list[str]:
    """Every piece of text the page draws under 11 px on screen, named (issue 24: none at
    1366x768): an svg's text at its computed font size times the picture's scale."""
    return list(page.evaluate("""() => {
      const small = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) {
        const node = walk.currentNode, el = node.parentElement;
        if (!node.textContent.trim() || el.closest("title, script, style, .sr-only")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if (!range.getBoundingClientRect().width) continue;   // not drawn (hidden, collapsed)
        const px = parseFloat(getComputedStyle(el).fontSize) * (el.ownerSVGElement ? el.getScreenCTM().a : 1);
        if (px < 11) small.push(`${node.textContent.trim().slice(0, 24)} (${px.toFixed(1)} px)`);
      }
      return small; }"""))


FOCUS_FILL = "rgb(169, 201, 242)"   # style.css: a focused hex or province is filled in the focus colour


def tab_to(page: Any, selector: str, back: bool = False, text: str | None = None, limit: int = 600) -> Any:
    """Tab (Shift+Tab if `back`) until the focus is on an element matching `selector` (and
    reading `text`, if given), as a keyboard user reaches it (issue 24: every game playable by
    keyboard); that element, its focus ring visible: an outline, or a board's hex or province
    filled in the focus colour."""
    key = "Shift+Tab" if back else "Tab"
    for _ in range(limit):
        page.keyboard.press(key)
        ring = page.evaluate("""([sel, text, fill]) => {
          const e = document.activeElement;
          if (!e || !e.matches(sel) || (text !== null && e.textContent.trim() !== text)) return null;
          const s = getComputedStyle(e);
          return e.matches(":focus-visible") && (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2
                                                 || s.fill === fill); }""", [selector, text, FOCUS_FILL])
        if ring is not None:
            assert ring, f"{selector} has the focus but no visible focus ring"
            return page.locator(":focus")
    raise AssertionError(f"{limit} presses of {key} never reached {selector} {text or ''}")


def sideways(page: Any) -> int:
    """How many pixels the page is wider than its window (issue 24: none at any size)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def small_targets(page: Any) -> list[str]:
    """Every control shown on the page smaller than a thumb (TAP_PX either way), named: the
    boards' hexes and provinces are zoomed instead (panzoom.js), so only HTML controls count."""
    return list(page.evaluate("""(px) => [...document.querySelectorAll(
        'button, select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=hidden])')]
      .filter(n => n.getClientRects().length && !n.closest('svg'))
      .map(n => [n, n.getBoundingClientRect()])
      .filter(([n, r]) => r.width && (r.width < px - 0.5 || r.height < px - 0.5))
      .map(([n, r]) => `${n.tagName.toLowerCase()} "${(n.textContent || n.name || n.id).trim().slice(0, 24)}"`
                       + ` ${Math.round(r.width)}x${Math.round(r.height)}`)""", TAP_PX))


def broken_words(page: Any) -> list[str]:
    """Every word the page breaks across two lines (a table cell too narrow for "Result"
    reads "Resu / lt"), named; a word may wrap at its hyphen, and one longer than 20 letters
    (a pasted link) anywhere."""
    return list(page.evaluate("""() => {
      const broken = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) {
        const node = walk.currentNode;
        if (node.parentElement.closest("svg, script, style, .sr-only, textarea")) continue;
        for (const m of node.textContent.matchAll(/[^\\s\\-–—]{2,20}/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter(r => r.width).map(r => Math.round(r.top)));
          if (tops.size > 1) broken.push(m[0]);
        }
      }
      return broken; }"""))


@dataclass
class Journey:
    """A player's journey through the pages at one screen size (issue 24: one journey per
    game at 1366x768 and one at 390x844, each from sign-up, so a phone's pages open as a
    phone opens them, its boards zoomed on the seat's counters): at each step no sideways
    scroll and no word broken across lines, a thumb's targets on the phone, a screenshot kept
    in test-artifacts/, axe-core once per kind of page (it takes seconds on a board)."""

    name: str
    size: str = "desktop"
    axed: set[str] = field(default_factory=set)

    @property
    def viewport(self) -> dict[str, int]:
        return SIZES[self.size]

    def user(self, name: str) -> str:
        """The journey's own account name: both sizes' journeys share their module's server."""
        return name if self.size == "desktop" else f"{name}{self.size}"

    def step(self, page: Any, step: str, kind: str) -> None:
        assert page.viewport_size == self.viewport, f"{self.name} {step}: the page is not at {self.size} size"
        where = f"{self.name} {step} at {self.size}"
        shot(page, f"journey-{self.name}-{step}-{self.size}")   # first: a failed step's picture is kept
        assert sideways(page) <= 0, f"{where}: {sideways(page)} px of sideways scroll"
        broken = broken_words(page)
        assert not broken, f"{where}: words broken across lines: {broken}"
        small = small_targets(page) if self.size == "phone" else []
        assert not small, f"{where}: targets under {TAP_PX} px: {small}"
        if kind not in self.axed:
            accessible(page, f"{where} ({kind})")
            self.axed.add(kind)


def sign_up(page: Any, base: str, name: str) -> None:
    page.goto(f"{base}/signin")
    form = page.locator('form[action="/signup"]')
    form.locator('input[name="name"]').fill(name)
    form.locator('input[name="password"]').fill(PASSWORD)
    form.locator('[data-testid="signup"]').click()
    page.wait_for_url(f"{base}/lobby")


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture(scope="module")
def live(tmp_path_factory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("browser")) as server:
        yield server


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed here (`make test` installs it)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield browser
        browser.close()


def start_game(page: Any, base: str, game: str) -> str:
    """From the lobby: a new game, the creator in its first seat, the other seats free."""
    form = page.locator(f'[data-testid="new-{game}"]')
    form.locator('input[name="bots"]').uncheck()
    form.locator('button[type="submit"]').click()
    page.wait_for_url(f"{base}/games/*")
    return str(page.url.rsplit("/", 1)[1])


def api_as(browser: Any, base: str, name: str, new: bool = False) -> Any:
    """A request context speaking the API as `name` with a bearer token (a journey's prelude:
    another player's or the games master's moves the journey does not click); `new`: the
    account is made first."""
    request = browser.new_context(base_url=base).request
    if new:
        assert request.post("/api/users", data={"name": name, "password": PASSWORD}).ok
    token = request.post("/api/tokens", data={"name": name, "password": PASSWORD}).json()["token"]
    return browser.new_context(base_url=base, extra_http_headers={"Authorization": f"Bearer {token}"}).request


def join(page: Any, base: str, game_id: str, seat: str) -> None:
    """From the lobby's open games."""
    page.locator(f'button.join[data-game="{game_id}"][data-seat="{seat}"]').click()
    page.wait_for_url(f"{base}/games/{game_id}")
