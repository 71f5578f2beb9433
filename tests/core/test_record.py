"""GameRecord: the append-only action log and its JSON file; replaying one through
`core.games.load`, the one replay path."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warjudge.core import games, recordfile
from warjudge.core import record as record_module
from warjudge.core import recordtext as recordtext_module
from warjudge.core.errors import RecordError, WarjudgeError
from warjudge.core.record import GameRecord, content_checksum

from tests.support.toygame import INFO as TOY


def _record(*numbers, game="adder", seed=7, options=None) -> GameRecord:
    r = GameRecord(game, seed, options if options is not None else {"start": 100})
    for n in numbers:
        r.append({"type": "add", "n": n})
    return r


def _valid_file(**changes) -> dict:
    data = {"format": "warjudge-record/1", "game": "adder", "seed": 3, "options": {},
            "actions": [{"type": "add", "n": 1}]}
    data.update(changes)
    return data


# --- append and immutability ------------------------------------------------------

def test_append_keeps_actions_in_order():
    # Standards: the record is an append-only log, in the order given
    r = _record(1, 2, 3)
    assert [a["n"] for a in r.actions] == [1, 2, 3]
    assert all(a["type"] == "add" for a in r.actions)


def test_mutating_the_appended_dict_does_not_change_the_record():
    # Standards: a stored action can never be mutated afterwards
    action = {"type": "add", "n": 5, "extra": {"list": [1, 2]}}
    r = GameRecord("adder", 1)
    r.append(action)
    action["n"] = 999
    action["extra"]["list"].append(3)
    action["type"] = "changed"
    assert r.actions == ({"type": "add", "n": 5, "extra": {"list": [1, 2]}},)


def test_actions_is_a_tuple_that_cannot_grow_the_record():
    # Standards: actions only enter the record through append
    r = _record(1)
    actions = r.actions
    assert isinstance(actions, tuple)
    with pytest.raises(AttributeError):
        actions.append({"type": "add", "n": 2})  # type: ignore[attr-defined]
    assert len(r.actions) == 1


def test_mutating_a_returned_action_does_not_change_the_record():
    # Standards: a stored action can never be mutated afterwards
    r = _record(1)
    r.actions[0]["n"] = 99
    assert r.actions[0]["n"] == 1


def test_append_stores_a_json_normalised_copy():
    # Standards: the record never holds anything the file format could not store
    r = GameRecord("g", 0)
    r.append({"type": "t", "pair": (1, 2)})
    assert r.actions[0]["pair"] == [1, 2]


def test_action_without_type_is_rejected_and_not_stored():
    # Standards: every action needs a "type"; bad input changes nothing
    r = _record(1)
    with pytest.raises(RecordError, match="type"):
        r.append({"n": 2})
    assert len(r.actions) == 1


@pytest.mark.parametrize("bad", ["my type", ["type"]])
def test_action_that_is_not_an_object_is_rejected(bad):
    # Standards: actions are JSON objects with a "type" key; bad input changes nothing
    r = GameRecord("g", 0)
    with pytest.raises(RecordError):
        r.append(bad)  # type: ignore[arg-type]
    assert r.actions == ()


def test_mutating_passed_in_options_does_not_change_the_record():
    # Standards: the record owns its data
    options = {"variant": {"name": "standard"}}
    r = GameRecord("g", 0, options)
    options["other"] = 1
    options["variant"]["name"] = "changed"
    assert r.options == {"variant": {"name": "standard"}}


# --- JSON round trip ----------------------------------------------------------------

def test_to_json_writes_the_format_tag_header_and_checksum():
    # docs/record-format.md: warjudge-record/2 = header + checksum + actions
    data = json.loads(_record(4, options={"x": 1}).to_json())
    content = {"format": "warjudge-record/2", "game": "adder", "seed": 7,
               "options": {"x": 1}, "actions": [{"type": "add", "n": 4}]}
    assert data == {**content, "checksum": content_checksum(content)}
    expected = hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    assert data["checksum"] == "sha256:" + expected


def test_to_json_from_json_round_trip():
    # Standards: a saved record loads back identical
    r = _record(1, -2, 30)
    back = GameRecord.from_json(r.to_json())
    assert (back.game, back.seed, back.options, back.actions) == (r.game, r.seed, r.options, r.actions)
    assert back.to_json() == r.to_json()


def test_compact_json_is_the_same_record_without_the_layout():
    # the play server stores records compact (docs/record-format.md: the checksum covers the content, not the layout)
    r = _record(1, -2, 30)
    compact = r.to_json(compact=True)
    assert "\n" not in compact and ", " not in compact and len(compact) < len(r.to_json())
    assert json.loads(compact) == json.loads(r.to_json())
    assert GameRecord.from_json(compact).to_json() == r.to_json()


_json_scalars = st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=8) | \
    st.floats(allow_nan=False, allow_infinity=False)
_json = st.recursive(_json_scalars, lambda kids: st.lists(kids, max_size=3)
                     | st.dictionaries(st.text(max_size=5), kids, max_size=3), max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(actions=st.lists(st.dictionaries(st.text(max_size=5), _json, max_size=3), max_size=4),
       seed=st.integers(-2**63, 2**63))
def test_round_trip_of_arbitrary_json_actions(actions, seed):
    # Standards: a saved record loads back identical
    r = GameRecord("g", seed, {"k": [1, "a"]})
    for i, a in enumerate(actions):
        r.append({**a, "type": f"t{i}"})
    back = GameRecord.from_json(r.to_json())
    assert back.seed == seed
    assert back.actions == r.actions
    assert back.options == r.options



def test_loading_a_record_copies_no_action_again(monkeypatch):
    """Issue 22: an action parsed from the file is checked there and is the record's own:
    copying it again (a JSON round trip each) was half of a 3,000-action record's load."""
    r = _record(1, -2, 30)
    text = r.to_json(compact=True)
    copies = []
    real = record_module._frozen_copy
    monkeypatch.setattr(record_module, "_frozen_copy", lambda value, what, most: (
        copies.append(value) if what == "action" else None) or real(value, what, most))
    back = GameRecord.from_json(text)
    assert copies == [] and back.actions == r.actions and back.to_json(compact=True) == text
    back.append({"type": "add", "n": 4})   # a new action is still copied
    assert len(copies) == 1


