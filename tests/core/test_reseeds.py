"""Reseeds (issue 22): after a games master's roll back the dice are drawn afresh from the
roll the kept actions reached; a record keeps its reseeds, checksummed, and a record
without any is written byte for byte as before (docs/record-format.md)."""

from __future__ import annotations

import hashlib
import json

import pytest

from tests.support.toygame import INFO
from warjudge.core import games
from warjudge.core.dice import Dice, commitment
from warjudge.core.errors import RecordError
from warjudge.core.record import GameRecord, Reseed, content_checksum


@pytest.fixture(autouse=True)
def toy():
    games.register(INFO)
    yield
    games.unregister(INFO.id)


def _d6(seed: int, n: int) -> int:
    """Roll number n of a d6 under `seed`, as core/dice.py documents it."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{n}".encode()).digest()[:8], "big") % 6 + 1


def test_a_reseed_changes_the_rolls_from_its_roll_on_only():
    # docs/record-format.md "Reseeds": roll n uses the seed of the last reseed (in the
    # list's order) whose roll is at most n, else the game's own seed
    dice = Dice(42, reseeds=(Reseed(3, 7),))
    assert [dice.roll() for _ in range(8)] == [_d6(42, n) for n in range(3)] + [_d6(7, n) for n in range(3, 8)]
    further_back = Dice(42, reseeds=(Reseed(3, 7), Reseed(1, 9)))   # a second roll back, to roll 1
    assert [further_back.roll() for _ in range(5)] == [_d6(42, 0)] + [_d6(9, n) for n in range(1, 5)]


def test_the_commitment_is_the_sha256_of_the_seed_s_decimal_text():
    # docs/server.md "Provably fair dice": the documented construction
    import hashlib

    assert commitment(12345) == "sha256:" + hashlib.sha256(b"12345").hexdigest()
    assert commitment(-3) == "sha256:" + hashlib.sha256(b"-3").hexdigest()


def test_a_record_without_reseeds_is_written_as_before():
    # docs/record-format.md: a record without reseeds stays byte for byte what it was
    record = GameRecord("toy-bids", 7, {"rounds": 2})
    record.append({"type": "bid", "player": "north", "amount": 1})
    content = {"format": "warjudge-record/2", "game": "toy-bids", "seed": 7, "options": {"rounds": 2},
               "actions": [{"type": "bid", "player": "north", "amount": 1}]}
    header = {k: v for k, v in content.items() if k != "actions"}
    assert record.to_json() == json.dumps({**header, "checksum": content_checksum(content),
                                           "actions": content["actions"]}, indent=1, ensure_ascii=False)


def test_a_record_keeps_its_reseeds_through_a_save_and_a_replay(tmp_path):
    game = games.new("toy-bids", seed=5)
    game.act("north", {"type": "bid", "amount": 1})
    game.act("south", {"type": "bid", "amount": 2})
    record = game.record.restarted()
    for action in game.record.actions:
        record.append(action)
    record.reseed(game.dice.rolls_made, 99)
    saved = json.loads(record.to_json())
    assert saved["reseeds"] == [{"roll": game.dice.rolls_made, "seed": 99}]
    assert saved["checksum"] == content_checksum({k: saved[k] for k in ("format", "game", "seed", "options",
                                                                         "reseeds", "actions")})
    again = games.load(GameRecord.from_json(record.to_json()))
    assert again.record.reseeds == record.reseeds and again.record.commitments() == [commitment(5), commitment(99)]
    assert again.clone(reseed=False).record.reseeds == record.reseeds
    assert again.record.copy(seed=1).reseeds == ()   # a search clone's record holds no real seed
    twin = games.load(GameRecord.from_json(record.to_json()))
    twin.act("north", {"type": "bid", "amount": 0})
    twin.act("south", {"type": "bid", "amount": 0})
    assert twin.dice.seed == 5 and twin.view(None)["history"][1]["rolls"] == {
        p: r for p, r in zip(("north", "south"), (Dice(99, 2).roll(), Dice(99, 3).roll()))}


@pytest.mark.parametrize("reseeds, problem", [
    ([], "reseeds: a list of 1 to"),
    ([{"roll": 1}], "exactly 'roll' and 'seed'"),
    ([{"roll": -1, "seed": 3}], "reseeds.0.roll"),
    ([{"roll": True, "seed": 3}], "reseeds.0.roll"),
    ([{"roll": 1, "seed": "3"}], "reseeds.0.seed"),
    ("x", "reseeds: a list"),
])
def test_a_bad_reseed_is_refused_with_its_field(reseeds, problem):
    content = {"format": "warjudge-record/2", "game": "toy-bids", "seed": 1, "options": {}, "reseeds": reseeds,
               "actions": []}
    text = json.dumps(content | {"checksum": content_checksum(content)})
    with pytest.raises(RecordError, match=problem):
        GameRecord.from_json(text)


def test_a_changed_reseed_does_not_verify():
    record = GameRecord("toy-bids", 1)
    record.reseed(0, 2)
    data = json.loads(record.to_json())
    data["reseeds"][0]["seed"] = 3
    with pytest.raises(RecordError, match="does not verify"):
        GameRecord.from_json(json.dumps(data))
    del data["reseeds"]
    with pytest.raises(RecordError, match="does not verify"):
        GameRecord.from_json(json.dumps(data))


def test_a_gondor_search_clone_holds_no_real_seed():
    # core/game.py: "nothing holding a clone can foresee the real game's future rolls"
    game = games.new("gondor", seed=123456789)
    assert game.clone().record.seed != 123456789 and game.clone(reseed=False).record.seed == 123456789


def test_verify_checks_every_seed_of_a_reseeded_record():
    # docs/server.md "Provably fair dice": the seed's commitment, then each reseed's, in order
    from warjudge.core.verify import verify

    game = games.new("toy-bids", seed=11, rounds=2)
    game.act("north", {"type": "bid", "amount": 1})
    game.act("south", {"type": "bid", "amount": 1})
    record = game.record.restarted()
    for action in game.record.actions:
        record.append(action)
    record.reseed(game.dice.rolls_made, 12)
    for seat in ("north", "south"):
        record.append({"type": "bid", "player": seat, "amount": 0})
    done = verify(record, [commitment(11), commitment(12)])
    assert (done.actions, done.rolls, done.seeds) == (4, 4, 2)
    for published in ([commitment(11)], [commitment(11), commitment(13)], [commitment(12), commitment(12)]):
        with pytest.raises(RecordError, match="commitment"):
            verify(record, published)
