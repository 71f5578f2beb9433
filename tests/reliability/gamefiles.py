"""The game-file fuzz class (issue 11 item 3): mutated game files of all three games fed to
every command that reads a game file. Shared by the suite's test and `campaign.py`.

A mutant is made from a sample record by one of five methods: raw byte edits; edits of the
parsed JSON saved with a stale checksum; the same re-signed with a valid checksum (what a
player who edits a mailed file can do: the checksum catches damage, not intent); the same
saved in the legacy warjudge-record/1 format (no checksum at all); and, re-signed, small
edits of the texts inside actions and options only (orders, sides, hexes), which replay
far enough to reach the judges.
"""

from __future__ import annotations

import copy
import json
import random
import signal
from dataclasses import dataclass
from pathlib import Path

from tests.reliability.samples import NECROMANCER, SJG, STANDARD, sample_text
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core.errors import RecordError
from warjudge.core.record import FORMAT, HEADER_KEYS, LEGACY_FORMAT, GameRecord, content_checksum

METHODS = ("bytes", "stale", "resigned", "legacy", "texts")
TIME_LIMIT = 20   # seconds for one command; more is a hang
NASTY = ["", "x", "/dev/zero", "/dev/stdin", "../../etc/passwd", "A Ere - Lake-town", "Khazad-dûm", "A par H [/x]",
         "1000000000A Pel", "9" * 5000, "false", "true", "null", "\u0000", "é" * 3, "GONDOR", "FRANCE", "red",
         "black", "S1901M", "TA2765M", "process", "orders", "move", "end", "deploy", "standard", "necromancer",
         "necromancer-sjg", "diplomacy"]
NASTY_NUMBERS = [0, 1, -1, 2, 7, 2 ** 31, 2 ** 63, -(2 ** 63), 10 ** 300, 1.5, -0.0, 1e308]


