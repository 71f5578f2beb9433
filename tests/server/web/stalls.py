"""What the live server was doing when a browser test's page operation timed out, for the
test's report: every thread's stack (the server runs in the test's own process, in a
thread) and the server loop's pending tasks. A stall in CI that passed on its rerun
(issue: the play server stopped answering for a module's last tests) left only the
timeout behind; now the next one shows where each thread waits."""

from __future__ import annotations

import asyncio
import faulthandler
import tempfile
import threading
from typing import Any

from playwright.sync_api import TimeoutError as PageTimeout

TASKS_SHOWN = 60   # a stalled server may hold many requests: enough to see what they wait for


def timed_out(error: BaseException) -> bool:
    """A page operation's timeout (`page.goto`, a click, a wait) or an `expect` that waited
    its whole timeout (its message names the timeout it waited)."""
    return isinstance(error, PageTimeout) or (isinstance(error, AssertionError) and " with timeout " in str(error))


def threads_now() -> str:
    """Every thread's Python stack now, headed by each thread's name (faulthandler names
    threads by id only); faulthandler writes to a file, so through a temporary one."""
    names = "\n".join(f"Thread 0x{t.ident or 0:016x}: {t.name}" for t in threading.enumerate())
    with tempfile.TemporaryFile("w+") as dump:
        faulthandler.dump_traceback(dump, all_threads=True)
        dump.seek(0)
        return f"{names}\n\n{dump.read()}"


def awaiting(coroutine: Any) -> list[str]:
    """Where a task waits: its coroutine and each one it awaits in turn, outermost first
    (a task's own stack names only its outermost coroutine)."""
    lines = []
    while coroutine is not None and len(lines) < 40:
        frame = getattr(coroutine, "cr_frame", None) or getattr(coroutine, "gi_frame", None) \
            or getattr(coroutine, "ag_frame", None)
        if frame is not None:
            lines.append(f"  {frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}")
        coroutine = getattr(coroutine, "cr_await", None) or getattr(coroutine, "gi_yieldfrom", None) \
            or getattr(coroutine, "ag_await", None)
    return lines


def tasks_now(loop: asyncio.AbstractEventLoop | None) -> str:
    """The server loop's pending tasks, each with where it waits (read from another thread:
    a best effort, as a stalled loop changes nothing meanwhile)."""
    if loop is None or loop.is_closed():
        return "(the server's loop is not running)"
    try:
        tasks = list(asyncio.all_tasks(loop))
    except RuntimeError as exc:   # the loop's set of tasks changed as it was read
        return f"(the tasks could not be listed: {exc})"
    out = [f"{len(tasks)} pending tasks of the server's loop"]
    for task in tasks[:TASKS_SHOWN]:
        out += [task.get_name(), *awaiting(task.get_coro())]
    return "\n".join(out)


def report(loop: Any) -> str:
    return f"{threads_now()}\n{tasks_now(loop)}"
