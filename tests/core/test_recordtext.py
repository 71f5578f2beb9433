"""A record written again after each action (the play server's rows) serialises and hashes
only the actions new since it was last written (core/recordtext.py), and its text is byte
for byte what writing the whole record afresh gives."""

from __future__ import annotations

import copy
import json
import pickle

from warjudge.core import recordtext
from warjudge.core.record import GameRecord, content_checksum


def _afresh(record: GameRecord, compact: bool) -> str:
    """The record's file as written from nothing: every action serialised and hashed."""
    reseeds = {"reseeds": [r.to_json() for r in record.reseeds]} if record.reseeds else {}
    header = {"format": "warjudge-record/2", "game": record.game, "seed": record.seed, "options": record.options,
              **reseeds}
    actions = list(record.actions)
    layout: dict = {"separators": (",", ":")} if compact else {"indent": 1}
    return json.dumps({**header, "checksum": content_checksum({**header, "actions": actions}), "actions": actions},
                      ensure_ascii=False, **layout)


def _action(n: int) -> dict:
    return {"type": "bid", "amount": n, "zé": ["ü", {"b": 1, "a": n}]}   # unsorted keys, non-ASCII


def test_each_action_is_written_once_however_often_the_record_is(monkeypatch):
    # issue 22: storing a game after every action re-serialised and re-hashed its whole record
    written: list[dict] = []
    real = recordtext.action_texts
    monkeypatch.setattr(recordtext, "action_texts", lambda a: written.append(a) or real(a))
    record = GameRecord("toy-bids", 5, {"rounds": 3})
    for n in range(30):
        record.append(_action(n))
        assert record.to_json(compact=True) == _afresh(record, compact=True)
    assert len(written) == 30


def test_the_text_stays_the_whole_records_through_reseeds_copies_and_pickles():
    # docs/record-format.md: the checksum covers the canonical content, reseeds included
    record = GameRecord("toy-bids", 5, {"rounds": 3})
    assert record.to_json(compact=True) == _afresh(record, compact=True)
    for n in range(4):
        record.append(_action(n))
    record.to_json(compact=True)
    twin = record.copy()
    twin.append(_action(99))     # a copy that goes its own way shares the first four
    record.append(_action(5))
    record.reseed(2, 12345)
    for one in (record, twin, pickle.loads(pickle.dumps(record)), copy.deepcopy(twin)):
        for compact in (True, False):
            assert one.to_json(compact=compact) == _afresh(one, compact=compact)
            assert GameRecord.from_json(one.to_json(compact=compact)).to_json(compact=True) == _afresh(one, True)