def test_a_loaded_record_is_stored_again_without_writing_its_actions_again(monkeypatch):
    """Issue 22: the play server stores a game after a cold load: each action's texts,
    written as the file was checked, are kept, so the store writes only the new action
    (it wrote all 3,000 of a long game again)."""
    r = _record(1, -2, 30)
    back = GameRecord.from_json(r.to_json(compact=True))
    r.append({"type": "add", "n": 4})
    expected = r.to_json(compact=True)
    written = []
    real = recordtext_module.action_texts
    monkeypatch.setattr(recordtext_module, "action_texts", lambda action: written.append(action) or real(action))
    back.append({"type": "add", "n": 4})
    assert back.to_json(compact=True) == expected and written == [{"type": "add", "n": 4}]
    assert GameRecord.from_json(back.to_json()).to_json() == r.to_json()


@pytest.mark.parametrize("where", ["action", "options"])
def test_a_number_json_cannot_write_is_a_refused_record_not_a_crash(where):
    """1e400 parses as infinity, which JSON cannot write again (the checksum, the copy):
    the file is refused with a RecordError naming it (it raised ValueError)."""
    data = json.loads(_record(1, -2, 30).to_json())
    if where == "action":
        data["actions"][0]["n"] = "INF"
    else:
        data["options"]["limit"] = "INF"
    with pytest.raises(RecordError, match="a number too large for JSON"):
        GameRecord.from_json(json.dumps(data).replace('"INF"', "1e400"))


# --- save / load ----------------------------------------------------------------------

def test_save_and_load(tmp_path):
    # Standards: a saved record loads back identical
    r = _record(5, 6)
    path = tmp_path / "game.json"
    r.save(path)
    back = GameRecord.load(path)
    assert back.actions == r.actions and back.seed == 7 and back.game == "adder"
    assert back.options == {"start": 100}
    assert GameRecord.load(str(path)).to_json() == r.to_json()  # str paths work too


def test_save_leaves_no_temporary_file(tmp_path):
    # Standards: atomic save; docs/rulings.md "The lock file NAME.lock stays beside the game file"
    path = tmp_path / "game.json"
    _record(1).save(path)
    _record(1, 2).save(path)  # overwrite
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.lock"]
    assert len(GameRecord.load(path).actions) == 2


