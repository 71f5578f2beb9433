"""How a Diplomacy game's wording table turns a reason (an `Event`: a code and JSON
parameters) into a sentence: the parameters every table prepares alike (words looked up
in the language's own tables, such as a part of an order; lists joined; a quoted token;
a nested reason; a power's printed name) and the template's fill-in. The tables are
presentation/diplomacy/wording_en.py, wording_fr.py and their necromancer_diplomacy twins."""

from __future__ import annotations

import json
from string import Formatter
from typing import Any, Callable

from warjudge.core.events import Event

Names = dict[str, str] | None


def placeholders(template: str) -> set[str]:
    """The {fields} a template reads."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def word(event: Event, templates: dict[str, str], lookups: dict[str, dict[str, str]], joiners: dict[str, str],
         names: Names, again: Callable[[Event, Names], str]) -> str:
    """`event` through `templates`: a parameter named in `lookups` is a word of that table,
    one in `joiners` a list joined so; `again` words a nested reason in the same language.
    A code no table knows (from a newer judge) is printed as its code and parameters."""
    if event.code not in templates:
        return f"{event.code} {json.dumps(event.params, sort_keys=True)}"
    values: dict[str, Any] = {}
    for key, value in event.params.items():
        if key in lookups:
            value = lookups[key][value]
        elif key in joiners:
            value = joiners[key].join(value)
        elif key in ("token", "rest"):
            value = repr(value)
        elif key in ("power", "owner") and names:
            value = names.get(value, value)
        elif key == "reason":
            value = again(Event.from_json(value), names)
        values[key] = value
    return templates[event.code].format(**values)
