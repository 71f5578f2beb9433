"""Writing a record file safely: one writer at a time, and never a half-written file.

`locked(path)` holds an exclusive `fcntl` lock on `PATH.lock` beside the record (the lock
file stays: deleting it would let two writers lock two different files). Every writer of a
record holds it, so `write_atomically` may clear temporary files that a killed writer left.
`write_atomically` writes a uniquely named temporary file in the same folder, `fsync`s it,
renames it over the record in one step and `fsync`s the folder, so that after a crash or
`kill -9` the record is the old file or the new one, and a change that was reported saved
survives a power cut.
"""

from __future__ import annotations

import errno
import fcntl
import os
import secrets
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from warjudge.core.errors import RecordError

LOCK_WAIT_SECONDS = 30.0   # then a clear error instead of waiting for ever
TEMPORARY_SUFFIX = ".tmp"


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


_HELD: set[str] = set()   # lock files this process holds: taking one again is free


@contextmanager
def locked(path: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the record's exclusive lock; RecordError if it cannot be had within `wait` s.
    Re-entrant within a process (a session holding the lock may still `save`)."""
    key = os.path.realpath(lock_path(path))
    if key in _HELD:
        yield
        return
    try:
        descriptor = os.open(lock_path(path), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except OSError as exc:
        raise RecordError(f"cannot lock record {path}: {exc.strerror}") from None
    try:
        deadline = time.monotonic() + (LOCK_WAIT_SECONDS if wait is None else wait)
        pause = 0.002
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise RecordError(f"cannot lock record {path}: {exc.strerror}") from None
            if time.monotonic() >= deadline:
                raise RecordError(f"record {path} is being changed by another command (its lock {lock_path(path)} "
                                  "is held); try again when that command has finished")
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        _HELD.add(key)
        try:
            yield
        finally:
            _HELD.discard(key)
    finally:
        os.close(descriptor)  # releases the lock


def _temporaries(path: Path) -> list[Path]:
    prefix = f".{path.name}."
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.parent / n for n in names
            if n.startswith(prefix) and n.endswith(TEMPORARY_SUFFIX) and len(n) == len(prefix) + 16 + 4]


def write_atomically(path: Path, text: str) -> None:
    """Replace `path` by `text` in one step. The caller holds `locked(path)`."""
    for stale in _temporaries(path):  # left by a writer killed mid-write
        _remove(stale)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(8)}{TEMPORARY_SUFFIX}")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        try:
            with open(descriptor, "wb", closefd=False) as handle:
                handle.write(text.encode("utf-8"))
                handle.flush()
                os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, path)
    except OSError as exc:
        _remove(temporary)
        raise RecordError(f"cannot save record {path}: {exc.strerror or exc}") from None
    _sync_folder(path.parent)


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename is still atomic
    finally:
        os.close(descriptor)
