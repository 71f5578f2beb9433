"""Records that verify (issue 11 item 9): format warjudge-record/2 carries a checksum of its
content, every header field is checked strictly, sizes are bounded, and the legacy
warjudge-record/1 files of running campaigns still load (docs/record-format.md)."""

from __future__ import annotations

import json
import os

import pytest

from warjudge.core import record as R
from warjudge.core.errors import RecordError
from warjudge.core.record import GameRecord, content_checksum


def _saved(tmp_path, *numbers, options=None):
    r = GameRecord("adder", 7, options if options is not None else {"start": 100})
    for n in numbers:
        r.append({"type": "add", "n": n})
    path = tmp_path / "g.json"
    r.save(path)
    return path


def _edit(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))


def test_a_saved_record_verifies_and_loads_back(tmp_path):
    # docs/record-format.md: the checksum is SHA-256 over the canonical JSON of header + actions
    path = _saved(tmp_path, 1, 2)
    data = json.loads(path.read_text())
    assert data["format"] == "warjudge-record/2"
    assert data["checksum"] == content_checksum({k: data[k] for k in ("format", "game", "seed", "options", "actions")})
    assert [a["n"] for a in GameRecord.load(path).actions] == [1, 2]


def test_a_changed_action_does_not_verify(tmp_path):
    # issue 11 item 9: "A Los - 2A MTi" became "A Los(- 2A MTi" and loaded as a different game
    path = _saved(tmp_path, 1, 2)
    _edit(path, lambda d: d["actions"][1].update(n=3))
    with pytest.raises(RecordError, match="does not verify: its checksum does not match"):
        GameRecord.load(path)


@pytest.mark.parametrize("change", [
    lambda d: d.update(seed=8),
    lambda d: d["options"].update(start=101),
    lambda d: d["actions"].pop(),
    lambda d: d.update(game="other"),
    lambda d: d.update(checksum="sha256:" + "0" * 64),
], ids=["seed", "option", "action removed", "game", "checksum"])
def test_any_changed_field_does_not_verify(tmp_path, change):
    # docs/record-format.md: the checksum covers every field of the header and every action
    path = _saved(tmp_path, 1, 2)
    _edit(path, change)
    with pytest.raises(RecordError, match="does not verify"):
        GameRecord.load(path)


def test_layout_does_not_matter_only_content(tmp_path):
    # docs/record-format.md: the checksum is over canonical JSON, so re-indenting a file keeps it valid
    path = _saved(tmp_path, 1, 2)
    path.write_text(json.dumps(json.loads(path.read_text()), indent=4, sort_keys=True))
    assert [a["n"] for a in GameRecord.load(path).actions] == [1, 2]


def test_options_keep_their_order_through_save_and_load(tmp_path):
    # Standards: determinism (an engine may read options in order; only the checksum sorts keys)
    path = _saved(tmp_path, options={"items": {"red": 2, "black": 1}, "first": "coin"})
    loaded = GameRecord.load(path)
    assert list(loaded.options) == ["items", "first"] and list(loaded.options["items"]) == ["red", "black"]


@pytest.mark.parametrize("field,value,message", [
    ("seed", True, "seed: an integer, not true"),
    ("seed", 7.0, "seed: an integer"),
    ("seed", "7", "seed: an integer"),
    ("seed", 2 ** 256, "seed: out of range"),
    ("seed", -(2 ** 256), "seed: out of range"),
    ("game", 5, "game: the name of its game"),
    ("game", "Adder Game", "game: the name of its game"),
    ("game", "a" * 65, "game: the name of its game"),
    ("options", [], "options: an object"),
    ("actions", {}, "actions: a list"),
    ("actions", [{"type": ""}], "actions.0: an action is an object with a 'type' string"),
    ("actions", [{"type": 5}], "actions.0"),
    ("actions", [{"type": "t" * 65}], "actions.0"),
    ("checksum", "sha256:XYZ", "checksum: 'sha256:'"),
    ("checksum", None, "checksum"),
], ids=lambda v: str(v)[:20])
def test_every_header_field_is_checked_strictly(tmp_path, field, value, message):
    # issue 11 item 9: validate every field strictly (booleans are not numbers, names are names)
    path = _saved(tmp_path, 1)

    def change(data):
        data[field] = value
        content = {k: data[k] for k in ("format", "game", "seed", "options", "actions")}
        if field != "checksum":  # a well-formed file with a bad field: only the check can catch it
            data["checksum"] = content_checksum(content)

    _edit(path, change)
    with pytest.raises(RecordError, match=message.replace("(", r"\(")) as info:
        GameRecord.load(path)
    assert "not a valid warjudge record" in str(info.value)


