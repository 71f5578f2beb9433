"""The play server never stalls on its own locks: a CI run saw the browser tests' live
server stop answering every request (a page's board, then the sign-in page) until the
module ended. Each hazard found is made deterministic here."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from warjudge.server import live, writelock


class _Stream:
    """Stands for a stream's body: held in a reference cycle, so only the garbage
    collector frees it (as a stream ended by an exception is, its traceback holding it)."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def collected_when_told():
    """No collection but the test's own (else one might free the garbage earlier)."""
    gc.disable()
    yield
    gc.enable()


def finishes(work) -> bool:
    """`work` ends on a thread of its own (a deadlocked one is left behind). A deadlock
    never ends, so the wait is long: a full collection of a test worker's heap on a
    loaded machine took over 5 s."""
    done = threading.Event()
    threading.Thread(target=lambda: (work(), done.set()), daemon=True).start()
    return done.wait(60)


def test_a_stream_s_place_given_back_by_the_garbage_collector_while_a_stream_takes_one():
    # A stream's place comes back when its body is collected (`weakref.finalize`). The
    # collector runs on whichever thread allocates, at any allocation: on the server's
    # loop inside `Slots.take`, which held the slots' lock (not re-entrant) while it
    # counted, so the finaliser waited for that lock on the thread holding it, and the
    # loop, with every request, stopped for good.
    slots = live.Slots(per_client=1, total=2)
    stream = _Stream()
    weakref.finalize(stream, slots.take("ann"))
    del stream

    def take_while_collecting() -> None:
        with slots._lock:   # a collection starting inside `take`'s count, as an allocation there may start one
            gc.collect()

    assert finishes(take_while_collecting), "the collector's give-back waited for a lock its own thread held"
    slots.take("ann")   # the place did come back: ann's only one is free again


def test_a_write_lock_given_back_by_the_garbage_collector_as_a_writer_gives_up_waiting(monkeypatch):
    # A connection holding SQLite's write lock, left to the collector, gives the lock back
    # as its pool takes it in (`db.make_engine`'s checkin). A writer that waited too long
    # built its `WriteTimeout` inside the queue's mutex; a collection started there ran
    # that give-back, which waited for the mutex its own thread held: every writer after
    # it waited for that mutex, with no timeout.
    lock = writelock.FifoLock()
    lock.acquire(1)
    connection = _Stream()
    weakref.finalize(connection, lock.release)
    del connection

    class CollectingTimeout(writelock.WriteTimeout):
        def __init__(self, *args: object) -> None:
            gc.collect()   # as building the error may
            super().__init__(*args)

    monkeypatch.setattr(writelock, "WriteTimeout", CollectingTimeout)
    assert finishes(lambda: pytest.raises(CollectingTimeout, lock.acquire, 0.05)), \
        "the collector's release waited for the mutex its own thread held"
    assert finishes(lambda: lock.acquire(0.05))   # the lock was given back, to nobody waiting
