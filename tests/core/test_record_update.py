"""Locked read-modify-write of a record (issue 11 item 8): `updating` holds the lock from
load to save, saves only on success, and a failed or killed writer leaves nothing behind."""

from __future__ import annotations

import fcntl
import os

import pytest

from warjudge.core import recordfile
from warjudge.core.errors import InputError, RecordError
from warjudge.core.record import GameRecord, load_game, rebuilt, updating


class Counter:
    """Toy game rebuilt from a record; its `.record` is what `updating` saves."""

    def __init__(self, record: GameRecord):
        self.record = GameRecord(record.game, record.seed, record.options)
        for action in record.actions:
            self.add(action["n"])

    def add(self, n: int) -> None:
        if n < 0:
            raise InputError("only positive numbers")
        self.record.append({"type": "add", "n": n})


def _new(tmp_path) -> os.PathLike:
    path = tmp_path / "g.json"
    GameRecord("counter", 1).save(path)
    return path


def _numbers(path):
    return [a["n"] for a in GameRecord.load(path).actions]


def test_updating_saves_the_changed_game(tmp_path):
    # issue 11 item 8: one API for a locked read-modify-write
    path = _new(tmp_path)
    with updating(path, Counter) as game:
        game.add(4)
    with updating(path) as record:  # without a builder: the record itself
        record.append({"type": "add", "n": 5})
    assert _numbers(path) == [4, 5]


def test_a_refused_change_saves_nothing(tmp_path):
    # Standards: bad input gets a clear error and changes nothing
    path = _new(tmp_path)
    with updating(path, Counter) as game:
        game.add(1)
    before = path.read_bytes()
    with pytest.raises(InputError):
        with updating(path, Counter) as game:
            game.add(2)
            game.add(-1)
    assert path.read_bytes() == before and _numbers(path) == [1]


def test_an_exit_of_any_kind_inside_saves_nothing(tmp_path):
    # Standards: never a half-applied turn (a CLI leaves the block by raising typer.Exit)
    path = _new(tmp_path)
    before = path.read_bytes()
    with pytest.raises(SystemExit):
        with updating(path, Counter) as game:
            game.add(3)
            raise SystemExit(2)
    assert path.read_bytes() == before


def test_updating_a_missing_record_fails_clearly_and_leaves_no_lock_file(tmp_path):
    # Standards: a clear error; nothing written
    with pytest.raises(RecordError, match="cannot read record"):
        with updating(tmp_path / "nope.json", Counter):
            pass
    assert list(tmp_path.iterdir()) == []


def test_save_into_a_missing_folder_is_a_clear_error(tmp_path):
    # issue 11 item 5: 'game new /missing/dir/g.json' printed an OSError traceback
    with pytest.raises(RecordError, match="No such file or directory"):
        GameRecord("g", 0).save(tmp_path / "missing" / "g.json")


def test_a_held_lock_makes_a_second_writer_wait_then_fail_clearly(tmp_path):
    # issue 11 item 8: a second writer never overwrites the first one's change; it waits
    path = _new(tmp_path)
    holder = os.open(recordfile.lock_path(path), os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_EX)
    try:
        with pytest.raises(RecordError, match="being changed by another command"):
            with recordfile.locked(path, wait=0.05):
                pass
    finally:
        os.close(holder)
    with recordfile.locked(path, wait=0.05):  # free again
        pass


def test_temporaries_of_a_killed_writer_are_cleared_by_the_next_write(tmp_path):
    # issue 11 item 3: kill -9 leaves no .tmp litter that confuses later runs
    path = _new(tmp_path)
    stale = tmp_path / f".{path.name}.0123456789abcdef.tmp"
    stale.write_text("half a record")
    other = tmp_path / ".other.json.0123456789abcdef.tmp"   # another game's: not ours to remove
    other.write_text("x")
    with updating(path, Counter) as game:
        game.add(1)
    assert not stale.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [other.name, "g.json", "g.json.lock"]


def test_the_temporary_file_is_uniquely_named_in_the_same_folder(tmp_path, monkeypatch):
    # issue 11 item 8: the fixed 'PATH.tmp' let two writers trample each other's temporary file
    path = _new(tmp_path)
    seen = []
    real_replace = recordfile.os.replace

    def spy(source, target):
        seen.append(source)
        real_replace(source, target)

    monkeypatch.setattr(recordfile.os, "replace", spy)
    GameRecord("counter", 1).save(path)
    GameRecord("counter", 1).save(path)
    assert len(set(seen)) == 2 and all(os.path.dirname(s) == str(tmp_path) for s in seen)


def test_the_file_and_its_folder_are_synced(tmp_path, monkeypatch):
    # issue 11 item 8: fsync the file and its directory before a change counts as saved
    path = _new(tmp_path)
    synced = []
    real_fsync = recordfile.os.fsync

    def spy(descriptor):
        synced.append(os.path.realpath(f"/proc/self/fd/{descriptor}"))
        real_fsync(descriptor)

    monkeypatch.setattr(recordfile.os, "fsync", spy)
    GameRecord("counter", 1).save(path)
    assert len(synced) == 2 and synced[0].endswith(".tmp") and synced[1] == str(tmp_path)


def test_a_record_that_trips_the_engine_is_refused_as_a_record_error():
    # issue 11 item 1; docs/rulings.md "A record that trips an engine" is refused, never a crash
    def broken(record):
        raise KeyError("khazad dum")

    with pytest.raises(RecordError, match="cannot be replayed.*KeyError"):
        rebuilt(GameRecord("g", 0), broken)
    with pytest.raises(InputError):  # the engine's own clear errors pass through unchanged
        rebuilt(GameRecord("g", 0), lambda r: Counter(r).add(-1))


def test_load_game_replays_the_saved_record(tmp_path):
    # Standards: a game is a pure function of its record
    path = _new(tmp_path)
    with updating(path, Counter) as game:
        game.add(2)
        game.add(3)
    assert [a["n"] for a in load_game(path, Counter).record.actions] == [2, 3]


def test_the_lock_is_reentrant_within_a_process(tmp_path):
    # docs/record-format.md: a 'play' session holds the lock and still saves after every action
    path = _new(tmp_path)
    with recordfile.locked(path, wait=0.05):
        with updating(path, Counter) as game:
            game.add(1)
        GameRecord("counter", 1).save(path)
        holder = os.open(recordfile.lock_path(path), os.O_RDWR)
        try:  # still held by this process for another process (or descriptor) until the end
            with pytest.raises(BlockingIOError):
                fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(holder)
    with recordfile.locked(path, wait=0.05):  # released
        pass


def test_a_body_that_changes_nothing_writes_nothing(tmp_path, monkeypatch):
    # issue 11 item 8: a command that only looks (e.g. 'act ... units') leaves the file untouched
    path = _new(tmp_path)
    with updating(path, Counter) as game:
        game.add(1)
    writes = []
    monkeypatch.setattr(recordfile.os, "replace", lambda *args: writes.append(args))
    with updating(path, Counter):
        pass
    assert writes == []
    legacy = tmp_path / "old.json"   # but a legacy file is upgraded by any update (docs/record-format.md)
    legacy.write_text('{"format": "warjudge-record/1", "game": "counter", "seed": 0, "options": {}, "actions": []}')
    monkeypatch.undo()
    with updating(legacy, Counter):
        pass
    assert '"warjudge-record/2"' in legacy.read_text()