def test_a_large_seed_within_bounds_is_kept(tmp_path):
    # issue 10 item 3: seeds of 128 bits and more must fit
    r = GameRecord("g", 2 ** 200 + 1)
    r.save(tmp_path / "g.json")
    assert GameRecord.load(tmp_path / "g.json").seed == 2 ** 200 + 1


def test_a_record_with_a_boolean_seed_cannot_be_made():
    # issue 11 item 9: booleans are booleans, not numbers
    with pytest.raises(RecordError, match="seed"):
        GameRecord("g", True)


def test_v2_without_checksum_and_v1_with_one_are_refused(tmp_path):
    # docs/record-format.md: each version has exactly its own fields
    path = _saved(tmp_path, 1)
    _edit(path, lambda d: d.pop("checksum"))
    with pytest.raises(RecordError, match="checksum: missing"):
        GameRecord.load(path)
    path = _saved(tmp_path, 1)
    _edit(path, lambda d: d.update(format="warjudge-record/1"))
    with pytest.raises(RecordError, match="checksum: unknown field"):
        GameRecord.load(path)


def test_a_legacy_v1_file_loads_and_is_rewritten_as_v2(tmp_path):
    # docs/rulings.md "Legacy warjudge-record/1 files": running campaigns keep their files
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "warjudge-record/1", "game": "adder", "seed": 3, "options": {},
                                "actions": [{"type": "add", "n": 1}]}, indent=1))
    with R.updating(path) as record:
        record.append({"type": "add", "n": 2})
    data = json.loads(path.read_text())
    assert data["format"] == "warjudge-record/2" and "checksum" in data
    assert [a["n"] for a in GameRecord.load(path).actions] == [1, 2]


def test_a_legacy_v1_file_is_still_checked_strictly(tmp_path):
    # docs/record-format.md: without a checksum, a v1 file still gets every strict check
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "warjudge-record/1", "game": "adder", "seed": False, "options": {},
                                "actions": []}))
    with pytest.raises(RecordError, match="seed: an integer"):
        GameRecord.load(path)


def test_a_record_missing_its_actions_is_refused(tmp_path):
    # issue 9 item 13: a record missing `actions` silently gave a new game
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "warjudge-record/1", "game": "adder", "seed": 3, "options": {}}))
    with pytest.raises(RecordError, match="actions: missing"):
        GameRecord.load(path)


def test_counts_and_sizes_are_bounded_on_load_and_on_append(tmp_path, monkeypatch):
    # issue 11 item 9: bounded counts of actions and sizes, checked before any replay
    monkeypatch.setattr(R, "MAX_ACTIONS", 3)
    r = GameRecord("g", 0)
    for n in range(3):
        r.append({"type": "t", "n": n})
    with pytest.raises(RecordError, match="at most 3 actions"):
        r.append({"type": "t"})
    assert len(r.actions) == 3
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"format": "warjudge-record/1", "game": "g", "seed": 0, "options": {},
                                "actions": [{"type": "t"}] * 4}))
    with pytest.raises(RecordError, match="actions: more than 3"):
        GameRecord.load(path)
    with pytest.raises(RecordError, match="too large"):
        r2 = GameRecord("g", 0)
        r2.append({"type": "t", "text": "x" * (R.MAX_ACTION_CHARS + 1)})
    path.write_text(json.dumps({"format": "warjudge-record/1", "game": "g", "seed": 0, "options": {},
                                "actions": [{"type": "t", "text": "x" * R.MAX_ACTION_CHARS}]}))
    with pytest.raises(RecordError, match="actions.0: larger than"):
        GameRecord.load(path)


def test_a_file_larger_than_the_cap_is_refused_unread(tmp_path, monkeypatch):
    # issue 11 item 6: sizes are capped before anything is parsed
    monkeypatch.setattr(R, "MAX_RECORD_BYTES", 100)
    path = _saved(tmp_path, *range(30))
    with pytest.raises(RecordError, match="larger than 100 bytes"):
        GameRecord.load(path)


def test_a_record_path_that_is_a_pipe_never_blocks(tmp_path):
    # issue 11 item 6: "/dev/stdin" waited for ever; only regular files are records
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="not a regular file"):
        GameRecord.load(fifo)
    with pytest.raises(RecordError, match="not a regular file"):
        GameRecord.load("/dev/zero")
