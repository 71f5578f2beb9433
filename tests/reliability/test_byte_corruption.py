"""Issue 11 item 9: a single-byte corruption of a saved record, of any game, never loads as a
different game. Every byte of a sample record of each game (standard Diplomacy, the
Necromancer variant, SJG Necromancer) is changed to other values; each result either fails
to load with a clear RecordError or loads exactly the same game. (The campaign in
`campaign.py` tries all 255 values of every byte.)"""

from __future__ import annotations

import random

import pytest
from tests.reliability.samples import GAMES, build, sample_text

from warjudge.core.errors import RecordError
from warjudge.core.record import GameRecord, canonical_json

VALUES_PER_BYTE = 6


def _content(record: GameRecord):
    return canonical_json({"game": record.game, "seed": record.seed, "options": record.options,
                           "actions": list(record.actions)})


def one_byte_changes(data: bytes, values_per_byte: int | None, rng: random.Random):
    """(position, new byte) pairs: every other value, or a few at random, at every position."""
    for position, old in enumerate(data):
        others = [v for v in range(256) if v != old]
        for value in (others if values_per_byte is None else rng.sample(others, values_per_byte)):
            yield position, value


def check_one_byte_changes(name: str, values_per_byte: int | None, seed: int = 0) -> dict[str, int]:
    """Counts of outcomes; raises AssertionError at the first change that loads a different game."""
    original = sample_text(name).encode("utf-8")
    want = _content(GameRecord.from_json(original.decode()))
    want_game = build(GameRecord.from_json(original.decode())).record.to_json()
    counts = {"tried": 0, "refused": 0, "identical": 0}
    for position, value in one_byte_changes(original, values_per_byte, random.Random(seed)):
        corrupt = bytearray(original)
        corrupt[position] = value
        counts["tried"] += 1
        try:
            text = bytes(corrupt).decode("utf-8")
            record = GameRecord.from_json(text, "g.json")
        except UnicodeDecodeError:
            counts["refused"] += 1   # GameRecord.load refuses non-UTF-8 (tested in tests/core)
            continue
        except RecordError as exc:
            assert str(exc).startswith(("g.json ", "cannot read record")), str(exc)
            counts["refused"] += 1
            continue
        assert _content(record) == want, f"byte {position} -> {value:#04x} loaded a different record"
        assert build(record).record.to_json() == want_game, f"byte {position} -> {value:#04x}: another game"
        counts["identical"] += 1
    return counts


@pytest.mark.parametrize("name", GAMES)
def test_no_single_byte_corruption_loads_a_different_game(name):
    # issue 11 item 9: every one-byte change fails to load with a clear error or loads an identical game
    counts = check_one_byte_changes(name, VALUES_PER_BYTE)
    assert counts["tried"] == len(sample_text(name).encode()) * VALUES_PER_BYTE
    assert counts["refused"] > 0.95 * counts["tried"]


def test_corrupt_bytes_on_disk_give_a_clear_error(tmp_path):
    # issue 11 item 9: refuse a record that does not verify, saying so (through the file, as the CLIs load it)
    path = tmp_path / "g.json"
    text = sample_text("necromancer")
    at = text.index(" - ") if " - " in text else text.index('"H')
    path.write_text(text[:at] + "(" + text[at + 1:])   # the "A Los - 2A MTi" -> "A Los(- 2A MTi"
    with pytest.raises(RecordError, match="does not verify"):
        GameRecord.load(path)
