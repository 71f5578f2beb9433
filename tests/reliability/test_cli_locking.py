"""Issue 11 item 8: every command that changes a game file does its read-modify-write under
the file's lock (record.updating), so none can overwrite another's change. Holding the lock
from outside shows it: each such command waits, then gives up with a clear error and leaves
the file as it was; commands that only read need no lock."""

from __future__ import annotations

import fcntl
import os

import pytest
from tests.reliability.samples import SJG, STANDARD, sample_text
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core import recordfile

WRITERS = {
    STANDARD: [(["diplomacy", "orders", "FILE", "FRANCE"], "A par H"), (["diplomacy", "process", "FILE"], None),
               (["diplomacy", "draw", "FILE", "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"],
                None)],
    SJG: [(["sjg", "act", "FILE", "red", "end"], None),
          (["sjg", "act", "FILE", "black", "end"], None),
          (["sjg", "play", "--resume", "FILE", "--vs-bot", "none"], "")],
}
READERS = {STANDARD: [["diplomacy", "show", "FILE"]], SJG: [["sjg", "show", "FILE"]]}


@pytest.fixture
def held(tmp_path, monkeypatch):
    monkeypatch.setattr(recordfile, "LOCK_WAIT_SECONDS", 0.1)

    def hold(game):
        path = tmp_path / "g.json"
        path.write_text(sample_text(game))
        holder = os.open(recordfile.lock_path(path), os.O_RDWR | os.O_CREAT)
        fcntl.flock(holder, fcntl.LOCK_EX)
        return path, holder

    return hold


@pytest.mark.parametrize("game,args,stdin", [(g, a, i) for g, cmds in WRITERS.items() for a, i in cmds],
                         ids=lambda v: v if isinstance(v, str) else None)
def test_every_writing_command_takes_the_lock(held, game, args, stdin):
    # issue 11 item 8: a locked read-modify-write at every call site; docs/rulings.md "Two writers at once"
    path, holder = held(game)
    before = path.read_bytes()
    try:
        result = CliRunner().invoke(app, [str(path) if a == "FILE" else a for a in args], input=stdin)
    finally:
        os.close(holder)
    assert result.exit_code == 2 and "being changed by another command" in " ".join(result.output.split())
    assert path.read_bytes() == before


@pytest.mark.parametrize("game,args", [(g, a) for g, cmds in READERS.items() for a in cmds])
def test_reading_commands_need_no_lock(held, game, args):
    # docs/record-format.md: readers see the old file or the new one, never a half-written one
    path, holder = held(game)
    try:
        result = CliRunner().invoke(app, [str(path) if a == "FILE" else a for a in args])
    finally:
        os.close(holder)
    assert result.exit_code == 0, result.output


def test_game_new_into_a_missing_folder_is_a_clear_error(tmp_path):
    # issue 11 item 5: 'game new /missing/dir/g.json' printed an OSError traceback
    result = CliRunner().invoke(app, ["diplomacy", "new", str(tmp_path / "missing" / "g.json")])
    assert result.exit_code == 2 and result.output.startswith("error: ") and "missing" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert list(tmp_path.iterdir()) == []