def nasty_value(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(NASTY)
    if roll < 0.5:
        return rng.choice(NASTY_NUMBERS)
    if roll < 0.6:
        return rng.choice([True, False, None])
    if roll < 0.8 or depth > 2:
        return "".join(rng.choice("AFNWSCHLRB -/()abcdeéû'0123456789") for _ in range(rng.randint(0, 20)))
    if roll < 0.9:
        return [nasty_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(NASTY[:20]): nasty_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def _containers(value, path=()):
    """Every (path, container) inside a parsed record, for picking a place to edit."""
    yield path, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        if isinstance(child, (dict, list)):
            yield from _containers(child, (*path, key))


def _edit_string(text: str, rng: random.Random) -> str:
    at = rng.randint(0, len(text))
    op = rng.randint(0, 2)
    if op == 0 or not text:
        return text[:at] + rng.choice("()-/ '0123456789AFéx\\\"[") + text[at:]
    at = min(at, len(text) - 1)
    return text[:at] + text[at + 1:] if op == 1 else text[:at] + rng.choice("()-/ '09Aé") + text[at + 1:]


def mutate_json(data: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        places = [(p, c) for p, c in _containers(data) if c]
        path, container = rng.choice(places)
        key = rng.choice(list(container)) if isinstance(container, dict) else rng.randrange(len(container))
        op = rng.random()
        if op < 0.35 and isinstance(container[key], str):
            container[key] = _edit_string(container[key], rng)
        elif op < 0.6:
            container[key] = nasty_value(rng)
        elif op < 0.75:
            del container[key]
        elif op < 0.85 and isinstance(container, list):
            container.insert(rng.randrange(len(container) + 1), copy.deepcopy(container[key]))
        elif op < 0.95 and isinstance(container, list):
            other = rng.randrange(len(container))
            container[key], container[other] = container[other], container[key]
        else:
            container[key] = copy.deepcopy(rng.choice(places)[1])
    return data


def _strings(value, path=()):
    """Every (container, key) holding a string inside a parsed value."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        if isinstance(child, str):
            yield value, key
        else:
            yield from _strings(child, (*path, key))


def edit_texts(data: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(data)
    places = list(_strings({"actions": data["actions"], "options": data["options"]}))
    for _ in range(rng.randint(1, 2)):
        container, key = rng.choice(places)
        container[key] = _edit_string(container[key], rng) if rng.random() < 0.8 else rng.choice(NASTY)
    return data


def signed(data: dict, version: str) -> str:
    data = dict(data)
    data.pop("checksum", None)
    data["format"] = version
    if version == FORMAT and all(k in data for k in HEADER_KEYS):
        try:
            data["checksum"] = content_checksum({k: data[k] for k in HEADER_KEYS})
        except (TypeError, ValueError):
            pass
    return json.dumps(data, indent=1, ensure_ascii=False)


def mutant(game: str, method: str, rng: random.Random) -> bytes:
    text = sample_text(game)
    if method == "bytes":
        data = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(len(data))
            op = rng.randint(0, 2)
            if op == 0:
                data[at] = rng.randrange(256)
            elif op == 1:
                data.insert(at, rng.randrange(256))
            else:
                del data[at]
        return bytes(data)
    if method == "texts":
        return signed(edit_texts(json.loads(text), rng), FORMAT).encode("utf-8")
    edited = mutate_json(json.loads(text), rng)
    if method == "stale":
        return json.dumps(edited, indent=1).encode()
    return signed(edited, FORMAT if method == "resigned" else LEGACY_FORMAT).encode("utf-8")


def commands(rng: random.Random) -> list[tuple[list[str], str | None]]:
    """Every command that reads a game file, with arguments a player might give (FILE stands in)."""
    power = rng.choice(["FRANCE", "GONDOR", "SAURON", "ENGLAND", "NARNIA"])
    orders = rng.choice(["A par - bur\nF bre - mao", "A Min H", "W Ise - Fan", "A Ere - Lake-town", "", "garbage"])
    action = rng.choice(["end", "deploy auto", '{"type": "end"}', "move 1 0505", "attack d:12 -> 0707"])
    return [(["diplomacy", "show", "FILE"], None),
            (["diplomacy", "show", "FILE", "--power", power], None),
            (["diplomacy", "orders", "FILE", power], orders),
            (["diplomacy", "process", "FILE"], None),
            (["diplomacy", "draw", "FILE", power], None),
            (["sjg", "show", "FILE"], None),
            (["sjg", "show", "FILE", "--side", rng.choice(["red", "black"])], None),
            (["sjg", "act", "FILE", rng.choice(["red", "black"]), action], None)]


class Hang(Exception):
    pass


@dataclass
class Outcome:
    kind: str          # "result", "clean error", "traceback", "hang", "bad exit", "changed file", "litter"
    detail: str = ""


def _alarm(signum, frame):
    raise Hang(f"no answer within {TIME_LIMIT} s")


def run_command(folder: Path, content: bytes, args: list[str], stdin: str | None) -> Outcome:
    """Run one command on a fresh copy of `content` and judge what it did."""
    for old in folder.iterdir():
        old.unlink()
    path = folder / "game.json"
    path.write_bytes(content)
    argv = [str(path) if a == "FILE" else a for a in args]
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_LIMIT)
    try:
        result = CliRunner().invoke(app, argv, input=stdin)
    except Hang:
        return Outcome("hang", " ".join(args))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    where = f"{' '.join(args)}: {result.output.strip()[-300:]}"
    if isinstance(result.exception, Hang):
        return Outcome("hang", where)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return Outcome("traceback", f"{where} {type(result.exception).__name__}: {result.exception}")
    if result.exit_code not in (0, 2) or (result.exit_code == 2 and "error" not in result.output):
        return Outcome("bad exit", f"exit {result.exit_code} {where}")
    litter = sorted(p.name for p in folder.iterdir() if p.name not in ("game.json", "game.json.lock"))
    if litter:
        return Outcome("litter", f"{litter} {where}")
    if result.exit_code == 2:
        if path.read_bytes() != content:
            return Outcome("changed file", where)
        return Outcome("clean error", where)
    if path.read_bytes() != content:   # a command that changed the file left one that loads
        try:
            GameRecord.load(path)
        except RecordError as exc:
            return Outcome("changed file", f"saved a record that does not load: {exc} {where}")
    return Outcome("result", where)


GAMES = (STANDARD, NECROMANCER, SJG)
