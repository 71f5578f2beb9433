"""A browser test's page timeout reports where the live server's threads and tasks wait
(`stalls.py`), so that a stall seen once in CI explains itself."""

from __future__ import annotations

import asyncio
import threading

from playwright.sync_api import TimeoutError as PageTimeout

from tests.server.web import stalls


def _waits_for_the_test(release: threading.Event) -> None:
    release.wait(10)


def test_the_report_names_each_thread_and_where_it_waits():
    release = threading.Event()
    thread = threading.Thread(target=_waits_for_the_test, args=(release,), name="a-stuck-route")
    thread.start()
    try:
        report = stalls.threads_now()
    finally:
        release.set()
        thread.join()
    assert f"Thread 0x{thread.ident:016x}: a-stuck-route" in report
    assert "in _waits_for_the_test" in report


async def _inner(gate: asyncio.Event, started: threading.Event) -> None:
    started.set()
    await gate.wait()


async def _outer(gate: asyncio.Event, started: threading.Event) -> None:
    await _inner(gate, started)


def test_the_report_lists_the_server_loop_s_tasks_down_to_what_each_awaits():
    loop = asyncio.new_event_loop()
    gate: asyncio.Event | None = None
    started = threading.Event()

    async def main() -> None:
        nonlocal gate
        gate = asyncio.Event()
        await asyncio.create_task(_outer(gate, started), name="a-stuck-request")

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),))
    thread.start()
    try:
        assert started.wait(5)
        report = stalls.tasks_now(loop)
    finally:
        loop.call_soon_threadsafe(lambda: gate.set())
        thread.join()
        loop.close()
    stuck = report.split("a-stuck-request\n", 1)[1]
    assert "in _outer" in stuck and "in _inner" in stuck
    assert stalls.tasks_now(loop) == "(the server's loop is not running)"


def test_only_a_page_operation_s_timeout_is_reported():
    assert stalls.timed_out(PageTimeout("Page.goto: Timeout 30000ms exceeded."))
    assert stalls.timed_out(AssertionError('Expect "to_have_attribute" locator(".board svg") with timeout 20000ms'))
    assert not stalls.timed_out(AssertionError("a page's own assertion"))
