"""The layout file: where a map's provinces sit on its picture (the format of
standard_layout.json), checked whole before anything is drawn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from warjudge.core.datafile import read_map_file
from warjudge.core.errors import MapError
from warjudge.core.textinput import UnusableInput, load_json


class SpotSpec(BaseModel):
    xy: tuple[float, float] | None = None          # the province's site (its units stand here)
    sites: list[tuple[float, float] | tuple[float, float, float]] = []   # extra sites: [x, y] or [x, y, weight]
    weight: float = Field(default=1.0, gt=0)


class AreaSpec(BaseModel):
    name: str = Field(min_length=1)
    xy: tuple[float, float]
    sites: list[tuple[float, float] | tuple[float, float, float]] = []
    weight: float = Field(default=1.0, gt=0)


class LayoutSpec(BaseModel):
    format: Literal["warjudge-diplomacy-layout/1"]
    map: str = ""
    note: str = ""
    width: int = Field(gt=0, le=5000)
    height: int = Field(gt=0, le=5000)
    cell: float = Field(ge=2, le=50)                # small enough for thin provinces, large enough to be quick
    provinces: dict[str, SpotSpec] = {}
    impassable: list[AreaSpec] = []
    crossings: list[tuple[str, str]] = []


def checked_layout(layout: dict[str, Any], source: str = "the layout") -> dict[str, Any]:
    """`layout` as plain JSON once it is valid; MapError lists every problem otherwise."""
    try:
        spec = LayoutSpec.model_validate(layout)
    except ValidationError as exc:
        raise MapError(source, [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]) from None
    problems = [f"sites of {pid}: a weight must be positive" for pid, spot in spec.provinces.items()
                for site in spot.sites if len(site) == 3 and site[-1] <= 0]
    if problems:
        raise MapError(source, problems)
    plain: dict[str, Any] = json.loads(spec.model_dump_json(exclude_none=True))
    return plain


def load_layout(path: str | Path) -> dict[str, Any]:
    """A user's layout file, checked whole."""
    raw = read_map_file(path)
    try:
        layout = load_json(raw, "the layout file")
    except UnusableInput as exc:
        raise MapError(str(path), [exc.detail]) from None
    if not isinstance(layout, dict):
        raise MapError(str(path), ["a layout is a JSON object"])
    return checked_layout(layout, str(path))
