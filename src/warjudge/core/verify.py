"""Checking a finished game's dice after the fact (`warjudge verify`, issue 22).

While a game runs, the play server publishes a commitment to its seed (and to each seed a
roll back drew, core.dice) and keeps the seeds; once the game is over its record, seeds
included, is public. A player then checks that the record's seeds are the ones committed
to before any die was rolled, and replays the record, every roll with it, through the
game's own replay (`core.games.load`), to the outcome the server reported."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warjudge.core import games
from warjudge.core.errors import RecordError
from warjudge.core.record import CHECKSUM, GameRecord


@dataclass(frozen=True)
class Verified:
    """What a verification replayed."""

    game: str
    actions: int
    rolls: int
    seeds: int
    outcome: dict[str, Any]


def published(summary: Any, source: str) -> tuple[list[str], Any]:
    """The commitments and the outcome a game's summary (GET /api/games/{id}) published."""
    if not isinstance(summary, dict) or "seed_commitments" not in summary or "outcome" not in summary:
        raise RecordError(f"{source} is not a game's summary from the play server (GET /api/games/ID): "
                          "it has no 'seed_commitments' and 'outcome'")
    commitments = summary["seed_commitments"]
    if not isinstance(commitments, list) or not all(isinstance(c, str) for c in commitments):
        raise RecordError(f"{source}: seed_commitments is a list of 'sha256:…' texts")
    return commitments, summary["outcome"]


def verify(record: GameRecord, commitments: list[str], outcome: Any = None) -> Verified:
    """RecordError unless the record's seeds match `commitments` (the game's seed's first,
    then each reseed's, in order), the record replays to a finished game and, if given,
    that game's outcome is `outcome`."""
    if not commitments:
        raise RecordError("nothing to check the seed against: give the commitment published while the "
                          "game ran (--commitment) or the game's summary (--summary)")
    bad = [c for c in commitments if not CHECKSUM.fullmatch(c)]
    if bad:
        raise RecordError(f"{bad[0][:80]!r} is not a commitment: 'sha256:' and 64 lowercase hexadecimal digits")
    actual = record.commitments()
    for n, (given, found) in enumerate(zip(commitments, actual)):
        which = "the seed" if n == 0 else f"reseed {n}"
        if given != found:
            raise RecordError(f"{which} of the record does not match its commitment: {given} was published, "
                              f"the record's gives {found}; these are not the dice committed to")
    if len(commitments) != len(actual):
        raise RecordError(f"{len(commitments)} commitments were published and the record holds {len(actual)} "
                          "seeds (its own and one per roll back): they do not match")
    game = games.load(record)
    if not game.is_over:
        raise RecordError("the record's game is not over: a running game's seed is never published")
    ended = game.outcome()
    found_outcome: dict[str, Any] = dict(ended.to_json()) if ended else {}
    if outcome is not None and outcome != found_outcome:
        raise RecordError(f"the record replays to the outcome {found_outcome}, not to the one published, {outcome}")
    return Verified(record.game, record.action_count(), game.dice.rolls if game.dice else 0,
                    len(actual), found_outcome)


__all__ = ["Verified", "published", "verify"]
