"""Reading a user's data file (a map) and validating it with pydantic plus the game's
own fact checks, so that every problem is reported at once and nothing half-loads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, TypeVar

from pydantic import BaseModel, ValidationError

from warjudge.core.errors import MapError

M = TypeVar("M", bound=BaseModel)


def read_map_file(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MapError(str(path), [f"cannot read file: {exc.strerror}"]) from None
    except UnicodeDecodeError:
        raise MapError(str(path), ["not a map file (not UTF-8 text)"]) from None


def validated_spec(raw: str, source: str, model: type[M], validate: Callable[[M], list[str]]) -> M:
    """Parse JSON into `model`, then run `validate`; MapError lists every problem."""
    try:
        spec = model.model_validate(json.loads(raw))
    except json.JSONDecodeError as exc:
        raise MapError(source, [f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"]) from None
    except RecursionError:
        raise MapError(source, ["not a map file (JSON nested too deeply)"]) from None
    except ValidationError as exc:
        raise MapError(source, [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]) from None
    problems = validate(spec)
    if problems:
        raise MapError(source, problems)
    return spec
