"""Reading what a user hands us (a file, a JSON text) without trusting it.

Every reader of outside input goes through here, so the same bounds hold everywhere: only
regular files are opened (never a device or a pipe named in a file), sizes are capped before
anything is parsed, text must be UTF-8, and JSON nesting is measured before the parser can
recurse. Each failure is an UnusableInput whose message a user can act on.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from warjudge.core.errors import InputError

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_JSON_DEPTH = 64


class UnusableInput(InputError):
    """`detail` says what is wrong without naming the input ("not JSON: ..."), for callers
    that name it their own way."""

    def __init__(self, what: str, detail: str):
        super().__init__(f"{what}: {detail}")
        self.detail = detail


def read_user_file(path: str | Path, what: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most `max_bytes` bytes."""
    where = f"{what} {path}"
    try:  # O_NONBLOCK: opening a named pipe must not wait for a writer
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with open(descriptor, "rb", closefd=True) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise UnusableInput(where, "cannot read file: not a regular file")
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise UnusableInput(where, f"cannot read file: {exc.strerror}") from None
    if len(data) > max_bytes:
        raise UnusableInput(where, f"larger than {max_bytes:,} bytes")
    return decode_utf8(data, where)


def path_exists(path: str | Path, what: str = "path") -> bool:
    """Whether anything is at `path`; UnusableInput when the name itself cannot be used (too
    long, a NUL byte, no permission), where `Path.exists` would raise or say a wrong "no"."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as exc:
        raise UnusableInput(f"{what} {_shortened(str(path))}", f"cannot use this name: {exc.strerror}") from None
    except ValueError:
        raise UnusableInput(f"{what} {_shortened(repr(str(path)))}", "cannot use this name") from None
    return True


def _shortened(text: str, keep: int = 80) -> str:
    return text if len(text) <= keep else f"{text[:keep // 2]}...{text[-keep // 2:]}"


def decode_utf8(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnusableInput(what, f"not UTF-8 text (byte {exc.start})") from None


def json_depth_problem(text: str, max_depth: int = MAX_JSON_DEPTH) -> str | None:
    """Why `text` nests too deeply to parse, or None; scans without recursion."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                return f"nested more than {max_depth} levels deep"
        elif char in "]}":
            depth -= 1
    return None


def load_json(text: str, what: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON from a user; UnusableInput for anything that is not a sane JSON text."""
    problem = json_depth_problem(text, max_depth)
    if problem:
        raise UnusableInput(what, f"not usable JSON: {problem}")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise UnusableInput(what, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError as exc:  # NaN/Infinity, or an integer longer than Python converts
        detail = str(exc) if "JSON number" in str(exc) else "a number in it is too long"
        raise UnusableInput(what, f"not usable JSON: {detail}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")
