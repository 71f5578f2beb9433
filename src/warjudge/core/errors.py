"""Typed errors. Each message says what was wrong and what to do about it, so the CLI
can print it to a user as it is (never a traceback)."""


class WarjudgeError(Exception):
    """Base of every error a user may see."""


class InputError(WarjudgeError):
    """A document or argument from the user is malformed."""


class IllegalAction(WarjudgeError):
    """An action the rules do not allow now (or not from this player); nothing was changed."""


class OrderError(WarjudgeError):
    """An order cannot be parsed or is not legal; `reason` is the user-facing reason."""

    def __init__(self, text: str, reason: str):
        super().__init__(f"{text!r}: {reason}")
        self.text = text
        self.reason = reason


class MapError(WarjudgeError):
    """A map file is broken; `problems` lists every broken fact found, not just the first."""

    def __init__(self, source: str, problems: list[str]):
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"map {source} is invalid ({len(problems)} problem(s)):\n{lines}")
        self.problems = problems


class RecordError(WarjudgeError):
    """A saved game record is corrupt or cannot be replayed."""
