"""The one leak check the tests (and a new game's own, through `warjudge.testing.conformance`)
share: does a JSON document sent to a viewer hold an object the full view marks hidden
from them, with its mark or without it?"""

from __future__ import annotations

from typing import Any, Iterator

from warjudge.core.record import canonical_json
from warjudge.core.visibility import HIDDEN_FROM, hidden_objects


def sub_objects(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in `value`, itself included."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from sub_objects(item)
    elif isinstance(value, list):
        for item in value:
            yield from sub_objects(item)


def leaked(sent: Any, full: Any, viewer: str) -> list[dict[str, Any]]:
    """The objects hidden from `viewer` in `full` that `sent` holds (marked or bare).
    Only the objects of `sent` with a secret's keys are written out to be compared: a
    large view holds thousands of objects and a viewer's secrets are few."""
    secrets = list(hidden_objects(full, viewer))
    if not secrets:
        return []
    forms = [(secret, canonical_json(secret), _bare(secret)) for secret in secrets]
    keys = {frozenset(secret) for secret in secrets} | {frozenset(bare) for _, _, bare in forms if bare}
    seen = {canonical_json(o) for o in sub_objects(sent) if frozenset(o) in keys}
    return [secret for secret, marked, bare in forms if marked in seen or (bare and canonical_json(bare) in seen)]


def _bare(secret: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in secret.items() if k != HIDDEN_FROM}
