"""The game record: a header plus an append-only log of actions.

Every game engine in warjudge is a pure function of its record: `core.games.load` (the
one replay path) feeds the actions, in order, through `act` to the game its header starts,
so the same record always yields the same state. This module only holds and files them.

A record file is outside input (players mail them to each other), so loading trusts
nothing: the file is read through `textinput` (regular files only, size-capped, nesting
bounded), every header field is checked strictly, and the `warjudge-record/2` format
carries a SHA-256 checksum of its canonical content, so a damaged file is refused rather
than loaded as a different game (docs/record-format.md). Writing is atomic and durable,
and `updating` locks a record for a whole read-modify-write so that two commands at once
never lose a change.
"""

from __future__ import annotations

import hashlib
import json
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple, TypeVar

from warjudge.core.dice import commitment
from warjudge.core.errors import RecordError, WarjudgeError
from warjudge.core.log import Log
from warjudge.core.recordfile import locked, write_atomically
from warjudge.core.recordtext import ActionTexts, canonical_json, compact_json
from warjudge.core.textinput import UnusableInput, load_json, path_exists, read_user_file

FORMAT = "warjudge-record/2"
LEGACY_FORMAT = "warjudge-record/1"   # no checksum; still loaded (docs/record-format.md)
MAX_RECORD_BYTES = 32 * 1024 * 1024
MAX_SEED_BITS = 256                   # |seed| < 2**256: room for 128-bit secure seeds
MAX_ACTIONS = 100_000
MAX_ACTION_CHARS = 64 * 1024          # canonical JSON of one action
MAX_OPTIONS_CHARS = 9 * 1024 * 1024   # options may carry a whole map file (8 MiB at most)
MAX_TYPE_CHARS = 64
GAME_NAME = re.compile(r"[a-z][a-z0-9-]{0,63}")
CHECKSUM = re.compile(r"sha256:[0-9a-f]{64}")
HEADER_KEYS = ("format", "game", "seed", "options", "actions")
RESEEDS = "reseeds"                   # optional (version 2): written only when a roll back made one
MAX_RESEEDS = 1000
MAX_ROLL = 2**63


T = TypeVar("T")


class Reseed(NamedTuple):
    """From dice word `roll` on (the dice's `rolls_made`), the rolls use `seed` (core.dice)."""

    roll: int
    seed: int

    def to_json(self) -> dict[str, int]:
        return {"roll": self.roll, "seed": self.seed}


