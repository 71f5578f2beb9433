"""SQLite's one write lock, queued for in this process in arrival order.

A SQLite transaction that finds the database locked waits in SQLite's busy handler, which
sleeps and retries (1, 2, 5, … up to 100 ms at a time): under load the writers that
happen to retry at the right moment go first, and one unlucky submission waited 0.8 s
while the median waited 0.1 ms (benchmarks/server_load.py, measured at `BEGIN
IMMEDIATE`). Within one process every writer therefore queues here first, first come
first served, and reaches `BEGIN IMMEDIATE` only when no other writer of this process
holds the database. Between processes (`warjudge serve --workers N` on one SQLite file)
the writer at the head of each process's queue then waits for an exclusive lock on a
file beside the database (`ProcessLock`): the kernel wakes it as soon as the holder lets
go, where SQLite's busy handler slept up to 100 ms at a time (p99 1.2 s with two
processes); it waits no longer than the write lock's time, as the queue does. Only
other programs' writers (the CLI, a migration) still meet the busy handler."""

from __future__ import annotations

import fcntl
import os
import threading
from collections import deque
from pathlib import Path


class WriteTimeout(Exception):
    """The lock was not granted in time (a writer of this process held it too long)."""


class FifoLock:
    """A lock granted in the order it was asked for. Released by whichever thread ends
    the transaction (a connection may be returned to the pool from another thread), so
    it is handed over explicitly rather than held by a thread. Nothing that may start a
    garbage collection (building an object it tracks, such as an error) happens while the
    mutex is held: a connection the collector frees goes back to its pool there, releasing
    the lock, which would wait for the mutex its own thread held."""

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._waiting: deque[threading.Lock] = deque()
        self._held = False

    def acquire(self, timeout: float) -> None:
        with self._mutex:
            if not self._held:
                self._held = True
                return
            turn = threading.Lock()
            turn.acquire()
            self._waiting.append(turn)
        if turn.acquire(timeout=timeout):
            return   # handed over by release()
        with self._mutex:
            gave_up = turn in self._waiting
            if gave_up:   # nobody handed it over: give up our place
                self._waiting.remove(turn)
        if gave_up:   # raised outside the mutex: building an error may run the garbage
            # collector, and a connection it frees gives its lock back (`release`) on this thread
            raise WriteTimeout(f"the database stayed locked for {timeout:.0f} s")
        # release() handed it over between the timeout and the check: it is ours

    def release(self) -> None:
        with self._mutex:
            if self._waiting:
                self._waiting.popleft().release()   # still held: now by the next in line
            else:
                self._held = False

    @property
    def held(self) -> bool:
        return self._held


class ProcessLock:
    """An exclusive lock shared by every process that locks the same `path` (`flock`):
    held by one process at a time, whichever of its threads lets it go, and given up by
    the kernel if the process dies. A process asks for it only from the head of its
    `FifoLock` queue, so never twice at once. The file is opened for each hold and closed
    to let go, so that no descriptor outlives its engine.

    `flock` itself waits without end, and a writer of another process (or another
    program) may hold the file for as long as it likes: so a contended wait blocks in a
    helper thread, and the asker waits for that thread at most `timeout` seconds (then
    `WriteTimeout`, as in the queue). A helper granted the lock after its asker gave up
    lets go of it at once. The kernel still wakes the waiter as soon as the holder lets
    go; the uncontended path takes no thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self, timeout: float) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not _Waiter(fd).wait(timeout):
                raise WriteTimeout(f"another process kept the database locked for {timeout:.0f} s") from None
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)   # lets go of the lock


class _Waiter:
    """One blocking `flock` on `fd` in a thread of its own, waited for with a timeout;
    whichever of the asker (giving up) and the thread (granted after that) comes second
    closes the descriptor, so a lock granted too late is let go of at once."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._mutex = threading.Lock()
        self._granted = threading.Event()
        self._abandoned = False
        threading.Thread(target=self._lock, name="warjudge-flock", daemon=True).start()

    def _lock(self) -> None:
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        with self._mutex:
            if self._abandoned:
                os.close(self._fd)
            else:
                self._granted.set()

    def wait(self, timeout: float) -> bool:
        """True once the lock is held; False (the descriptor then closed, now or when the
        helper is granted the lock) if `timeout` seconds passed first."""
        if self._granted.wait(max(timeout, 0.0)):
            return True
        with self._mutex:
            if self._granted.is_set():
                return True   # granted between the timeout and the check: it is ours
            self._abandoned = True
            return False
