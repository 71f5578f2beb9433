"""Why the SJG rules refuse something, as data (issue 12): a check returns a Problem, a
reason code and JSON parameters, or None when all is well; the action handler raises it
as a Refusal. Checks stay cheap (the legal lists call them in loops) because nothing is
worded here: presentation/sjg/wording_en.py words every code."""

from __future__ import annotations

from typing import Any

from warjudge.core.events import Event, Refusal

Problem = Event
PREFIX = "sjg.refused."


def problem(code: str, **params: Any) -> Problem:
    """The problem `sjg.refused.<code>` with its parameters."""
    return Event(PREFIX + code, params)


def refusal(found: Problem) -> Refusal:
    return Refusal(found.code, **found.params)


__all__ = ["PREFIX", "Problem", "problem", "refusal"]