def content_checksum(content: dict[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(canonical_json(content).encode("utf-8")).hexdigest()


def _frozen_copy(value: Any, what: str, max_chars: int) -> Any:
    """A JSON round trip: the record owns its data, and holds only what a file can store.
    Key order is kept (engines may read a dict in order); only the checksum sorts keys."""
    try:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"this {what} cannot be stored in a record: {exc}") from None
    if len(text) > max_chars:
        raise RecordError(f"this {what} is too large for a record ({len(text):,} characters; at most {max_chars:,})")
    return json.loads(text)


def _game_problem(game: Any) -> str | None:
    if not isinstance(game, str) or not GAME_NAME.fullmatch(game):
        return f"game: the name of its game is 1-64 lowercase letters, digits or '-', not {_short(game)}"
    return None


def _seed_problem(seed: Any) -> str | None:
    if type(seed) is not int:  # a boolean is not a seed
        return f"seed: an integer, not {_short(seed)}"
    if abs(seed) >= 1 << MAX_SEED_BITS:
        return f"seed: out of range (at most {MAX_SEED_BITS} bits)"
    return None


def _reseeds_problem(reseeds: Any) -> str | None:
    if not isinstance(reseeds, list) or not 0 < len(reseeds) <= MAX_RESEEDS:
        return f"reseeds: a list of 1 to {MAX_RESEEDS} objects (a record without one leaves the field out)"
    for index, entry in enumerate(reseeds):
        if not isinstance(entry, dict) or set(entry) != {"roll", "seed"}:
            return f"reseeds.{index}: an object with exactly 'roll' and 'seed'"
        if type(entry["roll"]) is not int or not 0 <= entry["roll"] < MAX_ROLL:
            return f"reseeds.{index}.roll: a whole number from 0, not {_short(entry['roll'])}"
        problem = _seed_problem(entry["seed"])
        if problem:
            return f"reseeds.{index}.{problem}"
    return None


def _action_problem(action: Any) -> str | None:
    if not isinstance(action, dict):
        return "an action is an object with a 'type' string"
    kind = action.get("type")
    if not isinstance(kind, str) or not 0 < len(kind) <= MAX_TYPE_CHARS:
        return f"an action is an object with a 'type' string of 1-{MAX_TYPE_CHARS} characters"
    return None


def _short(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


class GameRecord:
    """Append-only action log. Actions are JSON-compatible dicts with a "type" key."""

    def __init__(self, game: str, seed: int = 0, options: dict[str, Any] | None = None,
                 reseeds: tuple[Reseed, ...] = ()):
        if not isinstance(game, str) or not game:
            raise RecordError("a record needs the name of its game")
        problem = _game_problem(game) or _seed_problem(seed)
        if problem:
            raise RecordError(f"this record cannot be made: {problem}")
        if options is not None and not isinstance(options, dict):
            raise RecordError("a record's options are an object")
        self.game = game
        self.seed = seed
        self.options = _frozen_copy(options or {}, "options", MAX_OPTIONS_CHARS)
        self.reseeds: tuple[Reseed, ...] = ()
        for reseed in reseeds:
            self.reseed(*reseed)
        self._actions: Log[dict[str, Any]] = Log()   # shared with copies (core/log.py)
        self._texts = ActionTexts()   # the actions as last written (core/recordtext.py)

    def restarted(self, options: dict[str, Any] | None = None) -> "GameRecord":
        """The same game, seed and reseeds with no action yet (`options`, if given, as its
        game normalised them): where a game's replay starts its own record."""
        return GameRecord(self.game, self.seed, self.options if options is None else options, self.reseeds)

    def reseed(self, roll: int, seed: int) -> None:
        """From dice word `roll` on, the rolls use `seed` (a roll back's fresh dice)."""
        problem = _reseeds_problem([{"roll": roll, "seed": seed}])
        if problem:
            raise RecordError(f"this reseed cannot be stored: {problem}")
        if len(self.reseeds) >= MAX_RESEEDS:
            raise RecordError(f"a record holds at most {MAX_RESEEDS} reseeds")
        self.reseeds += (Reseed(roll, seed),)

    def commitments(self) -> list[str]:
        """What the play server publishes while the game runs: the commitment of the seed,
        then of each reseed's, in order (core.dice.commitment)."""
        return [commitment(self.seed)] + [commitment(r.seed) for r in self.reseeds]

    @property
    def actions(self) -> tuple[dict[str, Any], ...]:
        """Copies: what a caller does with them never changes the record."""
        return tuple(json.loads(json.dumps(a)) for a in self._actions)

    def copy(self, seed: int | None = None) -> "GameRecord":
        """An independent record with the same actions (shared, in O(1): they are never
        changed once appended), under another seed if given (a search clone's fresh dice: then
        without the reseeds, whose seeds hold the real game's future rolls)."""
        twin = object.__new__(GameRecord)
        twin.game, twin.seed, twin.options = self.game, self.seed if seed is None else seed, self.options
        twin.reseeds = self.reseeds if seed is None else ()
        twin._actions = self._actions.copy()
        twin._texts = ActionTexts()
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the written texts (a hash in progress cannot be): a position
        saved with its game (server/phases.py) writes them again when next saved."""
        return {k: v for k, v in self.__dict__.items() if k != "_texts"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _texts=ActionTexts())

    def append(self, action: dict[str, Any]) -> None:
        problem = _action_problem(action)
        if problem:
            raise RecordError(problem)
        if len(self._actions) >= MAX_ACTIONS:
            raise RecordError(f"a record holds at most {MAX_ACTIONS:,} actions")
        self._actions.append(_frozen_copy(action, "action", MAX_ACTION_CHARS))

    def marker(self) -> object:
        """What names the actions this record holds now (`actions_after`)."""
        return self._actions.marker()

    def actions_after(self, marker: object, count: int) -> list[dict[str, Any]] | None:
        """The actions appended since this record (or the one it was copied from) held
        `count` actions named `marker` (walks only those; shared: never change them), or
        None if it does not go on from there (another record, or one cut back)."""
        return self._actions.after(marker, count)

    def action_count(self) -> int:
        """How many actions the log holds (cheaply: `actions` copies them all)."""
        return len(self._actions)

    # --- the file --------------------------------------------------------------------

    def _header(self) -> dict[str, Any]:
        reseeds = {RESEEDS: [r.to_json() for r in self.reseeds]} if self.reseeds else {}
        return {"format": FORMAT, "game": self.game, "seed": self.seed, "options": self.options, **reseeds}

    def to_json(self, compact: bool = False) -> str:
        """The file's text: indented for people to read, or `compact` (the play server's
        stored rows, written on every action: indenting cost a fifth of a submission).
        Each action is serialised and hashed once, when first written (`recordtext.py`)."""
        self._texts = texts = self._texts.caught_up(self._actions)
        header = self._header()
        header["checksum"] = texts.checksum(header)
        if not compact:
            return json.dumps({**header, "actions": list(self._actions)}, ensure_ascii=False, indent=1)
        return compact_json(header)[:-1] + ',"actions":' + texts.actions_json() + "}"

    @classmethod
    def from_json(cls, text: str, source: str = "the record") -> "GameRecord":
        """The record a file's `text` holds, every field checked and the checksum verified.
        Each action's canonical text, written for its check, also feeds the checksum and
        is kept with its compact text (`ActionTexts`), so the next `to_json` writes no
        action again: a cold load in the play server is followed by a store (issue 22)."""
        try:
            data = load_json(text, source)
        except UnusableInput as exc:
            raise RecordError(f"{source} is not a valid warjudge record: {exc.detail}") from None
        canonical: list[str] = []
        problems = _file_problems(data, canonical)
        if problems:
            shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
            raise RecordError(f"{source} is not a valid warjudge record: {shown}")
        record = cls(data["game"], data["seed"], data["options"],
                     tuple(Reseed(r["roll"], r["seed"]) for r in data.get(RESEEDS, ())))
        for action in data["actions"]:   # checked above and just parsed, so the record's own: `append`'s
            record._actions.append(action)   # copy (a JSON round trip) was half of a long record's load
        record._texts = ActionTexts.written(record._actions, canonical)
        if data["format"] == FORMAT:
            header = {k: data[k] for k in (*HEADER_KEYS, RESEEDS) if k in data and k != "actions"}
            if record._texts.checksum(header) != data["checksum"]:
                raise RecordError(f"{source} does not verify: its checksum does not match its content, so it was "
                                  "changed or damaged after warjudge saved it; use a good copy of the file")
        return record

    def save(self, path: str | Path) -> None:
        """Write atomically and durably, under the record's lock: a crash at any moment
        leaves either the old file or the new one, never a half-written record."""
        path = Path(path)
        text = self.to_json()
        with locked(path):
            write_atomically(path, text)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        return cls.from_json(_read(path), str(path))


def _read(path: str | Path) -> str:
    try:
        return read_user_file(path, "record", MAX_RECORD_BYTES)
    except UnusableInput as exc:
        detail = exc.detail.removeprefix("cannot read file: ")
        raise RecordError(f"cannot read record {path}: {detail}") from None


def _file_problems(data: Any, canonical: list[str]) -> list[str]:
    """Everything wrong with a parsed record file, checked field by field; each action's
    canonical text is added to `canonical` as it is checked."""
    if not isinstance(data, dict):
        return ["a record is a JSON object"]
    version = data.get("format")
    if version not in (FORMAT, LEGACY_FORMAT):
        return [f"format: not a warjudge record format ({_short(version)}; this warjudge reads {FORMAT} "
                f"and {LEGACY_FORMAT})"]
    expected = set(HEADER_KEYS) | ({"checksum"} if version == FORMAT else set())
    problems = [f"{key}: missing" for key in sorted(expected - data.keys())]
    problems += [f"{key}: unknown field" for key in sorted(data.keys() - expected - ({RESEEDS} if version == FORMAT
                                                                                    else set()))]
    if problems:
        return problems
    problems = [p for p in (_game_problem(data["game"]), _seed_problem(data["seed"])) if p]
    if RESEEDS in data and (problem := _reseeds_problem(data[RESEEDS])):
        problems.append(problem)
    if version == FORMAT and not (isinstance(data["checksum"], str) and CHECKSUM.fullmatch(data["checksum"])):
        problems.append("checksum: 'sha256:' and 64 lowercase hexadecimal digits")
    if not isinstance(data["options"], dict):
        problems.append("options: an object")
    elif problem := _size_problem(data["options"], MAX_OPTIONS_CHARS):
        problems.append(f"options: {problem}")
    actions = data["actions"]
    if not isinstance(actions, list):
        problems.append("actions: a list")
    elif len(actions) > MAX_ACTIONS:
        problems.append(f"actions: more than {MAX_ACTIONS:,}")
    else:
        for index, action in enumerate(actions):
            problem = _action_problem(action) or _size_problem(action, MAX_ACTION_CHARS, canonical)
            if problem:
                problems.append(f"actions.{index}: {problem}")
    return problems


def _size_problem(value: Any, most: int, written: list[str] | None = None) -> str | None:
    """Why `value` cannot be stored: larger than `most` characters as canonical JSON, or
    holding a number JSON cannot write (1e400 parses as infinity: refused, not a crash);
    its canonical text is added to `written` if given."""
    try:
        text = canonical_json(value)
    except ValueError:
        return "a number too large for JSON"
    if written is not None:
        written.append(text)
    return f"larger than {most:,} characters" if len(text) > most else None


def rebuilt(record: GameRecord, build: Callable[[GameRecord], T]) -> T:
    """`build(record)` (a game's from_record), where any failure becomes a RecordError: a
    record that cannot be replayed is refused, whatever the engine tripped on."""
    try:
        return build(record)
    except WarjudgeError:
        raise
    except Exception as exc:  # noqa: BLE001 - an untrusted file must never crash a command
        raise RecordError(f"the {record.game} record cannot be replayed ({type(exc).__name__}: {exc}); "
                          "it is damaged or was not written by this warjudge") from None


def load_game(path: str | Path, build: Callable[[GameRecord], T]) -> T:
    """The game saved at `path`, for reading only."""
    return rebuilt(GameRecord.load(path), build)


@contextmanager
def updating(path: str | Path, build: Callable[[GameRecord], Any] | None = None) -> Iterator[Any]:
    """A locked read-modify-write of the record at `path`.

    Yields the loaded record, or `build(record)` (a game whose `.record` is saved). The
    record's lock is held from the load to the save, so a concurrent command waits rather
    than overwriting this one's change; the record is saved only if the body finishes
    without an exception, so a refused change leaves the file exactly as it was, and only
    if it changed, so a body that just looks writes nothing.
    """
    path = Path(path)
    if not path_exists(path, "record") or path.is_dir():  # no lock file for a record that is not
        GameRecord.load(path)                                # there; '' is '.', a folder: load says so
    with locked(path):
        before = _read(path)
        record = GameRecord.from_json(before, str(path))
        subject: Any = rebuilt(record, build) if build else record
        yield subject
        after = (subject.record if build else subject).to_json()
        if after != before:
            write_atomically(path, after)


__all__ = ["FORMAT", "LEGACY_FORMAT", "GameRecord", "Reseed", "canonical_json", "content_checksum", "load_game",
           "rebuilt", "updating"]