def test_failed_save_keeps_the_previous_file(tmp_path, monkeypatch):
    # Standards: atomic save: a crash mid-write never leaves a half-written record
    path = tmp_path / "game.json"
    _record(1).save(path)
    before = path.read_text()

    def disk_full(descriptor):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(recordfile.os, "fsync", disk_full)
    with pytest.raises(RecordError, match="cannot save record .*No space left"):
        _record(1, 2, 3).save(path)
    monkeypatch.undo()
    assert path.read_text() == before
    assert [a["n"] for a in GameRecord.load(path).actions] == [1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.lock"]


def test_failed_rename_keeps_the_previous_file(tmp_path, monkeypatch):
    # Standards: atomic save: the target is replaced in one step or not at all
    path = tmp_path / "game.json"
    _record(1).save(path)
    before = path.read_text()

    def fail(source, target):
        raise OSError(5, "rename failed")

    monkeypatch.setattr(recordfile.os, "replace", fail)
    with pytest.raises(RecordError):
        _record(9, 9).save(path)
    monkeypatch.undo()
    assert path.read_text() == before


# --- replay (through the one path, core.games: the toy game of tests/support) ---------------

def _played(*bids: tuple[str, int], seed: int = 7):
    """A toy game played live through `act`, one (player, amount) bid at a time."""
    game = games.new(TOY.id, seed=seed, rounds=3)
    for player, amount in bids:
        game.act(player, {"type": "bid", "amount": amount})
    return game


BIDS = (("north", 2), ("south", 1), ("south", 0), ("north", 3))


def test_replay_builds_the_state_from_the_actions(toy_registered):
    # Standards: a game is a pure function of its record
    live = _played(*BIDS)
    again = games.load(live.record)
    assert again.view(None) == live.view(None)
    assert again.view(None)["coins"] == {"north": 0, "south": 4}   # where the coins end up
    assert [h["bids"] for h in again.view(None)["history"]] == [{"north": 2, "south": 1}, {"south": 0, "north": 3}]


def test_replay_is_deterministic_and_survives_save_and_load(toy_registered, tmp_path):
    # Standards: the same record always yields the same state (the dice too)
    record = _played(*BIDS).record
    a, b = games.load(record), games.load(record)
    assert a.view(None) == b.view(None)
    assert [h["rolls"] for h in a.view(None)["history"]] == [h["rolls"] for h in b.view(None)["history"]]
    record.save(tmp_path / "g.json")
    c = games.load(GameRecord.load(tmp_path / "g.json"))
    assert c.view(None) == a.view(None) and c.record.to_json() == record.to_json()


def test_replay_starts_from_the_header_and_leaves_the_record_alone(toy_registered):
    # Standards: replay starts from a fresh game built from the header only; the record
    # given is not changed, and the loaded game's record holds the same log
    record = _played(*BIDS).record
    before = record.to_json()
    loaded = games.load(record)
    assert record.to_json() == before
    assert loaded.record is not record and loaded.record.to_json() == before
    loaded.act("north", {"type": "bid", "amount": 0})
    assert record.to_json() == before


def test_replay_of_an_unplayable_action_raises_record_error(toy_registered):
    # Standards: a record that cannot be replayed is corrupt (RecordError, never another
    # type), and the message names the action
    record = _played(("north", 2)).record
    record.append({"type": "bid", "player": "north", "amount": 1})   # north has bid this round
    with pytest.raises(RecordError, match=r"action 1 \(bid\)"):
        games.load(record)
    other = GameRecord(TOY.id, 7, {"rounds": 3})
    other.append({"type": "explode", "player": "south"})
    with pytest.raises(RecordError, match=r"action 0 \(explode\)"):
        games.load(other)


# --- corrupt files -------------------------------------------------------------------------

CORRUPT = {
    "not json": "this is not json {",
    "empty file": "",
    "json but not an object": "[1, 2, 3]",
    "wrong format tag": json.dumps(_valid_file(format="warjudge-record/3")),
    "other program's file": json.dumps(_valid_file(format="chess-pgn")),
    "missing format": json.dumps({k: v for k, v in _valid_file().items() if k != "format"}),
    "missing game": json.dumps({k: v for k, v in _valid_file().items() if k != "game"}),
    "missing seed": json.dumps({k: v for k, v in _valid_file().items() if k != "seed"}),
    "empty game name": json.dumps(_valid_file(game="")),
    "seed not a number": json.dumps(_valid_file(seed="abc")),
    "actions not a list": json.dumps(_valid_file(actions={"type": "add"})),
    "actions a string": json.dumps(_valid_file(actions="add 1")),
    "action not an object": json.dumps(_valid_file(actions=[1, 2])),
    "action without type": json.dumps(_valid_file(actions=[{"type": "add", "n": 1}, {"n": 2}])),
    "options not an object": json.dumps(_valid_file(options=[1])),
    "unknown field": json.dumps(_valid_file(winner="me")),
    "deeply nested": "[" * 5000,
}


@pytest.mark.parametrize("text", CORRUPT.values(), ids=CORRUPT.keys())
def test_corrupt_text_raises_record_error(text):
    # Standards: a corrupt record raises RecordError with a readable message and loads nothing
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    message = str(info.value)
    assert message and "Traceback" not in message
    assert isinstance(info.value, WarjudgeError)


@pytest.mark.parametrize("text", CORRUPT.values(), ids=CORRUPT.keys())
def test_corrupt_file_raises_record_error_on_load(tmp_path, text):
    # Standards: a corrupt file raises RecordError and never another exception type
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(RecordError):
        GameRecord.load(path)


def test_corrupt_messages_name_the_problem():
    # Standards: each message says what was wrong
    with pytest.raises(RecordError, match="actions"):
        GameRecord.from_json(CORRUPT["actions not a list"])
    with pytest.raises(RecordError, match="format"):
        GameRecord.from_json(CORRUPT["wrong format tag"])
    with pytest.raises(RecordError, match="game"):
        GameRecord.from_json(CORRUPT["missing game"])
    with pytest.raises(RecordError, match="type"):
        GameRecord.from_json(CORRUPT["action without type"])


def test_missing_file_raises_record_error(tmp_path):
    # Standards: an unreadable path raises RecordError naming the path
    missing = tmp_path / "nope" / "game.json"
    with pytest.raises(RecordError, match="cannot read record") as info:
        GameRecord.load(missing)
    assert "game.json" in str(info.value)


def test_directory_path_raises_record_error(tmp_path):
    # Standards: an unreadable path raises RecordError
    with pytest.raises(RecordError, match="cannot read record"):
        GameRecord.load(tmp_path)


def test_binary_file_raises_record_error(tmp_path):
    # Standards: a corrupt file raises RecordError and never another exception type
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe\x00\x80garbage")
    with pytest.raises(RecordError):
        GameRecord.load(path)


def test_a_record_that_could_not_load_back_cannot_be_made(tmp_path):
    # Standards: a saved record loads back identical, so a nameless one is refused up front
    with pytest.raises(RecordError, match="name of its game"):
        GameRecord("", 1)


def test_nan_in_an_action_is_refused():
    # Standards: a record holds only what a standard JSON file can store (NaN is not JSON)
    r = GameRecord("g", 0)
    with pytest.raises(RecordError, match="cannot be stored"):
        r.append({"type": "t", "x": float("nan")})
    assert r.actions == ()


def test_action_count_is_the_number_of_logged_actions():
    record = GameRecord("toy-bids", 1)
    assert record.action_count() == 0
    record.append({"type": "bid", "amount": 1})
    record.append({"type": "bid", "amount": 2})
    assert record.action_count() == len(record.actions) == 2


def test_actions_after_a_marker_are_the_ones_appended_since_and_none_for_another_record():
    record = GameRecord("toy", 1)
    record.append({"type": "a"})
    marker, count = record.marker(), record.action_count()
    later = record.copy()   # a copy goes on from the same actions
    later.append({"type": "b"})
    later.append({"type": "c"})
    assert later.actions_after(marker, count) == [{"type": "b"}, {"type": "c"}]
    assert record.actions_after(marker, count) == []
    elsewhere = GameRecord("toy", 1)   # the same actions, another record: not its continuation
    elsewhere.append({"type": "a"})
    elsewhere.append({"type": "b"})
    assert elsewhere.actions_after(marker, count) is None
