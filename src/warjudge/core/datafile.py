"""Reading a user's data file (a map) and validating it with pydantic plus the game's
own fact checks, so that every problem is reported at once and nothing half-loads."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, TypeVar

from pydantic import BaseModel, ValidationError

from warjudge.core.errors import MapError
from warjudge.core.textinput import UnusableInput, load_json, read_user_file

M = TypeVar("M", bound=BaseModel)


def read_map_file(path: str | Path) -> str:
    try:
        return read_user_file(path, "map file")
    except UnusableInput as exc:
        raise MapError(str(path), [exc.detail]) from None


def validated_spec(raw: str, source: str, model: type[M], validate: Callable[[M], list[str]]) -> M:
    """Parse JSON into `model`, then run `validate`; MapError lists every problem."""
    try:
        spec = model.model_validate(load_json(raw, "the map file"))
    except UnusableInput as exc:
        raise MapError(source, [exc.detail]) from None
    except ValidationError as exc:
        raise MapError(source, [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]) from None
    problems = validate(spec)
    if problems:
        raise MapError(source, problems)
    return spec
