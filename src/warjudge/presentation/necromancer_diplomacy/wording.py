"""How a wording table turns a Necromancer reason (an `Event`) into a sentence: the
parameters every language prepares alike (a part of an order, a list of provinces, a
quoted token, a nested reason, a power's printed name) and the templates' fill-in. The
tables themselves are wording_en.py and wording_fr.py."""

from __future__ import annotations

import json
from string import Formatter
from typing import Any, Callable

from warjudge.core.events import Event

Names = dict[str, str] | None


def placeholders(template: str) -> set[str]:
    """The {fields} a template reads."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def word(event: Event, templates: dict[str, str], what: dict[str, str], joiner: str, names: Names,
         again: Callable[[Event, Names], str]) -> str:
    """`event` through `templates`; `again` words a nested reason in the same language. A
    code no table knows (from a newer judge) is printed as its code and parameters."""
    if event.code not in templates:
        return f"{event.code} {json.dumps(event.params, sort_keys=True)}"
    values: dict[str, Any] = {}
    for key, value in event.params.items():
        if key == "what":
            value = what[value]
        elif key == "provinces":
            value = joiner.join(value)
        elif key in ("token", "rest"):
            value = repr(value)
        elif key in ("power", "owner") and names:
            value = names.get(value, value)
        elif key == "reason":
            value = again(Event.from_json(value), names)
        values[key] = value
    return templates[event.code].format(**values)
